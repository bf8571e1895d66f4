import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ScheduleRunStatus } from '@acervo/contracts';

const TONE: Record<ScheduleRunStatus, 'success' | 'error' | 'info' | 'warning'> = { SUCESSO: 'success', AVISO: 'warning', ERRO: 'error', PENDENTE: 'warning', EM_EXECUCAO: 'info' };

/** Outcome chip of a run (Sucesso green, Sucesso com avisos amber, Erro red, Na fila amber, Executando blue); `title` shows the message on hover. */
export function RunStatusChip({ status, title }: { status: ScheduleRunStatus; title?: string | null }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={TONE[status]} label={t(`schedules.status.${status}`)} title={title ?? undefined} />;
}
