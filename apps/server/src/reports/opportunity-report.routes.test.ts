import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import {
  OPPORTUNITY_COMPANY_MESSAGE,
  OPPORTUNITY_REPORT_ORIGINS,
  OPPORTUNITY_REPORT_SORT_FIELDS,
  OPPORTUNITY_TYPES,
  formatDateTime,
  type OpportunityAnalyticRow,
  type OpportunitySyntheticRow,
  type OpportunityType,
  type PagedList,
  type SessionUser,
} from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call } from '../auth/auth.test-helpers.ts';
import { resultRows } from '../db/rows.ts';
import { products } from '../products/products.schema.ts';
import { opportunityReasons } from '../lookups/lookups.schema.ts';
import { opportunities } from '../opportunities/opportunities.schema.ts';
import { isbn } from '../erp/data/erp-data.fixtures.ts';
import { runExport } from '../exports/exports.service.ts';
import { seedStock, stockFixtures } from './stock-report.fixtures.ts';

/**
 * Opportunities report (issue 17 part 4) through Fastify inject (PGlite, or PostgreSQL with
 * DATABASE_URL): synthetic figures against an independent SQL computation, São Paulo days,
 * company scoping (another company's registrations never shown), both tabs, the product filters,
 * every sort, hostile filters, and each of the four exports read back (CSV and XLSX) row by row
 * against the API.
 */
let t: TestApp;
let dataDir: string;
let admin: SessionUser;
let seller: SessionUser;
let companyA: number;
let companyB: number;
/** Catalogue products linked to ERP stock (ISBNs isbn(1..6)) and one without stock anywhere. */
let stocked: { id: number; isbn13: string }[];
let unstocked: number;

/** A title the catalogue lacks, typed with its EAN (ISBN-13 of the 978-85 range). */
const TYPED_EAN = '9788535902778';
/** A typed EAN (isbn(3)) of a catalogue product: must group with that product. */
const HOW_MANY = 160;

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const get = async <T>(user: SessionUser, query: string) => {
  const res = await call(t.app, 'GET', `relatorio/oportunidade?${query}`, { token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PagedList<T>>();
};
const synthetic = (user: SessionUser, query: string) => get<OpportunitySyntheticRow>(user, `visao=sintetica&pageSize=200&${query}`);
const analytic = (user: SessionUser, query: string) => get<OpportunityAnalyticRow>(user, `visao=analitica&pageSize=200&${query}`);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'acervo-opportunity-report-'));
  t = await createTestApp({ dataDir });
  [companyA, companyB] = t.seed.companyIds as [number, number];
  admin = await t.login('admin', 'admin');
  seller = await t.login('vendedor', 'vendedor');
  // ERP stock: company A stocks isbn(1..6), company B isbn(1..3) (same EANs, other figures)
  await seedStock(t.database.db, companyA, stockFixtures(6));
  await seedStock(t.database.db, companyB, stockFixtures(3, 10).map((l, i) => ({ ...l, n: i + 1 })));
  const isbns = [1, 2, 3, 4, 5, 6].map(isbn);
  const existing = await t.database.db.select({ id: products.id, isbn13: products.isbn13 }).from(products).where(inArray(products.isbn13, isbns));
  const missing = isbns.filter((i) => !existing.some((p) => p.isbn13 === i));
  if (missing.length) existing.push(...(await t.database.db.insert(products).values(missing.map((i) => ({ isbn13: i, title: `Título ${i}` }))).returning({ id: products.id, isbn13: products.isbn13 })));
  stocked = isbns.map((i) => existing.find((p) => p.isbn13 === i)!);
  [{ id: unstocked }] = await t.database.db.insert(products).values({ isbn13: isbn(900), title: 'Iracema sem estoque' }).returning({ id: products.id });
  const reasons = await t.database.db.select({ id: opportunityReasons.id }).from(opportunityReasons);

  // registrations: catalogue products, typed EAN of a catalogue product, typed EAN outside the
  // catalogue, typed descriptions only (case and accents differ), in both companies and tabs,
  // from 2025-12-01 on, some right around São Paulo midnight
  const next = random(17);
  const rows: (typeof opportunities.$inferInsert)[] = [];
  for (let i = 0; i < HOW_MANY; i++) {
    const kind = Math.floor(next() * 5);
    const product = stocked[Math.floor(next() * stocked.length)]!;
    const base = {
      companyId: next() < 0.6 ? companyA : companyB,
      userId: next() < 0.5 ? t.seed.adminId : t.seed.sellerId,
      quantity: 1 + Math.floor(next() * 5),
      type: OPPORTUNITY_TYPES[Math.floor(next() * 2)]!,
      reasonId: reasons[Math.floor(next() * reasons.length)]!.id,
      observation: next() < 0.3 ? `Cliente ${i}; "ligar"` : null,
      createdAt: new Date(Date.UTC(2025, 11, 1) + Math.floor(next() * 90) * 86_400_000 + (next() < 0.2 ? 2.5 : Math.floor(next() * 24)) * 3_600_000),
    };
    if (kind === 0) rows.push({ ...base, productId: product.id, ean: product.isbn13, description: `Título ${product.isbn13}` });
    else if (kind === 1) rows.push({ ...base, productId: null, ean: isbn(3), description: 'Digitado com EAN do catálogo' });
    else if (kind === 2) rows.push({ ...base, productId: null, ean: TYPED_EAN, description: 'Dom Casmurro (bolso)' });
    else if (kind === 3) rows.push({ ...base, productId: null, ean: null, description: next() < 0.5 ? 'O Alienista' : 'o alienísta' });
    else rows.push({ ...base, productId: unstocked, ean: isbn(900), description: 'Iracema sem estoque' });
  }
  await t.database.db.insert(opportunities).values(rows);
});

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * The synthetic view computed independently: registrations resolved to a catalogue product by id
 * or typed ISBN-13, grouped, and the stock summed from erp_estoque per EAN.
 */
async function expectedSynthetic(companies: number[], tipo: OpportunityType, from?: string, to?: string) {
  const result = await t.database.db.execute(sql`
    WITH r AS (
      SELECT o.*, COALESCE(o.produto_id, (SELECT p.id FROM produto p WHERE p.isbn13 = o.ean)) AS pid
      FROM oportunidade o
      WHERE o.empresa_id = ANY(${`{${companies.join(',')}}`}::int[]) AND o.tipo = ${tipo}
        AND (${from ?? null}::date IS NULL OR (o.data_cadastro AT TIME ZONE 'America/Sao_Paulo')::date >= ${from ?? null}::date)
        AND (${to ?? null}::date IS NULL OR (o.data_cadastro AT TIME ZONE 'America/Sao_Paulo')::date <= ${to ?? null}::date)
    ), k AS (
      SELECT r.*, CASE WHEN pid IS NOT NULL THEN 'P' || pid WHEN ean IS NOT NULL THEN 'E' || ean ELSE 'D' || lower(unaccent(descricao)) END AS chave,
        COALESCE((SELECT isbn13 FROM produto WHERE id = pid), ean) AS title_ean
      FROM r
    )
    SELECT chave, count(*)::int AS registros, sum(quantidade)::int AS quantidade, max(data_cadastro) AS ultima, min(title_ean) AS ean,
      (SELECT sum(e.fisico - e.reservado - e.bloqueado)::int FROM erp_estoque e JOIN erp_produto ep ON ep.id = e.produto_id
        WHERE ep.ean = min(k.title_ean) AND ep.empresa_id = ANY(${`{${companies.join(',')}}`}::int[])) AS estoque
    FROM k GROUP BY chave ORDER BY chave`);
  return resultRows<{ chave: string; registros: number; quantidade: number; ultima: Date | string; ean: string | null; estoque: number | null }>(result).map((r) => ({
    chave: r.chave,
    ean: r.ean,
    registros: Number(r.registros),
    quantidade: Number(r.quantidade),
    ultimaData: new Date(r.ultima).toISOString(),
    estoqueDisponivel: r.estoque === null ? null : Number(r.estoque),
  }));
}

const bySyntheticKey = (rows: OpportunitySyntheticRow[]) =>
  rows.map(({ chave, ean, registros, quantidade, ultimaData, estoqueDisponivel }) => ({ chave, ean, registros, quantidade, ultimaData, estoqueDisponivel })).sort((a, b) => a.chave.localeCompare(b.chave));

describe('GET relatorio/oportunidade, synthetic view', () => {
  it.each(OPPORTUNITY_TYPES)('%s: one row per title with registrations, quantity, last date and available stock equal to an independent SQL count', async (tipo) => {
    const both = await synthetic(admin, `tipo=${tipo}&idEmpresa=${companyA}&idEmpresa=${companyB}`);
    const expected = await expectedSynthetic([companyA, companyB], tipo);
    // the SQL above normalises with lower(unaccent()), the report with acervo_normalize: same groups here
    expect(bySyntheticKey(both.itens).map((r) => ({ ...r, chave: r.chave.startsWith('D') ? 'D' : r.chave }))).toEqual(
      expected.map((r) => ({ ...r, chave: r.chave.startsWith('D') ? 'D' : r.chave })).sort((a, b) => a.chave.localeCompare(b.chave)),
    );
    expect(both.totalItens).toBe(expected.length);
    expect(both.itens.reduce((s, r) => s + r.registros, 0)).toBe(
      await t.database.db.$count(opportunities, sql`${opportunities.type} = ${tipo} AND ${opportunities.companyId} IN (${companyA}, ${companyB})`),
    );
    // a typed EAN of a catalogue product joins that product's row; the one outside the catalogue has its own, no stock
    expect(both.itens.some((r) => r.chave === `E${isbn(3)}`)).toBe(false);
    const typed = both.itens.find((r) => r.chave === `E${TYPED_EAN}`)!;
    expect(typed).toMatchObject({ idProduto: null, ean: TYPED_EAN, descricao: 'Dom Casmurro (bolso)', estoqueDisponivel: null });
    expect(both.itens.find((r) => r.idProduto === unstocked)).toMatchObject({ descricao: 'Iracema sem estoque', estoqueDisponivel: null });
    // both spellings of O Alienista are one title
    expect(both.itens.filter((r) => r.chave.startsWith('D'))).toHaveLength(1);
  });

  it('sums the stock of the filtered companies only, and counts days in São Paulo (inclusive)', async () => {
    const onlyA = await synthetic(admin, `tipo=VENDA_PERDIDA&idEmpresa=${companyA}&dataInicio=2025-12-10&dataFim=2026-01-31`);
    expect(bySyntheticKey(onlyA.itens)).toEqual(await expectedSynthetic([companyA], 'VENDA_PERDIDA', '2025-12-10', '2026-01-31'));
    const row = onlyA.itens.find((r) => r.idProduto === stocked[0]!.id);
    const [stock] = resultRows<{ d: number }>(
      await t.database.db.execute(sql`SELECT (e.fisico - e.reservado - e.bloqueado)::int AS d FROM erp_estoque e JOIN erp_produto p ON p.id = e.produto_id WHERE p.empresa_id = ${companyA} AND p.ean = ${stocked[0]!.isbn13}`),
    );
    if (row) expect(row.estoqueDisponivel).toBe(Number(stock!.d));
    // 2026-03-01T02:30Z is 28/02 23:30 in São Paulo
    const [late] = await t.database.db
      .insert(opportunities)
      .values({ companyId: companyA, userId: t.seed.adminId, productId: null, ean: null, description: 'Registro das 23h30', quantity: 7, type: 'SUGESTAO_COMPRA', reasonId: (await t.database.db.select().from(opportunityReasons))[0]!.id, createdAt: new Date('2026-03-01T02:30:00Z') })
      .returning({ id: opportunities.id });
    const feb = await analytic(admin, 'tipo=SUGESTAO_COMPRA&dataInicio=2026-02-28&dataFim=2026-02-28');
    expect(feb.itens.map((r) => r.id)).toContain(late!.id);
    const mar = await analytic(admin, 'tipo=SUGESTAO_COMPRA&dataInicio=2026-03-01&dataFim=2026-03-01');
    expect(mar.itens.map((r) => r.id)).not.toContain(late!.id);
    await t.database.db.delete(opportunities).where(eq(opportunities.id, late!.id));
  });

  it('filters by product: idProduto (with registrations typed under its ISBN-13), EAN (ISBN-10 accepted) and description words', async () => {
    const byId = await analytic(admin, `tipo=VENDA_PERDIDA&idEmpresa=${companyA}&idEmpresa=${companyB}&idProduto=${stocked[2]!.id}`);
    expect(byId.itens.length).toBeGreaterThan(0);
    expect(byId.itens.every((r) => r.idProduto === stocked[2]!.id && r.ean === isbn(3))).toBe(true);
    expect(byId.itens.some((r) => r.descricao === 'Digitado com EAN do catálogo')).toBe(true);
    const byIsbn10 = await synthetic(admin, `tipo=VENDA_PERDIDA&idEmpresa=${companyA}&idEmpresa=${companyB}&ean=85-359-0277-5`);
    expect(byIsbn10.itens.map((r) => r.chave)).toEqual([`E${TYPED_EAN}`]);
    const words = await synthetic(admin, `tipo=SUGESTAO_COMPRA&idEmpresa=${companyA}&idEmpresa=${companyB}&descricao=ALIENISTA`);
    expect(words.itens).toHaveLength(1);
    expect(words.itens[0]!.descricao.toLowerCase()).toContain('alien');
  });
});

describe('GET relatorio/oportunidade, analytic view and scope', () => {
  it('lists each registration with user, reason, observation, date and company; never another company of the user', async () => {
    const page = await analytic(seller, 'tipo=VENDA_PERDIDA');
    const [count] = resultRows<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM oportunidade WHERE empresa_id = ${companyA} AND tipo = 'VENDA_PERDIDA'`));
    expect(page.totalItens).toBe(Number(count!.n));
    expect(page.itens.every((r) => r.idEmpresa === companyA && r.empresa === 'Distribuidora Acervo Ltda')).toBe(true);
    const withNote = page.itens.find((r) => r.observacao !== null)!;
    expect(withNote.observacao).toMatch(/^Cliente \d+; "ligar"$/);
    expect(page.itens.every((r) => typeof r.motivo === 'string' && r.motivo.length > 0)).toBe(true);
    expect(new Set(page.itens.map((r) => r.usuario))).toEqual(new Set(['Administrador', 'Vendedor Demonstração']));
    // newest first by default
    expect(page.itens.map((r) => r.data)).toEqual([...page.itens.map((r) => r.data)].sort().reverse());
  });

  it('defaults to the selected company; another company, even named, never reaches a user outside it', async () => {
    const adminDefault = await analytic(admin, 'tipo=SUGESTAO_COMPRA');
    expect(adminDefault.itens.every((r) => r.idEmpresa === companyA)).toBe(true);
    const adminB = await analytic(admin, `tipo=SUGESTAO_COMPRA&idEmpresa=${companyB}`);
    expect(adminB.itens.length).toBeGreaterThan(0);
    expect(adminB.itens.every((r) => r.idEmpresa === companyB)).toBe(true);
    for (const query of [`idEmpresa=${companyB}`, `idEmpresa=${companyA}&idEmpresa=${companyB}`, 'idEmpresa=99999']) {
      const res = await call(t.app, 'GET', `relatorio/oportunidade?visao=sintetica&tipo=VENDA_PERDIDA&${query}`, { token: seller.token });
      expect(res.statusCode).toBe(400);
      expect(res.json().messages).toEqual([{ field: 'idEmpresa', message: OPPORTUNITY_COMPANY_MESSAGE }]);
    }
    // the seller's synthetic figures are company A's alone
    expect(bySyntheticKey((await synthetic(seller, 'tipo=VENDA_PERDIDA')).itens)).toEqual(await expectedSynthetic([companyA], 'VENDA_PERDIDA'));
    expect((await call(t.app, 'GET', 'relatorio/oportunidade?visao=sintetica&tipo=VENDA_PERDIDA')).statusCode).toBe(401);
  });

  it('sorts each view by every column, both directions, with stable pages', async () => {
    for (const visao of ['sintetica', 'analitica'] as const) {
      for (const field of OPPORTUNITY_REPORT_SORT_FIELDS[visao]) {
        for (const dir of ['asc', 'desc'] as const) {
          const base = `visao=${visao}&tipo=VENDA_PERDIDA&idEmpresa=${companyA}&idEmpresa=${companyB}&sorter=${field},${dir}`;
          const all = await get<Record<string, unknown>>(admin, `${base}&pageSize=200`);
          const values = all.itens.map((r) => r[field]).filter((v) => v !== null) as (string | number)[];
          const norm = (v: string | number) => (typeof v === 'string' && field !== 'ultimaData' && field !== 'data' && field !== 'ean' ? v.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() : v);
          for (let i = 1; i < values.length; i++) {
            const [a, b] = [norm(values[i - 1]!), norm(values[i]!)];
            if (typeof a === 'number') expect(dir === 'asc' ? a <= (b as number) : a >= (b as number), `${visao} ${field} ${dir}`).toBe(true);
          }
          // nulls last in both directions
          const firstNull = all.itens.findIndex((r) => r[field] === null);
          if (firstNull >= 0) expect(all.itens.slice(firstNull).every((r) => r[field] === null)).toBe(true);
          // two pages of 7 are the first 14 rows
          const p0 = await get<Record<string, unknown>>(admin, `${base}&pageSize=7&page=0`);
          const p1 = await get<Record<string, unknown>>(admin, `${base}&pageSize=7&page=1`);
          const key = visao === 'sintetica' ? 'chave' : 'id';
          expect([...p0.itens, ...p1.itens].map((r) => r[key])).toEqual(all.itens.slice(0, 14).map((r) => r[key]));
        }
      }
    }
  });

  it('answers hostile or bad filters with 400 naming the field, or a normal page, never 500', async () => {
    const bad: [string, string][] = [
      ['visao=tabela&tipo=VENDA_PERDIDA', 'visao'],
      ['visao=sintetica', 'tipo'],
      ['visao=sintetica&tipo=OUTRO', 'tipo'],
      [`visao=sintetica&tipo=VENDA_PERDIDA&descricao=${'x'.repeat(1000)}`, 'descricao'],
      ['visao=sintetica&tipo=VENDA_PERDIDA&descricao=a%00b', 'descricao'],
      ['visao=sintetica&tipo=VENDA_PERDIDA&dataInicio=2026-02-30', 'dataInicio'],
      ['visao=sintetica&tipo=VENDA_PERDIDA&dataInicio=2026-03-01&dataFim=2026-02-01', 'dataFim'],
      ['visao=sintetica&tipo=VENDA_PERDIDA&ean=123', 'ean'],
      ['visao=sintetica&tipo=VENDA_PERDIDA&idEmpresa=abc', 'idEmpresa.0'],
      ['visao=sintetica&tipo=VENDA_PERDIDA&idProduto=99999999999', 'idProduto'],
      ['visao=sintetica&tipo=VENDA_PERDIDA&sorter=usuario,asc', 'sorter'],
      ['visao=analitica&tipo=VENDA_PERDIDA&sorter=registros,desc', 'sorter'],
      ['visao=analitica&tipo=VENDA_PERDIDA&sorter=data,sideways', 'sorter'],
      ['visao=analitica&tipo=VENDA_PERDIDA&senha=1', 'senha'],
    ];
    for (const [query, field] of bad) {
      const res = await call(t.app, 'GET', `relatorio/oportunidade?${query}`, { token: admin.token });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().messages[0].field, query).toBe(field);
    }
    for (const text of ['%', '_', "'; DROP TABLE oportunidade; --", '"aspas"', '\\', 'Ação%_']) {
      const res = await call(t.app, 'GET', `relatorio/oportunidade?visao=analitica&tipo=VENDA_PERDIDA&descricao=${encodeURIComponent(text)}`, { token: admin.token });
      expect(res.statusCode, text).toBe(200);
      expect(res.json().itens, text).toEqual([]);
    }
    const tenYears = await call(t.app, 'GET', 'relatorio/oportunidade?visao=sintetica&tipo=VENDA_PERDIDA&dataInicio=2016-01-01&dataFim=2026-12-31', { token: admin.token });
    expect(tenYears.statusCode).toBe(200);
  });
});

describe('exports of the four origins', () => {
  const run = (id: number) => runExport({ database: t.database, dataDir, sources: t.ctx.exportSources }, id);
  const request = async (format: 'csv' | 'excel', origem: string, filtros: Record<string, unknown>) => {
    const res = await call(t.app, 'POST', `fila-exportacao/${format}`, { token: seller.token, payload: { origem, filtros } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const file = async (id: number) => (await call(t.app, 'GET', `fila-exportacao/${id}/arquivo`, { token: seller.token })).rawPayload;

  it.each(OPPORTUNITY_REPORT_ORIGINS)('$origem: the CSV and the XLSX hold the API rows of that tab and view, in its order', async ({ origem, tipo, visao }) => {
    const sorter = visao === 'sintetica' ? 'quantidade,desc' : 'usuario,asc';
    const filtros = { visao, tipo, sorter, dataInicio: '2025-12-01', page: 3, pageSize: 10 };
    const rows = (await get<OpportunitySyntheticRow & OpportunityAnalyticRow>(seller, `visao=${visao}&tipo=${tipo}&sorter=${sorter}&dataInicio=2025-12-01&pageSize=200`)).itens;
    expect(rows.length).toBeGreaterThan(3);
    const csvId = await request('csv', origem, filtros);
    const xlsxId = await request('excel', origem, filtros);
    expect(await run(csvId)).toBe('SUCESSO');
    expect(await run(xlsxId)).toBe('SUCESSO');
    const csv = parse(await file(csvId), { delimiter: ';', bom: true }) as string[][];
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await file(xlsxId)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(csv).toHaveLength(rows.length + 1);
    expect(sheet.rowCount).toBe(rows.length + 1);
    // text a spreadsheet would run as a formula is written with a leading '
    const text = (v: string | null) => (v === null ? '' : /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
    if (visao === 'sintetica') {
      expect(csv[0]).toEqual(['EAN', 'Título', 'Registros', 'Quantidade', 'Último registro', 'Estoque disponível']);
      expect(csv.slice(1)).toEqual(rows.map((r) => [text(r.ean), text(r.descricao), String(r.registros), String(r.quantidade), formatDateTime(r.ultimaData), r.estoqueDisponivel === null ? '' : String(r.estoqueDisponivel)]));
      rows.forEach((r, i) => {
        const row = sheet.getRow(i + 2);
        expect([row.getCell(1).value ?? null, row.getCell(2).value, row.getCell(3).value, row.getCell(4).value, row.getCell(6).value ?? null]).toEqual([r.ean, r.descricao, r.registros, r.quantidade, r.estoqueDisponivel]);
        expect(row.getCell(5).value).toBeInstanceOf(Date);
      });
    } else {
      expect(csv[0]).toEqual(['Data', 'Empresa', 'EAN', 'Descrição', 'Quantidade', 'Motivo', 'Usuário', 'Observação']);
      expect(csv.slice(1)).toEqual(rows.map((r) => [formatDateTime(r.data), text(r.empresa), text(r.ean), text(r.descricao), String(r.quantidade), r.motivo, text(r.usuario), text(r.observacao)]));
      rows.forEach((r, i) => {
        const row = sheet.getRow(i + 2);
        expect([row.getCell(2).value, row.getCell(4).value, row.getCell(5).value, row.getCell(7).value ?? null, row.getCell(8).value ?? null]).toEqual([r.empresa, r.descricao, r.quantidade, r.usuario, r.observacao]);
      });
      // the seller's file holds company A's registrations only
      expect(new Set(rows.map((r) => r.idEmpresa))).toEqual(new Set([companyA]));
    }
  });

  it('refuses at request time a tab or view other than the origin, a bad sort and reversed dates; a company outside the user ends ERRO', async () => {
    const origem = OPPORTUNITY_REPORT_ORIGINS[0]!.origem;
    const cases: [Record<string, unknown>, string][] = [
      [{ tipo: 'SUGESTAO_COMPRA' }, 'filtros.tipo'],
      [{ visao: 'analitica' }, 'filtros.visao'],
      [{ sorter: 'usuario,asc' }, 'filtros.sorter'],
      [{ dataInicio: '2026-02-01', dataFim: '2026-01-01' }, 'filtros.dataFim'],
      [{ descricao: 'x'.repeat(1000) }, 'filtros.descricao'],
    ];
    for (const [filtros, field] of cases) {
      const res = await call(t.app, 'POST', 'fila-exportacao/csv', { token: seller.token, payload: { origem, filtros } });
      expect(res.statusCode, JSON.stringify(filtros)).toBe(400);
      expect(res.json().messages[0].field).toBe(field);
    }
    // the companies are checked against the requester when the job runs: the file is never written
    const outside = await request('csv', origem, { idEmpresa: [String(companyB)] });
    expect(await run(outside)).toBe('ERRO');
  });
});

describe('demo data and users without a company', () => {
  it('the demo registrations are valid rows the report shows (EAN or typed description, a seeded reason)', async () => {
    const { seedDemoOpportunities } = await import('./opportunity-report.seed.ts');
    const before = await t.database.db.$count(opportunities);
    await seedDemoOpportunities(t.database.db, t.seed, new Date('2027-06-30T12:00:00Z'));
    expect((await t.database.db.$count(opportunities)) - before).toBe(10);
    const suggestions = await synthetic(admin, `tipo=SUGESTAO_COMPRA&idEmpresa=${companyA}&idEmpresa=${companyB}&dataInicio=2027-05-01`);
    expect(suggestions.itens.map((r) => r.descricao).sort()).toEqual(['Box Harry Potter (capa dura)', 'Quarto de Despejo', 'Torto Arado']);
    const lost = await analytic(seller, 'tipo=VENDA_PERDIDA&dataInicio=2027-05-01');
    expect(lost.itens.length).toBeGreaterThan(3);
    expect(lost.itens.every((r) => r.idEmpresa === companyA && (r.ean === null || /^97[89]\d{10}$/.test(r.ean)))).toBe(true);
  });

  it('a signed-in user whose only company is inactive gets an empty report, not an error', async () => {
    const { createUser } = await import('../auth/auth.test-helpers.ts');
    const { companies } = await import('../companies/companies.schema.ts');
    const [closed] = await t.database.db.insert(companies).values({ name: 'Loja Fechada', cnpj: '11444777000161', active: true, apiAccess: false }).returning({ id: companies.id });
    await createUser(t.database.db, { login: 'lojaFechada', password: 'Senha-fechada-1', companyIds: [closed!.id] });
    const user = await t.login('lojaFechada', 'Senha-fechada-1');
    await t.database.db.update(companies).set({ active: false }).where(eq(companies.id, closed!.id));
    const page = await synthetic(user, 'tipo=VENDA_PERDIDA');
    expect(page).toMatchObject({ itens: [], totalItens: 0 });
  });
});
