import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { terminalPageSchema, type TerminalPage } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** Loading-tracker area of the search: not the global overlay, which would flash on every key. */
export const TERMINAL_SEARCH_AREA = 'terminal-search';

/** What `GET produto/terminal` is asked (only defined values are sent). */
export interface TerminalSearchParams {
  q?: string;
  page: number;
  pageSize: number;
  idAssunto?: string;
  idEditora?: string;
  situacao?: string;
  comEstoque?: 'true';
  fraseExata?: 'true';
}

/**
 * `GET produto/terminal?q&page&pageSize&idAssunto&idEditora&situacao&comEstoque&fraseExata`.
 * @throws ApiError on failure (after the error toast)
 */
export async function searchTerminal(params: TerminalSearchParams, signal?: AbortSignal): Promise<TerminalPage> {
  return terminalPageSchema.parse(await api.get<unknown>('produto/terminal', { query: { ...params }, signal, area: TERMINAL_SEARCH_AREA }));
}

/**
 * Query options of one search, keyed by everything asked: while the user types, each new text is a
 * new key, so an older answer arriving late is kept under its own key and never shown for the new
 * text (TanStack Query also aborts the superseded request through `signal`). The previous results
 * stay on screen until the new ones arrive (`keepPreviousData`). Without a text and a filter the
 * search is not sent (the empty state shows).
 */
export function terminalSearchQueryOptions(params: TerminalSearchParams) {
  const active = Boolean(params.q?.trim() || params.idAssunto || params.idEditora || params.situacao || params.comEstoque || params.fraseExata);
  return queryOptions({
    queryKey: ['terminal', 'search', params],
    queryFn: ({ signal }) => searchTerminal(params, signal),
    placeholderData: keepPreviousData,
    enabled: active,
    staleTime: 30_000,
  });
}

/** One page of Terminal results for `params` (disabled, no data, while nothing is asked). */
export function useTerminalSearch(params: TerminalSearchParams) {
  return useQuery(terminalSearchQueryOptions(params));
}
