import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { idNomeSchema, type IdNome } from '@acervo/contracts';
import { api } from './api-client.ts';

/**
 * `GET system/company/usuario/{userId}` (SPEC section 7): the companies the user may work for, as
 * `[{id, nome}]`. Shared by the top bar (company selector) and the home page (selected company name).
 * @throws ApiError on failure (after the error toast)
 */
export async function getUserCompanies(userId: number, signal?: AbortSignal): Promise<IdNome[]> {
  const answer = await api.get<unknown>(`system/company/usuario/${userId}`, { signal, area: false });
  return z.array(idNomeSchema).parse(answer);
}

/** Query options of `getUserCompanies` (key `['user-companies', userId]`, cached 5 minutes). */
export function userCompaniesQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['user-companies', userId],
    queryFn: ({ signal }) => getUserCompanies(userId, signal),
    staleTime: 5 * 60_000,
  });
}

/** Companies of the user. */
export function useUserCompanies(userId: number) {
  return useQuery(userCompaniesQueryOptions(userId));
}
