import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { READ_SIDE_POLL_MS, formatDateTime, readSideStatusSchema, type ReadSideStatus } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { api } from '../api/api-client.ts';

/** `GET relatorio/atualizacao`: a background call (no overlay, no toast). */
export async function getReadSideStatus(signal?: AbortSignal): Promise<ReadSideStatus> {
  return readSideStatusSchema.parse(await api.get<unknown>('relatorio/atualizacao', { signal, area: false, toastErrors: false }));
}

/**
 * "Dados até DD/MM/YYYY HH:mm" above a report (issue 17, Part 5): shown only while the server's
 * `DATABASE_READ_URL` standby is behind its primary, so figures may miss the latest sales. Asks on
 * mount and every READ_SIDE_POLL_MS (60 s); renders nothing when the data is current or the call fails.
 */
export function StaleDataNotice() {
  const { t } = useTranslation();
  const status = useQuery({ queryKey: ['relatorio', 'atualizacao'], queryFn: ({ signal }) => getReadSideStatus(signal), refetchInterval: READ_SIDE_POLL_MS });
  const since = status.data?.dadosAte;
  if (!since) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mb: 2 }}>
      {t('readSide.staleData', { quando: formatDateTime(since) })}
    </Alert>
  );
}
