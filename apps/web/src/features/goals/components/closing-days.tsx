import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import SaveIcon from '@mui/icons-material/Save';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useTranslation } from 'react-i18next';
import { CLOSING_PERIODS, closingDaysAuditRecordId, type ClosingDay } from '@acervo/contracts';
import { DATE_FORMAT, formatDate } from '../../../shared/format/format.ts';
import { DateLocalization } from '../../../shared/date-picker/date-localization.tsx';
import { HistoryPanel } from '../../../shared/audit/history-panel.tsx';
import { toast } from '../../../shared/toast/toast.tsx';
import { useClosingDays, useSaveClosingDays } from '../api/closing-days.ts';

/** Props of `ClosingDays`. */
export interface ClosingDaysProps {
  /** The selected company (the calendar is per company). */
  idEmpresa: number;
  /** Company name shown in the title. */
  empresa?: string;
  /** The goals screen's year. */
  ano: number;
}

/**
 * "Dias sem expediente" of the selected company in the goals screen's year (issue 19, Part 1;
 * docs/dashboard.md "Business days"): the extra closing days beyond the national holidays
 * (Carnaval Monday, Ash Wednesday morning, stock-taking days...), which the dashboard's month
 * projection skips. Add a day (date of the year, description, whole day or morning), remove one,
 * then save the year's list at once (`PUT dashboard/dias-fechamento`); the audit trail
 * (entity `dia-fechamento`) below says who changed what.
 */
export function ClosingDays({ idEmpresa, empresa, ano }: ClosingDaysProps) {
  const { t } = useTranslation();
  const query = useClosingDays(idEmpresa, ano);
  const save = useSaveClosingDays(idEmpresa);
  const [draft, setDraft] = useState<ClosingDay[] | null>(null);
  const [day, setDay] = useState<Dayjs | null>(null);
  const [description, setDescription] = useState('');
  const [period, setPeriod] = useState<ClosingDay['periodo']>('INTEGRAL');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDraft(null), [idEmpresa, ano]);

  const stored = useMemo(() => query.data?.dias ?? [], [query.data]);
  const days = draft ?? stored;
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(stored);

  const add = () => {
    if (!day || !day.isValid() || day.year() !== ano) return setError(t('goals.closingDays.dateOutOfYear', { ano }));
    const data = day.format('YYYY-MM-DD');
    if (days.some((d) => d.data === data)) return setError(t('goals.closingDays.repeated'));
    if (!description.trim()) return setError(t('goals.closingDays.descriptionRequired'));
    setError(null);
    setDraft([...days, { data, descricao: description.trim(), periodo: period }].sort((a, b) => a.data.localeCompare(b.data)));
    setDay(null);
    setDescription('');
  };

  const onSave = async () => {
    try {
      await save.mutateAsync({ ano, dias: days });
      setDraft(null);
      toast.success(t('goals.closingDays.saved'));
    } catch {
      // the API client showed the error toast
    }
  };

  return (
    <Box component="section" aria-labelledby="closing-days-title" data-testid="closing-days">
      <Typography id="closing-days-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('goals.closingDays.title', { ano })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('goals.closingDays.help', { empresa: empresa ?? '…' })}
      </Typography>
      {query.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : query.isError ? (
        <Alert severity="error">{t('goals.closingDays.loadError')}</Alert>
      ) : (
        <>
          {days.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
              {t('goals.closingDays.empty')}
            </Typography>
          ) : (
            <List dense disablePadding aria-label={t('goals.closingDays.title', { ano })}>
              {days.map((d) => (
                <ListItem
                  key={d.data}
                  divider
                  disableGutters
                  secondaryAction={
                    <IconButton edge="end" aria-label={t('goals.closingDays.remove', { data: formatDate(d.data) })} onClick={() => setDraft(days.filter((x) => x.data !== d.data))}>
                      <DeleteOutlineIcon />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={`${formatDate(d.data)} · ${dayjs(d.data).format('ddd')} — ${d.descricao}`}
                    secondary={t(`goals.closingDays.periods.${d.periodo}`)}
                  />
                </ListItem>
              ))}
            </List>
          )}
          <DateLocalization>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '180px minmax(0, 1fr) 150px auto' }, alignItems: 'start', mt: 2 }}>
              <DatePicker
                label={t('goals.closingDays.date')}
                format={DATE_FORMAT}
                value={day}
                onChange={(value) => setDay(value)}
                minDate={dayjs(`${ano}-01-01`)}
                maxDate={dayjs(`${ano}-12-31`)}
                referenceDate={dayjs(`${ano}-01-01`)}
                slotProps={{ textField: { id: 'closing-day-date', size: 'small', fullWidth: true } }}
              />
              <TextField
                id="closing-day-description"
                size="small"
                label={t('goals.closingDays.description')}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    add();
                  }
                }}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
              <TextField id="closing-day-period" select size="small" label={t('goals.closingDays.period')} value={period} onChange={(e) => setPeriod(e.target.value as ClosingDay['periodo'])}>
                {CLOSING_PERIODS.map((p) => (
                  <MenuItem key={p} value={p}>
                    {t(`goals.closingDays.periods.${p}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Button variant="outlined" startIcon={<AddIcon />} onClick={add} sx={{ height: 40 }}>
                {t('goals.closingDays.add')}
              </Button>
            </Box>
          </DateLocalization>
          {error && (
            <Alert severity="warning" sx={{ mt: 1 }} role="alert">
              {error}
            </Alert>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
            <Button onClick={() => setDraft(null)} disabled={!dirty || save.isPending}>
              {t('goals.discard')}
            </Button>
            <Button variant="contained" startIcon={<SaveIcon />} onClick={() => void onSave()} disabled={!dirty || save.isPending}>
              {t('goals.closingDays.save')}
            </Button>
          </Box>
          <Box sx={{ mt: 2 }}>
            <HistoryPanel
              entidade="dia-fechamento"
              idRegistro={closingDaysAuditRecordId(idEmpresa, ano)}
              formatValue={(_campo, value) => (typeof value === 'string' ? value.replace(/\((INTEGRAL|MANHA)\)$/, (_m, p: string) => `(${t(`goals.closingDays.periods.${p}`)})`) : undefined)}
            />
          </Box>
        </>
      )}
    </Box>
  );
}
