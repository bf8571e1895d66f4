import { COMPANY_HEADER, COMPANY_MISMATCH_MESSAGE } from '@acervo/contracts';
import { API_BASE } from '../app-id.ts';
import { clearSession, readToken } from '../session/session-storage.ts';
import { followStoredSession, tabIsStale, tabSession } from '../session/tab-session.ts';
import { DEFAULT_AREA, loadingTracker } from '../loading/loading-tracker.ts';
import { toast } from '../toast/toast.tsx';
import { ApiError, errorToastMessage } from './api-error.ts';

/** Base path of every call (SPEC section 7). */
export { API_BASE };

/** Message shown when a call answers 401 or 403 (SPEC section 8). */
export const SESSION_EXPIRED_MESSAGE = 'Sessão expirou, voce será direcionado para tela de login';

/** Delay (ms) before going to `/` after a 401/403 (SPEC section 9). */
export const SESSION_EXPIRED_REDIRECT_MS = 800;

/** Query value: undefined, null and '' are left out; arrays repeat the parameter. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** Options of one call. */
export interface RequestOptions {
  /** Query parameters; only defined, non-empty values are appended. */
  query?: Record<string, QueryValue>;
  /** JSON body. */
  body?: unknown;
  /** Loading-tracker area (default `default`, which drives the global overlay); `false` = untracked. */
  area?: string | false;
  /** Show the error toast on failure (default true). */
  toastErrors?: boolean;
  /** Screen labels of the request's wire fields, used by the error toast instead of the wire names. */
  fieldLabels?: Readonly<Record<string, string>>;
  /**
   * Treat 401/403 as an expired session (default true). The login call sets it to false: its 401
   * means a wrong password.
   */
  sessionCheck?: boolean;
  /** Bearer token to send instead of the stored one. */
  token?: string;
  /** Cancellation signal (TanStack Query passes one). */
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key` of an order submit); they never replace the client's own. */
  headers?: Readonly<Record<string, string>>;
}

/** HTTP methods of the generic wrapper (SPEC section 7). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Builds `/api/core-api/<path>?<query>`; undefined, null and '' values are skipped and arrays are
 * repeated (`sort=a&sort=b`).
 */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = API_BASE + path.replace(/^\/+/, '');
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

let expiring = false;

/** Where the session-expiry handling sends the browser; replaceable in tests (jsdom cannot navigate). */
export const navigation = {
  assign: (path: string): void => window.location.assign(path),
};

/**
 * SPEC section 8: removes the stored token and user, tells the user, and after 800 ms goes to `/`.
 * Several calls failing together show the message once.
 * The reload is skipped when, by then, the tab no longer shows the expired session: it already
 * shows the login screen at `/` (the session provider followed the cleared session) or a session
 * signed in since. Reloading then would only cancel what the user is doing there: a sign-in typed
 * on that login screen was aborted by the reload (seen when a logout's answer was cut off by a
 * page load, so the next load restored a token the server had already revoked).
 * @param failedToken the token the refused call sent: the stored session is removed only while it
 *   is still that one (another tab may already have stored a new session)
 */
export function handleSessionExpired(failedToken?: string | null): void {
  if (failedToken === undefined || readToken() === failedToken) clearSession();
  if (expiring) return;
  expiring = true;
  toast.warn(SESSION_EXPIRED_MESSAGE);
  setTimeout(() => {
    expiring = false;
    const shown = tabSession();
    const movedOn = shown !== null && failedToken !== undefined && shown.token !== failedToken;
    if (!movedOn) navigation.assign('/');
  }, SESSION_EXPIRED_REDIRECT_MS);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Answer of a call refused because the tab showed another company than the session (another tab
 * switched company, signed out or signed in): the body of the server's 409.
 */
const COMPANY_MISMATCH_BODY = { message: COMPANY_MISMATCH_MESSAGE, messages: [{ field: '', message: COMPANY_MISMATCH_MESSAGE }] };

/** True for the server's 409 on an `X-Empresa` that is not the session's company. */
function isCompanyMismatch(status: number, data: unknown): boolean {
  return status === 409 && (data as { message?: unknown } | undefined)?.message === COMPANY_MISMATCH_MESSAGE;
}

/**
 * The tab follows the stored session, then the call fails with the 409 of a company mismatch. For
 * a change (not GET) a warning tells the user the operation was not done; a refused read needs no
 * more than the session provider's notice of the switch (the screen reloads in the new company).
 */
async function refuseForStaleTab(method: HttpMethod, toastErrors: boolean): Promise<never> {
  await followStoredSession();
  if (toastErrors && method !== 'GET') toast.warn(COMPANY_MISMATCH_MESSAGE);
  throw new ApiError(409, COMPANY_MISMATCH_BODY);
}

/**
 * Performs one call and unwraps the answer to its JSON data (undefined for an empty body).
 * Headers: `Accept-Language: pt-BR`, JSON content type when a body is sent, bearer token when one
 * is stored, and `X-Empresa` with the company the tab shows (issue 15).
 * Two tabs (issue 15): when the stored session is not the one this tab shows (another tab switched
 * company, signed out or signed in), the call is not sent: the tab first follows the stored session
 * and the call fails with the 409 of a company mismatch. The server's own 409 (it compares
 * `X-Empresa` with the token's company) is handled the same way, and so is a 401/403 of a token that
 * another tab has already replaced (not an expired session).
 * There is no client timeout (SPEC section 7).
 * @throws ApiError for a non-2xx answer or a network failure (status 0); the error toast and the
 *   session-expiry handling have already run by then
 */
export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const { query, body, area = DEFAULT_AREA, toastErrors = true, sessionCheck = true, signal } = options;
  // the tab's session only guards calls made with the stored token (not the login, not a given token)
  const guarded = sessionCheck && options.token === undefined;
  const run = async (): Promise<T> => {
    if (guarded && tabIsStale()) return refuseForStaleTab(method, toastErrors);
    const token = options.token ?? readToken();
    const headers: Record<string, string> = { ...options.headers, 'Accept-Language': 'pt-BR', Accept: 'application/json' };
    // A JSON content type with no body is refused by the server (empty body), so bodyless PUT/DELETE send none.
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const shownCompany = guarded ? tabSession()?.idEmpresa : null;
    if (shownCompany != null) headers[COMPANY_HEADER] = String(shownCompany);

    let response: Response;
    try {
      response = await fetch(buildUrl(path, query), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      const failure = new ApiError(0, undefined);
      if (toastErrors) toast.error(failure.message, errorToastMessage(0, undefined).code);
      throw failure;
    }
    const data = await readBody(response);
    if (response.ok) return data as T;
    if (guarded && (isCompanyMismatch(response.status, data) || ((response.status === 401 || response.status === 403) && readToken() !== token))) {
      return refuseForStaleTab(method, toastErrors);
    }
    if (sessionCheck && (response.status === 401 || response.status === 403)) {
      handleSessionExpired(token);
      throw new ApiError(response.status, data);
    }
    if (toastErrors) {
      const shown = errorToastMessage(response.status, data, options.fieldLabels);
      toast.error(shown.message, shown.code);
    }
    throw new ApiError(response.status, data);
  };

  const promise = run();
  return area === false ? promise : loadingTracker.track(promise, area);
}

/** The generic wrapper of SPEC section 7: GET, POST, PUT, PATCH and DELETE. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
