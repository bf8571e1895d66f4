import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import ClearIcon from '@mui/icons-material/FilterAltOff';
import { useTranslation } from 'react-i18next';
import { STOCK_TYPES, type StockReportOptions } from '@acervo/contracts';
import type { StockFilterKey } from './stock-api.ts';
import { MOBILE_QUERY } from '../../shared/app-id.ts';

/** Filters folded under "Mais filtros" on a phone (barcode and description stay in view). */
const FOLDED_KEYS: readonly StockFilterKey[] = ['idEditora', 'idAssunto', 'situacao', 'idTipoProduto', 'fisicoMenorQue', 'fisicoMaiorQue', 'tiposEstoque'];

/** One choice of a multiple select: the value sent and the label shown. */
interface Choice {
  value: string;
  label: string;
}

/** Props of `StockFilters`. */
export interface StockFiltersProps {
  /** Applied filters (the URL's; lists comma-separated). */
  value: Partial<Record<StockFilterKey, string>>;
  options: StockReportOptions | undefined;
  onApply: (filters: Partial<Record<StockFilterKey, string>>) => void;
  onClear: () => void;
}

const split = (text: string | undefined) => (text ? text.split(',').filter(Boolean) : []);

/**
 * Filter bar of the stock report (SPEC 2): barcode, description, publisher, categories,
 * situation and product type (several of each), physical stock less than / greater than, and the
 * stock types (positive physical, consigned, own, available). Edited as a draft; Buscar (or Enter
 * in a text box) applies it to the URL, Limpar clears it. On a phone only barcode and description
 * show; "Mais filtros (N)" unfolds the rest, N counting the applied ones.
 */
export function StockFilters({ value, options, onApply, onClear }: StockFiltersProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const [unfolded, setUnfolded] = useState(false);
  const foldedApplied = FOLDED_KEYS.filter((key) => value[key]).length;
  const showAll = !mobile || unfolded;
  const set = (key: StockFilterKey, next: string | undefined) => setDraft((d) => ({ ...d, [key]: next || undefined }));
  const apply = () => onApply(Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v?.trim() || undefined])));
  const onEnter = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      apply();
    }
  };

  const multi = (key: StockFilterKey, label: string, choices: readonly Choice[]) => {
    const chosen = split(draft[key]);
    const selected = choices.filter((c) => chosen.includes(c.value));
    return (
      <Autocomplete
        multiple
        id={`stock-${key}`}
        options={choices}
        value={selected}
        limitTags={1}
        size="small"
        disableCloseOnSelect
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.value === b.value}
        onChange={(_, next) => set(key, next.map((c) => c.value).join(','))}
        renderInput={(params) => <TextField {...params} label={label} />}
      />
    );
  };
  const ids = (list: readonly { id: number; nome: string }[] | undefined) => (list ?? []).map((o) => ({ value: String(o.id), label: o.nome }));
  const types = split(draft.tiposEstoque);

  return (
    <Paper variant="outlined" component="section" aria-label={t('stockReport.filters.title')} sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, alignItems: 'center' }}>
        <TextField id="stock-ean" size="small" label={t('stockReport.filters.ean')} value={draft.ean ?? ''} onChange={(e) => set('ean', e.target.value)} onKeyDown={onEnter} inputMode="numeric" />
        <TextField id="stock-descricao" size="small" label={t('stockReport.filters.descricao')} value={draft.descricao ?? ''} onChange={(e) => set('descricao', e.target.value)} onKeyDown={onEnter} />
        {mobile && (
          <Button variant="text" startIcon={<TuneIcon />} onClick={() => setUnfolded((u) => !u)} aria-expanded={unfolded} aria-controls="stock-more-filters" sx={{ justifySelf: 'start' }}>
            {t(unfolded ? 'stockReport.filters.fewer' : 'stockReport.filters.more', { count: foldedApplied })}
          </Button>
        )}
        {showAll && (
          <Box id="stock-more-filters" sx={{ display: 'contents' }}>
        {multi('idEditora', t('stockReport.filters.editora'), ids(options?.editoras))}
        {multi('idAssunto', t('stockReport.filters.categorias'), ids(options?.assuntos))}
        {multi('situacao', t('stockReport.filters.situacao'), (options?.situacoes ?? []).map((s) => ({ value: s.codigo, label: `${s.codigo} – ${s.nome}` })))}
        {multi('idTipoProduto', t('stockReport.filters.tipoProduto'), ids(options?.tiposProduto))}
        <TextField id="stock-fisicoMenorQue" size="small" type="number" label={t('stockReport.filters.fisicoMenorQue')} value={draft.fisicoMenorQue ?? ''} onChange={(e) => set('fisicoMenorQue', e.target.value)} onKeyDown={onEnter} />
        <TextField id="stock-fisicoMaiorQue" size="small" type="number" label={t('stockReport.filters.fisicoMaiorQue')} value={draft.fisicoMaiorQue ?? ''} onChange={(e) => set('fisicoMaiorQue', e.target.value)} onKeyDown={onEnter} />
        <Box sx={{ gridColumn: { sm: '1 / -1', lg: '1 / 4' } }}>
          <FormLabel component="legend" sx={{ fontSize: 13 }}>
            {t('stockReport.filters.tiposEstoque')}
          </FormLabel>
          <FormGroup row>
            {STOCK_TYPES.map((type) => (
              <FormControlLabel
                key={type}
                control={
                  <Checkbox
                    size="small"
                    checked={types.includes(type)}
                    onChange={(e) => set('tiposEstoque', (e.target.checked ? [...types, type] : types.filter((x) => x !== type)).join(','))}
                  />
                }
                label={t(`stockReport.stockTypes.${type}`)}
              />
            ))}
          </FormGroup>
        </Box>
          </Box>
        )}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button
            variant="outlined"
            startIcon={<ClearIcon />}
            onClick={() => {
              setDraft({});
              onClear();
            }}
          >
            {t('stockReport.filters.clear')}
          </Button>
          <Button variant="contained" startIcon={<SearchIcon />} onClick={apply}>
            {t('stockReport.filters.apply')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
