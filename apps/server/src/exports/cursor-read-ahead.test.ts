import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { streamRows } from '../shared/cursor.ts';
import { openTestDatabase } from '../test/test-app.ts';

/**
 * The export cursor (`shared/cursor.ts` `streamRows`), which on PostgreSQL reads one batch ahead of
 * its consumer (issue 17, export speed): every row exactly once and in the query's order across
 * batch edges, a consumer that stops early or throws leaves no cursor or connection behind, and a
 * failing query reaches the consumer. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('streamRows', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const series = (n: number) => sql`SELECT g AS n, 'linha ' || g AS texto FROM generate_series(1, ${n}) g ORDER BY g DESC`;

  it.each([
    [0, 7],
    [1, 7],
    [7, 7],
    [21, 7],
    [23, 7],
    [5000, 1000],
  ])('%i rows in batches of %i: each once, in order', async (total, batchSize) => {
    const seen: number[] = [];
    for await (const row of streamRows(database, series(total), { batchSize })) seen.push(Number(row.n));
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => total - i));
  });

  it('a consumer that stops early or throws leaves no open cursor, and the database serves the next reads', async () => {
    for (let round = 0; round < 12; round++) {
      let taken = 0;
      for await (const _ of streamRows(database, series(100), { batchSize: 10 })) if (++taken === 15) break;
      expect(taken).toBe(15);
      const failing = (async () => {
        for await (const _ of streamRows(database, series(100), { batchSize: 10 })) throw new Error('consumer failed');
      })();
      await expect(failing).rejects.toThrow('consumer failed');
    }
    // 24 abandoned reads: a leaked connection per read would exhaust a pool of 10 long before
    // (PGlite: its one session's cursors; PostgreSQL: a read never closed holds its transaction open)
    const { rows } = await database.sql.executeSql(
      "SELECT (SELECT count(*) FROM pg_cursors) + (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%') AS n",
    );
    expect(Number(rows[0]!.n)).toBe(0);
    let count = 0;
    for await (const _ of streamRows(database, series(30), { batchSize: 4 })) count++;
    expect(count).toBe(30);
  });

  it('an error of the query reaches the consumer, after the rows before it (none on PGlite, whose cursor computes all at DECLARE)', async () => {
    const seen: number[] = [];
    const read = (async () => {
      // division by zero at the 26th row, in the third batch of 10
      for await (const row of streamRows(database, sql`SELECT g AS n, 1 / (26 - g) AS x FROM generate_series(1, 40) g`, { batchSize: 10 })) seen.push(Number(row.n));
    })();
    await expect(read).rejects.toThrow(/division by zero/);
    expect(seen).toEqual(Array.from({ length: database.kind === 'postgres' ? 20 : 0 }, (_, i) => i + 1));
  });
});
