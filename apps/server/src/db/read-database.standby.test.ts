import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createTestApp, openTestDatabase } from '../test/test-app.ts';
import { call } from '../auth/auth.test-helpers.ts';
import type { Database } from './client.ts';
import { openReadDatabase, type ReadDatabase } from './read-database.ts';

/*
 * Runs only with DATABASE_URL and DATABASE_READ_URL naming a primary and its hot standby
 * (scripts/pg-standby.sh; .ci/run's "reports on a standby" step).
 */
let database: Database;
let readUrl: string;
let drop: () => Promise<void>;
let read: ReadDatabase;

async function onStandby<T extends Record<string, unknown>>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: readUrl });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const opened = await openTestDatabase();
  database = opened.database;
  drop = opened.drop;
  readUrl = opened.readUrl!;
  read = openReadDatabase(readUrl, database);
});

afterAll(async () => {
  await onStandby('SELECT pg_wal_replay_resume()').catch(() => undefined);
  await read?.close();
  await database?.close();
  await drop?.();
});

describe('DATABASE_READ_URL on a hot standby', () => {
  it('reads on the standby, which refuses writes, and sees what the primary committed', async () => {
    expect(read.replica).toBe(true);
    const recovery = await read.db.execute<{ r: boolean }>(sql`SELECT pg_is_in_recovery() AS r`);
    expect((recovery as unknown as { rows: { r: boolean }[] }).rows[0].r).toBe(true);
    // 25006 read_only_sql_transaction: a hot standby takes no write
    await expect(read.db.execute(sql`CREATE TABLE escrita_no_standby (id int)`)).rejects.toHaveProperty('cause.code', '25006');

    const before = await read.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM empresa`);
    await database.db.execute(sql`INSERT INTO empresa (nome, cnpj, codigo_erp) VALUES ('Standby Ltda', '11444777000161', 'STB')`);
    const after = await read.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM empresa`);
    const n = (r: unknown) => (r as { rows: { n: number }[] }).rows[0].n;
    expect(n(after)).toBe(n(before) + 1);
    // caught up: null. Other WAL of the cluster (another file's database dropped, a checkpoint) can be
    // received and not yet replayed at one instant (CI run 7), so wait for the standby to catch up.
    await expect.poll(() => read.staleSince(), { timeout: 15_000, interval: 50 }).toBeNull();
  });

  it('says since when its data is stale while replay is paused, and nothing once it catches up', async () => {
    await onStandby('SELECT pg_wal_replay_pause()');
    // the primary waits for the standby to apply (remote_apply): this one write commits locally only
    await database.transaction(async (tx) => {
      await tx.executeSql('SET LOCAL synchronous_commit = local');
      await tx.executeSql("INSERT INTO empresa (nome, cnpj, codigo_erp) VALUES ('Atrasada Ltda', '11222333000181', 'ATR')");
    });
    let stale: Date | null = null;
    await expect.poll(async () => (stale = await read.staleSince()), { timeout: 10_000 }).toBeInstanceOf(Date);
    expect(stale!.getTime()).toBeLessThanOrEqual(Date.now());
    const missing = await read.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM empresa WHERE codigo_erp = 'ATR'`);
    expect((missing as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);

    await onStandby('SELECT pg_wal_replay_resume()');
    await expect.poll(() => read.staleSince(), { timeout: 10_000 }).toBeNull();
    const caughtUp = await read.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM empresa WHERE codigo_erp = 'ATR'`);
    expect((caughtUp as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
  });

  it('GET relatorio/atualizacao says "dados até" the standby\'s replay time while it lags, null once caught up', async () => {
    const t = await createTestApp();
    try {
      expect(t.ctx.readDb.replica).toBe(true);
      const admin = await t.login('admin', 'admin');
      const standbyOfApp = new URL(t.ctx.config.databaseReadUrl!);
      const pause = async (fn: string) => {
        const client = new pg.Client({ connectionString: standbyOfApp.toString() });
        await client.connect();
        await client.query(`SELECT ${fn}()`).finally(() => client.end());
      };
      // caught up after the seed (waited for: the cluster's other WAL can be in flight at one instant)
      await expect.poll(async () => (await call(t.app, 'GET', 'relatorio/atualizacao', { token: admin.token })).json(), { timeout: 15_000, interval: 50 }).toEqual({ dadosAte: null });
      await pause('pg_wal_replay_pause');
      try {
        await t.database.transaction(async (tx) => {
          await tx.executeSql('SET LOCAL synchronous_commit = local');
          await tx.executeSql("INSERT INTO empresa (nome, cnpj, codigo_erp) VALUES ('Depois Ltda', '11444777000242', 'DEP')");
        });
        await expect
          .poll(async () => (await call(t.app, 'GET', 'relatorio/atualizacao', { token: admin.token })).json().dadosAte, { timeout: 10_000 })
          .toMatch(/^\d{4}-\d{2}-\d{2}T/);
      } finally {
        await pause('pg_wal_replay_resume');
      }
      await expect.poll(async () => (await call(t.app, 'GET', 'relatorio/atualizacao', { token: admin.token })).json().dadosAte, { timeout: 10_000 }).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('answers the primary itself when no read URL is given', () => {
    const fallback = openReadDatabase(undefined, database);
    expect(fallback.replica).toBe(false);
    expect(fallback.db).toBe(database.db);
  });
});
