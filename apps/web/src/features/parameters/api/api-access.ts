import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiAccessPageSchema, apiAccessSchema, type ApiAccess, type ApiAccessSave, type PagedList } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** Filters of the API access list (URL and `GET parametro/acesso-api` query names). */
export const API_ACCESS_FILTER_KEYS = ['term'] as const;

/** Loading-tracker area of the list (the grid shows its own progress bar). */
export const API_ACCESS_AREA = 'api-access-list';

/**
 * `GET parametro/acesso-api?page&pageSize&sorter&term`: the selected company's API logins.
 * @throws ApiError on failure (after the error toast)
 */
export async function getApiAccess(query: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<PagedList<ApiAccess>> {
  return apiAccessPageSchema.parse(await api.get<unknown>('parametro/acesso-api', { query, signal, area: API_ACCESS_AREA }));
}

/** One page of API logins (key `['api-access', query]`). */
export function useApiAccessList(query: Record<string, string | number | undefined>) {
  return useQuery({ queryKey: ['api-access', query], queryFn: ({ signal }) => getApiAccess(query, signal), placeholderData: keepPreviousData });
}

/**
 * `POST parametro/acesso-api` (no `id`) or `PUT parametro/acesso-api/{id}`.
 * @throws ApiError (400/409 with field messages, after the error toast)
 */
export async function saveApiAccess(values: ApiAccessSave, id: number | undefined, fieldLabels?: Readonly<Record<string, string>>): Promise<ApiAccess> {
  const answer = id === undefined ? await api.post<unknown>('parametro/acesso-api', values, { fieldLabels }) : await api.put<unknown>(`parametro/acesso-api/${id}`, values, { fieldLabels });
  return apiAccessSchema.parse(answer);
}

/**
 * `DELETE parametro/acesso-api/{id}` (204).
 */
export async function deleteApiAccess(id: number): Promise<void> {
  await api.delete<unknown>(`parametro/acesso-api/${id}`);
}

/** Mutation of `saveApiAccess`; refreshes the list. */
export function useSaveApiAccess(fieldLabels?: Readonly<Record<string, string>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ values, id }: { values: ApiAccessSave; id?: number }) => saveApiAccess(values, id, fieldLabels),
    onSuccess: () => client.invalidateQueries({ queryKey: ['api-access'] }),
  });
}

/** Mutation of `deleteApiAccess`; refreshes the list. */
export function useDeleteApiAccess() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteApiAccess, onSuccess: () => client.invalidateQueries({ queryKey: ['api-access'] }) });
}
