import { useMemo, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import {
  REPLACEMENT_SORT_FIELDS,
  REPLACEMENT_ITEM_SORT_FIELDS,
  type Replacement,
  type ReplacementAction,
  type ReplacementDetail,
  type ReplacementItem,
  type ReplacementStatus,
} from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { DateLocalization } from '../../../shared/date-picker/date-localization.tsx';
import { ExportButton } from '../../../shared/exports/export-button.tsx';
import { formatDate, formatDateTime, formatMoneyFromCents } from '../../../shared/format/format.ts';
import { ListFilters } from '../../../shared/forms/list-filters.tsx';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { PageHeader } from '../../../shared/page-header/page-header.tsx';
import { toast } from '../../../shared/toast/toast.tsx';
import { PRODUCT_SITUATIONS } from '../../products/index.ts';
import {
  HISTORY_FILTER_KEYS,
  ITEM_FILTER_KEYS,
  REPLACEMENT_ITEMS_ORIGIN,
  useReplacement,
  useReplacementAction,
  useReplacementItems,
  useReplacements,
  useUpdateReplacementItem,
} from '../api/replenishment-api.ts';
import { HistoryFilters } from '../components/history-filters.tsx';
import { QuantityCell } from '../components/quantity-cell.tsx';
import { ReplacementActions } from '../components/replacement-actions.tsx';

const HISTORY_SORT: SortState = { field: 'data', direction: 'desc' };
const ITEMS_SORT: SortState = { field: 'titulo', direction: 'asc' };
/** URL keys of the history: the API filters plus the picked names shown in the pickers. */
const HISTORY_URL_KEYS = [...HISTORY_FILTER_KEYS, 'editora', 'usuario'] as const;
const HISTORY_MOBILE_HIDDEN: readonly string[] = ['data', 'geradoPor', 'dataAprovacao', 'quantidadePedido', 'valorCustoCentavos'];
const ITEMS_MOBILE_HIDDEN: readonly string[] = ['isbn13', 'autores', 'editora', 'saldoDisponivel', 'valorCapaCentavos', 'valorCustoCentavos', 'metodo'];
/** Toast key of each action (SPEC 8). */
const ACTION_TOAST: Record<ReplacementAction, string> = { aprovar: 'approved', reprovar: 'disapproved', cancelar: 'cancelled' };
const STATUS_COLORS: Record<ReplacementStatus, 'info' | 'success' | 'error' | 'default'> = { GERADA: 'info', APROVADA: 'success', REPROVADA: 'error', CANCELADA: 'default' };

const brl = (cents: number | null) => (cents === null ? '—' : formatMoneyFromCents(cents, 'BRL'));
const positiveId = (text: string | null) => (text && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null);

/** A replacement status as a coloured chip. */
export function StatusChip({ status }: { status: ReplacementStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATUS_COLORS[status]} label={t(`replenishment.status.${status}`)} data-status={status} sx={{ height: 22, fontWeight: 600 }} />;
}

/** A definition list of label → value pairs, in columns on wide screens. */
function Fields({ items }: { items: [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}>
      {items.map(([label, value]) => (
        <Box key={label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * One replacement (`?reposicao=<id>`): the SPEC 3 header fields, Aprovar / Reprovar / Cancelar
 * when its status allows (SPEC 8 toasts), the audit trail of its transitions, the purchase
 * orders the approval created with their ERP status, and its items (DataTable, quantity to order
 * editable in place while GERADA), exportable to CSV/Excel through the export queue.
 */
function ReplacementDetailView({ id, onBack }: { id: number; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const detail = useReplacement(id);
  const list = useListParams({ filterKeys: ITEM_FILTER_KEYS, defaultSort: ITEMS_SORT, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields: REPLACEMENT_ITEM_SORT_FIELDS });
  const items = useReplacementItems(id, list.query);
  const action = useReplacementAction(id);
  const updateItem = useUpdateReplacementItem(id);
  const r: ReplacementDetail | undefined = detail.data;
  const editable = r?.status === 'GERADA';
  const multiple = r?.parametros.quantidadeMinimaPedido ?? 1;

  const onAction = async (kind: ReplacementAction, justificativa?: string) => {
    const done = await action.mutateAsync({ action: kind, justificativa }).then(
      () => true,
      () => false,
    );
    if (done) toast.success(t(`replenishment.toasts.${ACTION_TOAST[kind]}`));
    return done;
  };
  const onSaveQuantity = async (row: ReplacementItem, quantidadePedido: number) => {
    const ok = await updateItem.mutateAsync({ idItem: row.id, quantidadePedido }).then(
      () => true,
      () => false,
    );
    if (ok) toast.success(t('replenishment.toasts.quantityUpdated'));
    return ok;
  };

  const columns = useMemo<GridColDef<ReplacementItem>[]>(
    () => [
      { field: 'isbn13', headerName: t('replenishment.fields.isbn13'), width: 140, valueGetter: (_v: unknown, row: ReplacementItem) => row.isbn13 ?? row.sku ?? '' },
      {
        field: 'titulo',
        headerName: t('replenishment.fields.titulo'),
        flex: 1,
        minWidth: mobile ? 150 : 220,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={row.titulo}>
              {row.titulo}
            </Typography>
            {mobile && (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {row.isbn13 ?? row.sku ?? ''} · {row.editora ?? '—'}
              </Typography>
            )}
          </Box>
        ),
      },
      { field: 'autores', headerName: t('replenishment.fields.autores'), width: 160, valueFormatter: (value: string | null) => value ?? '—' },
      { field: 'editora', headerName: t('replenishment.fields.editora'), width: 150, valueFormatter: (value: string | null) => value ?? '—' },
      { field: 'saldoDisponivel', headerName: t('replenishment.fields.saldoDisponivel'), width: 96, type: 'number' },
      { field: 'quantidadeSugerida', headerName: t('replenishment.fields.quantidadeSugerida'), width: 92, type: 'number' },
      {
        field: 'quantidadePedido',
        headerName: t('replenishment.fields.quantidadePedido'),
        width: 100,
        type: 'number',
        renderCell: ({ row }) => <QuantityCell value={row.quantidadePedido} multiple={multiple} editable={editable} label={t('replenishment.results.quantityLabel', { titulo: row.titulo })} onSave={(q) => onSaveQuantity(row, q)} />,
      },
      { field: 'valorCapaCentavos', headerName: t('replenishment.fields.valorCapaCentavos'), width: 120, type: 'number', valueFormatter: (value: number | null) => brl(value) },
      { field: 'valorCustoCentavos', headerName: t('replenishment.fields.valorCustoCentavos'), width: 120, type: 'number', valueFormatter: (value: number | null) => brl(value) },
      { field: 'metodo', headerName: t('replenishment.fields.metodo'), width: 150, sortable: false, valueFormatter: (value: string) => t(`replenishment.methods.${value}`) },
    ],
    // onSaveQuantity only calls a stable mutation
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, mobile, editable, multiple],
  );

  if (detail.isError) {
    return (
      <Box>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ mb: 2 }}>
          {t('replenishment.detail.back')}
        </Button>
        <Alert severity="warning">{t('replenishment.detail.notFound')}</Alert>
      </Box>
    );
  }
  if (!r) {
    return (
      <Box aria-busy="true">
        <Skeleton height={48} />
        <Skeleton variant="rectangular" height={200} />
      </Box>
    );
  }
  const p = r.parametros;
  const situations = (p.situacoes ?? []).map((code) => {
    const s = PRODUCT_SITUATIONS.find((x) => x.code === code);
    return s ? `${s.code} – ${s.label}` : code;
  });
  const n = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toLocaleString(i18n.language));
  const header: [string, ReactNode][] = [
    [t('replenishment.detail.descricao'), r.descricao],
    [t('replenishment.detail.status'), <StatusChip key="s" status={r.status} />],
    [t('replenishment.detail.geradoPor'), r.geradoPor],
    [t('replenishment.detail.data'), formatDateTime(r.data)],
    [t('replenishment.detail.aprovadoPor'), r.aprovadoPor ?? '—'],
    [t('replenishment.detail.dataAprovacao'), r.dataAprovacao ? formatDateTime(r.dataAprovacao) : '—'],
    [t('replenishment.detail.base'), t(`replenishment.bases.${p.base ?? 'EMPRESA'}`)],
    [t('replenishment.detail.metodoPonderacao'), t(`replenishment.methods.${p.metodoPonderacao ?? 'AUTOMATICO'}`)],
    [t('replenishment.detail.dataInicio'), formatDate(p.dataInicio)],
    [t('replenishment.detail.dataFim'), formatDate(p.dataFim)],
    [t('replenishment.detail.situacoes'), situations.length ? situations.join('; ') : t('replenishment.detail.all')],
    [
      t('replenishment.detail.tipoCalculo'),
      !p.maisVendidos ? t('replenishment.detail.allTitles') : p.maisVendidos.tipo === 'TOP' ? t('replenishment.detail.maisVendidosTop', { valor: p.maisVendidos.valor }) : t('replenishment.detail.maisVendidosAbc', { valor: p.maisVendidos.valor }),
    ],
    [t('replenishment.detail.fornecedor'), p.idEditora ? (r.editora ?? `#${p.idEditora}`) : t('replenishment.detail.all')],
    [t('replenishment.detail.considerando'), p.considerarDevolucoes === false ? t('replenishment.detail.withoutReturns') : t('replenishment.detail.withReturns')],
    [t('replenishment.detail.estoqueMinimo'), n(p.estoqueMinimo)],
    [t('replenishment.detail.fatorProjecao'), n(p.periodosProjecao ?? 1)],
    [t('replenishment.detail.pedidoMinimo'), n(p.quantidadeMinimaPedido ?? 1)],
    [t('replenishment.detail.prazoEntrega'), n(p.prazoEntregaMeses ?? 1)],
    [t('replenishment.detail.nivelServico'), `${p.nivelServico ?? 90} %`],
    [t('replenishment.totals.quantidadePedido'), n(r.totais.quantidadePedido)],
    [t('replenishment.totals.valorCusto'), brl(r.totais.valorCustoCentavos)],
    [t('replenishment.totals.valorCapa'), brl(r.totais.valorCapaCentavos)],
  ];
  if (r.justificativa) header.splice(6, 0, [t('replenishment.detail.justificativa'), r.justificativa]);

  return (
    <Box sx={{ minWidth: 0 }}>
      <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ mb: 1 }}>
        {t('replenishment.detail.back')}
      </Button>
      <PageHeader
        title={t('replenishment.detail.title', { id: r.id })}
        subtitle={r.descricao}
        actions={<ReplacementActions status={r.status} busy={action.isPending} onAction={onAction} />}
      />
      <Paper variant="outlined" component="section" aria-labelledby="repl-detail-header" sx={{ p: 2, mb: 2 }}>
        <Typography id="repl-detail-header" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {t('replenishment.detail.header')}
        </Typography>
        <Fields items={header} />
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 2fr)' }, alignItems: 'start', mb: 2 }}>
        <Paper variant="outlined" component="section" aria-labelledby="repl-detail-trail" sx={{ p: 2, minWidth: 0 }}>
          <Typography id="repl-detail-trail" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            {t('replenishment.detail.transitions')}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
            {r.transicoes.map((tr, i) => (
              <Box component="li" key={i} sx={{ mb: 1 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <StatusChip status={tr.status} />
                  <Typography variant="body2">
                    {tr.usuario} · {formatDateTime(tr.data)}
                  </Typography>
                </Box>
                {tr.justificativa && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                    {t('replenishment.detail.justificativa')}: {tr.justificativa}
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="repl-detail-orders" sx={{ p: 2, minWidth: 0 }}>
          <Typography id="repl-detail-orders" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            {t('replenishment.detail.purchaseOrders')}
          </Typography>
          {r.pedidosCompra.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('replenishment.detail.noOrders')}
            </Typography>
          ) : (
            <Box sx={{ overflow: 'auto', maxHeight: 320, '& th': { whiteSpace: 'nowrap' } }} tabIndex={0} role="region" aria-labelledby="repl-detail-orders">
              <Table size="small" stickyHeader>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('replenishment.totals.supplier')}</TableCell>
                    {!mobile && <TableCell>{t('replenishment.detail.reference')}</TableCell>}
                    {!mobile && <TableCell align="right">{t('replenishment.history.fields.itens')}</TableCell>}
                    <TableCell align="right">{t('replenishment.totals.quantidadePedido')}</TableCell>
                    <TableCell>{t('replenishment.history.fields.status')}</TableCell>
                    {!mobile && <TableCell>{t('replenishment.detail.erpNumber')}</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {r.pedidosCompra.map((po) => (
                    <TableRow key={po.referencia} data-testid="purchase-order">
                      <TableCell sx={{ whiteSpace: mobile ? 'normal' : 'nowrap' }}>
                        {po.editora ?? t('replenishment.totals.noSupplier')}
                        {mobile && (
                          <Typography variant="caption" color="text.secondary" component="div">
                            {po.referencia} · {po.numeroErp ?? '—'}
                          </Typography>
                        )}
                      </TableCell>
                      {!mobile && <TableCell sx={{ whiteSpace: 'nowrap' }}>{po.referencia}</TableCell>}
                      {!mobile && <TableCell align="right">{n(po.itens)}</TableCell>}
                      <TableCell align="right">{n(po.quantidade)}</TableCell>
                      <TableCell>
                        <Chip size="small" color={po.status === 'ENVIADO' ? 'success' : po.status === 'ERRO' ? 'error' : 'warning'} label={t(`replenishment.orderStatus.${po.status}`)} data-status={po.status} sx={{ height: 22 }} />
                      </TableCell>
                      {!mobile && <TableCell>{po.numeroErp ?? '—'}</TableCell>}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Paper>
      </Box>
      <Box component="section" aria-labelledby="repl-detail-items" sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography id="repl-detail-items" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('replenishment.detail.items')}
          </Typography>
          <ExportButton origem={REPLACEMENT_ITEMS_ORIGIN} filtros={{ idReposicao: r.id, ...(list.filters.term ? { term: list.filters.term } : {}), ...(list.sorter ? { sorter: list.sorter } : {}) }} disabled={items.isError} />
        </Box>
        {editable && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('replenishment.detail.editableHint')}
          </Typography>
        )}
        <ListFilters value={list.filters} textsKey="replenishment.results.filters" termLabel={t('replenishment.detail.itemsTerm')} idPrefix="repl-items" selects={[]} onApply={(f) => list.setFilters(f)} onClear={list.reset} />
        <DataTable<ReplacementItem>
          ariaLabel={t('replenishment.detail.items')}
          rows={items.data?.itens ?? []}
          rowCount={items.data?.totalItens}
          columns={columns}
          loading={items.isFetching}
          error={items.isError}
          onRetry={() => void items.refetch()}
          list={list}
          hiddenFields={mobile ? ITEMS_MOBILE_HIDDEN : []}
        />
      </Box>
    </Box>
  );
}

/** The history list: filters in the URL, one DataTable, a row opens its detail. */
function HistoryList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const list = useListParams({ filterKeys: HISTORY_URL_KEYS, defaultSort: HISTORY_SORT, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields: REPLACEMENT_SORT_FIELDS });
  const { editora: _e, usuario: _u, ...apiQuery } = list.query;
  const replacements = useReplacements(apiQuery);
  const columns = useMemo<GridColDef<Replacement>[]>(
    () => [
      {
        field: 'id',
        headerName: t('replenishment.history.fields.id'),
        width: mobile ? 92 : 80,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {row.id}
            </Typography>
            {mobile && (
              <Typography variant="caption" color="text.secondary" component="div">
                {formatDateTime(row.data)}
              </Typography>
            )}
          </Box>
        ),
      },
      { field: 'descricao', headerName: t('replenishment.history.fields.descricao'), flex: 1, minWidth: mobile ? 130 : 200 },
      { field: 'status', headerName: t('replenishment.history.fields.status'), width: 120, renderCell: ({ row }) => <StatusChip status={row.status} /> },
      { field: 'data', headerName: t('replenishment.history.fields.data'), width: 140, valueFormatter: (value: string) => formatDateTime(value) },
      { field: 'geradoPor', headerName: t('replenishment.history.fields.geradoPor'), width: 150, sortable: false },
      { field: 'dataAprovacao', headerName: t('replenishment.history.fields.dataAprovacao'), width: 140, valueFormatter: (value: string | null) => (value ? formatDateTime(value) : '—') },
      { field: 'quantidadePedido', headerName: t('replenishment.history.fields.quantidadePedido'), width: 100, type: 'number', valueGetter: (_v: unknown, row: Replacement) => row.totais.quantidadePedido },
      { field: 'valorCustoCentavos', headerName: t('replenishment.history.fields.valorCustoCentavos'), width: 130, type: 'number', valueGetter: (_v: unknown, row: Replacement) => row.totais.valorCustoCentavos, valueFormatter: (value: number) => brl(value) },
    ],
    [t, mobile, i18n.language],
  );
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={t('replenishment.history.title')} subtitle={t('replenishment.history.subtitle')} />
      <DateLocalization>
        <HistoryFilters value={list.filters} onApply={(f) => list.setFilters(f)} onClear={list.reset} />
      </DateLocalization>
      <DataTable<Replacement>
        ariaLabel={t('replenishment.history.title')}
        rows={replacements.data?.itens ?? []}
        rowCount={replacements.data?.totalItens}
        columns={columns}
        loading={replacements.isFetching}
        error={replacements.isError}
        onRetry={() => void replacements.refetch()}
        list={list}
        onRowClick={(row) => onOpen(row.id)}
        hiddenFields={mobile ? HISTORY_MOBILE_HIDDEN : []}
      />
    </Box>
  );
}

/**
 * Replacement history (`/replacement/history`, VISUALIZAR_REPOSICAO_HISTORICO; issue 18 Part 3):
 * the list with its filters (status, dates, supplier, generated by, description) in the URL; a
 * row opens the replacement's detail at `?reposicao=<id>` (a link, a reload and Back work).
 */
export function HistoryPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const id = positiveId(searchParams.get('reposicao'));
  if (id !== null) {
    return (
      <ReplacementDetailView
        key={id}
        id={id}
        onBack={() => {
          // back to the list the user came from, or the plain list after a link or a reload
          if (window.history.state && typeof window.history.state.idx === 'number' && window.history.state.idx > 0) void navigate(-1);
          else void navigate('/replacement/history');
        }}
      />
    );
  }
  return <HistoryList onOpen={(rid) => void navigate(`/replacement/history?reposicao=${rid}`)} />;
}
