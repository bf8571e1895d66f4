import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { productImportSchema, type ProductImport } from '@acervo/contracts';
import { z } from 'zod';
import { ApiError, errorToastMessage } from '../../../shared/api/api-error.ts';
import { API_BASE, api, handleSessionExpired } from '../../../shared/api/api-client.ts';
import { readToken } from '../../../shared/session/session-storage.ts';
import { toast } from '../../../shared/toast/toast.tsx';
import { DEFAULT_AREA, loadingTracker } from '../../../shared/loading/loading-tracker.ts';

/** Statuses during which the screen polls the import for its progress. */
export const RUNNING_STATUSES: readonly string[] = ['NA_FILA', 'PROCESSANDO'];

function authHeaders(accept: string): Record<string, string> {
  const token = readToken();
  const headers: Record<string, string> = { 'Accept-Language': 'pt-BR', Accept: accept };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Toasts and throws the error of a failed call (401/403: the session-expiry handling). */
async function fail(response: Response): Promise<never> {
  const data: unknown = await response.json().catch(() => undefined);
  if (response.status === 401 || response.status === 403) handleSessionExpired();
  else {
    const shown = errorToastMessage(response.status, data);
    toast.error(shown.message, shown.code);
  }
  throw new ApiError(response.status, data);
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    const failure = new ApiError(0, undefined);
    toast.error(failure.message, errorToastMessage(0, undefined).code);
    throw failure;
  }
}

/**
 * `POST produto/importacao` (multipart, file in `arquivo`): reads the file into a preview.
 * @returns the preview id
 * @throws ApiError 400 (bad file, pt-BR reason on `arquivo`) or 413 (too large), after the error toast
 */
export async function uploadImport(file: File): Promise<number> {
  const form = new FormData();
  form.append('arquivo', file, file.name);
  const run = async () => {
    const response = await send(`${API_BASE}produto/importacao`, { method: 'POST', headers: authHeaders('application/json'), body: form });
    if (!response.ok) return fail(response);
    return z.object({ id: z.number() }).parse(await response.json()).id;
  };
  return loadingTracker.track(run(), DEFAULT_AREA);
}

/**
 * Downloads an XLSX answer (`produto/importacao/modelo`, `produto/importacao/{id}/rejeitados`) and
 * has the browser save it under the name the server gives.
 */
export async function downloadXlsx(path: string, fallbackName: string): Promise<void> {
  const response = await send(`${API_BASE}${path}`, { headers: authHeaders('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json') });
  if (!response.ok) return fail(response);
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * `GET produto/importacao/{id}`: the import and one page of its rows; polled every second while
 * the write runs (NA_FILA, PROCESSANDO). Disabled while `id` is null.
 */
export function useProductImport(id: number | null, query: Record<string, string | number | undefined>) {
  return useQuery<ProductImport>({
    queryKey: ['product-import', id, query],
    queryFn: async ({ signal }) => productImportSchema.parse(await api.get<unknown>(`produto/importacao/${id}`, { query, signal, area: 'product-import' })),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data && RUNNING_STATUSES.includes(q.state.data.status) ? 1000 : false),
  });
}

/** `POST produto/importacao/{id}/confirmar` as a mutation; refreshes the import. */
export function useConfirmImport() {
  const client = useQueryClient();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (id) => api.post<unknown>(`produto/importacao/${id}/confirmar`),
    onSuccess: (_data, id) => void client.invalidateQueries({ queryKey: ['product-import', id] }),
  });
}
