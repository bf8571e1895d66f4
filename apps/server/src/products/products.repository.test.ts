import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openTestDatabase } from '../test/test-app.ts';
import type { Database, Executor } from '../db/client.ts';
import { productContributors, products, publishers } from './products.schema.ts';
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
    // 'barbos' is no whole word of a name, so the word index cannot answer (see 'word index' below)
    const exact = await findProductPage(database.db, { term: 'barbos' }, page, { countExactUpTo: 30 });
    expect(exact).toMatchObject({ total: 8, approximate: false, hasNext: true });
    expect(exact.rows.map((r) => r.title)).toEqual(['Título 05', 'Título 06', 'Título 07']);
    // Threshold 4: 8 contributor rows, under their limit of 10, so the set is complete.
    expect(await findProductPage(database.db, { term: 'barbos' }, page, { countExactUpTo: 4 })).toEqual({ ...exact, total: 4, approximate: true });
    // Threshold 2: the rows stop at 6 (6 products, more than 2), so each walked row reads its contributors.
    expect(await findProductPage(database.db, { term: 'barbos' }, page, { countExactUpTo: 2 })).toEqual({ ...exact, total: 2, approximate: true });
    // The whole word: the word index says "more than 2" at once; same answer.
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
    // ('zeli' is no whole word of a name: the word index cannot answer.)
    expect(await findProductPage(database.db, { term: 'zeli' }, FIRST_PAGE, { countExactUpTo: 3 })).toMatchObject({ total: 3, approximate: true });
    // Threshold 4: the rows stop at 10, all of them; still counted in full, and exact.
    const result = await findProductPage(database.db, { term: 'zeli' }, FIRST_PAGE, { countExactUpTo: 4 });
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

/** Rows where the word index differs from what the titles and contributor names say now (both directions). */
async function wordIndexDrift(): Promise<string[]> {
  const res = (await database.db.execute(
    sql.raw(`WITH esperado AS (
        SELECT 1 AS origem, l AS palavra, p.id AS produto_id FROM produto p, unnest(tsvector_to_array(p.titulo_palavras)) l
        UNION
        SELECT 2, x, c.produto_id FROM produto_contribuidor c, regexp_split_to_table(c.nome_busca, '[^[:alnum:]]+') x WHERE x <> ''),
      atual AS (SELECT origem, palavra, produto_id FROM produto_palavra)
      SELECT 'faltando ' || origem || ':' || palavra || ':' || produto_id AS d FROM (SELECT * FROM esperado EXCEPT SELECT * FROM atual) f
      UNION ALL
      SELECT 'sobrando ' || origem || ':' || palavra || ':' || produto_id FROM (SELECT * FROM atual EXCEPT SELECT * FROM esperado) s`),
  )) as unknown as { rows: { d: string }[] };
  return res.rows.map((r) => r.d).sort();
}

const wordsOf = async (id: number): Promise<string[]> =>
  ((await database.db.execute(sql.raw(`SELECT origem || ':' || palavra AS w FROM produto_palavra WHERE produto_id = ${id} ORDER BY 1`))) as unknown as { rows: { w: string }[] }).rows.map((r) => r.w);

describe('word index (produto_palavra)', () => {
  it('follows every write of titles and contributor names: insert, upsert, change, removal, cascade, truncate', async () => {
    const db = database.db;
    expect(await wordIndexDrift()).toEqual([]);
    const [made] = await db.insert(products).values({ isbn13: '9786500000900', title: 'Memórias do cárcere', subtitle: 'Volume único' }).returning({ id: products.id });
    expect(await wordsOf(made.id)).toEqual(['1:carcer', '1:memor', '1:unic', '1:volum']);
    // an upsert that changes the title (the importers' INSERT … ON CONFLICT DO UPDATE)
    await db.execute(sql`INSERT INTO produto (isbn13, titulo) VALUES ('9786500000900', 'Vidas secas') ON CONFLICT (isbn13) DO UPDATE SET titulo = EXCLUDED.titulo, subtitulo = NULL`);
    expect(await wordsOf(made.id)).toEqual(['1:sec', '1:vid']);
    await db.insert(productContributors).values([
      { productId: made.id, sequence: 1, role: 'A01', fullName: 'Graciliano Ramos' },
      { productId: made.id, sequence: 2, role: 'A12', fullName: 'Ana Ramos-Silva' },
    ]);
    expect(await wordsOf(made.id)).toEqual(['1:sec', '1:vid', '2:ana', '2:graciliano', '2:ramos', '2:silva']);
    // 'ramos' stays while another contributor of the product still has it
    await db.execute(sql`UPDATE produto_contribuidor SET nome_completo = 'Graciliano Souza' WHERE produto_id = ${made.id} AND ordem = 1`);
    expect(await wordsOf(made.id)).toEqual(['1:sec', '1:vid', '2:ana', '2:graciliano', '2:ramos', '2:silva', '2:souza']);
    await db.execute(sql`DELETE FROM produto_contribuidor WHERE produto_id = ${made.id} AND ordem = 2`);
    expect(await wordsOf(made.id)).toEqual(['1:sec', '1:vid', '2:graciliano', '2:souza']);
    // an update that leaves the title alone touches nothing
    await db.execute(sql`UPDATE produto SET ano_edicao = 1938 WHERE id = ${made.id}`);
    expect(await wordIndexDrift()).toEqual([]);
    // deleting the product: its title words, and its contributors' through the cascade
    await db.execute(sql`DELETE FROM produto WHERE id = ${made.id}`);
    expect(await wordsOf(made.id)).toEqual([]);
    expect(await wordIndexDrift()).toEqual([]);
  });

  it('empties with TRUNCATE (which fires no delete trigger)', async () => {
    const scratch = await openTestDatabase();
    try {
      const db = scratch.database.db;
      const [made] = await db.insert(products).values({ isbn13: '9786500000901', title: 'Angústia' }).returning({ id: products.id });
      await db.insert(productContributors).values({ productId: made.id, sequence: 1, role: 'A01', fullName: 'Graciliano Ramos' });
      await db.execute(sql`TRUNCATE produto_contribuidor`);
      expect(((await db.execute(sql`SELECT origem FROM produto_palavra`)) as unknown as { rows: { origem: number }[] }).rows).toEqual([{ origem: 1 }]);
      await db.execute(sql`TRUNCATE produto CASCADE`);
      expect(((await db.execute(sql`SELECT count(*)::int AS n FROM produto_palavra`)) as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 0 }]);
    } finally {
      await scratch.database.close();
      await scratch.drop();
    }
  });

  it('says "more than N" for one title or term word from the index alone, with the page the full count gives', async () => {
    const page = { ...FIRST_PAGE, size: 3 };
    for (const filters of [{ title: 'títulos' }, { term: 'Titulo' }]) {
      const withIndex = await findProductPage(database.db, filters, page, { countExactUpTo: 10 });
      const without = await findProductPage(database.db, filters, page, { countExactUpTo: 10, wordIndex: false });
      expect(withIndex).toEqual(without);
      expect(withIndex).toMatchObject({ total: 10, approximate: true, hasNext: true });
    }
    // Proof that the index answered: words no title has, planted for 11 products, are believed.
    await database.db.execute(sql.raw(`INSERT INTO produto_palavra (origem, palavra, produto_id) SELECT 1, 'zzplant', id FROM produto ORDER BY id LIMIT 11`));
    try {
      expect(await findProductPage(database.db, { title: 'zzplant' }, page, { countExactUpTo: 10 })).toMatchObject({ total: 10, approximate: true, rows: [] });
      expect(await findProductPage(database.db, { title: 'zzplant' }, page, { countExactUpTo: 10, wordIndex: false })).toMatchObject({ total: 0, approximate: false });
      // not for two words, another filter, or fragments: the full count decides
      expect(await findProductPage(database.db, { title: 'zzplant título' }, page, { countExactUpTo: 10 })).toMatchObject({ total: 0, approximate: false });
      expect(await findProductPage(database.db, { title: 'zzplant', editionYear: 2000 }, page, { countExactUpTo: 10 })).toMatchObject({ total: 0, approximate: false });
      expect(await findProductPage(database.db, { title: 'zzplant', textMatch: 'fragments' }, page, { countExactUpTo: 10 })).toMatchObject({ total: 0, approximate: false });
    } finally {
      await database.db.execute(sql.raw(`DELETE FROM produto_palavra WHERE palavra = 'zzplant'`));
    }
  });
});

/** The database with every statement's SQL text recorded in `statements`. */
function recording(statements: string[]): Executor {
  const dialect = new PgDialect();
  const db = database.db;
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execute') {
        return (query: SQL) => {
          statements.push(dialect.sqlToQuery(query).sql);
          return target.execute(query);
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  }) as Executor;
}

describe('broad words under load (issue 15)', () => {
  it('reads the page of a broad one-word term with the probe and a walk alone, never planning the count', async () => {
    const page = { ...FIRST_PAGE, size: 3 };
    const [publisher] = await database.db.insert(publishers).values({ name: 'Editora Ampla', nameKey: 'editora ampla' }).returning({ id: publishers.id });
    await database.db.execute(sql`UPDATE produto SET editora_id = ${publisher.id} WHERE titulo LIKE 'Título%'`);
    const titles = await database.db.execute(sql`SELECT id FROM produto WHERE titulo LIKE 'Título%' ORDER BY id LIMIT 12`);
    await database.db.insert(productContributors).values(
      (titles as unknown as { rows: { id: number }[] }).rows.map((r, i) => ({ productId: Number(r.id), sequence: 50, role: 'A01', fullName: `Ana Silva ${i}` })),
    );
    try {
      for (const filters of [{ term: 'Titulo' }, { term: 'silva' }, { title: 'títulos' }, { publisher: 'ampla' }]) {
        const statements: string[] = [];
        const fast = await findProductPage(recording(statements), filters, page, { countExactUpTo: 10 });
        expect(fast, JSON.stringify(filters)).toEqual(await findProductPage(database.db, filters, page, { countExactUpTo: 10, wordIndex: false }));
        expect(fast, JSON.stringify(filters)).toMatchObject({ total: 10, approximate: true, hasNext: true });
        if ('term' in filters) {
          expect(statements, JSON.stringify(filters)).toHaveLength(2);
          expect(statements[0], JSON.stringify(filters)).toMatch(/^WITH amplo AS/);
          expect(statements[1], JSON.stringify(filters)).not.toMatch(/\bm AS MATERIALIZED/);
        } else {
          // a title word or publisher keeps the one statement, whose probe runs in place
          expect(statements, JSON.stringify(filters)).toHaveLength(1);
        }
      }
      // a term that is not broad: the probe, then the usual statement, which does not probe again
      const statements: string[] = [];
      expect(await findProductPage(recording(statements), { term: 'títulos' }, page, { countExactUpTo: 100 })).toMatchObject({ total: 25, approximate: false });
      expect(statements).toHaveLength(2);
      expect(statements[1]).toMatch(/amplo AS \(SELECT false AS b, false AS bn\)/);
    } finally {
      await database.db.execute(sql`DELETE FROM produto_contribuidor WHERE nome_completo LIKE 'Ana Silva%'`);
      await database.db.execute(sql`UPDATE produto SET editora_id = NULL WHERE editora_id = ${publisher.id}`);
      await database.db.execute(sql`DELETE FROM editora WHERE id = ${publisher.id}`);
    }
  });

  it('keeps the normalised contributor name in the contributor key, so the walk reads no contributor row', async () => {
    const result = (await database.db.execute(sql`SELECT pg_get_indexdef('produto_contribuidor_produto_id_ordem_pk'::regclass) AS def`)) as unknown as { rows: { def: string }[] };
    expect(result.rows[0].def).toMatch(/UNIQUE INDEX produto_contribuidor_produto_id_ordem_pk .*\(produto_id, ordem\) INCLUDE \(nome_busca\)/);
  });
});

describe('publisher-only lists', () => {
  it('count publisher by publisher and stop at the threshold, with the same answer as the full count', async () => {
    const db = database.db;
    const [alfa, alfabeto] = await db
      .insert(publishers)
      .values([
        { name: 'Editora Alfa', nameKey: 'editora alfa' },
        { name: 'Alfabeto Edições', nameKey: 'alfabeto edicoes' },
      ])
      .returning({ id: publishers.id });
    await db.insert(products).values([
      ...Array.from({ length: 12 }, (_, i) => ({ isbn13: `97865000031${String(i).padStart(2, '0')}`, title: `Alfa ${String(i).padStart(2, '0')}`, publisherId: alfa.id })),
      ...Array.from({ length: 3 }, (_, i) => ({ isbn13: `97865000032${String(i).padStart(2, '0')}`, title: `Beto ${i}`, publisherId: alfabeto.id })),
    ]);
    try {
      const page = { ...FIRST_PAGE, size: 4 };
      for (const cap of [5, 12, 14, 15, 20]) {
        const fast = await findProductPage(db, { publisher: 'alfa' }, page, { countExactUpTo: cap });
        expect(fast, `cap ${cap}`).toEqual(await findProductPage(db, { publisher: 'alfa' }, page, { countExactUpTo: cap, wordIndex: false }));
        expect(fast, `cap ${cap}`).toMatchObject(cap < 15 ? { total: cap, approximate: true } : { total: 15, approximate: false });
        expect(fast.rows.map((r) => r.title)).toEqual(['Alfa 00', 'Alfa 01', 'Alfa 02', 'Alfa 03']);
      }
      // with another filter the shortcut is not taken (and none of them is from 1999)
      expect(await findProductPage(db, { publisher: 'alfa', editionYear: 1999 }, page, { countExactUpTo: 5 })).toMatchObject({ total: 0, approximate: false });
    } finally {
      await db.execute(sql`DELETE FROM produto WHERE editora_id IN (${alfa.id}, ${alfabeto.id})`);
      await db.execute(sql`DELETE FROM editora WHERE id IN (${alfa.id}, ${alfabeto.id})`);
    }
  });
});
