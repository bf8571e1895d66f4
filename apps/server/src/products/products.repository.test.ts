import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../test/test-app.ts';
import type { Database } from '../db/client.ts';
import { products } from './products.schema.ts';
import { ESTIMATE_ABOVE_ROWS, findProductPage, type ProductPageRequest } from './products.repository.ts';

const FIRST_PAGE: ProductPageRequest = { page: 0, size: 10, sortField: 'titulo', direction: 'asc' };

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.db.insert(products).values(
    Array.from({ length: 25 }, (_, i) => ({ isbn13: `97865000002${String(i).padStart(2, '0')}`, title: `Título ${String(i).padStart(2, '0')}`, editionYear: i < 5 ? 2020 : 2000 })),
  );
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

/** Sets the planner statistics of `produto` as VACUUM/ANALYZE would (superuser on both test databases). */
async function setStatistics(reltuples: number, relpages: number): Promise<void> {
  await database.db.execute(sql.raw(`UPDATE pg_class SET reltuples = ${reltuples}, relpages = ${relpages} WHERE oid = 'produto'::regclass`));
}

describe('findProductPage totals', () => {
  it('counts exactly when the statistics say the table is small', async () => {
    await setStatistics(25, 1);
    expect((await findProductPage(database.db, {}, FIRST_PAGE)).total).toBe(25);
  });

  it('counts exactly when the table was never analysed', async () => {
    await setStatistics(-1, 0);
    expect((await findProductPage(database.db, {}, FIRST_PAGE)).total).toBe(25);
  });

  it('estimates the unfiltered total from the statistics above ESTIMATE_ABOVE_ROWS, scaled by current pages', async () => {
    const pages = Number(
      ((await database.db.execute(sql.raw(`SELECT (pg_relation_size('produto') / current_setting('block_size')::int)::int AS n`))) as unknown as { rows: { n: number }[] }).rows[0].n,
    );
    await setStatistics(ESTIMATE_ABOVE_ROWS * 2, 1);
    const result = await findProductPage(database.db, {}, FIRST_PAGE);
    expect(result.total).toBe(ESTIMATE_ABOVE_ROWS * 2 * pages);
    expect(result.rows.map((r) => r.title).slice(0, 2)).toEqual(['Título 00', 'Título 01']);
  });

  it('keeps filtered totals exact whatever the statistics say', async () => {
    await setStatistics(ESTIMATE_ABOVE_ROWS * 2, 1);
    const result = await findProductPage(database.db, { editionYear: 2020 }, { ...FIRST_PAGE, size: 2 });
    expect(result.total).toBe(5);
    expect(result.rows).toHaveLength(2);
    expect((await findProductPage(database.db, { editionYear: 2020 }, { ...FIRST_PAGE, page: 7 })).total).toBe(5);
  });
});
