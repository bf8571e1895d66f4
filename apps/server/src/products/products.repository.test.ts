import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../test/test-app.ts';
import type { Database } from '../db/client.ts';
import { products } from './products.schema.ts';
import { findProductPage, type ProductPageRequest } from './products.repository.ts';

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
  it('counts exactly up to the threshold, filtered or not', async () => {
    expect(await findProductPage(database.db, {}, FIRST_PAGE)).toMatchObject({ total: 25, approximate: false, hasNext: true });
    expect(await findProductPage(database.db, {}, FIRST_PAGE, { countExactUpTo: 25 })).toMatchObject({ total: 25, approximate: false });
    const filtered = await findProductPage(database.db, { editionYear: 2020 }, { ...FIRST_PAGE, size: 2 }, { countExactUpTo: 5 });
    expect(filtered).toMatchObject({ total: 5, approximate: false, hasNext: true });
    expect(filtered.rows.map((r) => r.title)).toEqual(['Título 00', 'Título 01']);
  });

  it('answers "more than the threshold" for a filtered list above it, with the page and hasNext still exact', async () => {
    const first = await findProductPage(database.db, { editionYear: 2000 }, { ...FIRST_PAGE, size: 3 }, { countExactUpTo: 4 });
    expect(first).toMatchObject({ total: 4, approximate: true, hasNext: true });
    expect(first.rows.map((r) => r.title)).toEqual(['Título 05', 'Título 06', 'Título 07']);
    // 20 rows of 2000: the seventh page of 3 holds the last two, and nothing follows.
    const last = await findProductPage(database.db, { editionYear: 2000 }, { ...FIRST_PAGE, size: 3, page: 6 }, { countExactUpTo: 4 });
    expect(last).toMatchObject({ approximate: true, hasNext: false });
    expect(last.rows.map((r) => r.title)).toEqual(['Título 23', 'Título 24']);
  });

  it('walks the sort index for a dense word match and returns the same rows as sorting every match', async () => {
    const walked = await findProductPage(database.db, { title: 'título' }, { ...FIRST_PAGE, size: 4, direction: 'desc' }, { countExactUpTo: 3 });
    const sorted = await findProductPage(database.db, { title: 'título' }, { ...FIRST_PAGE, size: 4, direction: 'desc' });
    expect(walked).toMatchObject({ total: 3, approximate: true, hasNext: true });
    expect(sorted).toMatchObject({ total: 25, approximate: false, hasNext: true });
    expect(walked.rows.map((r) => r.title)).toEqual(['Título 24', 'Título 23', 'Título 22', 'Título 21']);
    expect(walked.rows).toEqual(sorted.rows);
  });

  it('gives the whole catalogue above the threshold as the statistics estimate less 1 %, two significant digits', async () => {
    const pages = Number(
      ((await database.db.execute(sql.raw(`SELECT (pg_relation_size('produto') / current_setting('block_size')::int)::int AS n`))) as unknown as { rows: { n: number }[] }).rows[0].n,
    );
    await setStatistics(500_000 / pages, 1);
    const result = await findProductPage(database.db, {}, FIRST_PAGE, { countExactUpTo: 10 });
    expect(result).toMatchObject({ total: 490_000, approximate: true, hasNext: true });
    expect(result.rows.map((r) => r.title).slice(0, 2)).toEqual(['Título 00', 'Título 01']);
    await setStatistics(-1, 0); // never analysed: the threshold itself
    expect(await findProductPage(database.db, {}, FIRST_PAGE, { countExactUpTo: 10 })).toMatchObject({ total: 10, approximate: true });
  });

  it('keeps small catalogues exact whatever the statistics say', async () => {
    await setStatistics(5_000_000, 1);
    expect(await findProductPage(database.db, {}, FIRST_PAGE)).toMatchObject({ total: 25, approximate: false });
  });
});
