import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  BILLING_DATE_ORDER_MESSAGE,
  BILLING_TABS,
  ERP_ENTITIES,
  OWN_SALES_ONLY_ROLE,
  parseErpRecord,
  REQUIRED,
  type BillingRow,
  type BillingTotals,
  type ErpEntity,
  type ErpRecord,
  type ErpSale,
  type SessionUser,
} from '@acervo/contracts';
import { generateErpDataSet } from '@acervo/erp-sim';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, createProfile, createUser } from '../auth/auth.test-helpers.ts';
import { resultRows } from '../db/rows.ts';
import { users } from '../users/users.schema.ts';
import { applyErpRecords } from '../erp/data/index.ts';
import { makeSale, saleLine } from '../erp/data/erp-data.fixtures.ts';

/*
 * The billing report's figures against an independent computation written here over erp_venda /
 * erp_venda_item (not the report's SQL), on the simulator's data of two companies, with returns
 * on and off, cancelled documents, a return in a later month than its invoice, a seller who sees
 * only their own sales, and hostile filters.
 */

let t: TestApp;
let admin: SessionUser;
let single: SessionUser;
let ownSeller: SessionUser;
let c1: number;
let c2: number;
/** The seller (erp_vendedor.id) of c1 whose sales `ownSeller` sees. */
let sellerIdC1: number;

const data = generateErpDataSet({ titulos: 2000, meses: 5, empresas: 2, seed: 23, hoje: new Date('2026-11-20T15:00:00.000Z') });

function validRecords<E extends ErpEntity>(companyIndex: number, entity: E): ErpRecord<E>[] {
  const out: ErpRecord<E>[] = [];
  for (const raw of data.companies[companyIndex].logs[entity].records()) {
    const parsed = parseErpRecord(entity, raw);
    if (parsed.ok) out.push(parsed.record);
  }
  return out;
}

async function applySales(companyId: number, sales: ErpSale[]): Promise<void> {
  await t.database.db.transaction((tx) => applyErpRecords(tx, companyId, 'VENDA', sales));
}

beforeAll(async () => {
  t = await createTestApp();
  [c1, c2] = t.seed.companyIds;
  for (const [i, companyId] of [c1, c2].entries()) {
    // sales first: every reference starts as a placeholder, as when the sales task runs first
    for (const entity of [...ERP_ENTITIES].reverse()) {
      const records = validRecords(i, entity);
      for (let start = 0; start < records.length; start += 1000) {
        await t.database.db.transaction((tx) => applyErpRecords(tx, companyId, entity, records.slice(start, start + 1000)));
      }
    }
  }
  admin = await t.login('admin', 'admin');
  await createUser(t.database.db, { login: 'fat.um', password: 'Senha-fat-1', companyIds: [c1], profileName: 'Administrador', lastCompanyId: c1 });
  single = await t.login('fat.um', 'Senha-fat-1');
  const profileId = await createProfile(t.database.db, 'Vendedor própria carteira', [REQUIRED.relatorioFaturamento, OWN_SALES_ONLY_ROLE]);
  const [busiest] = resultRows<{ id: number; id_erp: string }>(
    await t.database.db.execute(sql`SELECT s.id, s.id_erp FROM erp_venda v JOIN erp_vendedor s ON s.id = v.vendedor_id WHERE v.empresa_id = ${c1} GROUP BY s.id, s.id_erp ORDER BY count(*) DESC LIMIT 1`),
  );
  sellerIdC1 = Number(busiest.id);
  const ownId = await createUser(t.database.db, { login: 'fat.vendedor', password: 'Senha-fat-2', companyIds: [c1, c2], profileName: 'Vendedor própria carteira', lastCompanyId: c1 });
  await t.database.db.update(users).set({ isSeller: true, erpSellerCode: busiest.id_erp }).where(eq(users.id, ownId));
  expect(profileId).toBeGreaterThan(0);
  ownSeller = await t.login('fat.vendedor', 'Senha-fat-2');
}, 240_000);

afterAll(async () => {
  await t?.close();
});

/** Query text of filters (arrays repeat the key). */
function qs(params: Record<string, string | number | boolean | number[] | undefined>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) parts.push(`${k}=${encodeURIComponent(String(one))}`);
  }
  return parts.join('&');
}

async function totals(token: string, params: Record<string, string | number | boolean | number[] | undefined>): Promise<BillingTotals> {
  const res = await call(t.app, 'GET', `relatorio/faturamento/totais?${qs(params)}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BillingTotals;
}

async function allRows(token: string, tab: string, params: Record<string, string | number | boolean | number[] | undefined>): Promise<BillingRow[]> {
  const out: BillingRow[] = [];
  for (let page = 0; ; page++) {
    const res = await call(t.app, 'GET', `relatorio/faturamento/${tab}?${qs({ ...params, page, pageSize: 200 })}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { itens: BillingRow[]; proxima: boolean };
    out.push(...body.itens);
    if (!body.proxima) return out;
  }
}

/**
 * The independent computation: documents of the period not cancelled; an invoice counts for
 * itself, a return for the invoice it returns (which must be stored, not cancelled, of a VENDA or
 * ACERTO_CONSIGNACAO operation); grouped by `groupBy` over `n` (the invoice) when given.
 */
async function expected(opts: { companies: number[]; from: string; to: string; returns: boolean; seller?: number; numero?: number; groupBy?: string }) {
  const group = opts.groupBy ?? `''`;
  const rows = resultRows<{ chave: string; bruto: string; dev: string; qv: string; qd: string; notas: string }>(
    await t.database.db.execute(
      sql.raw(`SELECT ${group} AS chave,
        COALESCE(sum(i.valor_liquido_centavos) FILTER (WHERE d.tipo = 'NOTA'), 0) AS bruto,
        COALESCE(sum(i.valor_liquido_centavos) FILTER (WHERE d.tipo = 'DEVOLUCAO'), 0) AS dev,
        COALESCE(sum(i.quantidade) FILTER (WHERE d.tipo = 'NOTA'), 0) AS qv,
        COALESCE(sum(i.quantidade) FILTER (WHERE d.tipo = 'DEVOLUCAO'), 0) AS qd,
        count(DISTINCT d.id) FILTER (WHERE d.tipo = 'NOTA') AS notas
      FROM erp_venda d
      JOIN erp_venda n ON n.id = CASE WHEN d.tipo = 'NOTA' THEN d.id ELSE d.documento_origem_id END
      JOIN erp_tipo_operacao_fiscal op ON op.id = n.tipo_operacao_fiscal_id
      JOIN erp_venda_item i ON i.venda_id = d.id
      LEFT JOIN erp_cliente cl ON cl.id = n.cliente_id
      WHERE d.empresa_id IN (${opts.companies.join(',')}) AND d.data_emissao BETWEEN '${opts.from}' AND '${opts.to}'
        AND d.cancelada = false AND n.cancelada = false AND n.tipo = 'NOTA' AND n.alterado_em_erp IS NOT NULL
        AND op.natureza IN ('VENDA', 'ACERTO_CONSIGNACAO')
        ${opts.seller !== undefined ? `AND n.vendedor_id = ${opts.seller}` : ''}
        ${opts.numero !== undefined ? `AND n.numero = ${opts.numero}` : ''}
      GROUP BY 1 ORDER BY 1`),
    ),
  );
  if (rows.length === 0 && !opts.groupBy) rows.push({ chave: '', bruto: '0', dev: '0', qv: '0', qd: '0', notas: '0' });
  return rows.map((r) => {
    const bruto = Number(r.bruto);
    const dev = Number(r.dev);
    return {
      chave: r.chave,
      brutoCentavos: bruto,
      devolucoesCentavos: dev,
      liquidoCentavos: opts.returns ? bruto - dev : bruto,
      quantidade: opts.returns ? Number(r.qv) - Number(r.qd) : Number(r.qv),
      notas: Number(r.notas),
    };
  });
}

function figures(x: { brutoCentavos: number; devolucoesCentavos: number; liquidoCentavos: number; quantidade: number; notas: number }) {
  return { brutoCentavos: x.brutoCentavos, devolucoesCentavos: x.devolucoesCentavos, liquidoCentavos: x.liquidoCentavos, quantidade: x.quantidade, notas: x.notas };
}

const FROM = '2026-06-01';
const TO = '2026-11-30';

describe('billing totals', () => {
  it.each([true, false])('equal the independent computation over the lines (returns considered: %s)', async (returns) => {
    for (const companies of [[c1], [c2], [c1, c2]]) {
      const got = await totals(admin.token, { idEmpresa: companies, dataInicio: FROM, dataFim: TO, considerarDevolucoes: returns });
      const [want] = await expected({ companies, from: FROM, to: TO, returns });
      expect(want.brutoCentavos).toBeGreaterThan(0);
      // the simulator's returns count (of invoices of billing operations)
      expect(want.devolucoesCentavos).toBeGreaterThan(0);
      expect(figures(got)).toEqual(figures(want));
      expect(got.ticketMedioCentavos).toBe(Math.round(want.liquidoCentavos / want.notas));
      expect(got.porEmpresa.map((c) => c.idEmpresa)).toEqual(companies);
    }
  });

  it('over a partial-month range (day and month rollup rows together) and through the lines (invoice number)', async () => {
    const got = await totals(admin.token, { idEmpresa: [c1], dataInicio: '2026-07-17', dataFim: '2026-10-09' });
    const [want] = await expected({ companies: [c1], from: '2026-07-17', to: '2026-10-09', returns: true });
    expect(figures(got)).toEqual(figures(want));
    const [doc] = resultRows<{ numero: number }>(await t.database.db.execute(sql`SELECT v.numero FROM erp_venda v JOIN erp_tipo_operacao_fiscal o ON o.id = v.tipo_operacao_fiscal_id AND o.natureza = 'VENDA' WHERE v.empresa_id = ${c1} AND v.tipo = 'NOTA' AND NOT v.cancelada ORDER BY v.id LIMIT 1`));
    const byNumber = await totals(admin.token, { idEmpresa: [c1], dataInicio: FROM, dataFim: TO, numeroNota: doc.numero });
    const [wantNumber] = await expected({ companies: [c1], from: FROM, to: TO, returns: true, numero: doc.numero });
    expect(byNumber.notas).toBeGreaterThan(0);
    expect(figures(byNumber)).toEqual(figures(wantNumber));
  });

  it('leave cancelled documents out and count a return in the month of the return, not of its invoice', async () => {
    const [op] = resultRows<{ id_erp: string }>(await t.database.db.execute(sql`SELECT id_erp FROM erp_tipo_operacao_fiscal WHERE empresa_id = ${c1} AND natureza = 'VENDA' ORDER BY id_erp LIMIT 1`));
    const [opReturn] = resultRows<{ id_erp: string }>(await t.database.db.execute(sql`SELECT id_erp FROM erp_tipo_operacao_fiscal WHERE empresa_id = ${c1} AND natureza = 'DEVOLUCAO' ORDER BY id_erp LIMIT 1`));
    const [product] = resultRows<{ id_erp: string }>(await t.database.db.execute(sql`SELECT id_erp FROM erp_produto WHERE empresa_id = ${c1} AND alterado_em_erp IS NOT NULL ORDER BY id LIMIT 1`));
    const [client] = resultRows<{ id_erp: string }>(await t.database.db.execute(sql`SELECT id_erp FROM erp_cliente WHERE empresa_id = ${c1} AND alterado_em_erp IS NOT NULL ORDER BY id LIMIT 1`));
    const base = { idCliente: client.id_erp, idVendedor: null, uf: 'SP' as const, idTipoOperacaoFiscal: op.id_erp };
    const august = { idEmpresa: [c1], dataInicio: '2026-08-01', dataFim: '2026-08-31' };
    const october = { idEmpresa: [c1], dataInicio: '2026-10-01', dataFim: '2026-10-31' };
    const augustBefore = await totals(admin.token, august);
    const octoberBefore = await totals(admin.token, october);
    // an invoice in August (7 × 30.00), and a cancelled one that must never count
    await applySales(c1, [
      makeSale('T-NOTA', '2026-11-20T10:00:00.000Z', { ...base, tipo: 'NOTA', numero: 990001, dataEmissao: '2026-08-12', itens: [saleLine(1, product.id_erp, 7, 3000)] }),
      makeSale('T-CANC', '2026-11-20T10:00:00.000Z', { ...base, tipo: 'NOTA', numero: 990002, dataEmissao: '2026-08-12', cancelada: true, itens: [saleLine(1, product.id_erp, 5, 9999)] }),
    ]);
    const augustInvoice = await totals(admin.token, august);
    expect(augustInvoice.brutoCentavos - augustBefore.brutoCentavos).toBe(21_000);
    expect(augustInvoice.notas - augustBefore.notas).toBe(1);
    // its return in October: 2 units, 60.00, on October's figures only
    await applySales(c1, [
      makeSale('T-DEV', '2026-11-20T11:00:00.000Z', { ...base, tipo: 'DEVOLUCAO', idTipoOperacaoFiscal: opReturn.id_erp, numero: 990003, dataEmissao: '2026-10-05', idDocumentoOrigem: 'T-NOTA', itens: [saleLine(1, product.id_erp, 2, 3000, 0, 1)] }),
    ]);
    expect(figures(await totals(admin.token, august))).toEqual(figures(augustInvoice));
    const octoberAfter = await totals(admin.token, october);
    expect(octoberAfter.devolucoesCentavos - octoberBefore.devolucoesCentavos).toBe(6_000);
    expect(octoberAfter.liquidoCentavos - octoberBefore.liquidoCentavos).toBe(-6_000);
    expect(octoberAfter.quantidade - octoberBefore.quantidade).toBe(-2);
    const octoberNoReturns = await totals(admin.token, { ...october, considerarDevolucoes: false });
    expect(octoberNoReturns.liquidoCentavos).toBe(octoberAfter.brutoCentavos);
    // the invoice is cancelled later: it leaves August, and its return leaves October
    await applySales(c1, [
      makeSale('T-NOTA', '2026-11-20T12:00:00.000Z', { ...base, tipo: 'NOTA', numero: 990001, dataEmissao: '2026-08-12', cancelada: true, itens: [saleLine(1, product.id_erp, 7, 3000)] }),
    ]);
    expect(figures(await totals(admin.token, august))).toEqual(figures(augustBefore));
    expect(figures(await totals(admin.token, october))).toEqual(figures(octoberBefore));
    const [want] = await expected({ companies: [c1], from: '2026-08-01', to: '2026-10-31', returns: true });
    expect(figures(await totals(admin.token, { idEmpresa: [c1], dataInicio: '2026-08-01', dataFim: '2026-10-31' }))).toEqual(figures(want));
  });
});

describe('billing tabs', () => {
  it.each(BILLING_TABS)('%s: the rows add up to the totals, and participacao to 100 %%', async (tab) => {
    const params = { idEmpresa: [c1, c2], dataInicio: FROM, dataFim: TO };
    const rows = await allRows(admin.token, tab, params);
    const all = await totals(admin.token, params);
    expect(rows.length).toBeGreaterThan(1);
    const sum = (k: 'brutoCentavos' | 'devolucoesCentavos' | 'liquidoCentavos' | 'quantidade') => rows.reduce((s, r) => s + r[k], 0);
    expect(sum('brutoCentavos')).toBe(all.brutoCentavos);
    expect(sum('devolucoesCentavos')).toBe(all.devolucoesCentavos);
    expect(sum('liquidoCentavos')).toBe(all.liquidoCentavos);
    expect(sum('quantidade')).toBe(all.quantidade);
    expect(rows.reduce((s, r) => s + r.participacao, 0)).toBeCloseTo(100, 0);
    for (const r of rows) expect(r.porEmpresa.reduce((s, c) => s + c.liquidoCentavos, 0)).toBe(r.liquidoCentavos);
  });

  it('cliente: each client equals the independent computation, invoices counted once', async () => {
    const rows = await allRows(admin.token, 'cliente', { idEmpresa: [c1], dataInicio: FROM, dataFim: TO });
    const want = await expected({ companies: [c1], from: FROM, to: TO, returns: true, groupBy: `COALESCE(cl.documento, 'id:' || cl.id_erp, '')` });
    expect(rows.map((r) => ({ chave: r.chave, ...figures(r) })).sort((a, b) => a.chave.localeCompare(b.chave))).toEqual(
      want.map((w) => ({ chave: w.chave, ...figures(w) })).sort((a, b) => a.chave.localeCompare(b.chave)),
    );
  });

  it('data by month and estado equal the independent computation', async () => {
    const months = await allRows(admin.token, 'data', { idEmpresa: [c2], dataInicio: FROM, dataFim: TO, agrupamento: 'mes' });
    expect(months.map((r) => ({ chave: r.chave, ...figures(r) }))).toEqual(
      (await expected({ companies: [c2], from: FROM, to: TO, returns: true, groupBy: `to_char(d.data_emissao, 'YYYY-MM')` })).map((w) => ({ chave: w.chave, ...figures(w) })),
    );
    const states = await allRows(admin.token, 'estado', { idEmpresa: [c2], dataInicio: FROM, dataFim: TO, sorter: 'chave,asc' });
    expect(states.map((r) => ({ chave: r.chave, ...figures(r) }))).toEqual(
      (await expected({ companies: [c2], from: FROM, to: TO, returns: true, groupBy: `COALESCE(n.uf, '')` })).map((w) => ({ chave: w.chave, ...figures(w) })),
    );
  });

  it('sorts by every column, both ways', async () => {
    for (const field of ['chave', 'descricao', 'quantidade', 'brutoCentavos', 'devolucoesCentavos', 'liquidoCentavos', 'notas', 'participacao'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const rows = await allRows(admin.token, 'vendedor', { idEmpresa: [c1], dataInicio: FROM, dataFim: TO, sorter: `${field},${dir}` });
        const values = rows.map((r) => r[field]);
        const sorted = [...values].sort((a, b) => (typeof a === 'number' ? (a as number) - (b as number) : String(a).toLowerCase() < String(b).toLowerCase() ? -1 : String(a).toLowerCase() > String(b).toLowerCase() ? 1 : 0));
        if (dir === 'desc') sorted.reverse();
        if (typeof values[0] === 'number') expect(values, `${field},${dir}`).toEqual(sorted);
      }
    }
  });
});

describe('export sources', () => {
  it.each(['cliente', 'data'] as const)('%s streams the same rows as the API, in its order', async (tab) => {
    const source = t.ctx.exportSources.get(`relatorio/faturamento/${tab}`);
    expect(source).toBeDefined();
    const filtros = { idEmpresa: [String(c1), String(c2)], dataInicio: FROM, dataFim: TO, sorter: 'liquidoCentavos,desc' };
    const auth = { userId: t.seed.adminId, sessionId: 's', companyId: c1, roles: [REQUIRED.relatorioFaturamento], login: 'admin', name: 'Administrador', profileName: null };
    const exported: unknown[][] = [];
    for await (const row of source!.rows(t.database, auth, source!.parseFilters(filtros))) exported.push(row);
    const api = await allRows(admin.token, tab, { idEmpresa: [c1, c2], dataInicio: FROM, dataFim: TO, sorter: 'liquidoCentavos,desc' });
    // two companies: each one's net after the total net, as the screen's columns
    const net = (r: BillingRow, id: number) => r.porEmpresa.find((c) => c.idEmpresa === id)?.liquidoCentavos ?? 0;
    expect(exported).toEqual(api.map((r) => [r.chave, r.descricao, r.quantidade, r.brutoCentavos, r.devolucoesCentavos, r.liquidoCentavos, net(r, c1), net(r, c2), r.notas, r.participacao / 100]));
    expect(() => source!.parseFilters({ ...filtros, dataFim: '2020-01-01' })).toThrow();
  });

  it('splits the net by company, named in the header, only when several companies are chosen', async () => {
    const source = t.ctx.exportSources.get('relatorio/faturamento/estado')!;
    const auth = { userId: t.seed.adminId, sessionId: 's', companyId: c1, roles: [REQUIRED.relatorioFaturamento], login: 'admin', name: 'Administrador', profileName: null };
    const names = new Map(resultRows<{ id: number; nome: string }>(await t.database.db.execute(sql`SELECT id, nome FROM empresa`)).map((r) => [Number(r.id), r.nome]));
    const headers = async (ids: number[]) => (await source.columnsFor!(t.database, auth, source.parseFilters({ idEmpresa: ids.map(String), dataInicio: FROM, dataFim: TO }))).map((c) => c.header);
    expect(await headers([c2, c1])).toEqual(['UF', 'Estado', 'Quantidade', 'Valor bruto (R$)', 'Devoluções (R$)', 'Valor líquido (R$)', `${names.get(c1)}: líquido (R$)`, `${names.get(c2)}: líquido (R$)`, 'Notas', 'Participação']);
    expect(await headers([c1])).toEqual(source.columns.map((c) => c.header));
    const one: unknown[][] = [];
    for await (const row of source.rows(t.database, auth, source.parseFilters({ idEmpresa: [String(c1)], dataInicio: FROM, dataFim: TO }))) one.push(row);
    expect(one.length).toBeGreaterThan(0);
    for (const row of one) expect(row).toHaveLength(source.columns.length);
  });
});

describe('who sees what', () => {
  it('a user linked to one company cannot read another company', async () => {
    const res = await call(t.app, 'GET', `relatorio/faturamento/totais?${qs({ idEmpresa: [c1, c2], dataInicio: FROM, dataFim: TO })}`, { token: single.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages[0].field).toBe('idEmpresa');
    const own = await totals(single.token, { dataInicio: FROM, dataFim: TO });
    expect(own.porEmpresa.map((c) => c.idEmpresa)).toEqual([c1]);
  });

  it('a seller flagged "own sales only" sees only the documents where they are the seller, in every tab', async () => {
    const got = await totals(ownSeller.token, { idEmpresa: [c1], dataInicio: FROM, dataFim: TO });
    const [want] = await expected({ companies: [c1], from: FROM, to: TO, returns: true, seller: sellerIdC1 });
    expect(figures(got)).toEqual(figures(want));
    const everyone = await totals(admin.token, { idEmpresa: [c1], dataInicio: FROM, dataFim: TO });
    expect(got.brutoCentavos).toBeLessThan(everyone.brutoCentavos);
    const sellers = await allRows(ownSeller.token, 'vendedor', { idEmpresa: [c1], dataInicio: FROM, dataFim: TO });
    expect(sellers).toHaveLength(1);
    for (const tab of ['produto', 'cliente', 'data'] as const) {
      const rows = await allRows(ownSeller.token, tab, { idEmpresa: [c1], dataInicio: FROM, dataFim: TO });
      expect(rows.reduce((s, r) => s + r.liquidoCentavos, 0), tab).toBe(got.liquidoCentavos);
    }
    // in c2 the same ERP seller code names c2's own seller, never c1's figures
    const [sellerC2] = resultRows<{ id: number }>(await t.database.db.execute(sql`SELECT s2.id FROM erp_vendedor s1 JOIN erp_vendedor s2 ON s2.id_erp = s1.id_erp AND s2.empresa_id = ${c2} WHERE s1.id = ${sellerIdC1}`));
    const [wantC2] = await expected({ companies: [c2], from: FROM, to: TO, returns: true, seller: Number(sellerC2.id) });
    expect(figures(await totals(ownSeller.token, { idEmpresa: [c2], dataInicio: FROM, dataFim: TO }))).toEqual(figures(wantC2));
  });
});

describe('hostile filters', () => {
  const get = (path: string) => call(t.app, 'GET', path, { token: admin.token });
  it.each([
    ['relatorio/faturamento/totais?dataInicio=2026-10-01&dataFim=2026-09-01', 'dataFim'],
    ['relatorio/faturamento/totais?dataInicio=2000-01-01&dataFim=2026-09-01', 'dataFim'],
    ['relatorio/faturamento/totais?dataInicio=2026-02-30&dataFim=2026-03-01', 'dataInicio'],
    ['relatorio/faturamento/nada?dataInicio=2026-01-01&dataFim=2026-03-01', 'aba'],
    [`relatorio/faturamento/produto?dataInicio=2026-01-01&dataFim=2026-03-01&descricaoProduto=${'x'.repeat(1000)}`, 'descricaoProduto'],
    ['relatorio/faturamento/produto?dataInicio=2026-01-01&dataFim=2026-03-01&sorter=nada,asc', 'sorter'],
    ['relatorio/faturamento/produto?dataInicio=2026-01-01&dataFim=2026-03-01&uf=%00', 'uf'],
    ['relatorio/faturamento/totais?dataInicio=2026-01-01&dataFim=2026-03-01&idEmpresa=999999', 'idEmpresa'],
  ])('%s → 400 on %s', async (path, field) => {
    const res = await get(path);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().messages.map((m: { field: string }) => m.field)).toContain(field);
  });

  it.each([
    'relatorio/faturamento/totais?dataInicio=2016-12-01&dataFim=2026-11-30',
    `relatorio/faturamento/produto?dataInicio=2026-01-01&dataFim=2026-12-31&descricaoProduto=${encodeURIComponent("%_'\"\\")}`,
    'relatorio/faturamento/cliente?dataInicio=2026-01-01&dataFim=2026-12-31&serie=%25&numeroNota=0',
    'relatorio/faturamento/editora?dataInicio=2026-01-01&dataFim=2026-12-31&page=999',
  ])('%s → 200', async (path) => {
    expect((await get(path)).statusCode).toBe(200);
  });

  it('reversed dates say so', async () => {
    const res = await get('relatorio/faturamento/data?dataInicio=2026-10-01&dataFim=2026-09-01');
    expect(res.json().messages[0].message).toBe(BILLING_DATE_ORDER_MESSAGE);
  });
});
