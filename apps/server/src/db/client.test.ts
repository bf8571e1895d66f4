import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { buildApp } from '../app.ts';
import type { DomainRoutes } from '../shared/context.ts';
import { DataDirLockedError, openDatabase, type Database } from './client.ts';
import type { FastifyInstance } from 'fastify';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');

/** A table created by this test only. */
const counter = pgTable('teste_contador', { id: integer('id').primaryKey(), value: integer('valor').notNull() });

describe('concurrent transactions through the app (one PGlite connection, or a PostgreSQL pool)', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const events: string[] = [];

  /** Test-only route: read the counter, yield to the event loop, write counter + 1 — in one transaction. */
  const counterRoutes: DomainRoutes = (api, ctx) => {
    api.post('/test/contador', { config: { auth: 'none' } }, async () => {
      return ctx.db.transaction(async (tx) => {
        // FOR UPDATE: on PostgreSQL concurrent transactions wait here; PGlite runs one transaction at a time anyway.
        const [row] = await tx.select().from(counter).where(eq(counter.id, 1)).for('update');
        events.push('start');
        await new Promise((resolve) => setImmediate(resolve));
        await new Promise((resolve) => setTimeout(resolve, 1));
        await tx.update(counter).set({ value: row.value + 1 }).where(eq(counter.id, 1));
        events.push('end');
        return { value: row.value + 1 };
      });
    });
    api.get('/test/contador', { config: { auth: 'none' } }, async () => {
      const [row] = await ctx.db.select().from(counter).where(eq(counter.id, 1));
      return { value: row.value };
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.execute(sql`CREATE TABLE teste_contador (id integer PRIMARY KEY, valor integer NOT NULL)`);
    await t.database.db.insert(counter).values({ id: 1, value: 0 });
    ({ app } = await buildApp(t.ctx.config, t.database, [counterRoutes]));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('50 concurrent read-then-write requests lose no update, never interleave and do not deadlock', async () => {
    const writes = Array.from({ length: 50 }, () => app.inject({ method: 'POST', url: '/api/core-api/test/contador' }));
    const reads = Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: '/api/core-api/test/contador' }));
    const answers = await Promise.all([...writes, ...reads]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(70).fill(200));
    const written = answers.slice(0, 50).map((a) => (a.json() as { value: number }).value);
    expect([...written].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(events).toEqual(Array.from({ length: 50 }, () => ['start', 'end']).flat());
    const [row] = await t.database.db.select().from(counter).where(eq(counter.id, 1));
    expect(row.value).toBe(50);
  });
});

describe('PGlite data folder lock (one process per folder)', () => {
  let dir: string;
  let first: Database;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-lock-'));
    first = await openDatabase({ dataDir: dir });
  });
  afterAll(async () => {
    await first.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a second openDatabase in the same process gets DataDirLockedError', async () => {
    const err = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirLockedError);
    expect((err as Error).message).toContain(dir);
    expect((err as Error).message).toContain(`processo ${process.pid}`);
    expect((err as Error).message).toContain('DATABASE_URL');
  });

  it('a second process gets the clear DataDirLockedError message, and the first database still works', async () => {
    const script = path.join(dir, 'open-second.mts');
    const clientUrl = new URL('./client.ts', import.meta.url).href;
    fs.writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(clientUrl)};\n` +
        `try { await openDatabase({ dataDir: process.argv[2] }); console.log('OPENED'); process.exit(0); }\n` +
        `catch (e) { console.log(JSON.stringify({ name: e.name, message: e.message })); process.exit(3); }\n`,
    );
    const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
    const outcome = await run(tsx, [script, dir], { cwd: repoRoot }).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );
    expect(outcome.code).toBe(3);
    const reported = JSON.parse(outcome.stdout.trim().split('\n').pop() ?? '{}') as { name: string; message: string };
    expect(reported.name).toBe('DataDirLockedError');
    expect(reported.message).toBe(new DataDirLockedError(dir, process.pid).message);

    expect(fs.readFileSync(path.join(dir, 'acervo.lock'), 'utf8')).toBe(String(process.pid));
    const rows = await first.db.execute(sql`SELECT count(*)::int AS n FROM usuario`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('after close the folder opens again, and a lock left by a dead process is taken over', async () => {
    await first.close();
    fs.writeFileSync(path.join(dir, 'acervo.lock'), '999999');
    first = await openDatabase({ dataDir: dir });
    expect(fs.readFileSync(path.join(dir, 'acervo.lock'), 'utf8')).toBe(String(process.pid));
    const rows = await first.db.execute(sql`SELECT 1 AS one`);
    expect((rows as unknown as { rows: { one: number }[] }).rows[0].one).toBe(1);
  });
});
