/**
 * Cost of the register pages that fill the catalogue (SELO, TIPO_PRODUTO, ASSUNTO, AUTOR,
 * TIPO_CONTRIBUICAO) when the products came first, as on a first sync where the PRODUTO task ran
 * before the registers' tasks. On a fresh database, company A applies 6000 products (pages of 1000;
 * 20 imprints, one of them on half the products; 1-3 contributors each over 2000 authors), then the
 * registers (contribution types, product types, subjects, imprints, 2 pages of 1000 authors); then
 * the same register pages again with a newer version (nothing left to fill: the steady state).
 * Company B applies the same data registers first (other ISBNs), and the bench checks that both
 * orders give every catalogue product the same publisher, imprint, form, BISAC and contributors.
 *
 *   npx tsx src/erp/data/erp-data.catalogue.bench.ts                 # PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx src/erp/data/erp-data.catalogue.bench.ts
 *
 * Prints the wall time (ms) of each page and the load average.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { ErpEntity, ErpProduct, ErpRecord } from '@acervo/contracts';
import { openDatabase, type Database } from '../../db/client.ts';
import { createScratchDatabase } from '../../db/scratch-database.ts';
import { companies } from '../../companies/companies.schema.ts';
import { applyErpRecords } from './index.ts';
import { resultRows } from './erp-data.repository.ts';
import { at, makeRecord } from './erp-data.fixtures.ts';

const PAGE = 1000;
const PRODUCTS = 6000;
const AUTHORS = 2000;
const IMPRINTS = 20;

/** Applies one page in its own transaction, like the sync; wall time in ms. */
async function applyPage<E extends ErpEntity>(database: Database, companyId: number, entity: E, records: ErpRecord<E>[]): Promise<number> {
  const start = performance.now();
  const { rejected } = await database.db.transaction((tx) => applyErpRecords(tx, companyId, entity, records));
  if (rejected.length > 0) throw new Error(`rejected: ${JSON.stringify(rejected.slice(0, 3))}`);
  return performance.now() - start;
}

function productPages(offset: number): ErpProduct[][] {
  return Array.from({ length: PRODUCTS / PAGE }, (_, p) =>
    Array.from({ length: PAGE }, (_, j) => {
      const i = p * PAGE + j;
      return makeRecord('PRODUTO', `P${i}`, at(1), offset + i, {
        paginas: 100 + (i % 500),
        idSelo: `S${i % 2 === 0 ? 0 : i % IMPRINTS}`,
        idTipoProduto: `TP${i % 5}`,
        idAssunto: `AS${i % 50}`,
        contribuidores: Array.from({ length: 1 + (i % 3) }, (_, k) => ({ idAutor: `A${(i * 7 + k * 13) % AUTHORS}`, idTipoContribuicao: `TC${k % 5}`, ordem: k + 1 })),
      });
    }),
  );
}

/** The register pages the products name, version `minute`. */
function registerPages(minute: number): [ErpEntity, ErpRecord<ErpEntity>[]][] {
  const many = <E extends ErpEntity>(entity: E, prefix: string, n: number, extra: (i: number) => Partial<ErpRecord<E>>) =>
    Array.from({ length: n }, (_, i) => makeRecord(entity, `${prefix}${i}`, at(minute), i + 1, extra(i)));
  return [
    ['TIPO_CONTRIBUICAO', many('TIPO_CONTRIBUICAO', 'TC', 5, (i) => ({ codigoOnix: ['A01', 'B06', 'A12', 'B01', 'A02'][i] }))],
    ['TIPO_PRODUTO', many('TIPO_PRODUTO', 'TP', 5, (i) => ({ formatoOnix: ['BC', 'BB', 'ED', 'BA', 'BD'][i] }))],
    ['ASSUNTO', many('ASSUNTO', 'AS', 50, (i) => ({ codigoBisac: `FIC${String(i).padStart(6, '0')}` }))],
    ['SELO', many('SELO', 'S', IMPRINTS, (i) => ({ nome: `Selo ${i}`, editora: `Editora ${i % 7}` }))],
    ['AUTOR', many('AUTOR', 'A', PAGE, (i) => ({ nome: `Autora ${i}`, nomeInvertido: `${i}, Autora` }))],
    ['AUTOR', many('AUTOR', 'A', AUTHORS, (i) => ({ nome: `Autora ${i}`, nomeInvertido: `${i}, Autora` })).slice(PAGE)],
  ];
}

/** Catalogue side of the company's products, one line per product in ERP id order. */
async function catalogue(database: Database, companyId: number): Promise<string[]> {
  const rows = await database.db.execute(sql`SELECT e.id_erp, ed.nome AS editora, s.nome AS selo, p.formato_produto, p.categoria_bisac,
      (SELECT string_agg(c.ordem || ':' || c.tipo_contribuicao || ':' || c.nome_completo, '|' ORDER BY c.ordem) FROM produto_contribuidor c WHERE c.produto_id = p.id) AS contribuidores
    FROM erp_produto e JOIN produto p ON p.id = e.produto_id LEFT JOIN editora ed ON ed.id = p.editora_id LEFT JOIN selo s ON s.id = p.selo_id
    WHERE e.empresa_id = ${companyId}::int ORDER BY e.id_erp`);
  return resultRows<Record<string, unknown>>(rows).map((r) => JSON.stringify(r));
}

const ms = (values: number[]) => values.map((v) => v.toFixed(0)).join(' / ');

async function main(): Promise<void> {
  const base = process.env.DATABASE_URL;
  const scratch = base ? await createScratchDatabase(base, { prefix: 'acervo_bench' }) : null;
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url, dataDir: '' } : { dataDir: 'memory://' });
  try {
    const [a, b] = await database.db
      .insert(companies)
      .values([
        { name: 'A', cnpj: '11111111000191', erpCode: 'DEMO01' },
        { name: 'B', cnpj: '22222222000191', erpCode: 'DEMO02' },
      ])
      .returning({ id: companies.id });

    const productsFirst: number[] = [];
    for (const page of productPages(0)) productsFirst.push(await applyPage(database, a.id, 'PRODUTO', page));
    console.log(`${database.kind}: products first, ${PRODUCTS} products: pages ${ms(productsFirst)} ms`);
    for (const [label, minute] of [
      ['late registers (fill the catalogue)', 2],
      ['same registers again, newer version (nothing to fill)', 3],
    ] as const) {
      const times: string[] = [];
      for (const [entity, records] of registerPages(minute)) times.push(`${entity} ${records.length}: ${(await applyPage(database, a.id, entity, records)).toFixed(0)} ms`);
      console.log(`${database.kind}: ${label}: ${times.join(', ')}`);
    }

    const registersFirst: string[] = [];
    for (const [entity, records] of registerPages(2)) registersFirst.push(`${entity} ${records.length}: ${(await applyPage(database, b.id, entity, records)).toFixed(0)} ms`);
    const productTimes: number[] = [];
    for (const page of productPages(50_000)) productTimes.push(await applyPage(database, b.id, 'PRODUTO', page));
    console.log(`${database.kind}: registers first: ${registersFirst.join(', ')}; ${PRODUCTS} products: pages ${ms(productTimes)} ms`);

    const [catA, catB] = [await catalogue(database, a.id), await catalogue(database, b.id)];
    const differ = catA.filter((line, i) => line !== catB[i]).length;
    const withPublisher = catA.filter((line) => !line.includes('"editora":null')).length;
    const withContributors = catA.filter((line) => !line.includes('"contribuidores":null')).length;
    console.log(
      `${database.kind}: products first: ${withPublisher}/${catA.length} catalogue products with a publisher, ${withContributors} with contributors; ` +
        `${differ} differ from the registers-first company`,
    );
    console.log(`load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs`);
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

await main();
