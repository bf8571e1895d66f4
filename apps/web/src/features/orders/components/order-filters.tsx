import { useCallback } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, REQUIRED, type OrderClient, type Seller } from '@acervo/contracts';
import { DATE_FORMAT } from '../../../shared/format/format.ts';
import { FilterButtons } from '../../../shared/forms/list-filters.tsx';
import { PagedAutocomplete, type PickerOption } from '../../../shared/forms/paged-autocomplete.tsx';
import type { ORDER_FILTER_KEYS } from '../api/orders-api.ts';
import { clientOption } from './client-option.ts';

/** The order filters as the URL holds them (ids as text, dates ISO `YYYY-MM-DD`). */
export type OrderFilterValues = Partial<Record<(typeof ORDER_FILTER_KEYS)[number], string>>;

/** Props of `OrderFilters`. */
export interface OrderFiltersProps {
  value: OrderFilterValues;
  /** The company's sellers (`GET usuario/vendedor`); the select is hidden while empty. */
  sellers: readonly Seller[];
  /** Name of the filtered client when known (from the rows shown), so a reloaded URL still reads well. */
  clientName?: string;
  onApply: (filters: OrderFilterValues) => void;
  onClear: () => void;
}

const toDay = (value: string | undefined): Dayjs | null => (value ? dayjs(value) : null);
const fromDay = (value: Dayjs | null): string | undefined => (value && value.isValid() ? value.format('YYYY-MM-DD') : undefined);
const toClientOption = (row: unknown): PickerOption | null => clientOption(row as OrderClient);

/**
 * Filter bar of the order list: client (search over `GET cliente`), seller, ERP status and a date
 * range (DD/MM/YYYY pickers; the URL and the API get `YYYY-MM-DD`). Each applies when chosen; an
 * end before the start is refused under the field.
 */
export function OrderFilters({ value, sellers, clientName, onApply, onClear }: OrderFiltersProps) {
  const { t } = useTranslation();
  const apply = useCallback((next: OrderFilterValues) => onApply(Object.fromEntries(Object.entries({ ...value, ...next }).filter(([, v]) => v))), [onApply, value]);
  const badRange = !!value.dataInicio && !!value.dataFim && value.dataFim < value.dataInicio;
  const client: PickerOption | null = value.idCliente ? { value: Number(value.idCliente), label: clientName ?? `#${value.idCliente}` } : null;

  return (
    <Paper variant="outlined" component="section" aria-label={t('orders.filters.title')} sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1fr 1fr' }, alignItems: 'start' }}>
        <PagedAutocomplete
          id="orders-filter-client"
          label={t('orders.filters.cliente')}
          path="cliente"
          role={[REQUIRED.pedidos, REQUIRED.criarPedidos]}
          toOption={toClientOption}
          value={client}
          noOptionsText={t('orders.filters.noClients')}
          onChange={(option) => apply({ idCliente: option ? String(option.value) : undefined })}
        />
        <TextField id="orders-filter-seller" select label={t('orders.filters.vendedor')} value={value.idVendedor ?? ''} onChange={(e) => apply({ idVendedor: e.target.value || undefined })} fullWidth slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
          <MenuItem value="">{t('orders.filters.all')}</MenuItem>
          {sellers.map((s) => (
            <MenuItem key={s.id} value={String(s.id)}>
              {s.nome}
            </MenuItem>
          ))}
        </TextField>
        <TextField id="orders-filter-status" select label={t('orders.filters.status')} value={value.status ?? ''} onChange={(e) => apply({ status: e.target.value || undefined })} fullWidth slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
          <MenuItem value="">{t('orders.filters.all')}</MenuItem>
          {ORDER_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`orders.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <DatePicker
          label={t('orders.filters.dataInicio')}
          format={DATE_FORMAT}
          value={toDay(value.dataInicio)}
          onAccept={(day) => apply({ dataInicio: fromDay(day) })}
          onChange={(day) => {
            if (day === null || (day.isValid() && day.year() > 1900)) apply({ dataInicio: fromDay(day) });
          }}
          slotProps={{ textField: { id: 'orders-filter-from', fullWidth: true, size: 'small' }, field: { clearable: true } }}
        />
        <DatePicker
          label={t('orders.filters.dataFim')}
          format={DATE_FORMAT}
          value={toDay(value.dataFim)}
          onAccept={(day) => apply({ dataFim: fromDay(day) })}
          onChange={(day) => {
            if (day === null || (day.isValid() && day.year() > 1900)) apply({ dataFim: fromDay(day) });
          }}
          slotProps={{ textField: { id: 'orders-filter-to', fullWidth: true, size: 'small', error: badRange, helperText: badRange ? t('orders.filters.badRange') : undefined }, field: { clearable: true } }}
        />
      </Box>
      <FilterButtons clearLabel={t('orders.filters.clear')} applyLabel={t('orders.filters.apply')} onClear={onClear} onApply={() => apply({})} sx={{ mt: 2 }} />
    </Paper>
  );
}
