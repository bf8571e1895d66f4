import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  activeStateSchema,
  messageResponseSchema,
  registerPageSchema,
  registerRecordSchema,
  type ActiveState,
  type PagedList,
  type RegisterDefinition,
  type RegisterRecord,
  type RegisterRequest,
} from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** Filters of every register list (URL and API query names). */
export const REGISTER_FILTER_KEYS = ['term', 'status'] as const;

/** Field labels of a form, so an error toast reads 'Nome: …' (wire name → label). */
export type FieldLabels = Readonly<Record<string, string>>;

/** Query key root of one register's lists (`['registers', apiPath, …]`). */
export const registerQueryKey = (def: RegisterDefinition) => ['registers', def.apiPath] as const;

/**
 * `GET <apiPath>?page&pageSize&sorter&term&status`: one page of a register.
 * @throws ApiError on failure (after the error toast)
 */
export async function getRegisterPage(def: RegisterDefinition, query: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<PagedList<RegisterRecord>> {
  return registerPageSchema.parse(await api.get<unknown>(def.apiPath, { query, signal, area: `register-${def.apiPath}` }));
}

/** Query options of a register page (the previous page stays while the next loads). */
export function registerPageQueryOptions(def: RegisterDefinition, query: Record<string, string | number | undefined>) {
  return queryOptions({ queryKey: [...registerQueryKey(def), query], queryFn: ({ signal }) => getRegisterPage(def, query, signal), placeholderData: keepPreviousData });
}

/** One page of a register. */
export function useRegisterPage(def: RegisterDefinition, query: Record<string, string | number | undefined>) {
  return useQuery(registerPageQueryOptions(def, query));
}

/**
 * `POST <apiPath>` (no `id`) or `PUT <apiPath>/{id}`.
 * @returns the record as stored
 * @throws ApiError (400/409 with field messages, after the error toast)
 */
export async function saveRegister(def: RegisterDefinition, values: RegisterRequest, id: number | undefined, fieldLabels?: FieldLabels): Promise<RegisterRecord> {
  const answer = id === undefined ? await api.post<unknown>(def.apiPath, values, { fieldLabels }) : await api.put<unknown>(`${def.apiPath}/${id}`, values, { fieldLabels });
  return registerRecordSchema.parse(answer);
}

/** `PUT <apiPath>/inativa/{id}`: toggles `ativo`; answers the new state. */
export async function toggleRegister(def: RegisterDefinition, id: number): Promise<ActiveState> {
  return activeStateSchema.parse(await api.put<unknown>(`${def.apiPath}/inativa/${id}`));
}

/** `DELETE <apiPath>/{id}` (409 while products use it). */
export async function deleteRegister(def: RegisterDefinition, id: number): Promise<string> {
  return messageResponseSchema.parse(await api.delete<unknown>(`${def.apiPath}/${id}`)).message;
}

/** Invalidates the register's lists after a change. */
function useInvalidate(def: RegisterDefinition) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: registerQueryKey(def) });
}

/** Mutation of `saveRegister`; refreshes the lists on success. */
export function useSaveRegister(def: RegisterDefinition, fieldLabels?: FieldLabels) {
  const invalidate = useInvalidate(def);
  return useMutation({ mutationFn: ({ values, id }: { values: RegisterRequest; id?: number }) => saveRegister(def, values, id, fieldLabels), onSuccess: invalidate });
}

/** Mutation of `toggleRegister`; refreshes the lists on success. */
export function useToggleRegister(def: RegisterDefinition) {
  const invalidate = useInvalidate(def);
  return useMutation({ mutationFn: (id: number) => toggleRegister(def, id), onSuccess: invalidate });
}

/** Mutation of `deleteRegister`; refreshes the lists on success. */
export function useDeleteRegister(def: RegisterDefinition) {
  const invalidate = useInvalidate(def);
  return useMutation({ mutationFn: (id: number) => deleteRegister(def, id), onSuccess: invalidate });
}
