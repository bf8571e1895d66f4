import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { TokenSigner } from './auth/jwt.ts';
import { makeAuthenticate } from './auth/auth-guard.ts';
import { installErrorHandler } from './shared/error-handler.ts';
import type { AppContext, DomainRoutes } from './shared/context.ts';
import { API_ROUTES } from './routes.ts';

/** Base path of the API (SPEC section 7). */
export const API_PREFIX = '/api/core-api';

/** Largest JSON body accepted (bytes); larger answers 400. */
const BODY_LIMIT = 1024 * 1024;

/**
 * Builds the Fastify app (tests build it too; `server.ts` only listens).
 * - API under `/api/core-api/`, OpenAPI UI at `/api/core-api/docs`
 * - the built web app at `/` with SPA fallback to index.html, when `config.webDist` exists
 * @param config process configuration
 * @param database an open, migrated database
 * @param extraRoutes more domain routes (tests)
 */
export async function buildApp(config: AppConfig, database: Database, extraRoutes: DomainRoutes[] = []): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: process.env.TRUST_PROXY === 'true',
    genReqId: () => crypto.randomUUID(),
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.decorateRequest('auth', null);

  const signer = TokenSigner.fromConfig(config.jwtSecret, config.dataDir);
  const ctx: AppContext = {
    db: database.db,
    dbKind: database.kind,
    config,
    signer,
    authenticate: makeAuthenticate(database.db, signer),
  };

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Acervo core API', version: '0.1.0' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  await app.register(
    async (api) => {
      /** Liveness and database check: `{status: 'ok', banco: 'pglite' | 'postgres'}`. */
      api.get('/health', async () => {
        await database.db.execute(sql`SELECT 1`);
        return { status: 'ok', banco: database.kind };
      });
      for (const routes of [...API_ROUTES, ...extraRoutes]) await routes(api.withTypeProvider<ZodTypeProvider>(), ctx);
    },
    { prefix: API_PREFIX },
  );

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    // wildcard: files are looked up per request, so a rebuilt dist/ is served without a restart;
    // a missing file falls through to the not-found handler below (SPA fallback).
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      // Vite's hashed assets never change; index.html must be revalidated so a new build is picked up
      setHeaders: (res, file) => {
        if (file.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
        else if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'public, max-age=3600');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(API_PREFIX) || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send({ message: 'Recurso não encontrado', messages: [{ field: '', message: 'Recurso não encontrado' }] });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  return { app, ctx };
}
