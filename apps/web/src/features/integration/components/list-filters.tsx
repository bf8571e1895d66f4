import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import ClearIcon from '@mui/icons-material/FilterAltOff';
import { useTranslation } from 'react-i18next';

/** One select of `ListFilters`: its URL key, label and options (value → label). */
export interface SelectFilter {
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

/** Props of `ListFilters`. */
export interface ListFiltersProps {
  /** Applied filters (from the URL). */
  value: Partial<Record<string, string>>;
  /** Label of the free-text search (URL key `term`). */
  termLabel: string;
  selects: readonly SelectFilter[];
  idPrefix: string;
  onApply: (filters: Partial<Record<string, string>>) => void;
  onClear: () => void;
}

/**
 * Filter bar of the queue and reprocessing lists: a search (`term`, on Enter or Buscar) and
 * selects that apply when chosen.
 */
export function ListFilters({ value, termLabel, selects, idPrefix, onApply, onClear }: ListFiltersProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState(value.term ?? '');
  useEffect(() => setTerm(value.term ?? ''), [value.term]);
  const apply = (next: Partial<Record<string, string>>) => onApply(Object.fromEntries(Object.entries({ ...value, term, ...next }).map(([k, v]) => [k, v?.trim() || undefined])));
  return (
    <Paper variant="outlined" component="section" aria-label={t('integration.filters')} sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: `1fr ${selects.map(() => '200px').join(' ')} auto` }, alignItems: 'center' }}>
        <TextField
          id={`${idPrefix}-term`}
          label={termLabel}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply({});
            }
          }}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 200 }, inputLabel: { shrink: true } }}
        />
        {selects.map((select) => (
          <TextField
            key={select.key}
            id={`${idPrefix}-${select.key}`}
            select
            label={select.label}
            value={select.options.some((o) => o.value === value[select.key]) ? value[select.key] : ''}
            onChange={(e) => apply({ [select.key]: e.target.value })}
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('integration.all')}</MenuItem>
            {select.options.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        ))}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button variant="outlined" startIcon={<ClearIcon />} onClick={onClear}>
            {t('integration.clear')}
          </Button>
          <Button variant="contained" startIcon={<SearchIcon />} onClick={() => apply({})}>
            {t('integration.apply')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
