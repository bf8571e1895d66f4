import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { TokenSigner } from '../auth/jwt.ts';
import type { Authenticate } from '../auth/auth-guard.ts';

/** What every domain's routes and services need; built once in `app.ts`. */
export interface AppContext {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  /** The open database (raw SQL and raw transactions, for the job queue). */
  database: Database;
  /**
   * The durable job queue, started (jobs can be sent); its pollers run only in the process's
   * background work (`jobs/background.ts`), never in an app built by tests unless they start it.
   */
  jobs: JobQueue;
  config: AppConfig;
  signer: TokenSigner;
  /**
   * Checks the bearer token and sets `request.auth` (401 otherwise). Routes do not call it: the
   * access guard of `app.ts` does, from each route's `config.auth` and `config.role`.
   */
  authenticate: Authenticate;
}

/** Fastify instance with the zod type provider, as domain route plugins receive it. */
export type ApiInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** A domain's route registration: `(api, ctx) => void`, mounted under `/api/core-api`. */
export type DomainRoutes = (api: ApiInstance, ctx: AppContext) => void | Promise<void>;
