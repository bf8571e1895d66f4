import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bisacImportReportSchema,
  matchOptionListSchema,
  matchPageSchema,
  matchSaveResponseSchema,
  type BisacImportReport,
  type MatchItem,
  type MatchOption,
  type MatchSaveRequest,
  type MatchSaveResponse,
  type PagedList,
} from '@acervo/contracts';
import { API_BASE, api, handleSessionExpired } from '../../../shared/api/api-client.ts';
import { ApiError, errorToastMessage } from '../../../shared/api/api-error.ts';
import { DEFAULT_AREA, loadingTracker } from '../../../shared/loading/loading-tracker.ts';
import { readToken } from '../../../shared/session/session-storage.ts';
import { toast } from '../../../shared/toast/toast.tsx';

/** Filters of a matching list (URL and API query names). */
export const MATCH_FILTER_KEYS = ['term', 'pendentes'] as const;

/** Loading-tracker area of the lists (the grid shows its own progress bar). */
export const MATCH_LIST_AREA = 'matching-list';

/**
 * `GET <path>?page&pageSize&sorter&term&pendentes`: one page of ERP codes, unmatched first.
 * @throws ApiError on failure (after the error toast)
 */
export async function getMatches(path: string, query: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<PagedList<MatchItem>> {
  return matchPageSchema.parse(await api.get<unknown>(path, { query, signal, area: MATCH_LIST_AREA }));
}

/** One page of a matching table (key `['matching', path, query]`; the previous page stays while the next loads). */
export function useMatches(path: string, query: Record<string, string | number | undefined>) {
  return useQuery({ queryKey: ['matching', path, query], queryFn: ({ signal }) => getMatches(path, query, signal), placeholderData: keepPreviousData });
}

/** `GET <path>/opcoes?term`: up to 20 of Acervo's codes for the picker (no toast, no overlay). */
export async function getMatchOptions(path: string, term: string, signal?: AbortSignal): Promise<MatchOption[]> {
  return matchOptionListSchema.parse(await api.get<unknown>(`${path}/opcoes`, { query: { term }, signal, toastErrors: false, area: false }));
}

/** Picker choices for `term` (cached per term). */
export function useMatchOptions(path: string, term: string, enabled: boolean) {
  return useQuery({ queryKey: ['matching-options', path, term], queryFn: ({ signal }) => getMatchOptions(path, term, signal), enabled, staleTime: 60_000 });
}

/**
 * `PUT <path>`: saves one match and re-applies it to the catalogue; refreshes the list.
 * @throws ApiError 400 on `codigoAcervo`, 404 for an ERP code that is gone (after the error toast)
 */
export function useSaveMatch(path: string) {
  const client = useQueryClient();
  return useMutation<MatchSaveResponse, ApiError, MatchSaveRequest>({
    mutationFn: async (body) => matchSaveResponseSchema.parse(await api.put<unknown>(path, body)),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['matching', path] }),
  });
}

/**
 * `POST categoria-bisac/importacao` (multipart, file in `arquivo`): imports a BISAC heading list
 * (JSON or CSV) and answers the report. Same headers, error toast and session-expiry handling as `api`.
 * @throws ApiError 400 on `arquivo` for a bad file (after the error toast)
 */
export async function importBisac(file: File): Promise<BisacImportReport> {
  const form = new FormData();
  form.append('arquivo', file, file.name);
  const token = readToken();
  const headers: Record<string, string> = { 'Accept-Language': 'pt-BR', Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const run = async (): Promise<BisacImportReport> => {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}categoria-bisac/importacao`, { method: 'POST', headers, body: form });
    } catch {
      const failure = new ApiError(0, undefined);
      toast.error(failure.message, errorToastMessage(0, undefined).code);
      throw failure;
    }
    const text = await response.text();
    let data: unknown;
    try {
      data = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      data = undefined;
    }
    if (response.ok) return bisacImportReportSchema.parse(data);
    if (response.status === 401 || response.status === 403) {
      handleSessionExpired();
      throw new ApiError(response.status, data);
    }
    const shown = errorToastMessage(response.status, data);
    toast.error(shown.message, shown.code);
    throw new ApiError(response.status, data);
  };
  return loadingTracker.track(run(), DEFAULT_AREA);
}

/** The BISAC import as a mutation; refreshes every matching list and picker on success. */
export function useImportBisac() {
  const client = useQueryClient();
  return useMutation<BisacImportReport, ApiError, File>({
    mutationFn: importBisac,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['matching'] });
      void client.invalidateQueries({ queryKey: ['matching-options'] });
    },
  });
}
