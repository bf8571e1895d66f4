import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ERP_ENTITIES, parseErpRecord, REQUIRED, type BillingTotals, type Dashboard, type ErpEntity, type ErpRecord, type SessionUser } from '@acervo/contracts';
import { generateErpDataSet } from '@acervo/erp-sim';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, createProfile, createUser } from '../auth/auth.test-helpers.ts';
import { resultRows } from '../db/rows.ts';
import { applyErpRecords } from '../erp/data/index.ts';

/*
 * GET dashboard on the simulator's data of two companies (14 months, so last year's month and
 * the 12-month trend have sales): every figure against an independent SQL written here over
 * erp_venda / erp_venda_item (not the report's SQL nor its rollups), and equal to
 * GET relatorio/faturamento/totais for the same period; goal and projection against a
 * hand-counted November 2026; hostile input → 400, no role → 403.
 */

let t: TestApp;
let admin: SessionUser;
let c1: number;
let c2: number;

const data = generateErpDataSet({ titulos: 600, meses: 14, empresas: 2, seed: 31, hoje: new Date('2026-11-20T15:00:00.000Z') });

function validRecords<E extends ErpEntity>(companyIndex: number, entity: E): ErpRecord<E>[] {
  const out: ErpRecord<E>[] = [];
  for (const raw of data.companies[companyIndex].logs[entity].records()) {
    const parsed = parseErpRecord(entity, raw);
    if (parsed.ok) out.push(parsed.record);
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  [c1, c2] = t.seed.companyIds;
  for (const [i, companyId] of [c1, c2].entries()) {
    for (const entity of [...ERP_ENTITIES].reverse()) {
      const records = validRecords(i, entity);
      for (let start = 0; start < records.length; start += 1000) {
        await t.database.db.transaction((tx) => applyErpRecords(tx, companyId, entity, records.slice(start, start + 1000)));
      }
    }
  }
  admin = await t.login('admin', 'admin');
}, 300_000);

afterAll(async () => {
  await t?.close();
});

async function dashboard(token: string, query: string): Promise<Dashboard> {
  const res = await call(t.app, 'GET', `dashboard?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Dashboard;
}

async function reportTotals(companyId: number, from: string, to: string): Promise<BillingTotals> {
  const res = await call(t.app, 'GET', `relatorio/faturamento/totais?idEmpresa=${companyId}&dataInicio=${from}&dataFim=${to}`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BillingTotals;
}

/**
 * The independent computation: documents of the period not cancelled; an invoice counts for
 * itself, a return (subtracted, value and units) for the invoice it returns, which must be
 * stored, not cancelled, of a VENDA or ACERTO_CONSIGNACAO operation; invoices counted distinct.
 */
async function expected(companyId: number, from: string, to: string): Promise<{ valorCentavos: number; quantidade: number; notas: number }> {
  const [r] = resultRows<{ valor: string; qtd: string; notas: string }>(
    await t.database.db.execute(sql`SELECT
        COALESCE(sum(CASE WHEN d.tipo = 'NOTA' THEN i.valor_liquido_centavos ELSE -i.valor_liquido_centavos END), 0) AS valor,
        COALESCE(sum(CASE WHEN d.tipo = 'NOTA' THEN i.quantidade ELSE -i.quantidade END), 0) AS qtd,
        count(DISTINCT d.id) FILTER (WHERE d.tipo = 'NOTA') AS notas
      FROM erp_venda d
      JOIN erp_venda n ON n.id = CASE WHEN d.tipo = 'NOTA' THEN d.id ELSE d.documento_origem_id END
      JOIN erp_tipo_operacao_fiscal op ON op.id = n.tipo_operacao_fiscal_id
      JOIN erp_venda_item i ON i.venda_id = d.id
      WHERE d.empresa_id = ${companyId} AND d.data_emissao BETWEEN ${from}::date AND ${to}::date
        AND d.tipo IN ('NOTA', 'DEVOLUCAO') AND d.cancelada = false AND d.alterado_em_erp IS NOT NULL
        AND n.tipo = 'NOTA' AND n.cancelada = false AND n.alterado_em_erp IS NOT NULL
        AND op.natureza IN ('VENDA', 'ACERTO_CONSIGNACAO')`),
  );
  return { valorCentavos: Number(r.valor), quantidade: Number(r.qtd), notas: Number(r.notas) };
}

/** A Thursday whose compared days (12/11, 19/10, 19/11/2025) are weekdays with sales. */
const DAY = '2026-11-19';

describe('GET dashboard', () => {
  it.each(['SEMANA_ANTERIOR', 'MES_ANTERIOR', 'ANO_ANTERIOR'] as const)('day, month and %s comparisons equal the independent SQL and the billing report', async (comparacao) => {
    // a November day with invoices whose compared days (written out here) have invoices too
    const compared = (d: number) => {
      const dd = String(d).padStart(2, '0');
      return {
        day: { SEMANA_ANTERIOR: d > 7 ? `2026-11-${String(d - 7).padStart(2, '0')}` : `2026-10-${String(d + 24).padStart(2, '0')}`, MES_ANTERIOR: `2026-10-${dd}`, ANO_ANTERIOR: `2025-11-${dd}` }[comparacao],
        month: comparacao === 'ANO_ANTERIOR' ? ['2025-11-01', `2025-11-${dd}`] : ['2026-10-01', `2026-10-${dd}`],
      };
    };
    const nov = (d: number) => `2026-11-${String(d).padStart(2, '0')}`;
    let n = 19;
    while (n > 1 && ((await expected(c1, nov(n), nov(n))).notas === 0 || (await expected(c1, compared(n).day, compared(n).day)).notas === 0)) n--;
    const DAY = nov(n);
    const comparedDay = compared(n).day;
    const comparedMonth = compared(n).month;
    const got = await dashboard(admin.token, `idEmpresa=${c1}&data=${DAY}&comparacao=${comparacao}`);
    expect([got.dia.dataInicio, got.dia.dataFim, got.dia.comparacao.dataInicio]).toEqual([DAY, DAY, comparedDay]);
    expect([got.mes.dataInicio, got.mes.dataFim, got.mes.comparacao.dataInicio, got.mes.comparacao.dataFim]).toEqual(['2026-11-01', DAY, ...comparedMonth]);

    const day = await expected(c1, DAY, DAY);
    const month = await expected(c1, '2026-11-01', DAY);
    const dayBefore = await expected(c1, comparedDay, comparedDay);
    const monthBefore = await expected(c1, comparedMonth[0], comparedMonth[1]);
    expect(day.notas).toBeGreaterThan(0);
    expect(dayBefore.notas).toBeGreaterThan(0);
    expect(monthBefore.valorCentavos).toBeGreaterThan(0);
    expect({ valorCentavos: got.dia.valorCentavos, quantidade: got.dia.quantidade, notas: got.dia.notas }).toEqual(day);
    expect({ valorCentavos: got.mes.valorCentavos, quantidade: got.mes.quantidade, notas: got.mes.notas }).toEqual(month);
    expect(got.dia.ticketMedioCentavos).toBe(Math.round(day.valorCentavos / day.notas));
    expect(got.mes.ticketMedioCentavos).toBe(Math.round(month.valorCentavos / month.notas));
    expect(got.dia.comparacao.valorCentavos).toBe(dayBefore.valorCentavos);
    expect(got.mes.comparacao.valorCentavos).toBe(monthBefore.valorCentavos);
    expect(got.mes.comparacao.percentual).toBe(Math.round(((month.valorCentavos - monthBefore.valorCentavos) / monthBefore.valorCentavos) * 10_000) / 100);

    // the billing report's totals for the same periods, through its route
    for (const [figures, from, to] of [
      [got.dia, DAY, DAY],
      [got.mes, '2026-11-01', DAY],
    ] as const) {
      const report = await reportTotals(c1, from, to);
      expect({ v: figures.valorCentavos, q: figures.quantidade, n: figures.notas, t: figures.ticketMedioCentavos }).toEqual({
        v: report.liquidoCentavos,
        q: report.quantidade,
        n: report.notas,
        t: report.ticketMedioCentavos,
      });
    }
    const reportBefore = await reportTotals(c1, comparedMonth[0], comparedMonth[1]);
    expect(got.mes.comparacao.valorCentavos).toBe(reportBefore.liquidoCentavos);
  });

  it('gives every company of the user side by side, each equal to its own dashboard and the independent SQL', async () => {
    const got = await dashboard(admin.token, `idEmpresa=${c1}&data=${DAY}`);
    expect(got.porEmpresa.map((c) => c.idEmpresa).sort()).toEqual([c1, c2].sort());
    const other = await dashboard(admin.token, `idEmpresa=${c2}&data=${DAY}`);
    const row = got.porEmpresa.find((c) => c.idEmpresa === c2)!;
    expect(row.dia).toEqual(other.dia);
    expect(row.mes).toEqual(other.mes);
    expect({ valorCentavos: row.mes.valorCentavos, quantidade: row.mes.quantidade, notas: row.mes.notas }).toEqual(await expected(c2, '2026-11-01', DAY));
    expect(other.mes.valorCentavos).not.toBe(got.mes.valorCentavos);
  });

  it('draws the 12-month trend against the same months of the previous year', async () => {
    const got = await dashboard(admin.token, `idEmpresa=${c1}&data=${DAY}`);
    expect(got.tendencia.map((m) => m.mes)).toEqual(['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    const nov = got.tendencia[11];
    expect(nov.valorCentavos).toBe(got.mes.valorCentavos);
    expect(nov.valorAnoAnteriorCentavos).toBe((await expected(c1, '2025-11-01', '2025-11-30')).valorCentavos);
    expect(nov.valorAnoAnteriorCentavos).toBeGreaterThan(0);
    expect(got.tendencia[3].valorCentavos).toBe((await expected(c1, '2026-03-01', '2026-03-31')).valorCentavos);
    // the simulator starts 14 months back: December 2024 has no sales
    expect(got.tendencia[0].valorAnoAnteriorCentavos).toBe(0);
  });

  it('lists the 10 best-selling titles of the month by units with their stock', async () => {
    const got = await dashboard(admin.token, `idEmpresa=${c1}&data=${DAY}`);
    const want = resultRows<{ chave: string; qtd: string }>(
      await t.database.db.execute(sql`SELECT COALESCE(p.ean, 'id:' || p.id_erp) AS chave,
          sum(CASE WHEN d.tipo = 'NOTA' THEN i.quantidade ELSE -i.quantidade END) AS qtd
        FROM erp_venda d
        JOIN erp_venda n ON n.id = CASE WHEN d.tipo = 'NOTA' THEN d.id ELSE d.documento_origem_id END
        JOIN erp_tipo_operacao_fiscal op ON op.id = n.tipo_operacao_fiscal_id
        JOIN erp_venda_item i ON i.venda_id = d.id
        LEFT JOIN erp_venda_item ni ON d.tipo = 'DEVOLUCAO' AND ni.venda_id = n.id AND ni.linha = i.linha_origem
        JOIN erp_produto p ON p.id = COALESCE(ni.produto_id, i.produto_id)
        WHERE d.empresa_id = ${c1} AND d.data_emissao BETWEEN '2026-11-01' AND ${DAY}::date
          AND d.tipo IN ('NOTA', 'DEVOLUCAO') AND d.cancelada = false AND d.alterado_em_erp IS NOT NULL
          AND n.tipo = 'NOTA' AND n.cancelada = false AND n.alterado_em_erp IS NOT NULL
          AND op.natureza IN ('VENDA', 'ACERTO_CONSIGNACAO')
        GROUP BY 1 ORDER BY 2 DESC, 1 DESC LIMIT 10`),
    );
    expect(got.maisVendidos).toHaveLength(10);
    expect(got.maisVendidos.map((m) => [m.chave, m.quantidade])).toEqual(want.map((w) => [w.chave, Number(w.qtd)]));
    const first = got.maisVendidos[0];
    const [stock] = resultRows<{ fisico: number; disp: number }>(
      await t.database.db.execute(sql`SELECT COALESCE(sum(e.fisico), 0)::int AS fisico, COALESCE(sum(e.fisico - e.reservado - e.bloqueado), 0)::int AS disp
        FROM erp_produto p LEFT JOIN erp_estoque e ON e.produto_id = p.id WHERE p.empresa_id = ${c1} AND COALESCE(p.ean, 'id:' || p.id_erp) = ${first.chave}`),
    );
    expect([first.estoque, first.disponivel]).toEqual([stock.fisico, stock.disp]);
    expect(first.titulo.length).toBeGreaterThan(0);
  });

  it('reports the goal, attainment and the projection over November 2026 business days (Finados 02/11, Consciência Negra 20/11)', async () => {
    const put = await call(t.app, 'PUT', 'meta', { token: admin.token, payload: { ano: 2026, itens: [{ idEmpresa: c1, ano: 2026, mes: 11, valor: 50_000_000 }] } });
    expect(put.statusCode, put.body).toBe(200);
    const got = await dashboard(admin.token, `idEmpresa=${c1}&data=${DAY}`);
    // by hand: weekdays 2-6 (less 02/11), 9-13, 16-19 → 13 elapsed; 23-27, 30 → 6 left (20/11 a holiday)
    expect([got.meta.diasUteis, got.meta.diasUteisDecorridos, got.meta.diasUteisRestantes]).toEqual([19, 13, 6]);
    const realised = got.mes.valorCentavos;
    expect(got.meta).toMatchObject({ valorCentavos: 50_000_000, realizadoCentavos: realised, percentual: Math.round((realised / 50_000_000) * 10_000) / 100 });
    expect(got.meta.projecaoCentavos).toBe(realised + Math.round((realised / 13) * 6));
    // February 2026: Carnaval Monday (company list) and Tuesday (library) closed, Ash Wednesday half
    const feb = await dashboard(admin.token, `idEmpresa=${c1}&data=2026-02-18`);
    expect([feb.meta.diasUteis, feb.meta.diasUteisDecorridos, feb.meta.diasUteisRestantes]).toEqual([17.5, 10.5, 7]);
    const removed = await call(t.app, 'PUT', 'meta', { token: admin.token, payload: { ano: 2026, itens: [{ idEmpresa: c1, ano: 2026, mes: 2, valor: null }] } });
    expect(removed.statusCode, removed.body).toBe(200);
    const noGoal = await dashboard(admin.token, `idEmpresa=${c1}&data=2026-02-18`);
    expect(noGoal.meta.valorCentavos).toBeNull();
    expect(noGoal.meta.percentual).toBeNull();
    expect(feb.meta.percentual).toBe(feb.meta.valorCentavos ? Math.round((feb.mes.valorCentavos / feb.meta.valorCentavos) * 10_000) / 100 : null);
    expect(feb.meta.projecaoCentavos).toBe(feb.mes.valorCentavos + Math.round((feb.mes.valorCentavos / 10.5) * 7));
  });

  it('seeds the closing days of a new company, and an extra closing day changes its business days', async () => {
    const [row] = resultRows<{ id: number }>(await t.database.db.execute(sql`INSERT INTO empresa (nome, cnpj, ativo) VALUES ('Empresa Calendário', '11444777000161', true) RETURNING id`));
    const days = resultRows<{ data: string; periodo: string }>(
      await t.database.db.execute(sql`SELECT to_char(data, 'YYYY-MM-DD') AS data, periodo FROM empresa_dia_fechamento WHERE empresa_id = ${row.id} AND data BETWEEN '2026-01-01' AND '2026-12-31' ORDER BY data`),
    );
    expect(days).toEqual([
      { data: '2026-02-16', periodo: 'INTEGRAL' },
      { data: '2026-02-18', periodo: 'MANHA' },
    ]);
    await t.database.db.execute(sql`INSERT INTO empresa_dia_fechamento (empresa_id, data, descricao, periodo) VALUES (${c1}, '2026-11-27', 'Inventário', 'INTEGRAL')`);
    const got = await dashboard(admin.token, `idEmpresa=${c1}&data=${DAY}`);
    expect([got.meta.diasUteis, got.meta.diasUteisRestantes]).toEqual([18, 5]);
    await t.database.db.execute(sql`DELETE FROM empresa_dia_fechamento WHERE empresa_id = ${c1} AND data = '2026-11-27'`);
  });

  it('reads and replaces a year of closing days through the API, and the business days follow', async () => {
    const read = await call(t.app, 'GET', 'dashboard/dias-fechamento?ano=2026', { token: admin.token });
    expect(read.statusCode, read.body).toBe(200);
    const seeded = read.json() as { ano: number; dias: { data: string; periodo: string }[] };
    expect(seeded.dias.map((d) => [d.data, d.periodo])).toEqual([
      ['2026-02-16', 'INTEGRAL'],
      ['2026-02-18', 'MANHA'],
    ]);
    const dias = [...seeded.dias, { data: '2026-11-30', descricao: 'Balanço', periodo: 'MANHA' }];
    const put = await call(t.app, 'PUT', 'dashboard/dias-fechamento', { token: admin.token, payload: { ano: 2026, dias } });
    expect(put.statusCode, put.body).toBe(200);
    expect((put.json() as { dias: unknown[] }).dias).toHaveLength(3);
    const got = await dashboard(admin.token, `idEmpresa=${c1}&data=${DAY}`);
    expect([got.meta.diasUteis, got.meta.diasUteisRestantes]).toEqual([18.5, 5.5]);
    for (const [body, field] of [
      [{ ano: 2026, dias: [{ data: '2027-01-04', descricao: 'x', periodo: 'INTEGRAL' }] }, 'dias.0.data'],
      [{ ano: 2026, dias: [dias[0], { ...dias[0] }] }, 'dias.1.data'],
      [{ ano: 2026, dias: [{ data: '2026-03-02', descricao: 'x', periodo: 'TARDE' }] }, 'dias.0.periodo'],
      [{ ano: 2026, dias: [{ data: '2026-03-02', descricao: '', periodo: 'INTEGRAL' }] }, 'dias.0.descricao'],
    ] as const) {
      const res = await call(t.app, 'PUT', 'dashboard/dias-fechamento', { token: admin.token, payload: body });
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { messages: { field: string }[] }).messages.map((m) => m.field)).toContain(field);
    }
    // nothing written by the refused saves; restore the seeded year
    const restore = await call(t.app, 'PUT', 'dashboard/dias-fechamento', { token: admin.token, payload: { ano: 2026, dias: seeded.dias } });
    expect((restore.json() as { dias: unknown[] }).dias).toHaveLength(2);
  });

  it('audits each closing-day change, and a goals keeper without the billing role reads and edits the calendar', async () => {
    const history = async (token: string) =>
      (await call(t.app, 'GET', `auditoria?entidade=dia-fechamento&idRegistro=${c1}-2027`, { token })).json() as { itens: { acao: string; alteracoes: { campo: string; antes: unknown; depois: unknown }[] }[] };
    const before = (await history(admin.token)).itens.length;
    const seeded = ((await call(t.app, 'GET', 'dashboard/dias-fechamento?ano=2027', { token: admin.token })).json() as { dias: object[] }).dias;
    const dias = [...seeded, { data: '2027-12-24', descricao: 'Véspera de Natal', periodo: 'MANHA' }];
    expect((await call(t.app, 'PUT', 'dashboard/dias-fechamento', { token: admin.token, payload: { ano: 2027, dias } })).statusCode).toBe(200);
    // the same list again changes nothing and records nothing
    expect((await call(t.app, 'PUT', 'dashboard/dias-fechamento', { token: admin.token, payload: { ano: 2027, dias } })).statusCode).toBe(200);
    const after = (await history(admin.token)).itens;
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({ acao: 'ALTERACAO', alteracoes: [{ campo: '2027-12-24', antes: null, depois: 'Véspera de Natal (MANHA)' }] });

    await createProfile(t.database.db, 'Só metas', [REQUIRED.metas]);
    await createUser(t.database.db, { login: 'painel.metas', password: 'Senha-painel-3', companyIds: [c1], profileName: 'Só metas', lastCompanyId: c1 });
    const keeper = await t.login('painel.metas', 'Senha-painel-3');
    const read = await call(t.app, 'GET', 'dashboard/dias-fechamento?ano=2027', { token: keeper.token });
    expect(read.statusCode, read.body).toBe(200);
    expect((read.json() as { dias: unknown[] }).dias).toHaveLength(seeded.length + 1);
    expect((await call(t.app, 'PUT', 'dashboard/dias-fechamento', { token: keeper.token, payload: { ano: 2027, dias: seeded } })).statusCode).toBe(200);
    const removed = (await history(keeper.token)).itens;
    expect(removed[0]).toMatchObject({ acao: 'ALTERACAO', alteracoes: [{ campo: '2027-12-24', antes: 'Véspera de Natal (MANHA)', depois: null }] });
    // the dashboard itself stays closed to them
    expect((await call(t.app, 'GET', `dashboard?idEmpresa=${c1}&data=${DAY}`, { token: keeper.token })).statusCode).toBe(403);
  });

  it('answers 400 naming the field for hostile input, 403 without the billing role, never 500', async () => {
    const bad: [string, string][] = [
      ['data=2026-02-30', 'data'],
      ['data=18/11/2026', 'data'],
      [`data=${'9'.repeat(1000)}`, 'data'],
      ['data=%25_%27%22', 'data'],
      ['comparacao=ONTEM', 'comparacao'],
      [`comparacao=${encodeURIComponent("x' OR 1=1 --")}`, 'comparacao'],
      ['idEmpresa=abc', 'idEmpresa'],
      ['idEmpresa=0', 'idEmpresa'],
      ['idEmpresa=99999999999', 'idEmpresa'],
      ['idEmpresa=999999', 'idEmpresa'],
      ['outro=1', ''],
    ];
    for (const [query, field] of bad) {
      const res = await call(t.app, 'GET', `dashboard?${query}`, { token: admin.token });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      const messages = (res.json() as { messages: { field: string }[] }).messages;
      if (field) expect(messages.map((m) => m.field), query).toContain(field);
    }
    // a user of c1 only: c2 is another company
    await createUser(t.database.db, { login: 'painel.um', password: 'Senha-painel-1', companyIds: [c1], profileName: 'Administrador', lastCompanyId: c1 });
    const single = await t.login('painel.um', 'Senha-painel-1');
    const other = await call(t.app, 'GET', `dashboard?idEmpresa=${c2}&data=${DAY}`, { token: single.token });
    expect(other.statusCode).toBe(400);
    expect(other.json().messages[0].field).toBe('idEmpresa');
    const own = await dashboard(single.token, `data=${DAY}`);
    expect(own.idEmpresa).toBe(c1);
    expect(own.porEmpresa.map((c) => c.idEmpresa)).toEqual([c1]);
    // a profile without the billing report role
    await createProfile(t.database.db, 'Só terminal', [REQUIRED.terminal]);
    await createUser(t.database.db, { login: 'painel.terminal', password: 'Senha-painel-2', companyIds: [c1], profileName: 'Só terminal', lastCompanyId: c1 });
    const noRole = await t.login('painel.terminal', 'Senha-painel-2');
    expect((await call(t.app, 'GET', `dashboard?data=${DAY}`, { token: noRole.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', 'dashboard')).statusCode).toBe(401);
  });
});
