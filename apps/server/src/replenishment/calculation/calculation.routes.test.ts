import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  REPLENISHMENT_MESSAGES,
  replenishmentCalculationSchema,
  replenishmentExplanationSchema,
  replenishmentItemPageSchema,
  type ErpSale,
  type ReplenishmentCalculation,
  type ReplenishmentExplanation,
  type ReplenishmentItem,
  type SessionUser,
} from '@acervo/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createUser } from '../../auth/auth.test-helpers.ts';
import { resultRows } from '../../db/rows.ts';
import { applyErpRecords } from '../../erp/data/index.ts';
import { at, isbn, makeRecord, makeSale, saleLine } from '../../erp/data/erp-data.fixtures.ts';
import { REPLENISHMENT_TASK_KINDS } from './calculation.task-kinds.ts';
import { recordStockouts } from '../stockouts/stockouts.service.ts';
import { STOCKOUT_TASK_KINDS } from '../stockouts/stockouts.task-kinds.ts';
import { calculate } from './calculation.service.ts';
import type { AuthContext } from '../../shared/request-auth.ts';
import { seedScheduledTasks } from '../../schedules/schedules.seed.ts';
import { LEVEL_VARIANCE_PER_MONTH } from '../forecast/forecast.ts';

/*
 * The calculation end to end on PGlite (PostgreSQL in CI): ERP data written through the sync's
 * writer (so the billing rollups are the real ones), then `POST reposicao/calculo` and the reads.
 * Expected numbers are computed here by hand (the arithmetic is in each test), never by the engine.
 *
 * Company c1, sales period 2026-01-01 … 2026-06-30 (6 months). Titles (ERP id → what it tests):
 *   P1  sells 2 every month                                → the quantile level
 *   P2  sells 4 every month; a return of 2 in March; a cancelled invoice of 100 in May; 50 units
 *       under a consignment operation in June               → returns on/off, cancelled and non-billing out
 *   P3  sells 1 every month; 3 lost sales registered in April → the stockout correction
 *   P4  no sales; physical 3                               → minimum stock and rounding up to the multiple
 *   P5  no sales; physical 3; product maximum 12           → the maximum stock cap
 *   P6  no sales; physical 3; product minimum 20           → the product's minimum over the asked one
 * Company c2 has P4's title (same EAN) with physical 6      → saldoRede and the REDE basis.
 */

let t: TestApp;
let admin: SessionUser;
let seller: SessionUser;
/** Administrador in c1 and c2, with c2 selected. */
let otherCompany: SessionUser;
let c1: number;
let c2: number;
/** Catalogue product id of each ERP product n (P1 … P6). */
const catalogue = new Map<number, number>();

const EAN_BASE = 880_000;
const PERIOD = { dataInicio: '2026-01-01', dataFim: '2026-06-30' };
const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'];

async function writeCompany(companyId: number, products: { n: number; fisico: number }[], sales: ErpSale[]): Promise<void> {
  const when = at(1);
  await t.database.db.transaction(async (tx) => {
    await applyErpRecords(tx, companyId, 'TIPO_OPERACAO_FISCAL', [
      makeRecord('TIPO_OPERACAO_FISCAL', 'OP1', when, 1, { natureza: 'VENDA' }),
      makeRecord('TIPO_OPERACAO_FISCAL', 'OPC', when, 3, { natureza: 'CONSIGNACAO' }),
    ]);
    await applyErpRecords(
      tx,
      companyId,
      'PRODUTO',
      products.map((p) => makeRecord('PRODUTO', `P${p.n}`, when, p.n, { ean: isbn(EAN_BASE + p.n), titulo: `Reposição título ${p.n}`, precoCentavos: 1000 * p.n, custoCentavos: 400 * p.n, situacao: '20', ativo: true })),
    );
    await applyErpRecords(
      tx,
      companyId,
      'ESTOQUE',
      products.map((p) => makeRecord('ESTOQUE', `E${p.n}`, when, p.n, { idProduto: `P${p.n}`, fisico: p.fisico, reservado: 0, consignado: 0, bloqueado: 0, pedidoCompra: 0 })),
    );
    await applyErpRecords(tx, companyId, 'VENDA', sales);
  });
}

function invoice(id: string, day: string, lines: [string, number][], extra: Partial<ErpSale> = {}): ErpSale {
  return makeSale(id, at(2), { tipo: 'NOTA', dataEmissao: day, idTipoOperacaoFiscal: 'OP1', itens: lines.map(([p, q], i) => saleLine(i + 1, p, q, 1000)), ...extra });
}

beforeAll(async () => {
  t = await createTestApp();
  [c1, c2] = t.seed.companyIds;
  const sales: ErpSale[] = [];
  MONTHS.forEach((m, i) => {
    sales.push(invoice(`N${i}`, `${m}-10`, [['P1', 2], ['P2', 4], ['P3', 1]]));
  });
  // a return of 2 units of P2 in March, of the March invoice's line 2
  sales.push(makeSale('D1', at(2), { tipo: 'DEVOLUCAO', dataEmissao: '2026-03-20', idTipoOperacaoFiscal: 'OP1', idDocumentoOrigem: 'N2', itens: [saleLine(1, 'P2', 2, 1000, 0, 2)] }));
  sales.push(invoice('X1', '2026-05-12', [['P2', 100]], { cancelada: true }));
  sales.push(invoice('C1', '2026-06-12', [['P2', 50]], { idTipoOperacaoFiscal: 'OPC' }));
  await writeCompany(c1, [1, 2, 3, 4, 5, 6].map((n) => ({ n, fisico: n >= 4 ? 3 : 0 })), sales);
  await writeCompany(c2, [{ n: 4, fisico: 6 }], []);
  const rows = resultRows<{ id_erp: string; produto_id: number }>(await t.database.db.execute(sql`SELECT id_erp, produto_id FROM erp_produto WHERE empresa_id = ${c1} AND id_erp LIKE 'P%'`));
  for (const r of rows) catalogue.set(Number(r.id_erp.slice(1)), Number(r.produto_id));
  await t.database.db.execute(sql`UPDATE produto SET estoque_maximo = 12 WHERE id = ${catalogue.get(5)!}`);
  await t.database.db.execute(sql`UPDATE produto SET estoque_minimo = 20 WHERE id = ${catalogue.get(6)!}`);
  const [reason] = resultRows<{ id: number }>(await t.database.db.execute(sql`SELECT id FROM motivo_oportunidade ORDER BY id LIMIT 1`));
  await t.database.db.execute(sql`INSERT INTO oportunidade (empresa_id, produto_id, descricao, quantidade, tipo, motivo_id, data_cadastro)
    VALUES (${c1}, ${catalogue.get(3)!}, 'Reposição título 3', 3, 'VENDA_PERDIDA', ${reason.id}, '2026-04-15T15:00:00Z')`);
  admin = await t.login('admin', 'admin');
  seller = await t.login('vendedor', 'vendedor');
  await createUser(t.database.db, { login: 'repo.outra', password: 'Senha-repo-1', companyIds: [c1, c2], profileName: 'Administrador', lastCompanyId: c2 });
  otherCompany = await t.login('repo.outra', 'Senha-repo-1');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function calculateOk(body: Record<string, unknown>, token = admin.token): Promise<ReplenishmentCalculation> {
  const res = await call(t.app, 'POST', 'reposicao/calculo', { token, payload: { ...PERIOD, somenteComReposicao: false, metodoPonderacao: 'MEDIA_SIMPLES', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return replenishmentCalculationSchema.parse(res.json());
}

async function allLines(id: number, token = admin.token): Promise<Map<number, ReplenishmentItem>> {
  const res = await call(t.app, 'GET', `reposicao/calculo/${id}/itens?pageSize=200`, { token });
  expect(res.statusCode, res.body).toBe(200);
  const page = replenishmentItemPageSchema.parse(res.json());
  return new Map(page.itens.map((i) => [i.idProduto, i]));
}

function line(lines: Map<number, ReplenishmentItem>, n: number): ReplenishmentItem {
  const l = lines.get(catalogue.get(n)!);
  expect(l, `line P${n}`).toBeDefined();
  return l!;
}

async function explain(id: number, n: number): Promise<ReplenishmentExplanation> {
  const res = await call(t.app, 'GET', `reposicao/calculo/${id}/itens/${catalogue.get(n)}/explicacao`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return replenishmentExplanationSchema.parse(res.json());
}

/**
 * Reference quantile of a negative binomial with mean μ and variance v (Poisson when v ≤ μ), by the
 * pmf recursion P(0) = p^r, P(k) = P(k−1)·(k − 1 + r)/k·(1 − p), r = μ²/(v − μ), p = r/(r + μ):
 * the smallest k with P(X ≤ k) ≥ q. Written here independently of forecast/distribution.ts.
 */
function nbQuantile(mu: number, v: number, q: number): number {
  let pk: number;
  let next: (k: number, prev: number) => number;
  if (v <= mu) {
    pk = Math.exp(-mu);
    next = (k, prev) => (prev * mu) / k;
  } else {
    const r = (mu * mu) / (v - mu);
    const p = r / (r + mu);
    pk = Math.pow(p, r);
    next = (k, prev) => (prev * (k - 1 + r) * (1 - p)) / k;
  }
  let sum = pk;
  let k = 0;
  while (sum < q - 1e-12) {
    k++;
    pk = next(k, pk);
    sum += pk;
  }
  return k;
}

describe('POST reposicao/calculo: the level', () => {
  it('sets the level at the service-level quantile of the demand over lead time + projection', async () => {
    // P1: 2 units in each of 6 months; MEDIA_SIMPLES → μ = 12/6 = 2 per month.
    // Dispersion: sample variance of [2,2,2,2,2,2] = 0 ≤ mean → 1/r = 0.
    // Lead time 1 + projection 1 = 2 months: total mean = 4;
    // variance = Σ μ_h + λ²·Σ_i Σ_j min(i,j)·μ² = 2 + 2 + λ²·(1 + 1 + 1 + 2)·4 = 4 + 20·λ² (λ² = 1/6.5).
    const calc = await calculateOk({ prazoEntregaMeses: 1, periodosProjecao: 1, nivelServico: 90 });
    const p1 = line(await allLines(calc.id), 1);
    const expectedLevel = nbQuantile(4, 4 + 20 * LEVEL_VARIANCE_PER_MONTH, 0.9);
    // r = 16/(20λ²) = 5.2, p = r/(r + 4) ≈ 0.565: P(X ≤ 7) ≈ 0.87 < 0.9 ≤ P(X ≤ 8) ≈ 0.91
    expect(expectedLevel).toBe(8);
    expect(p1).toMatchObject({ saldoAtual: 0, saldoDisponivel: 0, nivelReposicao: expectedLevel, quantidadeSugerida: expectedLevel, quantidadePedido: expectedLevel, demandaMedia: 2, metodo: 'MEDIA_SIMPLES' });
    // at 50 % the level is the median of the same distribution
    const median = await calculateOk({ prazoEntregaMeses: 1, periodosProjecao: 1, nivelServico: 50 });
    expect(line(await allLines(median.id), 1).nivelReposicao).toBe(nbQuantile(4, 4 + 20 * LEVEL_VARIANCE_PER_MONTH, 0.5));
  });

  it('floors the level at the asked minimum stock, rounds the need UP to the order multiple, and caps at the product maximum', async () => {
    const calc = await calculateOk({ estoqueMinimo: 10, quantidadeMinimaPedido: 5 });
    const lines = await allLines(calc.id);
    // P4: no demand → quantile 0; level = max(0, asked 10) = 10; available 3; need 7 → up to 10 (multiple 5)
    expect(line(lines, 4)).toMatchObject({ saldoDisponivel: 3, estoqueMinimo: 10, nivelReposicao: 10, quantidadeSugerida: 10 });
    // P5: same, but maximum 12: 3 + 10 = 13 > 12 → largest multiple of 5 ≤ 12 − 3 = 9 → 5
    expect(line(lines, 5)).toMatchObject({ estoqueMaximo: 12, nivelReposicao: 10, quantidadeSugerida: 5 });
    // P6: product minimum 20 over the asked 10 → level 20; need 17 → 20
    expect(line(lines, 6)).toMatchObject({ estoqueMinimo: 20, nivelReposicao: 20, quantidadeSugerida: 20 });
    const e = await explain(calc.id, 4);
    expect(e).toMatchObject({ nivelReposicao: 10, necessidade: 7, multiplo: 5, quantidadeSugerida: 10, estoque: { fisico: 3, disponivel: 3, cobertoPorReposicaoAprovada: 0 } });
    expect(e.passos.join(' ')).toContain('Necessidade = 10 − 3 = 7, arredondado para 10 (múltiplo 5)');
    const capped = await explain(calc.id, 5);
    expect(capped.passos.join(' ')).toContain('reduzido para 5');
  });

  it('with a maximum already reached suggests nothing (never orders past the maximum)', async () => {
    // P5 level 20 (asked minimum), available 3, maximum 12: need 17 → 20 → 3 + 20 > 12 → ⌊(12 − 3)/10⌋·10 = 0
    const calc = await calculateOk({ estoqueMinimo: 20, quantidadeMinimaPedido: 10 });
    expect(line(await allLines(calc.id), 5)).toMatchObject({ nivelReposicao: 20, quantidadeSugerida: 0 });
  });
});

describe('POST reposicao/calculo: the demand', () => {
  it('nets returns when considerarDevolucoes, and leaves cancelled and non-billing documents out', async () => {
    const on = await calculateOk({ considerarDevolucoes: true });
    const eOn = await explain(on.id, 2);
    // 4 a month; March 4 − 2 returned = 2; May's cancelled 100 and June's consignment 50 are not sales
    expect(eOn.historico.map((h) => h.mes)).toEqual(MONTHS);
    expect(eOn.historico.map((h) => h.quantidade)).toEqual([4, 4, 2, 4, 4, 4]);
    // MEDIA_SIMPLES over the 6 months: (4·5 + 2)/6 = 22/6 = 3.67 per month
    expect(line(await allLines(on.id), 2).demandaMedia).toBe(3.67);
    const off = await calculateOk({ considerarDevolucoes: false });
    expect((await explain(off.id, 2)).historico.map((h) => h.quantidade)).toEqual([4, 4, 4, 4, 4, 4]);
    expect(line(await allLines(off.id), 2).demandaMedia).toBe(4);
  });

  it('counts the days of partial months at either end of the period (day rollups), by their month', async () => {
    // 2026-01-15 … 2026-06-09: January's invoice (10th) before the start, June's (10th) after the end;
    // P2's return of 2 on March 20 inside
    const calc = await calculateOk({ dataInicio: '2026-01-15', dataFim: '2026-06-09' });
    expect((await explain(calc.id, 1)).historico.map((h) => h.quantidade)).toEqual([0, 2, 2, 2, 2, 0]);
    expect((await explain(calc.id, 2)).historico.map((h) => h.quantidade)).toEqual([0, 4, 2, 4, 4, 0]);
    // TOP 1 by units sold in the period: P2 (4 + 2 + 4 + 4 = 14) over P1 (8)
    const top = await calculateOk({ dataInicio: '2026-01-15', dataFim: '2026-06-09', maisVendidos: { tipo: 'TOP', valor: 1 } });
    expect([...(await allLines(top.id)).keys()]).toEqual([catalogue.get(2)!]);
  });

  it('raises the demand of a month with registered lost sales (stockout correction)', async () => {
    const calc = await calculateOk({});
    const e = await explain(calc.id, 3);
    // P3 sold 1 a month; 3 lost sales registered in April → April corrected to 1 + 3 = 4
    expect(e.historico[3]).toEqual({ mes: '2026-04', quantidade: 1, corrigido: 4, semEstoque: false, vendasPerdidas: 3 });
    expect(e.correcaoRuptura).toEqual({ mesesSemEstoque: 0, vendasPerdidas: 3, acrescimo: 3 });
    // MEDIA_SIMPLES on the corrected series: (1·5 + 4)/6 = 1.5 per month, not 1
    expect(line(await allLines(calc.id), 3).demandaMedia).toBe(1.5);
    expect(e.passos.join(' ')).toContain('3 vendas perdidas registradas');
  });
});

describe('stockout history (REGISTRO_RUPTURA_ESTOQUE) and the months without stock', () => {
  /** Days without stock recorded for ERP product P`n` of c1 in `month` ('YYYY-MM-01'), 0 without a row. */
  async function daysWithout(n: number, month: string): Promise<number> {
    const rows = resultRows<{ d: number }>(
      await t.database.db.execute(sql`SELECT r.dias_sem_estoque AS d FROM estoque_ruptura_mes r JOIN erp_produto p ON p.id = r.produto_id
        WHERE r.empresa_id = ${c1} AND p.id_erp = ${`P${n}`} AND r.mes = ${month}::date`),
    );
    return rows.length ? Number(rows[0].d) : 0;
  }
  async function observedDays(companyId: number, month: string): Promise<number> {
    const rows = resultRows<{ d: number }>(await t.database.db.execute(sql`SELECT dias AS d FROM estoque_observacao_mes WHERE empresa_id = ${companyId} AND mes = ${month}::date`));
    return rows.length ? Number(rows[0].d) : 0;
  }

  it('records each company-day once, and a day without available stock for each ERP product that has none', async () => {
    try {
      const first = await recordStockouts(t.database.db, '2026-03-02');
      // c1: P1–P3 physical 0 → without stock; P4–P6 physical 3 → with; c2: P4 physical 6 → with
      expect(first.dia).toBe('2026-03-02');
      expect([await observedDays(c1, '2026-03-01'), await observedDays(c2, '2026-03-01')]).toEqual([1, 1]);
      expect(await Promise.all([1, 2, 3, 4, 5, 6].map((n) => daysWithout(n, '2026-03-01')))).toEqual([1, 1, 1, 0, 0, 0]);
      // the same day again records nothing
      expect(await recordStockouts(t.database.db, '2026-03-02')).toMatchObject({ empresas: 0, produtosSemEstoque: 0 });
      expect(await observedDays(c1, '2026-03-01')).toBe(1);
      expect(await daysWithout(1, '2026-03-01')).toBe(1);
      // the next day counts; a day of another month goes to that month
      await recordStockouts(t.database.db, '2026-03-03');
      await recordStockouts(t.database.db, '2026-04-01');
      expect([await observedDays(c1, '2026-03-01'), await daysWithout(1, '2026-03-01'), await observedDays(c1, '2026-04-01'), await daysWithout(1, '2026-04-01')]).toEqual([2, 2, 1, 1]);
      // the built-in task runs it for today (America/Sao_Paulo) and is seeded system-wide
      const kind = STOCKOUT_TASK_KINDS.find((k) => k.tipo === 'REGISTRO_RUPTURA_ESTOQUE')!;
      expect(kind).toMatchObject({ escopo: 'SISTEMA', builtIn: true, periodoSugerido: '55 * * * *' });
      expect(await kind.run({ db: t.database.db } as never, {} as never, new AbortController().signal)).toMatch(/^\d{4}-\d{2}-\d{2}: 2 empresa\(s\), \d+ produto\(s\) sem estoque disponível$/);
      await seedScheduledTasks(t.database.db, t.ctx.taskKinds);
      expect(resultRows(await t.database.db.execute(sql`SELECT 1 FROM agendamento WHERE tipo = 'REGISTRO_RUPTURA_ESTOQUE' AND empresa_id IS NULL AND ativo`)).length).toBe(1);
    } finally {
      await t.database.db.execute(sql`DELETE FROM estoque_ruptura_mes`);
      await t.database.db.execute(sql`DELETE FROM estoque_observacao_mes`);
    }
  });

  it('raises a month without stock on at least half of the days observed to the mean of the months around it, and not below half', async () => {
    try {
      // P2 without stock on 2 March days observed of 2
      await recordStockouts(t.database.db, '2026-03-02');
      await recordStockouts(t.database.db, '2026-03-03');
      const censored = await calculateOk({ considerarDevolucoes: true });
      const e = await explain(censored.id, 2);
      // P2 net [4, 4, 2, 4, 4, 4]: March (2 of 2 days without stock) → max(2, mean of the uncensored
      // months before it (4, 4) = 4) = 4; the others unchanged
      expect(e.historico[2]).toEqual({ mes: '2026-03', quantidade: 2, corrigido: 4, semEstoque: true, vendasPerdidas: 0 });
      expect(e.historico.filter((h) => h.semEstoque).map((h) => h.mes)).toEqual(['2026-03']);
      expect(e.correcaoRuptura).toEqual({ mesesSemEstoque: 1, vendasPerdidas: 0, acrescimo: 2 });
      // MEDIA_SIMPLES on the corrected series: 24/6 = 4 a month, not 22/6 = 3.67
      expect(line(await allLines(censored.id), 2).demandaMedia).toBe(4);
      // P1 sold 2 in March too: marked, but nothing to raise (max(2, 2) = 2)
      expect((await explain(censored.id, 1)).historico[2]).toMatchObject({ semEstoque: true, quantidade: 2, corrigido: 2 });
      // 3 more March days with P2 in stock: 2 of 5 days without, under half → not corrected
      await t.database.db.execute(sql`UPDATE erp_estoque SET fisico = 5 WHERE produto_id = (SELECT id FROM erp_produto WHERE empresa_id = ${c1} AND id_erp = 'P2')`);
      for (const day of ['2026-03-04', '2026-03-05', '2026-03-06']) await recordStockouts(t.database.db, day);
      const below = await calculateOk({ considerarDevolucoes: true });
      expect((await explain(below.id, 2)).historico[2]).toMatchObject({ semEstoque: false, corrigido: 2 });
      expect(line(await allLines(below.id), 2).demandaMedia).toBe(3.67);
    } finally {
      await t.database.db.execute(sql`UPDATE erp_estoque SET fisico = 0 WHERE produto_id = (SELECT id FROM erp_produto WHERE empresa_id = ${c1} AND id_erp = 'P2')`);
      await t.database.db.execute(sql`DELETE FROM estoque_ruptura_mes`);
      await t.database.db.execute(sql`DELETE FROM estoque_observacao_mes`);
    }
  });
});

describe('POST reposicao/calculo: basis, filters and coverage', () => {
  it('EMPRESA counts the selected company and shows the other companies as saldoRede; REDE sums the network', async () => {
    const empresa = await calculateOk({ estoqueMinimo: 10, quantidadeMinimaPedido: 5 });
    // P4 in c1: available 3; c2 holds 6 → saldoRede 6; need 10 − 3 = 7 → 10
    expect(line(await allLines(empresa.id), 4)).toMatchObject({ saldoDisponivel: 3, saldoRede: 6, quantidadeSugerida: 10 });
    const rede = await calculateOk({ base: 'REDE', estoqueMinimo: 10, quantidadeMinimaPedido: 5 });
    // REDE: available 3 + 6 = 9; need 1 → 5
    expect(line(await allLines(rede.id), 4)).toMatchObject({ saldoAtual: 9, saldoDisponivel: 9, saldoRede: 6, quantidadeSugerida: 5 });
  });

  it('maisVendidos TOP N keeps the N titles that sold most; ABC keeps the classes asked', async () => {
    // net units (returns considered): P2 22, P1 12, P3 6 → TOP 2 = P2, P1
    const top = await calculateOk({ maisVendidos: { tipo: 'TOP', valor: 2 } });
    expect([...(await allLines(top.id)).keys()].sort()).toEqual([catalogue.get(1)!, catalogue.get(2)!].sort());
    // net value (1000 cents a unit): P2 22,000; P1 12,000; P3 6,000; total 40,000.
    // A: P2 (0 % before it), P1 (55 % before it < 80 %); P3 has 85 % before it → B
    const a = await calculateOk({ maisVendidos: { tipo: 'ABC', valor: 'A' } });
    expect([...(await allLines(a.id)).keys()].sort()).toEqual([catalogue.get(1)!, catalogue.get(2)!].sort());
    const b = await calculateOk({ maisVendidos: { tipo: 'ABC', valor: 'B' } });
    expect((await allLines(b.id)).size).toBe(3);
  });

  it('somenteSaldoMenorQue keeps titles whose available balance is below it; somenteComReposicao only lines with a suggestion', async () => {
    const calc = await calculateOk({ somenteSaldoMenorQue: 1 });
    // available: P1–P3 0, P4–P6 3 → only P1–P3
    expect([...(await allLines(calc.id)).keys()].sort()).toEqual([1, 2, 3].map((n) => catalogue.get(n)!).sort());
    const only = await calculateOk({ somenteComReposicao: true, estoqueMinimo: 3 });
    // level ≥ 3 everywhere; P4–P6 have 3 available → P4 and P5 need 0 (P6 has minimum 20)
    const lines = await allLines(only.id);
    expect(lines.has(catalogue.get(4)!)).toBe(false);
    expect(lines.has(catalogue.get(6)!)).toBe(true);
    expect([...lines.values()].every((l) => l.quantidadeSugerida > 0)).toBe(true);
  });

  it('situacoes and tipoProduto filter on the representative ERP product, idEditora on the catalogue publisher', async () => {
    // every ERP product is in situation '20', without a product type or a publisher
    expect((await allLines((await calculateOk({ situacoes: ['20'] })).id)).size).toBe(6);
    expect((await allLines((await calculateOk({ situacoes: ['99'] })).id)).size).toBe(0);
    expect((await allLines((await calculateOk({ tipoProduto: 1 })).id)).size).toBe(0);
    expect((await allLines((await calculateOk({ idEditora: 1 })).id)).size).toBe(0);
  });

  it('read and stored in batches, with a worker thread, and on PostgreSQL in two parts on two connections, the lines and totals are the same as in one batch', async () => {
    const auth: AuthContext = { userId: t.seed.adminId, sessionId: 'test', companyId: c1, roles: [], login: 'admin', name: 'Admin', profileName: null };
    const extras = [{}, { maisVendidos: { tipo: 'TOP' as const, valor: 2 } }, { somenteComReposicao: true, estoqueMinimo: 3 }, { base: 'REDE' as const }];
    for (const extra of extras) {
      const body = { ...PERIOD, somenteComReposicao: false, metodoPonderacao: 'AUTOMATICO' as const, ...extra };
      const whole = await calculateOk(body);
      const wholeLines = [...(await allLines(whole.id)).entries()].sort(([a], [b]) => a - b);
      // 6 titles in batches of 2: three FETCHes (the last one full, so a fourth finds none), three INSERTs;
      // then the same in two parts (titles by catalogue id modulo 2) read at once in one snapshot (PGlite: one part)
      for (const options of [{ batchSize: 2, workers: 1 }, { batchSize: 2, workers: 1, readers: 2, dbKind: t.database.kind }]) {
        const label = JSON.stringify({ extra, options });
        const batched = await calculate(t.database.db, auth, c1, body, options);
        expect(batched.totais, label).toEqual(whole.totais);
        expect([...(await allLines(batched.id)).entries()].sort(([a], [b]) => a - b), label).toEqual(wholeLines);
      }
    }
  });

  it('counts units of an APPROVED replacement not yet shown by the ERP stock as covered, never suggesting them twice', async () => {
    const db = t.database.db;
    const p4 = catalogue.get(4)!;
    const [rep] = resultRows<{ id: number }>(
      await db.execute(sql`INSERT INTO reposicao (empresa_id, descricao, status, parametros) VALUES (${c1}, 'Aprovada', 'APROVADA', '{}'::jsonb) RETURNING id`),
    );
    await db.execute(sql`INSERT INTO reposicao_item (reposicao_id, produto_id, titulo, saldo_disponivel, quantidade_sugerida, quantidade_pedido, metodo)
      VALUES (${rep.id}, ${p4}, 't', 3, 5, 5, 'TSB')`);
    const [draft] = resultRows<{ id: number }>(
      await db.execute(sql`INSERT INTO reposicao (empresa_id, descricao, status, parametros) VALUES (${c1}, 'Gerada', 'GERADA', '{}'::jsonb) RETURNING id`),
    );
    await db.execute(sql`INSERT INTO reposicao_item (reposicao_id, produto_id, titulo, saldo_disponivel, quantidade_sugerida, quantidade_pedido, metodo)
      VALUES (${draft.id}, ${p4}, 't', 3, 40, 40, 'TSB')`);
    try {
      // level 10, available 3, covered 5 (the GERADA one does not count) → need 2 → 5
      const calc = await calculateOk({ estoqueMinimo: 10, quantidadeMinimaPedido: 5 });
      const e = await explain(calc.id, 4);
      expect(e.estoque.cobertoPorReposicaoAprovada).toBe(5);
      expect(e).toMatchObject({ necessidade: 2, quantidadeSugerida: 5 });
      // once its purchase order was sent and a stock sync succeeded after, the ERP's pedido_compra holds it
      const [queued] = resultRows<{ id: number }>(
        await db.execute(sql`INSERT INTO fila_integracao (empresa_id, tipo, referencia, descricao, conteudo, status, data_envio)
          VALUES (${c1}, 'PEDIDO', 'REP-x', 'compra', '{}'::jsonb, 'ENVIADO', now() - interval '2 hours') RETURNING id`),
      );
      await db.execute(sql`INSERT INTO reposicao_pedido_compra (reposicao_id, editora_id, referencia, itens, quantidade, fila_integracao_id) VALUES (${rep.id}, NULL, 'REP-x', 1, 5, ${queued.id})`);
      await db.execute(sql`INSERT INTO status_integracao_entidade (empresa_id, entidade, ultima_sincronizacao) VALUES (${c1}, 'ESTOQUE', now() - interval '3 hours')
        ON CONFLICT (empresa_id, entidade) DO UPDATE SET ultima_sincronizacao = excluded.ultima_sincronizacao`);
      // sync 3 h ago, order sent 2 h ago: still covered
      expect((await explain((await calculateOk({ estoqueMinimo: 10, quantidadeMinimaPedido: 5 })).id, 4)).estoque.cobertoPorReposicaoAprovada).toBe(5);
      await db.execute(sql`UPDATE status_integracao_entidade SET ultima_sincronizacao = now() - interval '1 hour' WHERE empresa_id = ${c1} AND entidade = 'ESTOQUE'`);
      // sync after the send: no longer covered (the stock's pedido_compra shows it) → need 7 → 10
      const after = await calculateOk({ estoqueMinimo: 10, quantidadeMinimaPedido: 5 });
      expect(line(await allLines(after.id), 4)).toMatchObject({ quantidadeSugerida: 10 });
    } finally {
      await db.execute(sql`DELETE FROM reposicao WHERE id IN (${rep.id}, ${draft.id})`);
    }
  });
});

describe('reading, editing and explaining a calculation', () => {
  it('answers 201 with totals and the first page sorted by suggestion desc; pages, sorts and filters', async () => {
    const calc = await calculateOk({ estoqueMinimo: 10, quantidadeMinimaPedido: 5 });
    const sugg = calc.itens.itens.map((i) => i.quantidadeSugerida);
    expect(sugg).toEqual([...sugg].sort((a, b) => b - a));
    expect(calc.expiraEm).not.toBeNull();
    expect(new Date(calc.expiraEm!).getTime() - new Date(calc.criadoEm).getTime()).toBeGreaterThan(23.9 * 3600_000);
    const lines = [...(await allLines(calc.id)).values()];
    expect(calc.totais).toEqual({
      itens: lines.length,
      itensComSugestao: lines.filter((l) => l.quantidadeSugerida > 0).length,
      quantidadeSugerida: lines.reduce((s, l) => s + l.quantidadeSugerida, 0),
      quantidadePedido: lines.reduce((s, l) => s + l.quantidadePedido, 0),
      valorCapaCentavos: lines.reduce((s, l) => s + l.quantidadePedido * (l.valorCapaCentavos ?? 0), 0),
      valorCustoCentavos: lines.reduce((s, l) => s + l.quantidadePedido * (l.valorCustoCentavos ?? 0), 0),
    });
    const byTitle = await call(t.app, 'GET', `reposicao/calculo/${calc.id}/itens?sorter=titulo,asc&pageSize=2&page=1`, { token: admin.token });
    expect(byTitle.statusCode).toBe(200);
    const page = replenishmentItemPageSchema.parse(byTitle.json());
    expect(page.itens.map((i) => i.titulo)).toEqual(['Reposição título 3', 'Reposição título 4']);
    const term = await call(t.app, 'GET', `reposicao/calculo/${calc.id}/itens?term=${encodeURIComponent('REPOSICAO TITULO 5')}`, { token: admin.token });
    expect(replenishmentItemPageSchema.parse(term.json()).itens.map((i) => i.idProduto)).toEqual([catalogue.get(5)]);
    const bad = await call(t.app, 'GET', `reposicao/calculo/${calc.id}/itens?sorter=nada,asc`, { token: admin.token });
    expect(bad.statusCode).toBe(400);
    const suppliers = await call(t.app, 'GET', `reposicao/calculo/${calc.id}/fornecedores`, { token: admin.token });
    expect(suppliers.statusCode).toBe(200);
    const rows = suppliers.json() as { quantidadePedido: number }[];
    expect(rows.reduce((s, r) => s + r.quantidadePedido, 0)).toBe(calc.totais.quantidadePedido);
  });

  it('PUT an item: only multiples of the order multiple; totals move by the difference', async () => {
    const calc = await calculateOk({ estoqueMinimo: 10, quantidadeMinimaPedido: 5 });
    const p4 = catalogue.get(4)!;
    const notMultiple = await call(t.app, 'PUT', `reposicao/calculo/${calc.id}/itens/${p4}`, { token: admin.token, payload: { quantidadePedido: 7 } });
    expect(notMultiple.statusCode).toBe(400);
    expect(notMultiple.json().messages).toEqual([{ field: 'quantidadePedido', message: REPLENISHMENT_MESSAGES.orderMultiple(5) }]);
    const ok = await call(t.app, 'PUT', `reposicao/calculo/${calc.id}/itens/${p4}`, { token: admin.token, payload: { quantidadePedido: 25 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ quantidadeSugerida: 10, quantidadePedido: 25 });
    const after = replenishmentCalculationSchema.parse((await call(t.app, 'GET', `reposicao/calculo/${calc.id}`, { token: admin.token })).json());
    // +15 units; P4 costs 4 × 1000 cover and 4 × 400 cost cents a unit
    expect(after.totais.quantidadePedido).toBe(calc.totais.quantidadePedido + 15);
    expect(after.totais.valorCapaCentavos).toBe(calc.totais.valorCapaCentavos + 15 * 4000);
    expect(after.totais.valorCustoCentavos).toBe(calc.totais.valorCustoCentavos + 15 * 1600);
    const missing = await call(t.app, 'PUT', `reposicao/calculo/${calc.id}/itens/999999`, { token: admin.token, payload: { quantidadePedido: 5 } });
    expect(missing.statusCode).toBe(404);
  });

  it('the explanation recomputes the stored line: history, forecast quantiles, level and words', async () => {
    const calc = await calculateOk({ prazoEntregaMeses: 1, periodosProjecao: 2, nivelServico: 90 });
    const p1 = line(await allLines(calc.id), 1);
    const e = await explain(calc.id, 1);
    expect(e.historico.map((h) => h.quantidade)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(e.previsao.map((p) => p.mes)).toEqual(['2026-07', '2026-08', '2026-09']);
    expect(e.previsao.every((p) => p.quantis.length === 9 && p.media === 2)).toBe(true);
    expect(e.horizonte).toMatchObject({ meses: 3, prazoEntregaMeses: 1, periodosProjecao: 2, media: 6 });
    // 3 months: variance = 3·2 + λ²·(Σ_i Σ_j min(i,j) = 1+1+1+1+2+2+1+2+3 = 14)·4 = 6 + 56·λ²
    const level = nbQuantile(6, 6 + 56 * LEVEL_VARIANCE_PER_MONTH, 0.9);
    expect(e).toMatchObject({ metodo: 'MEDIA_SIMPLES', metodoPedido: 'MEDIA_SIMPLES', quantilNivel: level, nivelReposicao: level, quantidadeSugerida: p1.quantidadeSugerida });
    expect(p1.nivelReposicao).toBe(level);
    expect(e.passos.join(' ')).toContain('média 2/mês × 3 meses = 6');
    // the same step structured, for the web to word in its language
    expect(e.passosEstruturados.find((s) => s.chave === 'horizonte')?.valores).toEqual({ meses: 3, prazoEntregaMeses: 1, periodosProjecao: 2, mediaMes: 2, mediaHorizonte: 6, nivelServico: 90, quantil: level });
  });

  it('AUTOMATICO names the method it chose per line', async () => {
    const calc = await calculateOk({ metodoPonderacao: 'AUTOMATICO' });
    const e = await explain(calc.id, 1);
    expect(e.metodoPedido).toBe('AUTOMATICO');
    expect(e.metodo).not.toBe('AUTOMATICO');
    expect(line(await allLines(calc.id), 1).metodo).toBe(e.metodo);
    expect(String(e.parametros.motivo)).toContain('ADI');
  });

  it('a calculation of another company, absent or expired answers 404 calculationNotFound', async () => {
    const calc = await calculateOk({});
    for (const path of [`reposicao/calculo/${calc.id}`, `reposicao/calculo/${calc.id}/itens`, `reposicao/calculo/${calc.id}/fornecedores`, `reposicao/calculo/${calc.id}/itens/${catalogue.get(1)}/explicacao`]) {
      const res = await call(t.app, 'GET', path, { token: otherCompany.token });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe(REPLENISHMENT_MESSAGES.calculationNotFound);
    }
    expect((await call(t.app, 'GET', 'reposicao/calculo/2147483647', { token: admin.token })).statusCode).toBe(404);
    await t.database.db.execute(sql`UPDATE reposicao_calculo SET expira_em = now() - interval '1 minute' WHERE id = ${calc.id}`);
    const expired = await call(t.app, 'GET', `reposicao/calculo/${calc.id}`, { token: admin.token });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(REPLENISHMENT_MESSAGES.calculationNotFound);
  });

  it('the scheduled clean-up deletes expired calculations with their lines, and keeps the others', async () => {
    const kept = await calculateOk({});
    const gone = await calculateOk({});
    const generated = await calculateOk({});
    await t.database.db.execute(sql`UPDATE reposicao_calculo SET expira_em = now() - interval '1 minute' WHERE id = ${gone.id}`);
    await t.database.db.execute(sql`UPDATE reposicao_calculo SET expira_em = NULL WHERE id = ${generated.id}`);
    const kind = REPLENISHMENT_TASK_KINDS.find((k) => k.tipo === 'LIMPEZA_CALCULO_REPOSICAO')!;
    expect(kind).toMatchObject({ escopo: 'SISTEMA', builtIn: true });
    const summary = await kind.run({ db: t.database.db } as never, {} as never, new AbortController().signal);
    expect(summary).toMatch(/cálculo\(s\) de reposição expirado\(s\) excluído\(s\)/);
    const left = resultRows<{ id: number }>(await t.database.db.execute(sql`SELECT id FROM reposicao_calculo WHERE id IN (${kept.id}, ${gone.id}, ${generated.id}) ORDER BY id`));
    expect(left.map((r) => Number(r.id))).toEqual([kept.id, generated.id]);
    const lines = resultRows<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM reposicao_calculo_item WHERE calculo_id = ${gone.id}`));
    expect(Number(lines[0].n)).toBe(0);
    // seeded as a system-wide task like the other clean-ups, from the app's task kinds
    await seedScheduledTasks(t.database.db, t.ctx.taskKinds);
    const seeded = resultRows(await t.database.db.execute(sql`SELECT 1 FROM agendamento WHERE tipo = 'LIMPEZA_CALCULO_REPOSICAO' AND empresa_id IS NULL AND ativo`));
    expect(seeded.length).toBe(1);
  });
});

describe('bad input and access', () => {
  it('answers 400 with messages (never 500) for bad inputs', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ dataInicio: '2026-06-30', dataFim: '2026-01-01' }, 'dataFim'],
      [{ dataInicio: '2020-01-01', dataFim: '2026-06-30' }, 'dataInicio'],
      [{ dataInicio: '2026-02-30', dataFim: '2026-06-30' }, 'dataInicio'],
      [{ ...PERIOD, metodoPonderacao: 'MAGICO' }, 'metodoPonderacao'],
      [{ ...PERIOD, nivelServico: 100 }, 'nivelServico'],
      [{ ...PERIOD, quantidadeMinimaPedido: 0 }, 'quantidadeMinimaPedido'],
      [{ ...PERIOD, maisVendidos: { tipo: 'ABC', valor: 'D' } }, 'maisVendidos.valor'],
      [{ ...PERIOD, campoDesconhecido: 1 }, ''],
      [{ ...PERIOD, idModelo: 2147483647 }, 'idModelo'],
      [{ ...PERIOD, tipoProduto: 99999999999 }, 'tipoProduto'],
      [{ dataInicio: '2026-01-01' }, 'dataFim'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(t.app, 'POST', 'reposicao/calculo', { token: admin.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const messages = res.json().messages as { field: string; message: string }[];
      expect(messages.length, JSON.stringify(payload)).toBeGreaterThan(0);
      if (field) expect(messages.map((m) => m.field), JSON.stringify(payload)).toContain(field);
    }
    const order = await call(t.app, 'POST', 'reposicao/calculo', { token: admin.token, payload: { dataInicio: '2026-06-30', dataFim: '2026-01-01' } });
    expect(order.json().messages).toEqual([{ field: 'dataFim', message: REPLENISHMENT_MESSAGES.dateOrder }]);
    // exactly 60 months is accepted
    expect((await call(t.app, 'POST', 'reposicao/calculo', { token: admin.token, payload: { dataInicio: '2021-07-01', dataFim: '2026-06-30' } })).statusCode).toBe(201);
  });

  it('needs the replenishment calculation role (403) and a session (401)', async () => {
    expect((await call(t.app, 'POST', 'reposicao/calculo', { token: seller.token, payload: PERIOD })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', 'reposicao/modelo', { token: seller.token })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', 'reposicao/calculo', { payload: PERIOD })).statusCode).toBe(401);
  });
});
