import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import ClearIcon from '@mui/icons-material/FilterAltOff';
import { useTranslation } from 'react-i18next';
import type { TaskKindInfo } from '@acervo/contracts';

/** The list filters: free text, status (`true` / `false`; empty = all) and kind. */
export interface ScheduleFilterValues {
  term?: string;
  status?: string;
  tipo?: string;
}

/** Props of `ScheduleFilters`. */
export interface ScheduleFiltersProps {
  /** Applied filters (from the URL). */
  value: ScheduleFilterValues;
  /** The kind registry, for the kind select. */
  kinds: readonly TaskKindInfo[];
  onApply: (filters: ScheduleFilterValues) => void;
  onClear: () => void;
}

/**
 * Filter bar of the schedule list: search (name, kind, period), status and kind. Enter in the
 * search or Buscar applies; the selects apply when chosen.
 */
export function ScheduleFilters({ value, kinds, onApply, onClear }: ScheduleFiltersProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState(value.term ?? '');
  useEffect(() => setTerm(value.term ?? ''), [value.term]);
  const apply = (next: ScheduleFilterValues) => onApply({ term: next.term?.trim() || undefined, status: next.status || undefined, tipo: next.tipo || undefined });

  return (
    <Paper variant="outlined" component="section" aria-label={t('schedules.filters.title')} sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 160px 260px auto' }, alignItems: 'center' }}>
        <TextField
          id="schedules-term"
          label={t('schedules.filters.term')}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply({ ...value, term });
            }
          }}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 200 }, inputLabel: { shrink: true } }}
        />
        <TextField
          id="schedules-status"
          select
          label={t('schedules.filters.status')}
          value={value.status ?? ''}
          onChange={(event) => apply({ ...value, term, status: event.target.value })}
          fullWidth
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('schedules.filters.all')}</MenuItem>
          <MenuItem value="true">{t('schedules.filters.active')}</MenuItem>
          <MenuItem value="false">{t('schedules.filters.inactive')}</MenuItem>
        </TextField>
        <TextField
          id="schedules-tipo"
          select
          label={t('schedules.filters.tipo')}
          value={kinds.some((k) => k.tipo === value.tipo) ? value.tipo : ''}
          onChange={(event) => apply({ ...value, term, tipo: event.target.value })}
          fullWidth
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('schedules.filters.all')}</MenuItem>
          {kinds.map((kind) => (
            <MenuItem key={kind.tipo} value={kind.tipo}>
              {kind.descricao}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', gridColumn: { sm: 'span 2', md: 'auto' } }}>
          <Button variant="outlined" startIcon={<ClearIcon />} onClick={onClear}>
            {t('schedules.filters.clear')}
          </Button>
          <Button variant="contained" startIcon={<SearchIcon />} onClick={() => apply({ ...value, term })}>
            {t('schedules.filters.apply')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
