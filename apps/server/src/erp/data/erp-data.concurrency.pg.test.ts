import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { erpChecksum, type ErpProduct, type ErpSale } from '@acervo/contracts';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Database } from '../../db/client.ts';
import { companies } from '../../companies/companies.schema.ts';
import { applyErpRecords, storedErpStatistics } from './index.ts';
import { resultRows } from './erp-data.repository.ts';
import { at, makeRecord, makeSale, saleLine } from './erp-data.fixtures.ts';

/**
 * PostgreSQL only (several connections): two companies' PRODUTO pages creating the same catalogue
 * products in opposite orders wait for each other instead of deadlocking (without the ISBN order
 * of the catalogue writes this test fails with 'deadlock detected'); and a VENDA page creating
 * product placeholders beside a PRODUTO page upserting those products, in opposite orders, both
 * complete (a smoke test: on this machine's timing it passes with or without the id_erp order); and
 * a late SELO page filling one company's catalogue products (created so their ids do not follow
 * their ISBNs) beside another company's PRODUTO page writing the same catalogue products, both
 * complete and leave every product with a publisher (also a smoke test: both lock the rows in ISBN
 * order, but on this machine's timing it passes without the SELO page's lock statement too).
 */
let database: Database;
let drop: () => Promise<void>;
let companyA: number;
let companyB: number;
const N = 600;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const rows = await database.db
    .insert(companies)
    .values([
      { name: 'A', cnpj: '66666666000191', erpCode: 'DEMO01' },
      { name: 'B', cnpj: '77777777000191', erpCode: 'DEMO02' },
    ])
    .returning({ id: companies.id });
  [companyA, companyB] = rows.map((r) => r.id);
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

const productIds = (round: number) => Array.from({ length: N }, (_, i) => `R${round}-P${String(i).padStart(4, '0')}`);

function products(round: number, ids: string[]): ErpProduct[] {
  return ids.map((id, i) => makeRecord('PRODUTO', id, at(round * 10 + 1), round * 10_000 + Number(id.slice(-4)), { titulo: `Livro ${i}` }));
}

describe('concurrent pages', () => {
  it('a VENDA page and a PRODUTO page of one company over the same products, in opposite orders', async () => {
    for (let round = 1; round <= 3; round++) {
      const ids = productIds(round);
      const sales: ErpSale[] = Array.from({ length: N / 4 }, (_, s) =>
        makeSale(`R${round}-NF-${s}`, at(round * 10), { numero: round * 1000 + s, itens: [0, 1, 2, 3].map((l) => saleLine(l + 1, ids[s * 4 + l], 1, 1000)) }),
      );
      const productPage = products(round, [...ids].reverse());
      const results = await Promise.all([
        database.db.transaction((tx) => applyErpRecords(tx, companyA, 'VENDA', sales)),
        database.db.transaction((tx) => applyErpRecords(tx, companyA, 'PRODUTO', productPage)),
      ]);
      expect(results.map((r) => r.rejected)).toEqual([[], []]);
    }
    const all = [1, 2, 3].flatMap((round) => products(round, productIds(round)));
    expect(await storedErpStatistics(database.db, companyA, 'PRODUTO')).toEqual({ registros: all.length, checksum: erpChecksum('PRODUTO', all) });
  });

  it('two companies creating the same catalogue products, in opposite orders', async () => {
    const ids = productIds(9);
    const results = await Promise.all([
      database.db.transaction((tx) => applyErpRecords(tx, companyA, 'PRODUTO', products(9, ids))),
      database.db.transaction((tx) => applyErpRecords(tx, companyB, 'PRODUTO', products(9, [...ids].reverse()))),
    ]);
    expect(results.map((r) => r.rejected)).toEqual([[], []]);
    expect((await storedErpStatistics(database.db, companyB, 'PRODUTO')).registros).toBe(N);
  });

  it('a SELO page filling catalogue products beside another company\'s PRODUTO page writing them', async () => {
    const ids = productIds(8);
    const late = products(8, ids).map((p) => ({ ...p, idSelo: 'S-LATE' }));
    // Created in blocks of 50, the last ISBNs first, so catalogue ids do not follow ISBN order
    for (let block = N / 50 - 1; block >= 0; block--) {
      await database.db.transaction((tx) => applyErpRecords(tx, companyA, 'PRODUTO', late.slice(block * 50, block * 50 + 50)));
    }
    await database.db.transaction((tx) => applyErpRecords(tx, companyB, 'SELO', [makeRecord('SELO', 'S-B', at(1), 2, { nome: 'Selo B', editora: 'Editora B' })]));
    const other = products(8, ids.map((id) => `B-${id}`)).map((p) => ({ ...p, idSelo: 'S-B' }));
    for (let round = 0; round < 3; round++) {
      await database.db.execute(sql`UPDATE produto SET editora_id = NULL, selo_id = NULL WHERE isbn13 IN (SELECT value FROM jsonb_array_elements_text(${JSON.stringify(late.map((p) => p.ean))}::jsonb))`);
      const results = await Promise.all([
        database.db.transaction((tx) => applyErpRecords(tx, companyA, 'SELO', [makeRecord('SELO', 'S-LATE', at(10 + round), 1, { nome: 'Selo A', editora: 'Editora A' })])),
        database.db.transaction((tx) => applyErpRecords(tx, companyB, 'PRODUTO', [...other].reverse().map((p) => ({ ...p, alteradoEm: at(10 + round) })))),
      ]);
      expect(results.map((r) => r.rejected)).toEqual([[], []]);
      const [row] = resultRows<{ n: number }>(
        await database.db.execute(sql`SELECT count(*)::int AS n FROM produto WHERE editora_id IS NULL AND isbn13 IN (SELECT value FROM jsonb_array_elements_text(${JSON.stringify(late.map((p) => p.ean))}::jsonb))`),
      );
      expect(row.n).toBe(0);
    }
  });
});
