import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import ClearIcon from '@mui/icons-material/FilterAltOff';
import { useTranslation } from 'react-i18next';

/** The list filters: free text and status (`true` / `false`; empty = all). */
export interface UserFilterValues {
  term?: string;
  status?: string;
}

/** Props of `UserFilters`. */
export interface UserFiltersProps {
  /** Applied filters (from the URL). */
  value: UserFilterValues;
  onApply: (filters: UserFilterValues) => void;
  onClear: () => void;
}

/**
 * Filter bar of the users list: search (name, login, e-mail, ERP user and seller
 * codes) and status. Enter in the search or Buscar applies; the status applies when chosen.
 */
export function UserFilters({ value, onApply, onClear }: UserFiltersProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState(value.term ?? '');
  useEffect(() => setTerm(value.term ?? ''), [value.term]);
  const apply = (next: UserFilterValues) => onApply({ term: next.term?.trim() || undefined, status: next.status || undefined });

  return (
    <Paper variant="outlined" component="section" aria-label={t('users.filters.title')} sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 200px auto' }, alignItems: 'center' }}>
        <TextField
          id="users-term"
          label={t('users.filters.term')}
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
          id="users-status"
          select
          label={t('users.filters.status')}
          value={value.status ?? ''}
          onChange={(event) => apply({ term, status: event.target.value })}
          fullWidth
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('users.filters.all')}</MenuItem>
          <MenuItem value="true">{t('users.filters.active')}</MenuItem>
          <MenuItem value="false">{t('users.filters.inactive')}</MenuItem>
        </TextField>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button variant="outlined" startIcon={<ClearIcon />} onClick={onClear}>
            {t('users.filters.clear')}
          </Button>
          <Button variant="contained" startIcon={<SearchIcon />} onClick={() => apply({ ...value, term })}>
            {t('users.filters.apply')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
