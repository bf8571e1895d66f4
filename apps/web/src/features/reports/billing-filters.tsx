import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useTranslation } from 'react-i18next';
import { UFS, type IdNome } from '@acervo/contracts';
import { DATE_FORMAT } from '../../shared/format/format.ts';
import { FilterButtons } from '../../shared/forms/list-filters.tsx';
import { useFilterDraft } from '../../shared/forms/use-filter-draft.ts';
import type { QueryValue } from '../../shared/api/api-client.ts';
import { useBillingOptions, type BillingFilterKey } from './billing-api.ts';

/** The billing filters as the URL holds them (dates ISO `YYYY-MM-DD`, companies comma-separated). */
export type BillingFilterValues = Partial<Record<BillingFilterKey | 'aba', string>>;

/** Props of `BillingFilters`. */
export interface BillingFiltersProps {
  value: BillingFilterValues;
  /** The dates shown when the URL has none (the current month up to today). */
  defaults: { dataInicio: string; dataFim: string };
  /** The user's companies. */
  companies: readonly IdNome[];
  /** The companies the query uses now (for the pickers' options). */
  companyIds: QueryValue;
  onApply: (filters: BillingFilterValues) => void;
  onClear: () => void;
}

const toDay = (value: string | undefined): Dayjs | null => (value ? dayjs(value) : null);
const fromDay = (value: Dayjs | null): string | undefined => (value && value.isValid() ? value.format('YYYY-MM-DD') : undefined);

/** A picker of a filter by id: options searched by the API as the user types. */
function OptionPicker(props: { kind: 'cliente' | 'editora' | 'assunto'; label: string; value: string | undefined; companyIds: QueryValue; onChange: (id: string | undefined) => void }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const options = useBillingOptions(props.kind, term, props.companyIds);
  const list = options.data ?? [];
  const selected = props.value ? (list.find((o) => String(o.id) === props.value) ?? { id: Number(props.value), nome: `#${props.value}` }) : null;
  return (
    <Autocomplete<IdNome>
      id={`billing-${props.kind}`}
      options={list}
      value={selected}
      loading={options.isFetching}
      filterOptions={(x) => x}
      getOptionLabel={(o) => o.nome}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={t('billingReport.filters.noOptions')}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') setTerm(text.slice(0, 100));
      }}
      onChange={(_, option) => props.onChange(option ? String(option.id) : undefined)}
      renderInput={(params) => <TextField {...params} label={props.label} placeholder={t('billingReport.filters.searchHint')} slotProps={{ inputLabel: { shrink: true } }} />}
    />
  );
}

/**
 * Filter bar of the billing report (SPEC 2): companies (several at once), start and end date
 * (DD/MM/YYYY; the URL and the API get `YYYY-MM-DD`), subject, invoice number and series,
 * barcode, product description, client, publisher, state and "consider returns". Texts apply on
 * Enter or Buscar; pickers, dates and the switch when changed. An end before the start is refused
 * under the field.
 */
export function BillingFilters({ value, defaults, companies, companyIds, onApply, onClear }: BillingFiltersProps) {
  const { t } = useTranslation();
  const numeroNota = useFilterDraft(value.numeroNota);
  const serie = useFilterDraft(value.serie);
  const ean = useFilterDraft(value.ean);
  const descricao = useFilterDraft(value.descricaoProduto);
  const clean = (next: BillingFilterValues): BillingFilterValues => Object.fromEntries(Object.entries(next).map(([k, v]) => [k, v?.trim() || undefined]));
  const apply = (next: BillingFilterValues) =>
    onApply(clean({ ...value, numeroNota: numeroNota.submit(), serie: serie.submit(), ean: ean.submit(), descricaoProduto: descricao.submit(), ...next }));
  const start = value.dataInicio ?? defaults.dataInicio;
  const end = value.dataFim ?? defaults.dataFim;
  const badRange = end < start;
  const chosen = (value.idEmpresa ?? '').split(',').filter(Boolean);
  const onEnter = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      apply({});
    }
  };
  const text = (id: string, label: string, draft: ReturnType<typeof useFilterDraft>, inputMode?: 'numeric') => (
    <TextField id={id} label={label} value={draft.value} onChange={(e) => draft.setValue(e.target.value)} onKeyDown={onEnter} fullWidth slotProps={{ inputLabel: { shrink: true }, htmlInput: inputMode ? { inputMode } : {} }} />
  );

  return (
    <Paper variant="outlined" component="section" aria-label={t('billingReport.filters.title')} sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' }, alignItems: 'start' }}>
        <Autocomplete<IdNome, true>
          multiple
          id="billing-empresas"
          options={[...companies]}
          value={companies.filter((c) => chosen.includes(String(c.id)))}
          getOptionLabel={(o) => o.nome}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, list) => apply({ idEmpresa: list.map((c) => c.id).join(',') })}
          renderInput={(params) => <TextField {...params} label={t('billingReport.filters.empresas')} slotProps={{ inputLabel: { shrink: true } }} />}
          sx={{ gridColumn: { md: 'span 2' } }}
        />
        <DatePicker
          label={t('billingReport.filters.dataInicio')}
          format={DATE_FORMAT}
          value={toDay(start)}
          onAccept={(day) => apply({ dataInicio: fromDay(day) })}
          onChange={(day) => {
            if (day !== null && day.isValid() && day.year() > 1900) apply({ dataInicio: fromDay(day) });
          }}
          slotProps={{ textField: { id: 'billing-data-inicio', fullWidth: true } }}
        />
        <DatePicker
          label={t('billingReport.filters.dataFim')}
          format={DATE_FORMAT}
          value={toDay(end)}
          onAccept={(day) => apply({ dataFim: fromDay(day) })}
          onChange={(day) => {
            if (day !== null && day.isValid() && day.year() > 1900) apply({ dataFim: fromDay(day) });
          }}
          slotProps={{ textField: { id: 'billing-data-fim', fullWidth: true, error: badRange, helperText: badRange ? t('billingReport.filters.invalidRange') : undefined } }}
        />
        <OptionPicker kind="cliente" label={t('billingReport.filters.cliente')} value={value.idCliente} companyIds={companyIds} onChange={(id) => apply({ idCliente: id })} />
        <OptionPicker kind="editora" label={t('billingReport.filters.editora')} value={value.idEditora} companyIds={companyIds} onChange={(id) => apply({ idEditora: id })} />
        <OptionPicker kind="assunto" label={t('billingReport.filters.assunto')} value={value.idAssunto} companyIds={companyIds} onChange={(id) => apply({ idAssunto: id })} />
        <TextField id="billing-uf" select label={t('billingReport.filters.uf')} value={value.uf ?? ''} onChange={(e) => apply({ uf: e.target.value })} fullWidth slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
          <MenuItem value="">—</MenuItem>
          {UFS.map((uf) => (
            <MenuItem key={uf} value={uf}>
              {uf}
            </MenuItem>
          ))}
        </TextField>
        {text('billing-descricao', t('billingReport.filters.descricaoProduto'), descricao)}
        {text('billing-ean', t('billingReport.filters.ean'), ean, 'numeric')}
        {text('billing-numero', t('billingReport.filters.numeroNota'), numeroNota, 'numeric')}
        {text('billing-serie', t('billingReport.filters.serie'), serie)}
        <FormControlLabel
          control={<Switch id="billing-devolucoes" checked={value.considerarDevolucoes !== 'false'} onChange={(e) => apply({ considerarDevolucoes: e.target.checked ? undefined : 'false' })} />}
          label={t('billingReport.filters.considerarDevolucoes')}
          sx={{ alignSelf: 'center' }}
        />
        <FilterButtons
          clearLabel={t('billingReport.filters.clear')}
          applyLabel={t('billingReport.filters.apply')}
          onClear={() => {
            numeroNota.clear();
            serie.clear();
            ean.clear();
            descricao.clear();
            onClear();
          }}
          onApply={() => apply({})}
          sx={{ alignSelf: 'center', gridColumn: { md: 'span 3' } }}
        />
      </Box>
    </Paper>
  );
}
