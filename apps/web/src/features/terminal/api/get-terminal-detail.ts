import { queryOptions, useQuery } from '@tanstack/react-query';
import { terminalDetailSchema, type TerminalDetail } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** Query key of one title's Terminal detail (invalidated after an opportunity is registered). */
export const terminalDetailKey = (id: number) => ['terminal', 'detail', id] as const;

/**
 * `GET produto/terminal/{id}`: identifiers, stock per company with the network total, monthly
 * sales and the open opportunities of one catalogue title.
 * @throws ApiError on failure (after the error toast; 404 for a title no longer in the catalogue)
 */
export async function getTerminalDetail(id: number, signal?: AbortSignal): Promise<TerminalDetail> {
  return terminalDetailSchema.parse(await api.get<unknown>(`produto/terminal/${id}`, { signal, area: 'terminal-detail' }));
}

/** The detail of the open title (`id` null: nothing open, no call). */
export function useTerminalDetail(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: terminalDetailKey(id ?? 0),
      queryFn: ({ signal }) => getTerminalDetail(id as number, signal),
      enabled: id !== null,
      staleTime: 30_000,
    }),
  );
}
