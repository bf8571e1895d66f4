import { queryOptions, useQuery } from '@tanstack/react-query';
import { goalYearResponseSchema, type GoalYear } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** Query key of one year of goals. */
export function goalsQueryKey(ano: number) {
  return ['goals', ano] as const;
}

/**
 * `GET meta?ano=`: the companies whose goals the user may edit and their goals of `ano`, in cents.
 * @throws ApiError on failure (after the error toast)
 */
export async function getGoals(ano: number, signal?: AbortSignal): Promise<GoalYear> {
  return goalYearResponseSchema.parse(await api.get<unknown>('meta', { query: { ano }, signal }));
}

/** Query options of `getGoals` (key `['goals', ano]`). */
export function goalsQueryOptions(ano: number) {
  return queryOptions({ queryKey: goalsQueryKey(ano), queryFn: ({ signal }) => getGoals(ano, signal) });
}

/** One year of goals. */
export function useGoals(ano: number) {
  return useQuery(goalsQueryOptions(ano));
}
