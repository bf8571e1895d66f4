import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useTranslation } from 'react-i18next';
import type { Schedule } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { useScheduleRuns } from '../api/get-schedules.ts';
import { formatDuration, formatScheduleTime } from '../schedule-format.ts';
import { RunStatusChip } from './run-status-chip.tsx';

/** Props of `ScheduleRunsDialog`. */
export interface ScheduleRunsDialogProps {
  /** The task whose runs are shown; null = closed. */
  schedule: Schedule | null;
  /** "Executar agora" for this task (the page's mutation, with its toast). */
  onRunNow: (schedule: Schedule) => void;
  running: boolean;
  onClose: () => void;
}

/**
 * Run history of a task (`GET agendamento/{id}/execucoes`: the last 50, newest first): outcome
 * chip, due time, start (DD/MM/YYYY HH:mm, Brasília time), duration, origin (who asked, for a
 * manual run) and the message. Polls every 2 s while a run is queued or running, so a run asked
 * for with "Executar agora" appears and then shows its outcome. Full screen on phones.
 */
export function ScheduleRunsDialog({ schedule, onRunNow, running, onClose }: ScheduleRunsDialogProps) {
  const { t, i18n } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const runs = useScheduleRuns(schedule?.id ?? null);
  return (
    <Dialog open={schedule !== null} onClose={onClose} fullScreen={mobile} maxWidth="md" fullWidth aria-labelledby="schedule-runs-title">
      <DialogTitle id="schedule-runs-title">{t('schedules.runs.title', { nome: schedule?.nome ?? '' })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('schedules.runs.subtitle')}
        </Typography>
        {runs.isFetching && <LinearProgress aria-label={t('schedules.history')} sx={{ mb: 1 }} />}
        {runs.data && runs.data.length === 0 && <Typography sx={{ py: 2 }}>{t('schedules.runs.empty')}</Typography>}
        <List dense aria-label={t('schedules.history')} sx={{ p: 0 }}>
          {runs.data?.map((run) => (
            <ListItem key={run.id} divider sx={{ display: 'block', px: 0 }} data-testid="schedule-run">
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <RunStatusChip status={run.status} />
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {formatScheduleTime(run.inicio ?? run.agendadoPara)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`schedules.origin.${run.origem}`)}
                  {run.solicitadoPor ? ` ${t('schedules.runs.por', { nome: run.solicitadoPor })}` : ''}
                  {run.duracaoMs !== null ? ` · ${formatDuration(run.duracaoMs, i18n.language)}` : ''}
                </Typography>
              </Box>
              {run.mensagem && (
                <Typography variant="body2" color={run.status === 'ERRO' ? 'error' : 'text.primary'} sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  {run.mensagem}
                </Typography>
              )}
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<PlayArrowIcon />} disabled={!schedule || running} onClick={() => schedule && onRunNow(schedule)}>
          {t('schedules.runNow')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('schedules.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
