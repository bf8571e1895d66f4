import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EXPORT_BADGE_POLL_MS, exportCreatedSchema, exportPageSchema, type ExportPage } from '@acervo/contracts';
import { z } from 'zod';
import { ApiError, errorToastMessage } from '../api/api-error.ts';
import { API_BASE, api, handleSessionExpired } from '../api/api-client.ts';
import { readToken } from '../session/session-storage.ts';
import { toast } from '../toast/toast.tsx';
import { DEFAULT_AREA, loadingTracker } from '../loading/loading-tracker.ts';

/*
 * The export queue's calls (issue 17 part 1), shared by every report screen (the export button)
 * and the top bar (badge and Downloads drawer). Query keys start with 'fila-exportacao' so a new
 * request or a download refreshes both.
 */

/** Query-key prefix of the queue's list and badge. */
export const EXPORT_QUEUE_KEY = 'fila-exportacao';

/** The two file kinds a report offers: the path segment of `POST fila-exportacao/{formato}`. */
export type ExportKind = 'csv' | 'excel';

/**
 * `POST fila-exportacao/{csv|excel}` `{origem, filtros}`: queues an export.
 * @returns the item id (201)
 * @throws ApiError 400 (unknown origin, bad filters) or 403, after the error toast
 */
export async function postExport(kind: ExportKind, origem: string, filtros: Record<string, unknown>): Promise<number> {
  return exportCreatedSchema.parse(await api.post<unknown>(`fila-exportacao/${kind}`, { origem, filtros })).id;
}

/** `GET fila-exportacao/notificacaoDownloads`: finished items not downloaded yet. Background call: no overlay, no toast. */
export async function getUnreadDownloads(signal?: AbortSignal): Promise<number> {
  return z.number().int().parse(await api.get<unknown>('fila-exportacao/notificacaoDownloads', { signal, area: false, toastErrors: false }));
}

/** The badge's number (key `['fila-exportacao', 'notificacao']`): on load, then every 60,000 ms (SPEC 9). */
export function useUnreadDownloads() {
  return useQuery({
    queryKey: [EXPORT_QUEUE_KEY, 'notificacao'],
    queryFn: ({ signal }) => getUnreadDownloads(signal),
    refetchInterval: EXPORT_BADGE_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** `GET fila-exportacao?page=`: the user's items of the last 7 days, 10 a page. Untracked (the drawer shows its own progress). */
export async function getExportQueue(page: number, signal?: AbortSignal): Promise<ExportPage> {
  return exportPageSchema.parse(await api.get<unknown>('fila-exportacao', { query: { page }, signal, area: false }));
}

/**
 * The drawer's list while it is open; polled every 2 s while an item waits or runs (progress),
 * not at all otherwise.
 */
export function useExportQueue(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [EXPORT_QUEUE_KEY, 'lista', page],
    queryFn: ({ signal }) => getExportQueue(page, signal),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.itens.some((item) => item.status === 'AGUARDANDO_PROCESSAMENTO' || item.status === 'PROCESSANDO') ? 2000 : false),
  });
}

/**
 * `GET fila-exportacao/{id}/arquivo`: downloads the file (streamed by the server) and has the
 * browser save it under the server's name (the UTF-8 `filename*` when given).
 * @throws ApiError (404 expired, 409 not finished), after the error toast
 */
export async function downloadExport(id: number, fallbackName: string): Promise<void> {
  const run = async () => {
    const token = readToken();
    const headers: Record<string, string> = { 'Accept-Language': 'pt-BR', Accept: '*/*' };
    if (token) headers.Authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetch(`${API_BASE}fila-exportacao/${id}/arquivo`, { headers });
    } catch {
      const failure = new ApiError(0, undefined);
      toast.error(failure.message, errorToastMessage(0, undefined).code);
      throw failure;
    }
    if (!response.ok) {
      const data: unknown = await response.json().catch(() => undefined);
      if (response.status === 401 || response.status === 403) handleSessionExpired(token);
      else {
        const shown = errorToastMessage(response.status, data);
        toast.error(shown.message, shown.code);
      }
      throw new ApiError(response.status, data);
    }
    const blob = await response.blob();
    const disposition = response.headers.get('content-disposition') ?? '';
    const utf8 = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
    const name = utf8 ? decodeURIComponent(utf8) : (/filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return loadingTracker.track(run(), DEFAULT_AREA);
}
