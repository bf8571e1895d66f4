import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activeStateSchema, messageResponseSchema, publisherPageSchema, publisherSchema, type ActiveState, type PagedList, type Publisher, type PublisherRequest } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** Filters of the publishers list (URL and `GET editora` query names). */
export const PUBLISHER_FILTER_KEYS = ['term', 'status'] as const;

/** Field labels of the form, so an error toast reads 'CNPJ: …'. */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * `GET editora?page&pageSize&sorter&term&status`: one page of publishers with their imprints.
 * @throws ApiError on failure (after the error toast)
 */
export async function getPublishers(query: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<PagedList<Publisher>> {
  return publisherPageSchema.parse(await api.get<unknown>('editora', { query, signal, area: 'publishers-list' }));
}

/** Query options of `getPublishers` (key `['publishers', query]`). */
export function publishersQueryOptions(query: Record<string, string | number | undefined>) {
  return queryOptions({ queryKey: ['publishers', query], queryFn: ({ signal }) => getPublishers(query, signal), placeholderData: keepPreviousData });
}

/** One page of publishers. */
export function usePublishers(query: Record<string, string | number | undefined>) {
  return useQuery(publishersQueryOptions(query));
}

/**
 * `POST editora` (no `id`) or `PUT editora/{id}` (the imprint list replaces the current one).
 * @throws ApiError (400/409 with field messages, after the error toast)
 */
export async function savePublisher(values: PublisherRequest, id: number | undefined, fieldLabels?: FieldLabels): Promise<Publisher> {
  const answer = id === undefined ? await api.post<unknown>('editora', values, { fieldLabels }) : await api.put<unknown>(`editora/${id}`, values, { fieldLabels });
  return publisherSchema.parse(answer);
}

/** `PUT editora/inativa/{id}`: toggles `ativo`; answers the new state. */
export async function togglePublisher(id: number): Promise<ActiveState> {
  return activeStateSchema.parse(await api.put<unknown>(`editora/inativa/${id}`));
}

/** `DELETE editora/{id}` (409 while products use it). */
export async function deletePublisher(id: number): Promise<string> {
  return messageResponseSchema.parse(await api.delete<unknown>(`editora/${id}`)).message;
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['publishers'] });
}

/** Mutation of `savePublisher`; refreshes the lists on success. */
export function useSavePublisher(fieldLabels?: FieldLabels) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: ({ values, id }: { values: PublisherRequest; id?: number }) => savePublisher(values, id, fieldLabels), onSuccess: invalidate });
}

/** Mutation of `togglePublisher`; refreshes the lists on success. */
export function useTogglePublisher() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: togglePublisher, onSuccess: invalidate });
}

/** Mutation of `deletePublisher`; refreshes the lists on success. */
export function useDeletePublisher() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deletePublisher, onSuccess: invalidate });
}
