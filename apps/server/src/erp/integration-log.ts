import type { ErpEntity } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { integrationLogs, type IntegrationStatus } from '../integration/integration.schema.ts';
import type { TaskLogger } from '../schedules/task-kinds.ts';

/**
 * Size cap of a logged request or response body, in characters (64 KiB of text): a longer body
 * keeps its first LOG_BODY_LIMIT characters followed by LOG_TRUNCATED_SUFFIX. A page of 500 sales
 * is about 400 KB, so its log row keeps the first records only (the count is in `registros`).
 */
export const LOG_BODY_LIMIT = 64 * 1024;
/** What a capped body ends with. */
export const LOG_TRUNCATED_SUFFIX = '…[truncado]';
/** What replaces a password or token value in a logged body. */
export const LOG_SECRET_MASK = '***';

/** Operations of the ERP connector, as `log_integracao.operacao`. */
export type IntegrationOperation = 'LOGIN' | 'SAUDE' | 'EMPRESAS' | 'LISTAR' | 'BUSCAR' | 'ENVIAR_PRODUTO' | 'ENVIAR_PEDIDO' | 'ESTATISTICAS';

/** One exchange with the ERP, before it is written. */
export interface IntegrationLogEntry {
  /** When the call started. */
  at: Date;
  integrationType: string;
  operation: IntegrationOperation;
  entity: ErpEntity | null;
  companyId: number | null;
  status: IntegrationStatus;
  method: string;
  url: string;
  /** HTTP status; null when no answer came (time-out, connection refused or dropped). */
  httpStatus: number | null;
  /** Wall time of the attempt, milliseconds. */
  durationMs: number;
  /** Records the answer carried (LISTAR). */
  records: number | null;
  request: string | null;
  response: string | null;
  /** pt-BR summary of a failure (null on success). */
  message: string | null;
}

const SECRET_JSON_FIELD = /("(?:senha|password|token|accessToken|refreshToken|authorization|segredo|secret)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;
const BEARER = /(Bearer\s+)[A-Za-z0-9._~+/=-]+/g;

/**
 * Masks secrets in a body before it is logged: the string values of JSON fields named senha,
 * password, token (and the like) become '***', and bearer tokens in text too.
 * @example maskSecrets('{"usuario":"erp","senha":"x"}') === '{"usuario":"erp","senha":"***"}'
 */
export function maskSecrets(text: string): string {
  return text.replace(SECRET_JSON_FIELD, `$1"${LOG_SECRET_MASK}"`).replace(BEARER, `$1${LOG_SECRET_MASK}`);
}

/**
 * Prepares a body for the log: secrets masked, then capped at `limit` characters (LOG_BODY_LIMIT)
 * with LOG_TRUNCATED_SUFFIX appended when cut. Null and '' stay null.
 */
export function logBody(text: string | null | undefined, limit = LOG_BODY_LIMIT): string | null {
  if (text === null || text === undefined || text === '') return null;
  const masked = maskSecrets(text.length > limit * 2 ? text.slice(0, limit * 2) : text);
  return masked.length > limit ? masked.slice(0, limit) + LOG_TRUNCATED_SUFFIX : masked;
}

/** Where the connector sends its log entries. */
export interface IntegrationLogSink {
  add(entry: IntegrationLogEntry): void;
}

/**
 * Buffers log entries in memory and writes them in batches with one INSERT, outside the sync's
 * page transactions (a log row must not hold a page's transaction open, and a rolled-back page
 * must keep its log rows). `flush()` is called by the sync after each page's commit and at the
 * end of a run; the buffer also flushes itself once it holds `batchSize` entries. A failed write
 * is reported to the logger and dropped: the log never stops a sync.
 */
export class IntegrationLogWriter implements IntegrationLogSink {
  private buffer: IntegrationLogEntry[] = [];
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Executor,
    private readonly log?: Pick<TaskLogger, 'warn'>,
    private readonly batchSize = 100,
  ) {}

  /** Queues one entry (written at the next flush). */
  add(entry: IntegrationLogEntry): void {
    this.buffer.push(entry);
    if (this.buffer.length >= this.batchSize) void this.flush();
  }

  /** Entries waiting to be written. */
  get size(): number {
    return this.buffer.length;
  }

  /** Writes every buffered entry (one INSERT per up to `batchSize` rows); resolves when written. */
  flush(): Promise<void> {
    const rows = this.buffer;
    this.buffer = [];
    if (rows.length === 0) return this.pending;
    this.pending = this.pending.then(async () => {
      try {
        for (let i = 0; i < rows.length; i += this.batchSize) {
          await this.db.insert(integrationLogs).values(
            rows.slice(i, i + this.batchSize).map((r) => ({
              createdAt: r.at,
              integrationType: r.integrationType,
              operation: r.operation,
              entity: r.entity,
              companyId: r.companyId,
              status: r.status,
              method: r.method,
              url: r.url.slice(0, 2000),
              httpStatus: r.httpStatus,
              durationMs: Math.round(r.durationMs),
              records: r.records,
              request: r.request,
              response: r.response,
              message: r.message,
            })),
          );
        }
      } catch (err) {
        this.log?.warn({ err, rows: rows.length }, 'Falha ao gravar o log de integração');
      }
    });
    return this.pending;
  }
}

/** A sink that keeps entries in an array (tests, the bench's baseline). */
export class MemoryLogSink implements IntegrationLogSink {
  readonly entries: IntegrationLogEntry[] = [];
  add(entry: IntegrationLogEntry): void {
    this.entries.push(entry);
  }
}
