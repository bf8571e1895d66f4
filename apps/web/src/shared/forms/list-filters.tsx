import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import ClearIcon from '@mui/icons-material/FilterAltOff';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFilterDraft } from './use-filter-draft.ts';

/** Width (px) of a select on wide screens when its `SelectFilter` gives none. */
export const SELECT_FILTER_WIDTH = 200;

/** One select of `ListFilters`: its URL key, label, options (value → label) and width. */
export interface SelectFilter {
  /** URL (and API) name of the filter, also the end of the field's id (`${idPrefix}-${key}`). */
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
  /** Width in px on wide screens; default `SELECT_FILTER_WIDTH`. */
  width?: number;
}

/** The applied filters: URL key → value (absent = not filtered). */
export type ListFilterValues = Partial<Record<string, string>>;

/** Props of `ListFilters`. */
export interface ListFiltersProps {
  /** Applied filters (from the URL). */
  value: ListFilterValues;
  /**
   * i18n prefix of the bar's texts: `${textsKey}.title` (the section's accessible name),
   * `.all` (each select's empty option: 'Todos', 'Todas'), `.clear` ('Limpar'), `.apply`
   * ('Buscar') and, unless `termLabel` is given, `.term` (the search's label).
   */
  textsKey: string;
  /** Label of the free-text search (URL key `term`); default `t(`${textsKey}.term`)`. */
  termLabel?: string;
  selects: readonly SelectFilter[];
  /** Start of the field ids: `${idPrefix}-term`, `${idPrefix}-${select.key}`. */
  idPrefix: string;
  /** Called with every filter (typed search included), trimmed, empty ones `undefined`. */
  onApply: (filters: ListFilterValues) => void;
  onClear: () => void;
}

/**
 * Grid columns of the bar: one column on phones; search, one select and the buttons in one row
 * from `sm`; with two or more selects, two columns on `sm` and one row from `md`.
 */
function gridColumns(selects: readonly SelectFilter[]) {
  const widths = selects.map((select) => `${select.width ?? SELECT_FILTER_WIDTH}px`).join(' ');
  return selects.length < 2 ? { xs: '1fr', sm: `1fr ${widths} auto` } : { xs: '1fr', sm: '1fr 1fr', md: `1fr ${widths} auto` };
}

/**
 * Filter bar of a list screen: a search (`term`, applied on Enter or Buscar) and selects that
 * apply when chosen (each with an empty "all" option; a URL value not among the options shows as
 * "all"), then Limpar and Buscar. Every apply sends the search as typed with the selects. What
 * the user types is kept while a search they sent reaches the URL (`useFilterDraft`); a URL change
 * from elsewhere (back, a link) replaces it.
 */
export function ListFilters({ value, textsKey, termLabel, selects, idPrefix, onApply, onClear }: ListFiltersProps) {
  const { t } = useTranslation();
  const term = useFilterDraft(value.term);
  const apply = (next: ListFilterValues) => onApply(Object.fromEntries(Object.entries({ ...value, term: term.submit(), ...next }).map(([k, v]) => [k, v?.trim() || undefined])));
  const twoColumns = selects.length >= 2;
  return (
    <Paper variant="outlined" component="section" aria-label={t(`${textsKey}.title`)} sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: gridColumns(selects), alignItems: 'center' }}>
        <TextField
          id={`${idPrefix}-term`}
          label={termLabel ?? t(`${textsKey}.term`)}
          value={term.value}
          onChange={(e) => term.setValue(e.target.value)}
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
            <MenuItem value="">{t(`${textsKey}.all`)}</MenuItem>
            {select.options.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        ))}
        {/* on two columns, after an odd number of selects the buttons take a row of their own */}
        <FilterButtons
          clearLabel={t(`${textsKey}.clear`)}
          applyLabel={t(`${textsKey}.apply`)}
          onClear={() => {
            term.clear();
            onClear();
          }}
          onApply={() => apply({})}
          sx={twoColumns && selects.length % 2 === 1 ? { gridColumn: { sm: 'span 2', md: 'auto' } } : undefined}
        />
      </Box>
    </Paper>
  );
}

/** Props of `FilterButtons`. */
export interface FilterButtonsProps {
  /** Text of the clearing button ('Limpar'). */
  clearLabel: string;
  /** Text of the applying button ('Buscar'). */
  applyLabel: string;
  onClear: () => void;
  onApply: () => void;
  /** Extra styles of the wrapper (its place in the bar's grid). */
  sx?: SxProps<Theme>;
}

/** Limpar (outlined) and Buscar (contained) of a filter bar, right-aligned. */
export function FilterButtons({ clearLabel, applyLabel, onClear, onApply, sx }: FilterButtonsProps) {
  return (
    <Box sx={[{ display: 'flex', gap: 1, justifyContent: 'flex-end' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Button variant="outlined" startIcon={<ClearIcon />} onClick={onClear}>
        {clearLabel}
      </Button>
      <Button variant="contained" startIcon={<SearchIcon />} onClick={onApply}>
        {applyLabel}
      </Button>
    </Box>
  );
}

/**
 * The "Situação" select of a register list (URL key `status`: `true` active, `false` inactive),
 * its texts at `${textsKey}.status`, `.active` and `.inactive` ('Ativas' for companies, 'Ativos'
 * for the others).
 * @param t the screen's translation function
 * @param textsKey i18n prefix of the screen's filter texts, e.g. 'companies.filters'
 * @param width px on wide screens (default `SELECT_FILTER_WIDTH`)
 */
export function activeStatusFilter(t: TFunction, textsKey: string, width?: number): SelectFilter {
  return {
    key: 'status',
    label: t(`${textsKey}.status`),
    options: [
      { value: 'true', label: t(`${textsKey}.active`) },
      { value: 'false', label: t(`${textsKey}.inactive`) },
    ],
    width,
  };
}
