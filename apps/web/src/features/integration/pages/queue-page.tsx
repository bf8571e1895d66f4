import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import ReplayIcon from '@mui/icons-material/Replay';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { OUTGOING_KINDS, OUTGOING_SORT_FIELDS, OUTGOING_STATUSES, type OutgoingItem } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { ConfirmDialog } from '../../../shared/confirm/confirm-dialog.tsx';
import { formatDateTime } from '../../../shared/format/format.ts';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { toast } from '../../../shared/toast/toast.tsx';
import { ListFilters } from '../../../shared/forms/list-filters.tsx';
import { PageHeader } from '../../../shared/page-header/page-header.tsx';
import { QUEUE_FILTER_KEYS, useOutgoing, useRetryOutgoing } from '../api/integration-api.ts';
import { BodyView } from '../components/body-view.tsx';
import { StatusChip } from '../components/status-chip.tsx';

const DEFAULT_SORT: SortState = { field: 'id', direction: 'desc' };
const MOBILE_HIDDEN: readonly string[] = ['id', 'tipo', 'tentativas', 'dataCadastro', 'proximaTentativa'];

/**
 * Outgoing queue (`/product/fila`, VISUALIZAR_FILA_INTEGRACAO): products and orders waiting, sent
 * or failed, filters in the URL (search by reference or description, status, kind); a failed row
 * shows the ERP's answer and a "Reenviar" button; "Reenviar todos com erro" asks first. A row opens
 * its details (ERP answer and the content sent, pretty-printed).
 */
export function QueuePage() {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const list = useListParams({ filterKeys: QUEUE_FILTER_KEYS, defaultSort: DEFAULT_SORT, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields: OUTGOING_SORT_FIELDS });
  const items = useOutgoing(list.query);
  const retry = useRetryOutgoing();
  const [confirmAll, setConfirmAll] = useState(false);
  const [details, setDetails] = useState<OutgoingItem | null>(null);

  const onRetry = async (id: number | null) => {
    const done = await retry.mutateAsync(id).catch(() => null);
    setConfirmAll(false);
    if (done) toast.success(t('integration.queue.retried', { count: done.reenviados }));
  };

  const columns = useMemo<GridColDef<OutgoingItem>[]>(
    () => [
      { field: 'id', headerName: t('integration.queue.fields.id'), width: 70 },
      { field: 'tipo', headerName: t('integration.queue.fields.tipo'), width: 96, valueFormatter: (value: string) => t(`integration.kinds.${value}`) },
      {
        field: 'referencia',
        headerName: t('integration.queue.fields.referencia'),
        flex: 1.4,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {row.referencia}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal' }}>
              {row.descricao}
            </Typography>
            {row.status === 'ERRO' && row.resposta && (
              <Typography variant="caption" color="error.main" component="div" sx={{ whiteSpace: 'normal', wordBreak: 'break-word' }}>
                {t('integration.queue.fields.resposta')}: {row.resposta.slice(0, 200)}
              </Typography>
            )}
          </Box>
        ),
      },
      { field: 'status', headerName: t('integration.queue.fields.status'), width: 110, renderCell: ({ row }) => <StatusChip status={row.status} /> },
      { field: 'tentativas', headerName: t('integration.queue.fields.tentativas'), width: 96 },
      { field: 'dataCadastro', headerName: t('integration.queue.fields.dataCadastro'), width: 140, valueFormatter: (value: string) => formatDateTime(value) },
      {
        field: 'dataEnvio',
        headerName: t('integration.queue.fields.dataEnvio'),
        width: 140,
        valueFormatter: (value: string | null) => (value ? formatDateTime(value) : '—'),
      },
      {
        field: 'proximaTentativa',
        headerName: t('integration.queue.fields.proximaTentativa'),
        width: 140,
        valueGetter: (_value: unknown, row: OutgoingItem) => (row.status === 'PENDENTE' ? row.proximaTentativa : null),
        valueFormatter: (value: string | null) => (value ? formatDateTime(value) : '—'),
      },
      {
        field: 'acoes',
        headerName: '',
        sortable: false,
        width: 60,
        renderCell: ({ row }) =>
          row.status === 'ERRO' ? (
            <Box onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
              <Tooltip title={t('integration.queue.retry')}>
                <IconButton size="small" color="primary" aria-label={t('integration.queue.retryLabel', { referencia: row.referencia })} disabled={retry.isPending} onClick={() => void onRetry(row.id)}>
                  <ReplayIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          ) : null,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, retry.isPending],
  );

  return (
    <Box>
      <PageHeader
        title={t('integration.queue.title')}
        subtitle={t('integration.queue.subtitle')}
        actions={
          <Button variant="contained" startIcon={<ReplayIcon />} onClick={() => setConfirmAll(true)}>
            {t('integration.queue.retryAll')}
          </Button>
        }
      />
      <ListFilters
        idPrefix="queue"
        textsKey="integration.filters"
        value={list.filters}
        termLabel={t('integration.queue.fields.term')}
        selects={[
          { key: 'status', label: t('integration.queue.fields.status'), options: OUTGOING_STATUSES.map((s) => ({ value: s, label: t(`integration.status.${s}`) })) },
          { key: 'tipo', label: t('integration.queue.fields.tipo'), options: OUTGOING_KINDS.map((k) => ({ value: k, label: t(`integration.kinds.${k}`) })) },
        ]}
        onApply={(filters) => list.setFilters(filters)}
        onClear={list.reset}
      />
      <DataTable<OutgoingItem>
        ariaLabel={t('integration.queue.title')}
        rows={items.data?.itens ?? []}
        rowCount={items.data?.totalItens}
        columns={columns}
        loading={items.isFetching}
        error={items.isError}
        onRetry={() => void items.refetch()}
        list={list}
        onRowClick={(row) => setDetails(row)}
        hiddenFields={mobile ? MOBILE_HIDDEN : []}
      />
      <ConfirmDialog
        open={confirmAll}
        title={t('integration.queue.retryAllTitle')}
        message={t('integration.queue.retryAllMessage')}
        confirmLabel={t('integration.queue.retry')}
        confirmColor="primary"
        busy={retry.isPending}
        onConfirm={() => void onRetry(null)}
        onClose={() => setConfirmAll(false)}
      />
      <Dialog open={details !== null} onClose={() => setDetails(null)} fullWidth maxWidth="md" fullScreen={mobile} aria-labelledby="queue-detail-title">
        <DialogTitle id="queue-detail-title">{t('integration.queue.details', { referencia: details?.referencia ?? '' })}</DialogTitle>
        <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
          {details && (
            <>
              <BodyView id="queue-detail-response" title={t('integration.queue.fields.resposta')} body={details.resposta} />
              <BodyView id="queue-detail-content" title={t('integration.queue.content')} body={JSON.stringify(details.conteudo)} />
            </>
          )}
        </DialogContent>
        <DialogActions>
          {details?.status === 'ERRO' && (
            <Button
              onClick={() => {
                void onRetry(details.id);
                setDetails(null);
              }}
            >
              {t('integration.queue.retry')}
            </Button>
          )}
          <Button onClick={() => setDetails(null)}>{t('integration.close')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
