import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import HistoryIcon from '@mui/icons-material/History';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_SORT_FIELDS, type Schedule } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { ConfirmDialog } from '../../../shared/confirm/confirm-dialog.tsx';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { ListFilters, activeStatusFilter } from '../../../shared/forms/list-filters.tsx';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { PageHeader } from '../../../shared/page-header/page-header.tsx';
import { ActiveSwitch, RowActions } from '../../../shared/register/register-cells.tsx';
import { useRegisterActions } from '../../../shared/register/use-register-actions.ts';
import { toast } from '../../../shared/toast/toast.tsx';
import { SCHEDULE_FILTER_KEYS, useSchedules, useTaskKinds } from '../api/get-schedules.ts';
import { useDeleteSchedule, useRunSchedule, useToggleSchedule } from '../api/save-schedule.ts';
import { ScheduleFormDialog } from '../components/schedule-form-dialog.tsx';
import { ScheduleRunsDialog } from '../components/schedule-runs-dialog.tsx';
import { RunStatusChip } from '../components/run-status-chip.tsx';
import { formatDuration, formatScheduleTime, periodDescription, taskKindLabel } from '../schedule-format.ts';

const DEFAULT_SORT: SortState = { field: 'nome', direction: 'asc' };
/** Columns hidden on phones: period, next and last run (with its outcome) show under the name instead. */
const MOBILE_HIDDEN: readonly string[] = ['tipo', 'periodo', 'intervaloRepeticao', 'proximaExecucao', 'ultimaExecucao'];

/**
 * Scheduled tasks (`/system/schedule`, ROLE_VISUALIZAR_AGENDAMENTO): search, status and kind in the
 * URL; a server-paged grid sortable by every column (name, kind, period with its pt-BR description,
 * repetition, next run, last run with its outcome chip and duration, active switch); create/edit in
 * `ScheduleFormDialog` (row click or Enter); per row "Executar agora" (queues a run, then opens the
 * run history, which shows it arrive and finish), the run history (last 50) and delete after the
 * SPEC 8 confirmation ('Agendamento excluído com sucesso!'). Times are DD/MM/YYYY HH:mm, Brasília time.
 */
export function SchedulePage() {
  const { t, i18n } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const list = useListParams({ filterKeys: SCHEDULE_FILTER_KEYS, defaultSort: DEFAULT_SORT, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields: SCHEDULE_SORT_FIELDS });
  const schedules = useSchedules(list.query);
  const kinds = useTaskKinds();
  const actions = useRegisterActions<Schedule>({ keyPrefix: 'schedules', remove: useDeleteSchedule(), toggle: useToggleSchedule() });
  const run = useRunSchedule();
  const [history, setHistory] = useState<Schedule | null>(null);
  const queryClient = useQueryClient();

  const onRunNow = async (schedule: Schedule) => {
    const queued = await run.mutateAsync(schedule.id).catch(() => null);
    if (!queued) return;
    toast.success(t('schedules.queued', { nome: schedule.nome }));
    setHistory(schedule);
  };

  const columns = useMemo<GridColDef<Schedule>[]>(
    () => [
      {
        field: 'nome',
        headerName: t('schedules.fields.nome'),
        flex: 1.3,
        minWidth: mobile ? 140 : 170,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'normal' }}>
              {row.nome}
            </Typography>
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.25 }}>
              {row.sistema && <Chip size="small" label={t('schedules.systemTask')} sx={{ height: 20 }} />}
              {row.idEmpresa !== null && <Chip size="small" label={t('schedules.companyTask')} sx={{ height: 20 }} />}
            </Box>
            {mobile && (
              <>
                <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal' }}>
                  {periodDescription(row.periodo, row.descricaoPeriodo, i18n.language)}
                  {row.proximaExecucao ? ` · ${t('schedules.fields.proximaExecucao')}: ${formatScheduleTime(row.proximaExecucao)}` : ''}
                </Typography>
                {row.ultimoResultado && (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mt: 0.25 }}>
                    <RunStatusChip status={row.ultimoResultado} title={row.ultimaMensagem} />
                    <Typography variant="caption" color="text.secondary">
                      {formatScheduleTime(row.ultimaExecucao)} · {formatDuration(row.ultimaDuracaoMs, i18n.language)}
                    </Typography>
                  </Box>
                )}
              </>
            )}
          </Box>
        ),
      },
      { field: 'tipo', headerName: t('schedules.fields.tipo'), flex: 1, minWidth: 140, renderCell: ({ row }) => <Typography variant="body2" sx={{ whiteSpace: 'normal' }}>{taskKindLabel(t, row.tipo, row.descricaoTipo)}</Typography> },
      {
        field: 'periodo',
        headerName: t('schedules.fields.periodo'),
        flex: 1,
        minWidth: 140,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
              {row.periodo}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal' }}>
              {periodDescription(row.periodo, row.descricaoPeriodo, i18n.language)}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'intervaloRepeticao',
        headerName: t('schedules.columns.repeticao'),
        width: 96,
        valueFormatter: (value: number | null) => (value ? t('schedules.repeatEvery', { n: value }) : t('schedules.noRepeat')),
      },
      { field: 'proximaExecucao', headerName: t('schedules.fields.proximaExecucao'), width: 142, valueFormatter: (value: string | null) => (value ? formatScheduleTime(value) : t('schedules.noNextRun')) },
      {
        field: 'ultimaExecucao',
        headerName: t('schedules.fields.ultimaExecucao'),
        width: 170,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5 }}>
            <Typography variant="body2">{row.ultimaExecucao ? formatScheduleTime(row.ultimaExecucao) : t('schedules.never')}</Typography>
            {row.ultimoResultado && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mt: 0.25 }}>
                <RunStatusChip status={row.ultimoResultado} title={row.ultimaMensagem} />
                <Typography variant="caption" color="text.secondary">
                  {formatDuration(row.ultimaDuracaoMs, i18n.language)}
                </Typography>
              </Box>
            )}
          </Box>
        ),
      },
      {
        field: 'ativo',
        headerName: t('schedules.fields.ativo'),
        width: mobile ? 64 : 70,
        renderCell: ({ row }) => <ActiveSwitch checked={row.ativo} label={t('schedules.toggleLabel', { nome: row.nome })} disabled={actions.toggling} onToggle={() => void actions.toggleActive(row)} />,
      },
      {
        field: 'acoes',
        headerName: t('schedules.actions'),
        sortable: false,
        width: mobile ? 84 : 140,
        renderCell: ({ row }) => (
          <RowActions keyPrefix="schedules" values={{ nome: row.nome }} onEdit={() => actions.openForm(row)} onDelete={row.sistema ? undefined : () => actions.askDelete(row)} sx={{ flexWrap: 'wrap', py: 0.5 }}>
            <Tooltip title={t('schedules.runNow')}>
              <IconButton size="small" color="primary" aria-label={t('schedules.runLabel', { nome: row.nome })} disabled={run.isPending} onClick={() => void onRunNow(row)}>
                <PlayArrowIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('schedules.history')}>
              <IconButton size="small" aria-label={t('schedules.historyLabel', { nome: row.nome })} onClick={() => setHistory(row)}>
                <HistoryIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </RowActions>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, mobile, actions.toggling, run.isPending],
  );

  return (
    <Box>
      <PageHeader
        title={t('schedules.title')}
        subtitle={t('schedules.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => actions.openForm(null)}>
            {t('schedules.new')}
          </Button>
        }
      />
      <ListFilters
        idPrefix="schedules"
        textsKey="schedules.filters"
        selects={[
          activeStatusFilter(t, 'schedules.filters', 160),
          { key: 'tipo', label: t('schedules.filters.tipo'), options: (kinds.data ?? []).map((kind) => ({ value: kind.tipo, label: taskKindLabel(t, kind.tipo, kind.descricao) })), width: 260 },
        ]}
        value={list.filters}
        onApply={(filters) => list.setFilters(filters)}
        onClear={list.reset}
      />
      <DataTable<Schedule>
        ariaLabel={t('schedules.title')}
        rows={schedules.data?.itens ?? []}
        rowCount={schedules.data?.totalItens}
        columns={columns}
        loading={schedules.isFetching}
        error={schedules.isError}
        onRetry={() => void schedules.refetch()}
        list={list}
        onRowClick={(row) => actions.openForm(row)}
        hiddenFields={mobile ? MOBILE_HIDDEN : []}
      />
      <ScheduleFormDialog open={actions.formOpen} schedule={actions.editing} kinds={kinds.data ?? []} onClose={actions.closeForm} />
      <ScheduleRunsDialog schedule={history} running={run.isPending} onRunNow={(schedule) => void onRunNow(schedule)} onClose={() => {
          setHistory(null);
          // the list shows the outcome of a run watched in the dialog at once
          void queryClient.invalidateQueries({ queryKey: ['schedules'] });
        }}
      />
      <ConfirmDialog {...actions.deleteDialog} />
    </Box>
  );
}
