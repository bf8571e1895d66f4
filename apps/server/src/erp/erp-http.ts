import pRetry, { AbortError } from 'p-retry';
import type { ErpEntity } from '@acervo/contracts';
import { logBody, type IntegrationLogSink, type IntegrationOperation } from './integration-log.ts';

/** Time-out of one HTTP call to the ERP, milliseconds (the whole exchange, body included). */
export const ERP_CALL_TIMEOUT_MS = 15_000;
/** Retries after a failed attempt (so at most ERP_RETRIES + 1 attempts per call). */
export const ERP_RETRIES = 6;
/** Wait before the first retry, milliseconds; doubled each retry, with jitter (× 1 to 2). */
export const ERP_RETRY_MIN_DELAY_MS = 500;
/** Longest wait between two retries, milliseconds. */
export const ERP_RETRY_MAX_DELAY_MS = 30_000;

/** Retry and time-out settings of an ERP HTTP client (defaults above). */
export interface ErpRetryOptions {
  timeoutMs?: number;
  retries?: number;
  minDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Why a call to the ERP failed: HTTP (an answer with a 4xx/5xx status), TEMPO (time-out), REDE
 * (connection refused, reset or dropped mid-body), RESPOSTA (a 2xx answer that is not the
 * protocol's JSON). `message` is pt-BR; `responseBody` is the ERP's answer (capped) when one came.
 */
export class ErpCallError extends Error {
  constructor(
    readonly kind: 'HTTP' | 'TEMPO' | 'REDE' | 'RESPOSTA',
    message: string,
    readonly httpStatus: number | null = null,
    readonly responseBody: string | null = null,
    /** Retry even though the status says otherwise (a 401 on an expired token: log in again). */
    readonly retryAnyway = false,
  ) {
    super(message);
    this.name = 'ErpCallError';
  }

  /** Whether trying again may succeed: time-outs, network errors, 5xx, 429, malformed answers and a 401 with a token. */
  get retryable(): boolean {
    if (this.kind !== 'HTTP' || this.retryAnyway) return true;
    return this.httpStatus === 429 || (this.httpStatus ?? 0) >= 500;
  }
}

/** One call the client makes. */
export interface ErpRequest<T> {
  method: 'GET' | 'POST';
  /** Path under the base URL, without leading slash (e.g. `empresas/DEMO01/registros/VENDA`). */
  path: string;
  query?: Record<string, string | number | null | undefined>;
  body?: unknown;
  operation: IntegrationOperation;
  entity?: ErpEntity | null;
  companyId?: number | null;
  /** Turns the parsed JSON into the result; throws (any error) when the answer is malformed. */
  parse: (json: unknown) => T;
  /** Records in the answer, for the log's `registros` (LISTAR). */
  countRecords?: (result: T) => number;
  /** Statuses that are an answer, not an error (e.g. 404 for "no such record"): `parse` gets `{status, json}`. */
  acceptStatus?: readonly number[];
}

/**
 * The HTTP side of a connector: JSON calls to one base URL, each attempt with its own time-out
 * (AbortSignal.timeout), retried by p-retry with exponential back-off and jitter on time-outs,
 * network errors, 5xx, 429 and malformed answers (a dropped connection mid-page shows as one of
 * those), not on other 4xx; one integration-log entry per attempt. An optional `authorize` hook
 * adds the bearer token; on 401 it is told to forget the token and the call is tried again.
 */
export class ErpHttpClient {
  private readonly base: string;

  constructor(
    baseUrl: string,
    private readonly integrationType: string,
    private readonly sink: IntegrationLogSink,
    private readonly options: ErpRetryOptions = {},
    private readonly auth?: { token(signal?: AbortSignal): Promise<string>; invalidate(): void },
  ) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  /**
   * Makes the call, with retries.
   * @throws ErpCallError after the last attempt (or at once when not retryable); the abort reason
   *   when `signal` aborts
   */
  async request<T>(req: ErpRequest<T>, signal?: AbortSignal): Promise<T> {
    const retries = this.options.retries ?? ERP_RETRIES;
    return pRetry(
      async () => {
        try {
          return await this.attempt(req, signal);
        } catch (err) {
          if (signal?.aborted) throw new AbortError(signal.reason instanceof Error ? signal.reason : new Error('Sincronização interrompida'));
          if (err instanceof ErpCallError && !err.retryable) throw new AbortError(err);
          throw err;
        }
      },
      {
        retries,
        factor: 2,
        minTimeout: this.options.minDelayMs ?? ERP_RETRY_MIN_DELAY_MS,
        maxTimeout: this.options.maxDelayMs ?? ERP_RETRY_MAX_DELAY_MS,
        randomize: true,
        signal,
      },
    ).catch((err: unknown) => {
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('Sincronização interrompida');
      if (err instanceof ErpCallError && err.retryable && retries > 0) {
        err.message = `${err.message} (após ${retries + 1} tentativas)`;
      }
      throw err;
    });
  }

  /** The URL of a request (query parameters with null/undefined values left out). */
  url(path: string, query?: ErpRequest<unknown>['query']): string {
    const url = new URL(`${this.base}/${path}`);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== null && v !== undefined) url.searchParams.set(k, String(v));
    return url.toString();
  }

  private async attempt<T>(req: ErpRequest<T>, signal?: AbortSignal): Promise<T> {
    const url = this.url(req.path, req.query);
    const requestText = req.body === undefined ? null : JSON.stringify(req.body);
    const timeoutMs = this.options.timeoutMs ?? ERP_CALL_TIMEOUT_MS;
    const started = performance.now();
    const at = new Date();
    let httpStatus: number | null = null;
    let responseText: string | null = null;
    let records: number | null = null;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (requestText !== null) headers['content-type'] = 'application/json';
    // a failed login logs its own entry and is retried (or not) by this call's loop
    if (this.auth) headers.authorization = `Bearer ${await this.auth.token(signal)}`;
    try {
      const timeout = AbortSignal.timeout(timeoutMs);
      const callSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await fetch(url, { method: req.method, headers, body: requestText ?? undefined, signal: callSignal });
        httpStatus = response.status;
        responseText = await response.text();
      } catch (err) {
        if (signal?.aborted) throw err;
        if (timeout.aborted) throw new ErpCallError('TEMPO', `Tempo esgotado (${timeoutMs / 1000} s) em ${req.method} ${url}`, httpStatus);
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        throw new ErpCallError('REDE', `Falha de conexão com o ERP em ${req.method} ${url}: ${cause?.code ?? cause?.message ?? (err as Error).message}`, httpStatus);
      }
      const accepted = req.acceptStatus?.includes(response.status) ?? false;
      if (!response.ok && !accepted) {
        if (response.status === 401) this.auth?.invalidate();
        const detail = erpErrorText(responseText);
        // a 401 with a token is an expired or revoked token: retried with a new login
        throw new ErpCallError('HTTP', `O ERP respondeu ${response.status} em ${req.method} ${url}${detail ? `: ${detail}` : ''}`, response.status, responseText, response.status === 401 && this.auth !== undefined);
      }
      let json: unknown;
      try {
        json = responseText === '' ? null : JSON.parse(responseText);
      } catch {
        throw new ErpCallError('RESPOSTA', `Resposta do ERP não é JSON válido em ${req.method} ${url}`, response.status, responseText);
      }
      let result: T;
      try {
        result = req.parse(accepted && !response.ok ? { status: response.status, json } : json);
      } catch (err) {
        throw new ErpCallError('RESPOSTA', `Resposta do ERP fora do protocolo em ${req.method} ${url}: ${(err as Error).message.slice(0, 500)}`, response.status, responseText);
      }
      records = req.countRecords ? req.countRecords(result) : null;
      this.record(req, { at, url, started, httpStatus, requestText, responseText, records, error: null });
      return result;
    } catch (err) {
      this.record(req, { at, url, started, httpStatus, requestText, responseText, records, error: err as Error });
      throw err;
    }
  }

  private record(
    req: Pick<ErpRequest<unknown>, 'operation' | 'entity' | 'companyId' | 'method'>,
    a: { at: Date; url: string; started: number; httpStatus: number | null; requestText: string | null; responseText: string | null; records: number | null; error: Error | null },
  ): void {
    this.sink.add({
      at: a.at,
      integrationType: this.integrationType,
      operation: req.operation,
      entity: req.entity ?? null,
      companyId: req.companyId ?? null,
      status: a.error ? 'ERRO' : 'SUCESSO',
      method: req.method,
      url: a.url,
      httpStatus: a.httpStatus,
      durationMs: performance.now() - a.started,
      records: a.records,
      request: logBody(a.requestText),
      response: logBody(a.responseText),
      message: a.error ? a.error.message.slice(0, 2000) : null,
    });
  }
}

/** The `erro` text of a protocol error body, or the body's start. */
function erpErrorText(body: string | null): string {
  if (!body) return '';
  try {
    const json = JSON.parse(body) as { erro?: unknown };
    if (typeof json?.erro === 'string') return json.erro.slice(0, 500);
  } catch {
    /* not JSON */
  }
  return body.slice(0, 200);
}
