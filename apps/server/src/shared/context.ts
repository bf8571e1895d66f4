import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { ReadDatabase } from '../db/read-database.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { TokenSigner } from './jwt.ts';
import type { AuthContext, Authenticate } from './request-auth.ts';
import type { CompanyErpWarning, ScheduleRun } from '@acervo/contracts';
import type { TaskKindRegistry } from '../schedules/task-kinds.ts';
import type { AuditScopes } from '../audit/audit.service.ts';
import type { ExportSource } from './export-source.ts';

/** What every domain's routes and services need; built once in `app.ts` (the composition root). */
export interface AppContext {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  /** The open database (raw SQL and raw transactions, for the job queue). */
  database: Database;
  /**
   * Where read-only reports, exports and the dashboard query: the `DATABASE_READ_URL` standby, or
   * the primary (`db`) when none is set (`db/read-database.ts`). Never write through it.
   */
  readDb: ReadDatabase;
  /**
   * The durable job queue, started (jobs can be sent); its pollers run only in the process's
   * background work (`schedules/background.ts`), never in an app built by tests unless they start it.
   */
  jobs: JobQueue;
  config: AppConfig;
  signer: TokenSigner;
  /**
   * Checks the bearer token and sets `request.auth` (401 otherwise). Routes do not call it: the
   * access guard of `app.ts` does, from each route's `config.auth` and `config.role`.
   */
  authenticate: Authenticate;
  /** The task kinds of this process, built by the composition root from every domain's list (`domains.ts`). */
  taskKinds: TaskKindRegistry;
  /** Whose entries of each per-company audited entity `GET auditoria` lists (`domains.ts`, AUDIT_SCOPES). */
  auditScopes: AuditScopes;
  /**
   * Queues a MANUAL run of scheduled task `taskId` now, as "Executar agora" (`requestRun` of
   * schedules/scheduler.ts, bound to this process's database and queue): how a domain starts a
   * task without importing the scheduler.
   * @returns the queued run (PENDENTE)
   * @throws DomainError NOT_FOUND (404) for a task absent or of another company; CONFLICT (409) while one is queued or running
   */
  requestTaskRun(auth: AuthContext, taskId: number): Promise<ScheduleRun>;
  /**
   * Asks the configured ERP whether it knows a company's ERP code (`companyErpWarning` of
   * erp/company-check.ts, bound by the composition root): how the companies domain warns on save
   * without importing erp/ (which imports the companies table).
   * @returns null (integration off, blank code, or the ERP lists it) or the warning; never throws
   */
  checkCompanyErpCode(erpCode: string | null): Promise<CompanyErpWarning | null>;
  /**
   * Every report's exportable lists (`domains.ts`, EXPORT_SOURCES), by `origem`: what
   * `POST fila-exportacao/csv|excel` accepts, handed to the exports domain so it imports no report.
   */
  exportSources: ReadonlyMap<string, ExportSource>;
}

/** Fastify instance with the zod type provider, as domain route plugins receive it. */
export type ApiInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** A domain's route registration: `(api, ctx) => void`, mounted under `/api/core-api`. */
export type DomainRoutes = (api: ApiInstance, ctx: AppContext) => void | Promise<void>;
