import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import ReplayIcon from '@mui/icons-material/Replay';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { ORDER_SORT_FIELDS, REQUIRED, hasRole, type OrderListItem, type OrderStatus } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { DateLocalization } from '../../../shared/date-picker/date-localization.tsx';
import { formatDateTime, formatMoneyFromCents } from '../../../shared/format/format.ts';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { PageHeader } from '../../../shared/page-header/page-header.tsx';
import { useSession } from '../../../shared/session/session-context.tsx';
import { toast } from '../../../shared/toast/toast.tsx';
import { ORDER_FILTER_KEYS, useOrderOptions, useOrders, useResendOrder } from '../api/orders-api.ts';
import { OrderFilters } from '../components/order-filters.tsx';

const DEFAULT_SORT: SortState = { field: 'numero', direction: 'desc' };
/** Columns hidden on phones: the date and total fold under the number; seller, items and invoice are left out. */
const MOBILE_HIDDEN: readonly string[] = ['data', 'vendedor', 'itens', 'totalCentavos', 'numeroNota'];
const STATUS_COLORS: Record<OrderStatus, 'warning' | 'success' | 'error'> = { PENDENTE: 'warning', ENVIADO: 'success', ERRO: 'error' };

/**
 * Sales orders (`/pedido/pedido-venda`, VISUALIZAR_PEDIDOS): the orders of the selected company
 * the user may see (a seller, their own), filters in the URL (client, seller, ERP status, dates),
 * a server-paged grid sortable by number, date, client, seller, total and status, refreshed every
 * 10 s so a PENDENTE order is seen reaching ENVIADO; a failed order shows the ERP's reason and a
 * "Reenviar" button (CRIAR_PEDIDOS); the invoice number appears once the ERP bills the order.
 * "Novo pedido" (CRIAR_PEDIDOS) opens the create form.
 */
export function OrderListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const canCreate = hasRole(user?.roles ?? [], REQUIRED.criarPedidos);
  const list = useListParams({ filterKeys: ORDER_FILTER_KEYS, defaultSort: DEFAULT_SORT, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields: ORDER_SORT_FIELDS });
  const orders = useOrders(list.query);
  const { sellers } = useOrderOptions();
  const resend = useResendOrder();
  const rows = orders.data?.itens ?? [];
  const filteredClient = list.filters.idCliente ? rows.find((r) => String(r.cliente.id) === list.filters.idCliente)?.cliente.nome : undefined;

  const onResend = async (row: OrderListItem) => {
    const done = await resend.mutateAsync(row.id).catch(() => null);
    if (done) toast.success(t('orders.list.resent', { numero: row.numero }));
  };

  const columns = useMemo<GridColDef<OrderListItem>[]>(
    () => [
      {
        field: 'numero',
        headerName: t('orders.list.fields.numero'),
        width: mobile ? 104 : 110,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {row.numero}
            </Typography>
            {mobile && (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.3 }}>
                {formatDateTime(row.data)}
                <br />
                {formatMoneyFromCents(row.totalCentavos, 'BRL')}
              </Typography>
            )}
          </Box>
        ),
      },
      { field: 'data', headerName: t('orders.list.fields.data'), width: 140, valueFormatter: (value: string) => formatDateTime(value) },
      {
        field: 'cliente',
        headerName: t('orders.list.fields.cliente'),
        flex: 1.6,
        minWidth: mobile ? 96 : 160,
        sortable: true,
        valueGetter: (_v: unknown, row: OrderListItem) => row.cliente.nome,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" noWrap title={row.cliente.nome}>
              {row.cliente.nome}
            </Typography>
            {row.status === 'ERRO' && row.motivoErro && (
              <Typography variant="caption" color="error.main" component="div" sx={{ whiteSpace: 'normal', wordBreak: 'break-word' }}>
                {t('orders.list.fields.motivoErro')}: {row.motivoErro.slice(0, 200)}
              </Typography>
            )}
          </Box>
        ),
      },
      { field: 'vendedor', headerName: t('orders.list.fields.vendedor'), flex: 1, minWidth: 130, valueGetter: (_v: unknown, row: OrderListItem) => row.vendedor?.nome ?? '—' },
      { field: 'itens', headerName: t('orders.list.fields.itens'), width: 80, type: 'number', sortable: false },
      { field: 'totalCentavos', headerName: t('orders.list.fields.totalCentavos'), width: 130, type: 'number', valueFormatter: (value: number) => formatMoneyFromCents(value, 'BRL') },
      {
        field: 'status',
        headerName: mobile ? t('orders.list.fields.statusShort') : t('orders.list.fields.status'),
        width: mobile ? 96 : 120,
        renderCell: ({ row }) => <Chip size="small" color={STATUS_COLORS[row.status]} label={t(`orders.status.${row.status}`)} sx={{ height: 22, fontWeight: 600 }} data-status={row.status} />,
      },
      { field: 'numeroNota', headerName: t('orders.list.fields.numeroNota'), width: 110, sortable: false, valueFormatter: (value: number | null) => (value === null ? '—' : String(value)) },
      {
        field: 'acoes',
        headerName: '',
        sortable: false,
        width: 48,
        renderCell: ({ row }) =>
          canCreate && row.status === 'ERRO' ? (
            <Tooltip title={t('orders.list.resend')}>
              <IconButton size="small" color="primary" aria-label={t('orders.list.resendLabel', { numero: row.numero })} disabled={resend.isPending} onClick={() => void onResend(row)}>
                <ReplayIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null,
      },
    ],
    // onResend is a new function each render but only calls resend.mutateAsync and t: listing it
    // would rebuild the columns (and reset the grid's column state) on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, mobile, canCreate, resend.isPending],
  );

  return (
    <Box>
      <PageHeader
        title={t('orders.list.title')}
        subtitle={t('orders.list.subtitle')}
        actions={
          canCreate ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => void navigate('/pedido/pedido-venda/cadastrar')}>
              {t('orders.list.new')}
            </Button>
          ) : undefined
        }
      />
      <DateLocalization>
        <OrderFilters value={list.filters} sellers={sellers.data ?? []} clientName={filteredClient} onApply={(filters) => list.setFilters(filters)} onClear={list.reset} />
      </DateLocalization>
      <DataTable<OrderListItem>
        ariaLabel={t('orders.list.title')}
        rows={rows}
        rowCount={orders.data?.totalItens}
        columns={columns}
        loading={orders.isFetching}
        error={orders.isError}
        onRetry={() => void orders.refetch()}
        list={list}
        hiddenFields={mobile ? MOBILE_HIDDEN : []}
      />
    </Box>
  );
}
