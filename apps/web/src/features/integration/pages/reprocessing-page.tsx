import { useMemo, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import ReplayIcon from '@mui/icons-material/Replay';
import SyncIcon from '@mui/icons-material/Sync';
import type { GridColDef } from '@mui/x-data-grid';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateLocalization } from '../../../shared/date-picker/date-localization.tsx';
import { useTranslation } from 'react-i18next';
import { ERP_ENTITIES, REJECTED_RECORD_SORT_FIELDS, REJECTED_RECORD_STATUSES, type ErpEntity, type RejectedRecord } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { ConfirmDialog } from '../../../shared/confirm/confirm-dialog.tsx';
import { DATE_FORMAT, formatDateTime } from '../../../shared/format/format.ts';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { toast } from '../../../shared/toast/toast.tsx';
import { ListFilters } from '../../../shared/forms/list-filters.tsx';
import { PageHeader } from '../../../shared/page-header/page-header.tsx';
import { REPROCESSING_FILTER_KEYS, useRejectedRecords, useReprocess, useResync } from '../api/integration-api.ts';
import { BodyView } from '../components/body-view.tsx';
import { StatusChip } from '../components/status-chip.tsx';

const DEFAULT_SORT: SortState = { field: 'dataAlteracao', direction: 'desc' };
const MOBILE_HIDDEN: readonly string[] = ['entidade', 'tentativas', 'dataAlteracao'];

/** "Ressincronizar a partir de": an entity type and a day (DD/MM/YYYY), then POST reprocessamento/ressincronizar. */
function ResyncPanel() {
  const { t } = useTranslation();
  const resync = useResync();
  const [entidade, setEntidade] = useState<ErpEntity | ''>('');
  const [desde, setDesde] = useState<Dayjs | null>(null);
  const valid = entidade !== '' && desde !== null && desde.isValid();
  const submit = async () => {
    if (!valid) return;
    const day = desde.format('YYYY-MM-DD');
    const done = await resync.mutateAsync({ entidade, desde: day }).catch(() => null);
    if (done) toast.success(t('integration.reprocessing.resyncQueued', { entidade: t(`integration.entities.${entidade}`), desde: desde.format(DATE_FORMAT) }));
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="resync-title" sx={{ p: 2, mb: 2 }}>
      <Typography id="resync-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('integration.reprocessing.resyncTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('integration.reprocessing.resyncHelp')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' }, alignItems: 'center', maxWidth: 760 }}>
        <TextField id="resync-entidade" select label={t('integration.reprocessing.fields.entidade')} value={entidade} onChange={(e) => setEntidade(e.target.value as ErpEntity)} fullWidth slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
          <MenuItem value="" disabled>
            —
          </MenuItem>
          {ERP_ENTITIES.map((entity) => (
            <MenuItem key={entity} value={entity}>
              {t(`integration.entities.${entity}`)}
            </MenuItem>
          ))}
        </TextField>
        <DatePicker label={t('integration.reprocessing.fields.desde')} format={DATE_FORMAT} value={desde} onChange={setDesde} maxDate={dayjs()} slotProps={{ textField: { id: 'resync-desde', fullWidth: true } }} />
        <Button variant="contained" startIcon={<SyncIcon />} disabled={!valid || resync.isPending} onClick={() => void submit()}>
          {t('integration.reprocessing.resync')}
        </Button>
      </Box>
    </Paper>
  );
}

/**
 * Reprocessing (`/system/reprocessing`, VISUALIZAR_FILA_INTEGRACAO): the records the sync could
 * not store (`GET reprocessamento/registros`, filters in the URL: entity type, status, search by
 * ERP id or reason), each with its reason; a row opens the raw JSON. "Reprocessar selecionados"
 * (check boxes on pending rows) or "Reprocessar todos os pendentes" (after a confirmation) call
 * `POST reprocessamento/registros`. Above, "Ressincronizar a partir de" an entity type and a day.
 */
export function ReprocessingPage() {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const list = useListParams({ filterKeys: REPROCESSING_FILTER_KEYS, defaultSort: DEFAULT_SORT, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields: REJECTED_RECORD_SORT_FIELDS });
  const records = useRejectedRecords(list.query);
  const reprocess = useReprocess();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirmAll, setConfirmAll] = useState(false);
  const [details, setDetails] = useState<RejectedRecord | null>(null);

  const run = async (ids: number[] | null) => {
    const done = await reprocess.mutateAsync(ids).catch(() => null);
    setConfirmAll(false);
    if (!done) return;
    setSelected(new Set());
    toast.success(t('integration.reprocessing.reprocessed', done));
  };

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns = useMemo<GridColDef<RejectedRecord>[]>(
    () => [
      {
        field: 'selecionar',
        headerName: '',
        sortable: false,
        width: 56,
        renderCell: ({ row }) =>
          row.status === 'PENDENTE' ? (
            <Checkbox
              size="small"
              checked={selected.has(row.id)}
              onClick={(e) => e.stopPropagation()}
              onKeyDown={(e) => e.stopPropagation()}
              onChange={() => toggle(row.id)}
              slotProps={{ input: { 'aria-label': t('integration.reprocessing.selectLabel', { idErp: row.idErp }) } }}
            />
          ) : null,
      },
      { field: 'entidade', headerName: t('integration.reprocessing.fields.entidade'), width: 170, valueFormatter: (value: ErpEntity) => t(`integration.entities.${value}`) },
      {
        field: 'idErp',
        headerName: t('integration.reprocessing.fields.idErp'),
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {row.idErp}
              {mobile ? ` · ${t(`integration.entities.${row.entidade}`)}` : ''}
            </Typography>
            <Typography variant="caption" color="error.main" component="div" sx={{ whiteSpace: 'normal', wordBreak: 'break-word' }}>
              {row.erro}
            </Typography>
          </Box>
        ),
      },
      { field: 'status', headerName: t('integration.reprocessing.fields.status'), width: 130, renderCell: ({ row }) => <StatusChip status={row.status} /> },
      { field: 'tentativas', headerName: t('integration.reprocessing.fields.tentativas'), width: 96 },
      { field: 'dataAlteracao', headerName: t('integration.reprocessing.fields.dataAlteracao'), width: 150, valueFormatter: (value: string) => formatDateTime(value) },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, mobile, selected],
  );

  return (
    <DateLocalization>
      <Box>
        <PageHeader
          title={t('integration.reprocessing.title')}
          subtitle={t('integration.reprocessing.subtitle')}
          actions={
            <>
              <Button variant="outlined" startIcon={<ReplayIcon />} disabled={selected.size === 0 || reprocess.isPending} onClick={() => void run([...selected])}>
                {t('integration.reprocessing.reprocessSelected', { count: selected.size })}
              </Button>
              <Button variant="contained" startIcon={<ReplayIcon />} disabled={reprocess.isPending} onClick={() => setConfirmAll(true)}>
                {t('integration.reprocessing.reprocessAll')}
              </Button>
            </>
          }
        />
        <ResyncPanel />
        <ListFilters
          idPrefix="reprocessing"
          textsKey="integration.filters"
          value={list.filters}
          termLabel={t('integration.reprocessing.fields.term')}
          selects={[
            { key: 'entidade', label: t('integration.reprocessing.fields.entidade'), options: ERP_ENTITIES.map((e) => ({ value: e, label: t(`integration.entities.${e}`) })) },
            { key: 'status', label: t('integration.reprocessing.fields.status'), options: REJECTED_RECORD_STATUSES.map((s) => ({ value: s, label: t(`integration.status.${s}`) })) },
          ]}
          onApply={(filters) => list.setFilters(filters)}
          onClear={list.reset}
        />
        <DataTable<RejectedRecord>
          ariaLabel={t('integration.reprocessing.title')}
          rows={records.data?.itens ?? []}
          rowCount={records.data?.totalItens}
          columns={columns}
          loading={records.isFetching}
          error={records.isError}
          onRetry={() => void records.refetch()}
          list={list}
          onRowClick={(row) => setDetails(row)}
          hiddenFields={mobile ? MOBILE_HIDDEN : []}
        />
        <ConfirmDialog
          open={confirmAll}
          title={t('integration.reprocessing.reprocessAllTitle')}
          message={t('integration.reprocessing.reprocessAllMessage')}
          confirmLabel={t('integration.reprocessing.reprocessAll')}
          confirmColor="primary"
          busy={reprocess.isPending}
          onConfirm={() => void run(null)}
          onClose={() => setConfirmAll(false)}
        />
        <Dialog open={details !== null} onClose={() => setDetails(null)} fullWidth maxWidth="md" fullScreen={mobile} aria-labelledby="rejected-detail-title">
          <DialogTitle id="rejected-detail-title">{t('integration.reprocessing.details', { idErp: details?.idErp ?? '' })}</DialogTitle>
          <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
            {details && (
              <>
                <Typography variant="body2" color="error.main">
                  {details.erro}
                </Typography>
                <BodyView id="rejected-detail-raw" title={t('integration.reprocessing.raw')} body={JSON.stringify(details.conteudo)} />
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDetails(null)}>{t('integration.close')}</Button>
          </DialogActions>
        </Dialog>
      </Box>
    </DateLocalization>
  );
}
