import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userOptionsSchema, userPageSchema, type PagedList, type User, type UserOptions } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** Filters of the users list (URL and `GET usuario` query names). */
export const USER_FILTER_KEYS = ['term', 'status'] as const;

/** Loading-tracker area of the list (the grid shows its own progress bar). */
export const USERS_AREA = 'users-list';

/**
 * `GET usuario?page&pageSize&sorter&term&status`: one page of users with their links.
 * @throws ApiError on failure (after the error toast)
 */
export async function getUsers(query: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<PagedList<User>> {
  return userPageSchema.parse(await api.get<unknown>('usuario', { query, signal, area: USERS_AREA }));
}

/** One page of users (key `['users', query]`; the previous page stays while the next loads). */
export function useUsers(query: Record<string, string | number | undefined>) {
  return useQuery(queryOptions({ queryKey: ['users', query], queryFn: ({ signal }) => getUsers(query, signal), placeholderData: keepPreviousData }));
}

/** `GET usuario/opcoes`: every company and profile for the link selects of the user form. */
export async function getUserOptions(signal?: AbortSignal): Promise<UserOptions> {
  return userOptionsSchema.parse(await api.get<unknown>('usuario/opcoes', { signal, area: false }));
}

/** Companies and profiles of the user form (key `['user-options']`, refetched when the form opens). */
export function useUserOptions(enabled: boolean) {
  return useQuery({ queryKey: ['user-options'], queryFn: ({ signal }) => getUserOptions(signal), enabled });
}
