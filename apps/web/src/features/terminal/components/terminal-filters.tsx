import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ClearIcon from '@mui/icons-material/FilterAltOff';
import { useTranslation } from 'react-i18next';
import { REQUIRED } from '@acervo/contracts';
import { PagedAutocomplete, type PickerOption } from '../../../shared/forms/paged-autocomplete.tsx';
import { PRODUCT_SITUATIONS } from '../../products/index.ts';

/**
 * URL names of the Terminal's filters (besides `q`): ids sent to the search, and the chosen
 * subject's and publisher's names (`assunto`, `editora`, kept only so a reloaded link shows them).
 */
export const TERMINAL_FILTER_KEYS = ['idAssunto', 'assunto', 'idEditora', 'editora', 'situacao', 'comEstoque', 'fraseExata'] as const;
/** One filter's URL name. */
export type TerminalFilterKey = (typeof TERMINAL_FILTER_KEYS)[number];
/** Filter values as the URL holds them (absent = not filtered). */
export type TerminalFilterValues = Partial<Record<TerminalFilterKey, string>>;

/** `{id, nome}` row of the filter choices → picker option. */
const toOption = (row: unknown): PickerOption | null => {
  const r = row as { id?: number; nome?: string };
  return typeof r.id === 'number' ? { value: r.id, label: r.nome ?? String(r.id) } : null;
};

/** Props of `TerminalFilters`. */
export interface TerminalFiltersProps {
  value: TerminalFilterValues;
  /** Replaces the filters (applied at once: the results follow). */
  onChange: (value: TerminalFilterValues) => void;
}

/**
 * The Terminal's filters, applied as soon as they change: subject (the selected company's ERP
 * subjects) and publisher (catalogue), both searched on the server (`produto/terminal/assuntos`,
 * `/editoras`, readable with the Terminal role); situation (ONIX list 65); "only with stock" (in the
 * selected company); "exact phrase" (the words in this order). "Limpar filtros" keeps the text.
 */
export function TerminalFilters({ value, onChange }: TerminalFiltersProps) {
  const { t } = useTranslation();
  const set = (patch: TerminalFilterValues) => {
    const next: TerminalFilterValues = { ...value, ...patch };
    for (const key of TERMINAL_FILTER_KEYS) if (!next[key]) delete next[key];
    onChange(next);
  };
  const picked = (id?: string, label?: string): PickerOption | null => (id ? { value: Number(id), label: label ?? id } : null);
  const any = TERMINAL_FILTER_KEYS.some((key) => value[key]);
  return (
    <Box role="group" aria-label={t('terminal.filters.title')} sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(0, 1.2fr) minmax(0, 1.2fr) minmax(0, 1fr) auto auto auto' }, alignItems: 'center' }}>
      <PagedAutocomplete
        id="terminal-filter-assunto"
        label={t('terminal.filters.assunto')}
        path="produto/terminal/assuntos"
        role={REQUIRED.terminal}
        toOption={toOption}
        value={picked(value.idAssunto, value.assunto)}
        onChange={(option) => set({ idAssunto: option ? String(option.value) : undefined, assunto: option?.label })}
        unavailableText={t('terminal.filters.unavailable')}
        noOptionsText={t('terminal.filters.noOptions')}
      />
      <PagedAutocomplete
        id="terminal-filter-editora"
        label={t('terminal.filters.editora')}
        path="produto/terminal/editoras"
        role={REQUIRED.terminal}
        toOption={toOption}
        value={picked(value.idEditora, value.editora)}
        onChange={(option) => set({ idEditora: option ? String(option.value) : undefined, editora: option?.label })}
        unavailableText={t('terminal.filters.unavailable')}
        noOptionsText={t('terminal.filters.noOptions')}
      />
      <TextField
        id="terminal-filter-situacao"
        select
        label={t('terminal.filters.situacao')}
        value={value.situacao ?? ''}
        onChange={(event) => set({ situacao: event.target.value || undefined })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
      >
        <option value="">{t('terminal.filters.anySituation')}</option>
        {PRODUCT_SITUATIONS.map((s) => (
          <option key={s.code} value={s.code}>
            {s.code} – {s.label}
          </option>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={value.comEstoque === 'true'} onChange={(_e, checked) => set({ comEstoque: checked ? 'true' : undefined })} />}
        label={t('terminal.filters.comEstoque')}
        sx={{ mr: 0 }}
      />
      <FormControlLabel
        control={<Switch checked={value.fraseExata === 'true'} onChange={(_e, checked) => set({ fraseExata: checked ? 'true' : undefined })} />}
        label={t('terminal.filters.fraseExata')}
        sx={{ mr: 0 }}
      />
      <Button startIcon={<ClearIcon />} onClick={() => onChange({})} disabled={!any} sx={{ justifySelf: 'start' }}>
        {t('terminal.filters.clear')}
      </Button>
    </Box>
  );
}
