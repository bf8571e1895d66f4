import { ApiError, errorToastMessage } from '../../../shared/api/api-error.ts';
import { buildUrl, handleSessionExpired, type QueryValue } from '../../../shared/api/api-client.ts';
import { readToken } from '../../../shared/session/session-storage.ts';
import { toast } from '../../../shared/toast/toast.tsx';

/** File name used when the answer names none. */
const FALLBACK_FILE_NAME = 'acervo-onix.xml';

/**
 * `GET produto/onix?<filters>`: downloads the filtered catalogue as an ONIX 3.0 XML file, saved
 * by the browser under the name the server gives (`Content-Disposition`). The file is assembled
 * in memory as a Blob before it is saved (a bearer token cannot ride on a plain link).
 * @param filters the catalogue filters as in `GET produto` (paging and sort are not sent)
 * @throws ApiError on a non-2xx answer or a network failure, after the error toast (401/403: the
 *   session-expiry handling)
 */
export async function downloadOnixExport(filters: Record<string, QueryValue>, fieldLabels?: Readonly<Record<string, string>>): Promise<void> {
  const token = readToken();
  const headers: Record<string, string> = { 'Accept-Language': 'pt-BR', Accept: 'application/xml, application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl('produto/onix', filters), { headers });
  } catch {
    const failure = new ApiError(0, undefined);
    toast.error(failure.message, errorToastMessage(0, undefined).code);
    throw failure;
  }
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => undefined);
    if (response.status === 401 || response.status === 403) handleSessionExpired();
    else {
      const shown = errorToastMessage(response.status, data, fieldLabels);
      toast.error(shown.message, shown.code);
    }
    throw new ApiError(response.status, data);
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? FALLBACK_FILE_NAME;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
