import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { TokenSigner } from '../auth/jwt.ts';

/** What every domain's routes and services need; built once in `app.ts`. */
export interface AppContext {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  config: AppConfig;
  signer: TokenSigner;
  /** Pre-handler that sets `request.auth` or answers 401. */
  authenticate: preHandlerAsyncHookHandler;
}

/** Fastify instance with the zod type provider, as domain route plugins receive it. */
export type ApiInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** A domain's route registration: `(api, ctx) => void`, mounted under `/api/core-api`. */
export type DomainRoutes = (api: ApiInstance, ctx: AppContext) => void | Promise<void>;
