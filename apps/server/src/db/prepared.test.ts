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
      // PGlite runs it as db.execute does: nothing stays prepared under the name
      expect(names).toEqual([]);
    }
  });
});
