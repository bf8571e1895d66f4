import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { hashPassword, type SessionUser } from '@acervo/contracts';
import { applicationUrl, loadConfig, type AppConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createScratchDatabase } from '../db/scratch-database.ts';
import { readUrlFor } from '../db/read-database.ts';
import { seedDemoData } from '../seed/demo-seed.ts';
import { buildApp, type RegisteredRoute } from '../app.ts';
import type { AppContext } from '../shared/context.ts';
import './provided.ts';

/** A test app on its own fresh database, with the demo data seeded. */
export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  seed: Awaited<ReturnType<typeof seedDemoData>>;
  /** Every API route the app registered (method, path, access rule, role). */
  routes: RegisteredRoute[];
  /** Logs in through `POST auth/login` with a typed password; throws unless 200. */
  login(userName: string, typedPassword: string): Promise<SessionUser>;
  close(): Promise<void>;
}

/**
 * The migrated PGlite cluster the global setup wrote (`pglite-snapshot.ts`), or undefined when
 * there is none (a run without that setup): the database is then migrated from scratch.
 */
function pgliteSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshot');
  return file ? new Blob([fs.readFileSync(file)]) : undefined;
}

/**
 * Opens a fresh database for one test file: in-memory PGlite (started from the migrated snapshot
 * of the global setup, so it holds every migration and no data), or — when `DATABASE_URL` is set —
 * a new PostgreSQL database `acervo_t_<random>` created on that server and dropped by `close()`.
 * With `DATABASE_READ_URL` too (a hot standby of that server), `readUrl` names the same database
 * on the standby, so reports read the replica as in production (.ci/run, "reports on a standby").
 */
export async function openTestDatabase(): Promise<{ database: Database; readUrl?: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { database: await openDatabase({ dataDir: 'memory://', loadDataDir: pgliteSnapshot() }), drop: async () => undefined };
  const scratch = await createScratchDatabase(base);
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  const readBase = process.env.DATABASE_READ_URL;
  return { database, readUrl: readBase ? readUrlFor(readBase, scratch.url) : undefined, drop: scratch.drop };
}

/**
 * Builds the app on a fresh database with demo data (admin/admin, vendedor/vendedor).
 * @param overrides config fields to change (e.g. `webDist`)
 */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const { database, readUrl, drop } = await openTestDatabase();
  const config: AppConfig = {
    ...loadConfig({}),
    databaseReadUrl: readUrl,
    dataDir: path.join(os.tmpdir(), 'acervo-test'),
    jwtSecret: 'test-secret-test-secret-test-secret',
    logLevel: 'silent',
    webDist: path.join(os.tmpdir(), 'acervo-no-web'),
    ...overrides,
  };
  const seed = await seedDemoData(database.db, { appUrl: applicationUrl(config) });
  const { app, ctx, routes } = await buildApp(config, database);
  await app.ready();
  return {
    app,
    ctx,
    database,
    seed,
    routes,
    async login(userName, typedPassword) {
      const res = await app.inject({ method: 'POST', url: '/api/core-api/auth/login', payload: { userName, password: hashPassword(typedPassword) } });
      if (res.statusCode !== 200) throw new Error(`login ${userName} failed: ${res.statusCode} ${res.body}`);
      return res.json() as SessionUser;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
