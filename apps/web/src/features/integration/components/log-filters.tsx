import dayjs, { type Dayjs } from 'dayjs';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useTranslation } from 'react-i18next';
import { ERP_ENTITIES, ERP_INTEGRATION_TYPES, INTEGRATION_LOG_STATUSES } from '@acervo/contracts';
import { DATE_FORMAT } from '../../../shared/format/format.ts';
import { FilterButtons } from '../../../shared/forms/list-filters.tsx';
import { useFilterDraft } from '../../../shared/forms/use-filter-draft.ts';
import type { LOG_FILTER_KEYS } from '../api/integration-api.ts';

/** The log filters as the URL holds them (dates ISO `YYYY-MM-DD`). */
export type LogFilterValues = Partial<Record<(typeof LOG_FILTER_KEYS)[number], string>>;

/** Props of `LogFilters`. */
export interface LogFiltersProps {
  value: LogFilterValues;
  onApply: (filters: LogFilterValues) => void;
  onClear: () => void;
}

const toDay = (value: string | undefined): Dayjs | null => (value ? dayjs(value) : null);
const fromDay = (value: Dayjs | null): string | undefined => (value && value.isValid() ? value.format('YYYY-MM-DD') : undefined);

/**
 * Filter bar of the integration log: request contains, response contains, integration type,
 * status, entity type and a date range (DD/MM/YYYY pickers; the URL and the API get `YYYY-MM-DD`).
 * Texts apply on Enter or Buscar; selects and dates when chosen. An end before the start is
 * refused under the field.
 */
export function LogFilters({ value, onApply, onClear }: LogFiltersProps) {
  const { t } = useTranslation();
  // what is typed is kept while an applied search reaches the URL (useFilterDraft)
  const requisicao = useFilterDraft(value.requisicao);
  const resposta = useFilterDraft(value.resposta);
  const clean = (next: LogFilterValues): LogFilterValues => Object.fromEntries(Object.entries(next).map(([k, v]) => [k, v?.trim() || undefined]));
  const apply = (next: LogFilterValues) => onApply(clean({ ...value, requisicao: requisicao.submit(), resposta: resposta.submit(), ...next }));
  const badRange = !!value.dataInicio && !!value.dataFim && value.dataFim < value.dataInicio;
  const onEnter = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      apply({});
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-label={t('integration.filters.title')} sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' }, alignItems: 'start' }}>
        <TextField id="log-resposta" label={t('integration.log.fields.resposta')} value={resposta.value} onChange={(e) => resposta.setValue(e.target.value)} onKeyDown={onEnter} fullWidth slotProps={{ htmlInput: { maxLength: 200 }, inputLabel: { shrink: true } }} />
        <TextField id="log-requisicao" label={t('integration.log.fields.requisicao')} value={requisicao.value} onChange={(e) => requisicao.setValue(e.target.value)} onKeyDown={onEnter} fullWidth slotProps={{ htmlInput: { maxLength: 200 }, inputLabel: { shrink: true } }} />
        <TextField id="log-status" select label={t('integration.log.fields.status')} value={value.status ?? ''} onChange={(e) => apply({ status: e.target.value })} fullWidth slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
          <MenuItem value="">{t('integration.filters.all')}</MenuItem>
          {INTEGRATION_LOG_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`integration.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField id="log-tipo" select label={t('integration.log.fields.tipo')} value={value.tipo ?? ''} onChange={(e) => apply({ tipo: e.target.value })} fullWidth slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
          <MenuItem value="">{t('integration.filters.all')}</MenuItem>
          {ERP_INTEGRATION_TYPES.filter((type) => type !== 'NENHUMA').map((type) => (
            <MenuItem key={type} value={type}>
              {t(`integration.types.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField id="log-entidade" select label={t('integration.log.fields.entidade')} value={value.entidade ?? ''} onChange={(e) => apply({ entidade: e.target.value })} fullWidth slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
          <MenuItem value="">{t('integration.filters.all')}</MenuItem>
          {ERP_ENTITIES.map((entity) => (
            <MenuItem key={entity} value={entity}>
              {t(`integration.entities.${entity}`)}
            </MenuItem>
          ))}
        </TextField>
        <DatePicker
          label={t('integration.log.fields.dataInicio')}
          format={DATE_FORMAT}
          value={toDay(value.dataInicio)}
          onAccept={(day) => apply({ dataInicio: fromDay(day) })}
          onChange={(day) => {
            if (day === null || (day.isValid() && day.year() > 1900)) apply({ dataInicio: fromDay(day) });
          }}
          slotProps={{ textField: { id: 'log-data-inicio', fullWidth: true }, field: { clearable: true } }}
        />
        <DatePicker
          label={t('integration.log.fields.dataFim')}
          format={DATE_FORMAT}
          value={toDay(value.dataFim)}
          onAccept={(day) => apply({ dataFim: fromDay(day) })}
          onChange={(day) => {
            if (day === null || (day.isValid() && day.year() > 1900)) apply({ dataFim: fromDay(day) });
          }}
          slotProps={{ textField: { id: 'log-data-fim', fullWidth: true, error: badRange, helperText: badRange ? t('integration.log.invalidRange') : undefined }, field: { clearable: true } }}
        />
        <FilterButtons
          clearLabel={t('integration.filters.clear')}
          applyLabel={t('integration.filters.apply')}
          onClear={() => {
            requisicao.clear();
            resposta.clear();
            onClear();
          }}
          onApply={() => apply({})}
          sx={{ alignSelf: 'center' }}
        />
      </Box>
    </Paper>
  );
}
