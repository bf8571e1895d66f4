import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { companyPageSchema, type Company, type PagedList } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** Filters of the companies list (URL and `GET system/company` query names). */
export const COMPANY_FILTER_KEYS = ['term', 'status'] as const;

/** Loading-tracker area of the list (the grid shows its own progress bar). */
export const COMPANIES_AREA = 'companies-list';

/**
 * `GET system/company?page&pageSize&sorter&term&status`: one page of companies.
 * @throws ApiError on failure (after the error toast)
 */
export async function getCompanies(query: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<PagedList<Company>> {
  return companyPageSchema.parse(await api.get<unknown>('system/company', { query, signal, area: COMPANIES_AREA }));
}

/** Query options of `getCompanies` (key `['companies', query]`; the previous page stays while the next loads). */
export function companiesQueryOptions(query: Record<string, string | number | undefined>) {
  return queryOptions({ queryKey: ['companies', query], queryFn: ({ signal }) => getCompanies(query, signal), placeholderData: keepPreviousData });
}

/** One page of companies. */
export function useCompanies(query: Record<string, string | number | undefined>) {
  return useQuery(companiesQueryOptions(query));
}
