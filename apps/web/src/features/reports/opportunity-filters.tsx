import { useEffect, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useTranslation } from 'react-i18next';
import type { IdNome } from '@acervo/contracts';
import { DATE_FORMAT } from '../../shared/format/format.ts';
import { FilterButtons } from '../../shared/forms/list-filters.tsx';
import type { OpportunityFilterValues } from './opportunity-api.ts';

/** Props of `OpportunityFilters`. */
export interface OpportunityFiltersProps {
  /** Applied filters (the URL's; companies comma-separated). */
  value: OpportunityFilterValues;
  /** The user's companies (`GET system/company/usuario/{id}`). */
  companies: readonly IdNome[];
  /** Company shown as chosen while the URL names none (the selected company, the API's default). */
  defaultCompanyId: number | null;
  /** Applies company, dates and product (tab, view, sort are kept by the caller). */
  onApply: (filters: Pick<OpportunityFilterValues, 'idEmpresa' | 'dataInicio' | 'dataFim' | 'ean' | 'descricao'>) => void;
  onClear: () => void;
}

const toDay = (value: string | undefined): Dayjs | null => (value ? dayjs(value) : null);
const fromDay = (value: Dayjs | null): string | undefined => (value && value.isValid() && value.year() > 1900 ? value.format('YYYY-MM-DD') : undefined);

/**
 * Filter bar of the opportunities report (SPEC 2: company, dates, product): the user's companies
 * (several at once; empty = the selected company), start and end day (DD/MM/YYYY pickers, the URL
 * and API get `YYYY-MM-DD`; an end before the start is refused under the field), and the product
 * by barcode (EAN/ISBN) or title words. Edited as a draft; Buscar (or Enter) applies it, Limpar
 * clears it.
 */
export function OpportunityFilters({ value, companies, defaultCompanyId, onApply, onClear }: OpportunityFiltersProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const set = (patch: OpportunityFilterValues) => setDraft((d) => ({ ...d, ...patch }));
  const chosen = (draft.idEmpresa ? draft.idEmpresa.split(',').map(Number) : defaultCompanyId ? [defaultCompanyId] : []).filter(Boolean);
  const badRange = !!draft.dataInicio && !!draft.dataFim && draft.dataFim < draft.dataInicio;
  const apply = () => {
    if (badRange) return;
    const clean = (v: string | undefined) => v?.trim() || undefined;
    onApply({ idEmpresa: clean(draft.idEmpresa), dataInicio: draft.dataInicio, dataFim: draft.dataFim, ean: clean(draft.ean), descricao: clean(draft.descricao) });
  };
  const onEnter = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      apply();
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-label={t('opportunityReport.filters.title')} sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2.6fr 1fr 1fr 1fr 1.6fr' }, alignItems: 'start' }}>
        <Autocomplete
          multiple
          id="opportunity-idEmpresa"
          options={companies as IdNome[]}
          value={companies.filter((c) => chosen.includes(c.id))}
          limitTags={1}
          size="small"
          disableCloseOnSelect
          getOptionLabel={(o) => o.nome}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, next) => set({ idEmpresa: next.map((c) => c.id).join(',') || undefined })}
          renderInput={(params) => <TextField {...params} label={t('opportunityReport.filters.empresa')} />}
        />
        <DatePicker
          label={t('opportunityReport.filters.dataInicio')}
          format={DATE_FORMAT}
          value={toDay(draft.dataInicio)}
          onChange={(day) => set({ dataInicio: fromDay(day) })}
          slotProps={{ textField: { id: 'opportunity-data-inicio', size: 'small', fullWidth: true }, field: { clearable: true } }}
        />
        <DatePicker
          label={t('opportunityReport.filters.dataFim')}
          format={DATE_FORMAT}
          value={toDay(draft.dataFim)}
          onChange={(day) => set({ dataFim: fromDay(day) })}
          slotProps={{ textField: { id: 'opportunity-data-fim', size: 'small', fullWidth: true, error: badRange, helperText: badRange ? t('opportunityReport.filters.invalidRange') : undefined }, field: { clearable: true } }}
        />
        <TextField id="opportunity-ean" size="small" label={t('opportunityReport.filters.ean')} value={draft.ean ?? ''} onChange={(e) => set({ ean: e.target.value })} onKeyDown={onEnter} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <TextField id="opportunity-descricao" size="small" label={t('opportunityReport.filters.descricao')} value={draft.descricao ?? ''} onChange={(e) => set({ descricao: e.target.value })} onKeyDown={onEnter} />
      </Box>
      <FilterButtons
        clearLabel={t('opportunityReport.filters.clear')}
        applyLabel={t('opportunityReport.filters.apply')}
        onClear={() => {
          setDraft({});
          onClear();
        }}
        onApply={apply}
        sx={{ mt: 2 }}
      />
    </Paper>
  );
}
