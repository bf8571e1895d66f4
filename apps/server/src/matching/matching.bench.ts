/**
 * Cost of the matching tables on the ERP sync and the screens (docs/catalogue-matching.md):
 * `npx tsx src/matching/matching.bench.ts` (PGlite in memory; DATABASE_URL for PostgreSQL, a scratch
 * database). Writes 20 SELO / 20 TIPO_PRODUTO / 50 ASSUNTO records and 20 pages of 1000 products,
 * then measures: a page of 1000 products without any match, the same with 5 matches per kind
 * (`applyStoredMatches` in the page's transaction), the listing of each kind, and a save that
 * re-applies a match to ~400 products.
 */
import { sql } from 'drizzle-orm';
import type { ErpProduct } from '@acervo/contracts';
import { openTestDatabase } from '../test/test-app.ts';
import { companies } from '../companies/companies.schema.ts';
import { seedDemoData } from '../seed/demo-seed.ts';
import { applyErpRecords } from '../erp/data/index.ts';
import { resultRows } from '../db/rows.ts';
import { at, makeRecord } from '../erp/data/erp-data.fixtures.ts';
import { listMatches, saveMatch } from './matching.service.ts';

const { database, drop } = await openTestDatabase();
const db = database.db;
try {
  const { adminId } = await seedDemoData(db);
  const [company] = await db.insert(companies).values({ name: 'Bench', cnpj: '11444777000161', erpCode: 'B1' }).returning({ id: companies.id });
  const c = company.id;
  const page = async <E extends Parameters<typeof applyErpRecords>[2]>(entity: E, records: Parameters<typeof applyErpRecords<E>>[3]) => {
    const started = performance.now();
    await db.transaction((tx) => applyErpRecords(tx, c, entity, records));
    return performance.now() - started;
  };
  await page('SELO', Array.from({ length: 20 }, (_, i) => makeRecord('SELO', `S${i}`, at(1), i + 1)));
  await page('TIPO_PRODUTO', Array.from({ length: 20 }, (_, i) => makeRecord('TIPO_PRODUTO', `T${i}`, at(1), i + 1)));
  await page('ASSUNTO', Array.from({ length: 50 }, (_, i) => makeRecord('ASSUNTO', `A${i}`, at(1), i + 1)));
  const products = (from: number, minute: number): ErpProduct[] =>
    Array.from({ length: 1000 }, (_, i) => makeRecord('PRODUTO', `P${from + i}`, at(minute), from + i, { idSelo: `S${(from + i) % 20}`, idTipoProduto: `T${(from + i) % 20}`, idAssunto: `A${(from + i) % 50}` }));
  for (let p = 0; p < 18; p++) await page('PRODUTO', products(p * 1000, 10));
  const without: number[] = [];
  for (let r = 0; r < 3; r++) without.push(await page('PRODUTO', products(18000 + (r % 2) * 1000, 20 + r)));
  await db.execute(sql`INSERT INTO categoria_bisac (codigo, secao, descricao) VALUES ('FIC000000', 'FIC', 'FICÇÃO / GERAL')`);
  await db.execute(sql`INSERT INTO editora (nome, nome_chave) VALUES ('Grupo Bench', 'grupo bench')`);
  const [publisher] = resultRows<{ id: number }>(await db.execute(sql`SELECT id FROM editora WHERE nome_chave = 'grupo bench'`));
  const auth = { userId: adminId, sessionId: 'x', companyId: c, roles: [], login: 'admin', name: 'Bench', profileName: null };
  const saves: number[] = [];
  for (let i = 0; i < 5; i++) {
    for (const [kind, codigoErp, codigoAcervo] of [
      ['CATEGORIA_BISAC', `A${i}`, 'FIC000000'],
      ['EDITORA', `S${i}`, String(publisher.id)],
      ['ENCADERNACAO', `T${i}`, 'BB'],
    ] as const) {
      const started = performance.now();
      await saveMatch(db, auth, c, kind, { codigoErp, codigoAcervo });
      saves.push(performance.now() - started);
    }
  }
  const withMatches: number[] = [];
  for (let r = 0; r < 3; r++) withMatches.push(await page('PRODUTO', products(18000 + (r % 2) * 1000, 30 + r)));
  const listing: Record<string, number> = {};
  for (const kind of ['CATEGORIA_BISAC', 'EDITORA', 'CONTRIBUICAO', 'ENCADERNACAO', 'SITUACAO'] as const) {
    const started = performance.now();
    await listMatches(db, c, kind, { page: 0 });
    listing[kind] = Math.round(performance.now() - started);
  }
  const fmt = (xs: number[]) => xs.map((x) => Math.round(x)).join(' / ');
  console.log(`${database.kind}: 19-20k ERP products`);
  console.log(`PRODUTO page of 1000, no match: ${fmt(without)} ms`);
  console.log(`PRODUTO page of 1000, 15 matches used: ${fmt(withMatches)} ms`);
  console.log(`save re-applying to 400 (BISAC) / 1000 (publisher, binding) products, 15 saves: ${fmt(saves)} ms`);
  console.log(`listing first page: ${JSON.stringify(listing)} ms`);
} finally {
  await database.close();
  await drop();
}
