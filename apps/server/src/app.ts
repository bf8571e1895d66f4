import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { configureSecrets } from './shared/secrets.ts';
import type { Database } from './db/client.ts';
import { openReadDatabase } from './db/read-database.ts';
import { TokenSigner } from './shared/jwt.ts';
import { makeAccessGuard, makeAuthenticate } from './auth/auth-guard.ts';
import { clientErrorHandler, expectationFailedHandler, frameworkErrorHandler, installErrorHandler, requireHostHeader } from './shared/error-handler.ts';
import type { AppContext, DomainRoutes } from './shared/context.ts';
import { API_ROUTES } from './routes.ts';
import { registerWebApp } from './web/serve-web.ts';
import { JobQueue, defineQueues } from './jobs/job-queue.ts';
import { defineScheduleQueue, requestRun } from './schedules/scheduler.ts';
import { AUDIT_SCOPES, DOMAIN_QUEUES, EXPORT_SOURCES, createTaskKindRegistry } from './domains.ts';
import { indexExportSources } from './shared/export-source.ts';
import { companyErpWarning } from './erp/company-check.ts';

/** Base path of the API (SPEC section 7). */
export const API_PREFIX = '/api/core-api';

/** Largest JSON body accepted (bytes); larger answers 400. */
const BODY_LIMIT = 1024 * 1024;

/** One registered API route, as the hostile-input tests and the docs enumerate them. */
export interface RegisteredRoute {
  method: string;
  /** Full path with Fastify's `:param` placeholders, e.g. `/api/core-api/produto/:id`. */
  url: string;
  /** Access rule of the route (`config.auth`, default `required`) and its role, if any (a list: any of them). */
  auth: 'required' | 'optional' | 'none';
  role: string | readonly string[] | undefined;
  /** The request schemas the route validates with (zod, from `packages/contracts`), by part. */
  request: { params?: unknown; querystring?: unknown; body?: unknown };
}

/**
 * Builds the Fastify app (tests build it too; `server.ts` only listens).
 * - API under `/api/core-api/`, OpenAPI UI at `/api/core-api/docs`; every API route passes the
 *   access guard in `onRequest` (before validation), closed to anonymous callers unless the route
 *   says `config.auth: 'none' | 'optional'`
 * - every error answer, those raised before routing and by Node's HTTP parser included, is the
 *   SPEC body `{message, messages}` in pt-BR (`shared/error-handler.ts`: `frameworkErrors`,
 *   `clientErrorHandler`, Node's `checkExpectation`, the Host check, the error handler)
 * - the built web app at `/` with SPA fallback to index.html, when `config.webDist` exists
 * - `ctx.readDb`: the `DATABASE_READ_URL` standby reports read (the primary when unset), closed on close
 * - the job queue (`ctx.jobs`): its schema created or migrated, the scheduler's and every domain's
 *   queue declared (`domains.ts`, DOMAIN_QUEUES), jobs can be sent; nothing polls until the process
 *   starts its background work (`schedules/background.ts`); stopped on close
 * - the composition root's registries in the context: `ctx.taskKinds` (every domain's TASK_KINDS),
 *   `ctx.auditScopes`, and `ctx.requestTaskRun` ("Executar agora" for domains)
 * @param config process configuration
 * @param database an open, migrated database
 * @param extraRoutes more domain routes (tests)
 * @returns the app, its context and the API routes it registered
 */
export async function buildApp(
  config: AppConfig,
  database: Database,
  extraRoutes: DomainRoutes[] = [],
): Promise<{ app: FastifyInstance; ctx: AppContext; routes: RegisteredRoute[] }> {
  const app = Fastify({
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // Node would answer a Host-less HTTP/1.1 request 400 with an empty body; requireHostHeader
    // (the hook below) answers it with the SPEC body instead
    http: { requireHostHeader: false },
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: process.env.TRUST_PROXY === 'true',
    genReqId: () => crypto.randomUUID(),
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.server.on('checkExpectation', expectationFailedHandler);
  app.addHook('onRequest', requireHostHeader);
  app.decorateRequest('auth', null);

  const signer = TokenSigner.fromConfig(config.jwtSecret, config.dataDir);
  // the key that encrypts stored secrets (ACERVO_SECRET_KEY or <DATA_DIR>/secret-key), like the JWT secret
  configureSecrets(config);
  // the queue's schema is created or migrated here; no poller or timer starts (schedules/background.ts)
  const jobs = new JobQueue(database);
  // every queue is declared before start(): creating one later, while another process polls, can deadlock
  await defineScheduleQueue(jobs);
  await defineQueues(jobs, DOMAIN_QUEUES);
  await jobs.start();
  app.addHook('onClose', () => jobs.stop());
  const readDb = openReadDatabase(config.databaseReadUrl, database);
  app.addHook('onClose', () => readDb.close());
  const ctx: AppContext = {
    db: database.db,
    dbKind: database.kind,
    database,
    readDb,
    jobs,
    config,
    signer,
    authenticate: makeAuthenticate(database.db, signer),
    taskKinds: createTaskKindRegistry(),
    auditScopes: AUDIT_SCOPES,
    requestTaskRun: (auth, taskId) => requestRun(database, jobs, auth, taskId),
    checkCompanyErpCode: (erpCode) => companyErpWarning(database.db, erpCode, app.log),
    exportSources: indexExportSources(EXPORT_SOURCES),
  };

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Acervo core API', version: '0.1.0' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  const routes: RegisteredRoute[] = [];
  await app.register(
    async (api) => {
      api.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (method === 'HEAD') continue;
          const { params, querystring, body } = route.schema ?? {};
          routes.push({ method, url: route.url, auth: route.config?.auth ?? 'required', role: route.config?.role, request: { params, querystring, body } });
        }
      });
      api.addHook('onRequest', makeAccessGuard(ctx.authenticate));
      /** Liveness and database check: `{status: 'ok', banco: 'pglite' | 'postgres'}`. */
      api.get('/health', { config: { auth: 'none' } }, async () => {
        await database.db.execute(sql`SELECT 1`);
        return { status: 'ok', banco: database.kind };
      });
      for (const routes of [...API_ROUTES, ...extraRoutes]) await routes(api.withTypeProvider<ZodTypeProvider>(), ctx);
    },
    { prefix: API_PREFIX },
  );

  await registerWebApp(app, { root: config.webDist, apiPrefix: API_PREFIX });

  return { app, ctx, routes };
}
