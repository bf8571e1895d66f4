import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { SCHEDULE_SORT_FIELDS, type Schedule } from '@acervo/contracts';
import { CellText } from '../../../shared/data-table/cell-text.tsx';
import { activeStatusFilter } from '../../../shared/forms/list-filters.tsx';
import { CaptionLine, ListPage, actionsColumn, activeColumn, nameColumn } from '../../../shared/list-page/list-page.tsx';
import { useListColumns, useListPage } from '../../../shared/list-page/use-list-page.ts';
import type { SortState } from '../../../shared/list-params/use-list-params.ts';
import { toast } from '../../../shared/toast/toast.tsx';
import { SCHEDULE_FILTER_KEYS, useSchedules, useTaskKinds } from '../api/get-schedules.ts';
import { useDeleteSchedule, useRunSchedule, useToggleSchedule } from '../api/save-schedule.ts';
import { ScheduleFormDialog } from '../components/schedule-form-dialog.tsx';
import { ScheduleRunsDialog } from '../components/schedule-runs-dialog.tsx';
import { RunStatusChip } from '../components/run-status-chip.tsx';
import { formatDuration, formatScheduleTime, kindsMatchingTerm, periodDescription, taskKindLabel } from '../schedule-format.ts';

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
  const page = useListPage<Schedule, (typeof SCHEDULE_FILTER_KEYS)[number]>({ keyPrefix: 'schedules', filterKeys: SCHEDULE_FILTER_KEYS, defaultSort: DEFAULT_SORT, sortFields: SCHEDULE_SORT_FIELDS, remove: useDeleteSchedule(), toggle: useToggleSchedule() });
  const kinds = useTaskKinds();
  const { t, mobile, actions } = page;
  const term = page.list.query.term;
  const tiposTermo = useMemo(() => kindsMatchingTerm(t, kinds.data ?? [], typeof term === 'string' ? term : undefined), [t, kinds.data, term]);
  const schedules = useSchedules(tiposTermo ? { ...page.list.query, tiposTermo } : page.list.query);
  const { i18n } = useTranslation();
  const run = useRunSchedule();
  const [history, setHistory] = useState<Schedule | null>(null);
  const queryClient = useQueryClient();

  const onRunNow = async (schedule: Schedule) => {
    const queued = await run.mutateAsync(schedule.id).catch(() => null);
    if (!queued) return;
    toast.success(t('schedules.queued', { nome: schedule.nome }));
    setHistory(schedule);
  };

  const columns = useListColumns<Schedule>(
    page,
    () => [
      nameColumn(page, {
        flex: 1.3,
        minWidth: 170,
        mobileMinWidth: 140,
        extra: (row) => (
          <>
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.25 }}>
              {row.sistema && <Chip size="small" label={t('schedules.systemTask')} sx={{ height: 20 }} />}
              {row.idEmpresa !== null && <Chip size="small" label={t('schedules.companyTask')} sx={{ height: 20 }} />}
            </Box>
            {mobile && (
              <>
                <CaptionLine>
                  {periodDescription(row.periodo, row.descricaoPeriodo, i18n.language)}
                  {row.proximaExecucao ? ` · ${t('schedules.fields.proximaExecucao')}: ${formatScheduleTime(row.proximaExecucao)}` : ''}
                </CaptionLine>
                {row.ultimoResultado && (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.75, mt: 0.25 }}>
                    <RunStatusChip status={row.ultimoResultado} title={row.ultimaMensagem} />
                    <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                      {formatScheduleTime(row.ultimaExecucao)} · {formatDuration(row.ultimaDuracaoMs, i18n.language)}
                    </Typography>
                  </Box>
                )}
              </>
            )}
          </>
        ),
      }),
      { field: 'tipo', headerName: t('schedules.fields.tipo'), flex: 1, minWidth: 140, renderCell: ({ row }) => <CellText text={taskKindLabel(t, row.tipo, row.descricaoTipo)} lines={2} /> },
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
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.75, mt: 0.25 }}>
                <RunStatusChip status={row.ultimoResultado} title={row.ultimaMensagem} />
                <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {formatDuration(row.ultimaDuracaoMs, i18n.language)}
                </Typography>
              </Box>
            )}
          </Box>
        ),
      },
      activeColumn(page, { width: mobile ? 64 : 70 }),
      actionsColumn(page, {
        width: mobile ? 84 : 140,
        canDelete: (row) => !row.sistema,
        sx: { flexWrap: 'wrap', py: 0.5 },
        extra: (row) => (
          <>
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
          </>
        ),
      }),
    ],
    [run.isPending, i18n.language],
  );

  return (
    <ListPage<Schedule>
      state={page}
      query={schedules}
      columns={columns}
      mobileHidden={MOBILE_HIDDEN}
      filters={{
        selects: [
          activeStatusFilter(t, 'schedules.filters', 160),
          { key: 'tipo', label: t('schedules.filters.tipo'), options: (kinds.data ?? []).map((kind) => ({ value: kind.tipo, label: taskKindLabel(t, kind.tipo, kind.descricao) })), width: 260 },
        ],
      }}
      form={<ScheduleFormDialog open={actions.formOpen} schedule={actions.editing} kinds={kinds.data ?? []} onClose={actions.closeForm} />}
    >
      <ScheduleRunsDialog
        schedule={history}
        running={run.isPending}
        onRunNow={(schedule) => void onRunNow(schedule)}
        onClose={() => {
          setHistory(null);
          // the list shows the outcome of a run watched in the dialog at once
          void queryClient.invalidateQueries({ queryKey: ['schedules'] });
        }}
      />
    </ListPage>
  );
}
