import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import ClearIcon from '@mui/icons-material/FilterAltOff';
import { useTranslation } from 'react-i18next';
import { PRODUCT_SITUATIONS } from '../product-situations.ts';
import { PRODUCT_FILTER_KEYS, type ProductFilterKey } from '../api/get-products.ts';

/** Catalogue filter values (strings as typed; empty = not filtered). */
export type ProductFilterValues = Partial<Record<ProductFilterKey, string>>;

/** Props of `ProductFilters`. */
export interface ProductFiltersProps {
  /** Applied filters (from the URL). */
  value: ProductFilterValues;
  /** Applies a new set of filters. */
  onApply: (filters: ProductFilterValues) => void;
  /** Clears filters, sort and paging. */
  onClear: () => void;
}

/** An edition year as the filter takes it: exactly four digits. */
export const EDITION_YEAR_PATTERN = /^\d{4}$/;

function clean(values: ProductFilterValues): ProductFilterValues {
  const out: ProductFilterValues = {};
  for (const key of PRODUCT_FILTER_KEYS) {
    const v = values[key]?.trim();
    if (v) out[key] = v;
  }
  return out;
}

/**
 * Filter bar of the catalogue: ERP ID, ISBN-13/EAN, title, publisher, situation (ONIX list 65)
 * and edition year (digits only; applied only with 4 digits, otherwise the field shows why).
 * Enter in a text filter or Buscar applies; Limpar clears everything. Memoised: the catalogue
 * re-renders with each answer of its list, the bar only when its props change.
 */
export const ProductFilters = memo(function ProductFilters({ value, onApply, onClear }: ProductFiltersProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ProductFilterValues>(value);
  const appliedKey = JSON.stringify(value);
  // the URL's filters replace the draft when they change, not on mount: a set-state on mount
  // re-rendered the bar in the screen's first commit (a long task on phones)
  const shownKey = useRef(appliedKey);
  useEffect(() => {
    if (shownKey.current === appliedKey) return;
    shownKey.current = appliedKey;
    setDraft(JSON.parse(appliedKey) as ProductFilterValues);
  }, [appliedKey]);

  const [yearError, setYearError] = useState(false);
  const set = (key: ProductFilterKey) => (text: string) => {
    if (key === 'anoEdicao') setYearError(false);
    setDraft((d) => ({ ...d, [key]: key === 'anoEdicao' ? text.replace(/\D/g, '') : text }));
  };
  const apply = () => {
    const next = clean(draft);
    if (next.anoEdicao !== undefined && !EDITION_YEAR_PATTERN.test(next.anoEdicao)) {
      setYearError(true);
      document.getElementById('filter-anoEdicao')?.focus();
      return;
    }
    onApply(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    }
  };
  const text = (key: ProductFilterKey, extra: { inputMode?: 'numeric'; maxLength?: number; wide?: boolean; error?: string } = {}) => (
    <TextField
      error={Boolean(extra.error)}
      helperText={extra.error}
      className={extra.wide ? 'wide-xs' : undefined}
      id={`filter-${key}`}
      label={t(`products.filters.${key}`)}
      value={draft[key] ?? ''}
      onChange={(event) => set(key)(event.target.value)}
      onKeyDown={onKeyDown}
      fullWidth
      slotProps={{ htmlInput: { inputMode: extra.inputMode, maxLength: extra.maxLength }, inputLabel: { shrink: true } }}
    />
  );

  return (
    <Paper variant="outlined" component="section" aria-label={t('products.filters.apply')} sx={{ p: 2, mb: 2 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: '0.9fr 1.4fr 1.8fr 1.5fr 1.5fr 1fr' },
          '& .wide-xs': { gridColumn: { xs: 'span 2', md: 'auto' } },
        }}
      >
        {text('idErp', { maxLength: 50 })}
        {text('isbn13', { inputMode: 'numeric', maxLength: 20 })}
        {text('titulo', { maxLength: 200, wide: true })}
        {text('editora', { maxLength: 200, wide: true })}
        <TextField
          id="filter-situacao"
          className="wide-xs"
          select
          label={t('products.filters.situacao')}
          value={draft.situacao ?? ''}
          onChange={(event) => setDraft((d) => ({ ...d, situacao: event.target.value }))}
          fullWidth
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true, MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
        >
          <MenuItem value="">{t('products.filters.all')}</MenuItem>
          {PRODUCT_SITUATIONS.map((s) => (
            <MenuItem key={s.code} value={s.code}>
              {s.code} – {s.label}
            </MenuItem>
          ))}
        </TextField>
        {text('anoEdicao', { inputMode: 'numeric', maxLength: 4, error: yearError ? t('products.filters.anoEdicaoInvalid') : undefined })}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        <Button
          variant="outlined"
          startIcon={<ClearIcon />}
          onClick={() => {
            setYearError(false);
            onClear();
          }}
        >
          {t('products.filters.clear')}
        </Button>
        <Button variant="contained" startIcon={<SearchIcon />} onClick={apply}>
          {t('products.filters.apply')}
        </Button>
      </Box>
    </Paper>
  );
});
