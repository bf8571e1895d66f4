import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../test/test-app.ts';
import type { Database } from './client.ts';
import { executePrepared } from './prepared.ts';
import { resultRows } from './rows.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
}, 120_000);

afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('executePrepared', () => {
  it('answers the rows of the statement with its bound parameters', async () => {
    const rows = await executePrepared<{ n: number; t: string }>(database.db, 'teste', sql`SELECT ${41}::int + 1 AS n, ${'x'}::text AS t`);
    expect(rows).toEqual([{ n: 42, t: 'x' }]);
  });

  it('prepares one named statement per text on the connection (PostgreSQL), reused by the next call', async () => {
    const names = await database.db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) await executePrepared(tx, 'teste', sql`SELECT ${n}::int AS n`);
      await executePrepared(tx, 'teste', sql`SELECT ${4}::int AS n, 1 AS outro`);
      return resultRows<{ name: string }>(await tx.execute(sql`SELECT name FROM pg_prepared_statements WHERE statement LIKE 'SELECT $1::int AS n%' ORDER BY name`)).map((r) => r.name);
    });
    if (database.kind === 'postgres') {
      // three calls of one text share one statement; the other text has its own name
      expect(names).toHaveLength(2);
      for (const name of names) expect(name).toMatch(/^teste_[0-9a-f]{12}$/);
    } else {
      // inside a PGlite transaction it runs as db.execute does: nothing stays prepared under the name
      expect(names).toEqual([]);
    }
  });

  it('on PGlite, prepares one statement per text in its session (SQL PREPARE), also for calls at once, and again after a DEALLOCATE', async () => {
    if (database.kind !== 'pglite') return;
    const listed = async () =>
      resultRows<{ name: string }>(await database.db.execute(sql`SELECT name FROM pg_prepared_statements WHERE statement LIKE '%AS SELECT $1::text AS t, $2::int AS n%' ORDER BY name`)).map((r) => r.name);
    const call = (t: string, n: number) => executePrepared<{ t: string; n: number }>(database.db, 'teste_lite', sql`SELECT ${t}::text AS t, ${n}::int AS n`);
    // five at once: one PREPARE, five answers, a quote and a backslash passed as they are
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => call(`o'a\\b ${n}`, n)));
    expect(answers.map((rows) => rows[0])).toEqual([1, 2, 3, 4, 5].map((n) => ({ t: `o'a\\b ${n}`, n })));
    const names = await listed();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^teste_lite_[0-9a-f]{12}$/);
    // NULL, and a text holding NUL (no literal can carry it): the driver's own path and its error
    expect(await executePrepared(database.db, 'teste_lite', sql`SELECT ${null}::text AS t, ${7}::int AS n`)).toEqual([{ t: null, n: 7 }]);
    await expect(call('a\u0000b', 1)).rejects.toThrow();
    // the session lost it: the next call prepares it again
    await database.db.execute(sql`DEALLOCATE ALL`);
    expect(await call('depois', 9)).toEqual([{ t: 'depois', n: 9 }]);
    expect(await listed()).toEqual(names);
  });

  it('with genericPlan, runs the generic plan on every call and leaves plan_cache_mode as it was', async () => {
    // one connection for the whole test, so pg_prepared_statements and the setting are that session's
    const plans = await database.db.transaction(async (tx) => {
      const call = (n: number) => executePrepared<{ n: number }>(tx, 'teste_gen', sql`SELECT count(*)::int AS n FROM generate_series(1, ${n}::int)`, { genericPlan: true });
      const jit = async () => resultRows<{ jit: string }>(await tx.execute(sql`SELECT current_setting('jit') AS jit`))[0].jit;
      const jitBefore = await jit();
      // the statement runs without JIT (a generic plan's default estimates would otherwise compile it on every call)
      const jitDuring = (await executePrepared<{ jit: string }>(tx, 'jit_gen', sql`SELECT current_setting('jit') AS jit, ${1}::int AS n`, { genericPlan: true }))[0].jit;
      const jitAfter = await jit();
      const answers = [];
      for (const n of [3, 5, 7]) answers.push((await call(n))[0].n);
      const setting = resultRows<{ mode: string }>(await tx.execute(sql`SELECT current_setting('plan_cache_mode') AS mode`))[0].mode;
      const counted = resultRows<{ generic_plans: number; custom_plans: number }>(
        await tx.execute(sql`SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE name LIKE 'teste_gen_%'`),
      );
      return { answers, setting, counted, jitBefore, jitDuring, jitAfter };
    });
    expect(plans.answers).toEqual([3, 5, 7]);
    expect(plans.setting).toBe('auto');
    expect(plans.jitAfter).toBe(plans.jitBefore);
    if (database.kind === 'postgres') {
      // node-postgres: the transaction's connection holds the SQL-prepared statement, run 3 times generic, never custom
      expect(plans.counted).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
      expect(plans.jitDuring).toBe('off');
    } else {
      // inside a PGlite transaction it runs as db.execute does
      expect(plans.counted).toEqual([]);
    }
  });

  it('with genericPlan outside a transaction (a pool connection on PostgreSQL, the session on PGlite), answers each call and keeps plan_cache_mode after a failing one', async () => {
    const call = (divisor: number) => executePrepared<{ q: number }>(database.db, 'teste_gen_pool', sql`SELECT (10 / ${divisor}::int)::int AS q`, { genericPlan: true });
    // the next statement gets the connection the call gave back (node-postgres' pool lends the
    // last connection returned first; PGlite has one session)
    const modeNow = async () => resultRows<{ mode: string }>(await database.db.execute(sql`SELECT current_setting('plan_cache_mode') AS mode`))[0].mode;
    const jitNow = async () => resultRows<{ jit: string }>(await database.db.execute(sql`SELECT current_setting('jit') AS jit`))[0].jit;
    const jitBefore = await jitNow();
    expect(await Promise.all([1, 2, 5, 10].map(call))).toEqual([[{ q: 10 }], [{ q: 5 }], [{ q: 2 }], [{ q: 1 }]]);
    expect(await modeNow()).toBe('auto');
    expect(await jitNow()).toBe(jitBefore);
    // the statement itself runs without JIT
    expect(await executePrepared(database.db, 'jit_gen_pool', sql`SELECT current_setting('jit') AS jit, ${1}::int AS n`, { genericPlan: true })).toEqual([{ jit: 'off', n: 1 }]);
    expect(await jitNow()).toBe(jitBefore);
    await expect(call(0)).rejects.toThrow(/division by zero/);
    // the failed message rolled back its SETs: the connection plans as before
    expect(await modeNow()).toBe('auto');
    expect(await jitNow()).toBe(jitBefore);
    if (database.kind === 'pglite') {
      const counted = resultRows<{ generic_plans: number; custom_plans: number }>(
        await database.db.execute(sql`SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE name LIKE 'teste_gen_pool_%'`),
      );
      expect(counted).toEqual([{ generic_plans: 5, custom_plans: 0 }]);
    }
    expect(await call(2)).toEqual([{ q: 5 }]);
  });
});
