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
    expect(await findProductPage(database.db, {}, FIRST_PAGE, { catalogueCountExactUpTo: 25 })).toMatchObject({ total: 25, approximate: false });
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
    // A window too small for the page: the whole index is walked by a second statement, same rows.
    const second = await findProductPage(database.db, { title: 'título' }, { ...FIRST_PAGE, size: 4, direction: 'desc' }, { countExactUpTo: 3, walkWindowRows: 1 });
    expect(second).toMatchObject({ total: 3, approximate: true, hasNext: true });
    expect(second.rows).toEqual(sorted.rows);
  });

  it('counts a term exactly through its alternatives, or stops at the threshold, with the same page', async () => {
    const exact = await findProductPage(database.db, { term: 'título' }, { ...FIRST_PAGE, size: 3 }, { countExactUpTo: 30 });
    expect(exact).toMatchObject({ total: 25, approximate: false, hasNext: true });
    const capped = await findProductPage(database.db, { term: 'título' }, { ...FIRST_PAGE, size: 3 }, { countExactUpTo: 10 });
    expect(capped).toMatchObject({ total: 10, approximate: true, hasNext: true });
    expect(capped.rows).toEqual(exact.rows);
    // With another filter inside each alternative: 5 titles of 2020.
    expect(await findProductPage(database.db, { term: 'título', editionYear: 2020 }, FIRST_PAGE, { countExactUpTo: 10 })).toMatchObject({ total: 5, approximate: false });
  });

  it('walks a broad contributor match the same way whether its product set is complete or not', async () => {
    await database.db.execute(
      sql.raw(`INSERT INTO produto_contribuidor (produto_id, ordem, tipo_contribuicao, nome_completo) SELECT id, 9, 'A01', 'Rui Barbosa' FROM produto WHERE titulo BETWEEN 'Título 05' AND 'Título 12'`),
    );
    const page = { ...FIRST_PAGE, size: 3 };
    const exact = await findProductPage(database.db, { term: 'barbosa' }, page, { countExactUpTo: 30 });
    expect(exact).toMatchObject({ total: 8, approximate: false, hasNext: true });
    expect(exact.rows.map((r) => r.title)).toEqual(['Título 05', 'Título 06', 'Título 07']);
    // Threshold 4: 8 contributor rows, under their limit of 10, so the set is complete.
    expect(await findProductPage(database.db, { term: 'barbosa' }, page, { countExactUpTo: 4 })).toEqual({ ...exact, total: 4, approximate: true });
    // Threshold 2: the rows stop at 6 (6 products, more than 2), so each walked row reads its contributors.
    expect(await findProductPage(database.db, { term: 'barbosa' }, page, { countExactUpTo: 2 })).toEqual({ ...exact, total: 2, approximate: true });
    await database.db.execute(sql.raw(`DELETE FROM produto_contribuidor WHERE ordem = 9`));
  });

  it('does not take repeated contributor rows for distinct products when counting a term', async () => {
    const ids = (await database.db.execute(sql.raw(`SELECT id FROM produto WHERE titulo IN ('Título 01', 'Título 02', 'Título 03') ORDER BY id`))) as unknown as { rows: { id: number }[] };
    for (const { id } of ids.rows) {
      await database.db.execute(
        sql.raw(`INSERT INTO produto_contribuidor (produto_id, ordem, tipo_contribuicao, nome_completo) VALUES (${id}, 1, 'A01', 'Zélia Quaresma'), (${id}, 2, 'B01', 'Zelia Quaresma Filha'), (${id}, 3, 'B06', 'Zélia Neta')`),
      );
    }
    await database.db.execute(
      sql.raw(`INSERT INTO produto_contribuidor (produto_id, ordem, tipo_contribuicao, nome_completo) SELECT id, 1, 'A01', 'Zélia Souza' FROM produto WHERE titulo = 'Título 04'`),
    );
    // 10 contributor rows, 4 products. Threshold 3: the contributor rows stop at 2 × 4 = 8 (three
    // products; the fourth unseen), which proves nothing, so every match is counted: more than 3.
    expect(await findProductPage(database.db, { term: 'zelia' }, FIRST_PAGE, { countExactUpTo: 3 })).toMatchObject({ total: 3, approximate: true });
    // Threshold 4: the rows stop at 10, all of them; still counted in full, and exact.
    const result = await findProductPage(database.db, { term: 'zelia' }, FIRST_PAGE, { countExactUpTo: 4 });
    expect(result).toMatchObject({ total: 4, approximate: false, hasNext: false });
    expect(result.rows.map((r) => r.title)).toEqual(['Título 01', 'Título 02', 'Título 03', 'Título 04']);
  });

  it('gives the whole catalogue above the threshold as the statistics estimate less 1 %, two significant digits', async () => {
    const pages = Number(
      ((await database.db.execute(sql.raw(`SELECT (pg_relation_size('produto') / current_setting('block_size')::int)::int AS n`))) as unknown as { rows: { n: number }[] }).rows[0].n,
    );
    await setStatistics(500_000 / pages, 1);
    const result = await findProductPage(database.db, {}, FIRST_PAGE, { catalogueCountExactUpTo: 10 });
    expect(result).toMatchObject({ total: 490_000, approximate: true, hasNext: true });
    expect(result.rows.map((r) => r.title).slice(0, 2)).toEqual(['Título 00', 'Título 01']);
    await setStatistics(-1, 0); // never analysed: the threshold itself
    expect(await findProductPage(database.db, {}, FIRST_PAGE, { catalogueCountExactUpTo: 10 })).toMatchObject({ total: 10, approximate: true });
  });

  it('keeps small catalogues exact whatever the statistics say', async () => {
    await setStatistics(5_000_000, 1);
    expect(await findProductPage(database.db, {}, FIRST_PAGE)).toMatchObject({ total: 25, approximate: false });
  });
});
