import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  integrationLogDetailSchema,
  integrationLogPageSchema,
  integrationStatsSchema,
  outgoingPageSchema,
  outgoingRetrySchema,
  rejectedRecordPageSchema,
  reprocessResultSchema,
  resyncResultSchema,
  type ErpEntity,
  type IntegrationLogDetail,
  type IntegrationStats,
  type OutgoingRetry,
  type ReprocessResult,
  type ResyncResult,
} from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

type Query = Record<string, string | number | undefined>;

/** Filters of the log list (URL and `GET log-integracao` query names; dates ISO `YYYY-MM-DD`). */
export const LOG_FILTER_KEYS = ['tipo', 'status', 'requisicao', 'resposta', 'entidade', 'dataInicio', 'dataFim'] as const;
/** Filters of the outgoing queue (URL and `GET fila-integracao` query names). */
export const QUEUE_FILTER_KEYS = ['status', 'tipo', 'term'] as const;
/** Filters of the reprocessing list (URL and `GET reprocessamento/registros` query names). */
export const REPROCESSING_FILTER_KEYS = ['entidade', 'status', 'term'] as const;

/** `GET log-integracao`: one page of the log (key `['integration-log', query]`). */
export function useIntegrationLogs(query: Query) {
  return useQuery({
    queryKey: ['integration-log', query],
    queryFn: async ({ signal }) => integrationLogPageSchema.parse(await api.get<unknown>('log-integracao', { query, signal, area: 'integration-log' })),
    placeholderData: keepPreviousData,
  });
}

/** `GET log-integracao/{id}`: one exchange with its bodies (disabled while `id` is null). */
export function useIntegrationLog(id: number | null) {
  return useQuery<IntegrationLogDetail>({
    queryKey: ['integration-log', 'detail', id],
    queryFn: async ({ signal }) => integrationLogDetailSchema.parse(await api.get<unknown>(`log-integracao/${id}`, { signal, area: false })),
    enabled: id !== null,
  });
}

/** `GET estatistica-integracao`, refreshed every 60 s like the top-bar indicator. */
export function useIntegrationStats() {
  return useQuery<IntegrationStats>({
    queryKey: ['integration-stats'],
    queryFn: async ({ signal }) => integrationStatsSchema.parse(await api.get<unknown>('estatistica-integracao', { signal, area: 'integration-stats' })),
    refetchInterval: 60_000,
  });
}

/** `GET fila-integracao`: one page of the outgoing queue, refreshed every 30 s (the sender moves items). */
export function useOutgoing(query: Query) {
  return useQuery({
    queryKey: ['integration-queue', query],
    queryFn: async ({ signal }) => outgoingPageSchema.parse(await api.get<unknown>('fila-integracao', { query, signal, area: 'integration-queue' })),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** `POST fila-integracao/{id}/reenviar` (id) or `POST fila-integracao/reenviar-erros` (null); refreshes the queue. */
export function useRetryOutgoing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number | null): Promise<OutgoingRetry> =>
      outgoingRetrySchema.parse(await api.post<unknown>(id === null ? 'fila-integracao/reenviar-erros' : `fila-integracao/${id}/reenviar`, {})),
    onSuccess: () => client.invalidateQueries({ queryKey: ['integration-queue'] }),
  });
}

/** `GET reprocessamento/registros`: one page of rejected records. */
export function useRejectedRecords(query: Query) {
  return useQuery({
    queryKey: ['integration-rejected', query],
    queryFn: async ({ signal }) => rejectedRecordPageSchema.parse(await api.get<unknown>('reprocessamento/registros', { query, signal, area: 'integration-rejected' })),
    placeholderData: keepPreviousData,
  });
}

/** `POST reprocessamento/registros {ids}` or `{todos: true}` (ids null); refreshes the list. */
export function useReprocess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[] | null): Promise<ReprocessResult> =>
      reprocessResultSchema.parse(await api.post<unknown>('reprocessamento/registros', ids === null ? { todos: true } : { ids })),
    onSettled: () => client.invalidateQueries({ queryKey: ['integration-rejected'] }),
  });
}

/** `POST reprocessamento/ressincronizar {entidade, desde}` (desde `YYYY-MM-DD`). */
export function useResync() {
  return useMutation({
    mutationFn: async (body: { entidade: ErpEntity; desde: string }): Promise<ResyncResult> =>
      resyncResultSchema.parse(await api.post<unknown>('reprocessamento/ressincronizar', body, { fieldLabels: { entidade: 'Tipo de registro', desde: 'A partir de' } })),
  });
}
