import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { REPLENISHMENT_MESSAGES, type ErpEntity, type ErpOrderOut, type ErpRecord, type ReplacementActionResult, type ReplacementDetail, type ReplacementItem, type SessionUser } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { resultRows } from '../../db/rows.ts';
import { applyErpRecords } from '../../erp/data/index.ts';
import { at, isbn, makeRecord } from '../../erp/data/erp-data.fixtures.ts';
import { profileRoles, profiles } from '../../profiles/profiles.schema.ts';
import type { AuthContext } from '../../shared/request-auth.ts';
import { replenishmentCalculations } from '../replenishment.schema.ts';
import { insertCalculation, insertPublisher, type CalculationLineFixture } from './replacements.test-helpers.ts';
import { replacementItemsExportSource } from './replacements.export.ts';
import { purchaseOrderReference } from './replacements.service.ts';

/**
 * Generated replacements API (issue 18 Part 3) on PGlite with the demo data, ERP products P1…P5
 * of company 1 (cost 2000 + n cents, cover price 4990 + n) and Q1 of company 2, two catalogue
 * publishers (Alfa, Beta), and calculations written straight into `reposicao_calculo(_item)`:
 * P1 (Alfa, order 10), P2 (Alfa, order 5, cost unknown), P3 (Beta, 7), P4 (no publisher, 3),
 * P5 (Alfa, order 0: not copied) and Q1 (Beta, 2; company 1's ERP does not carry it).
 * The seller's profile has ROLE_VISUALIZAR_REPOSICAO_HISTORICO only.
 */
let t: TestApp;
let admin: SessionUser;
let seller: SessionUser;
let company1: number;
let company2: number;
let alfa: number;
let beta: number;
/** Catalogue product id and company ERP product (id, id_erp) of P1…P5 and Q1. */
const products: Record<string, { productId: number; erpProductId: number | null; erpId: string | null }> = {};

async function apply<E extends ErpEntity>(companyId: number, entity: E, records: ErpRecord<E>[]): Promise<void> {
  await t.ctx.db.transaction(async (tx) => {
    const { rejected } = await applyErpRecords(tx, companyId, entity, records);
    expect(rejected).toEqual([]);
  });
}

async function call(user: SessionUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url: `/api/core-api/${url}`, payload: payload as object, headers: { authorization: `Bearer ${user.token}` } });
}

function ok<T>(res: Awaited<ReturnType<typeof call>>, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

function fields(res: Awaited<ReturnType<typeof call>>): string[] {
  expect(res.statusCode, res.body).toBe(400);
  return (res.json() as { messages: { field: string }[] }).messages.map((m) => m.field);
}

/** The standard fixture lines (see the file comment). */
function standardLines(): CalculationLineFixture[] {
  const line = (name: string, n: number, publisherId: number | null, publisher: string | null, suggested: number, toOrder: number, cost: number | null = 2000 + n): CalculationLineFixture => ({
    productId: products[name].productId,
    erpProductId: products[name].erpProductId,
    title: `Livro ${n}`,
    isbn13: isbn(n),
    publisherId,
    publisher,
    available: n,
    suggested,
    toOrder,
    coverPriceCents: 4990 + n,
    unitCostCents: cost,
  });
  return [
    line('P1', 1, alfa, 'Editora Alfa', 10, 10),
    line('P2', 2, alfa, 'Editora Alfa', 4, 5, null),
    line('P3', 3, beta, 'Editora Beta', 7, 7),
    line('P4', 4, null, null, 0, 3),
    line('P5', 5, alfa, 'Editora Alfa', 2, 0),
    line('Q1', 7, beta, 'Editora Beta', 2, 2),
  ];
}

/** Generates a replacement of company 1 from a fresh standard calculation. */
async function generate(descricao = 'Reposição semanal', user = admin): Promise<ReplacementDetail> {
  const idCalculo = await insertCalculation(t.ctx.db, company1, standardLines());
  return ok<ReplacementDetail>(await call(user, 'POST', 'reposicao', { idCalculo, descricao }), 201);
}

beforeAll(async () => {
  t = await createTestApp();
  [company1, company2] = t.seed.companyIds;
  await apply(company1, 'PRODUTO', [1, 2, 3, 4, 5].map((n) => makeRecord('PRODUTO', `P${n}`, at(1), n)));
  await apply(company2, 'PRODUTO', [makeRecord('PRODUTO', 'Q1', at(1), 7)]);
  for (const [name, n, companyId] of [['P1', 1, company1], ['P2', 2, company1], ['P3', 3, company1], ['P4', 4, company1], ['P5', 5, company1], ['Q1', 7, company1]] as const) {
    const [row] = resultRows<{ id: number; erp_id: number | null; id_erp: string | null }>(
      await t.ctx.db.execute(sql`SELECT p.id, e.id AS erp_id, e.id_erp FROM produto p LEFT JOIN erp_produto e ON e.produto_id = p.id AND e.empresa_id = ${companyId} WHERE p.isbn13 = ${isbn(n)}`),
    );
    products[name] = { productId: Number(row.id), erpProductId: row.erp_id === null ? null : Number(row.erp_id), erpId: row.id_erp };
  }
  expect(products.Q1.erpProductId).toBeNull();
  alfa = await insertPublisher(t.ctx.db, 'Editora Alfa');
  beta = await insertPublisher(t.ctx.db, 'Editora Beta');
  const [profile] = await t.ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.name, 'Vendedor'));
  await t.ctx.db.insert(profileRoles).values({ profileId: profile.id, role: 'ROLE_VISUALIZAR_REPOSICAO_HISTORICO' });
  admin = await t.login('admin', 'admin');
  seller = await t.login('vendedor', 'vendedor');
});

afterAll(async () => t?.close());

describe('POST reposicao', () => {
  it('copies the lines with a quantity to order, with totals, status GERADA and its transition, and keeps the calculation', async () => {
    const idCalculo = await insertCalculation(t.ctx.db, company1, standardLines());
    const created = ok<ReplacementDetail>(await call(admin, 'POST', 'reposicao', { idCalculo, descricao: '  Reposição de março  ' }), 201);
    expect(created).toMatchObject({ idEmpresa: company1, descricao: 'Reposição de março', status: 'GERADA', geradoPor: 'Administrador', aprovadoPor: null, dataAprovacao: null, justificativa: null, pedidosCompra: [] });
    expect(created.parametros).toMatchObject({ dataInicio: '2025-01-01', dataFim: '2025-12-31', metodoPonderacao: 'AUTOMATICO' });
    // P1 10 + P2 5 + P3 7 + P4 3 + Q1 2 = 27 units in 5 items (P5 has 0 to order); suggested 10 + 4 + 7 + 0 + 2 = 23, 4 items with a suggestion
    // cover 10×4991 + 5×4992 + 7×4993 + 3×4994 + 2×4997 = 134,797; cost 10×2001 + 5×0 (unknown) + 7×2003 + 3×2004 + 2×2007 = 44,057
    expect(created.totais).toEqual({ itens: 5, itensComSugestao: 4, quantidadeSugerida: 23, quantidadePedido: 27, valorCapaCentavos: 134_797, valorCustoCentavos: 44_057 });
    expect(created.transicoes).toEqual([{ status: 'GERADA', usuario: 'Administrador', data: created.data, justificativa: null }]);
    const [calc] = await t.ctx.db.select({ expiresAt: replenishmentCalculations.expiresAt }).from(replenishmentCalculations).where(eq(replenishmentCalculations.id, idCalculo));
    expect(calc.expiresAt).toBeNull();

    const items = ok<{ itens: ReplacementItem[]; totalItens: number }>(await call(admin, 'GET', `reposicao/${created.id}/item?sorter=quantidadePedido,desc`));
    expect(items.totalItens).toBe(5);
    expect(items.itens.map((i) => [i.titulo, i.quantidadePedido])).toEqual([['Livro 1', 10], ['Livro 3', 7], ['Livro 2', 5], ['Livro 4', 3], ['Livro 7', 2]]);
    expect(items.itens[0]).toMatchObject({ idProduto: products.P1.productId, isbn13: isbn(1), idEditora: alfa, editora: 'Editora Alfa', saldoDisponivel: 1, quantidadeSugerida: 10, valorCapaCentavos: 4991, valorCustoCentavos: 2001, metodo: 'TSB' });
    expect(ok<{ totalItens: number }>(await call(admin, 'GET', `reposicao/${created.id}/item?term=livro%203`)).totalItens).toBe(1);
    expect(ok<{ totalItens: number }>(await call(admin, 'GET', `reposicao/${created.id}/item?term=beta`)).totalItens).toBe(2);
    expect(fields(await call(admin, 'GET', `reposicao/${created.id}/item?sorter=senha`))).toEqual(['sorter']);

    // a kept calculation may be generated again; an expired one is gone
    expect((await call(admin, 'POST', 'reposicao', { idCalculo, descricao: 'De novo' })).statusCode).toBe(201);
  });

  it('404 for an expired, absent or other company calculation; 400 when nothing is to be ordered or the body is bad', async () => {
    const expired = await insertCalculation(t.ctx.db, company1, standardLines(), new Date(Date.now() - 1000));
    const other = await insertCalculation(t.ctx.db, company2, standardLines());
    for (const idCalculo of [expired, other, 2_000_000_000]) {
      const res = await call(admin, 'POST', 'reposicao', { idCalculo, descricao: 'x' });
      expect(res.statusCode, String(idCalculo)).toBe(404);
      expect(res.json().message).toBe(REPLENISHMENT_MESSAGES.calculationNotFound);
    }
    const empty = await insertCalculation(t.ctx.db, company1, standardLines().map((l) => ({ ...l, toOrder: 0 })));
    const res = await call(admin, 'POST', 'reposicao', { idCalculo: empty, descricao: 'Nada' });
    expect(fields(res)).toEqual(['idCalculo']);
    expect(res.json().message).toBe(REPLENISHMENT_MESSAGES.calculationEmpty);
    // nothing was written and the empty calculation still expires
    expect(resultRows<{ n: number }>(await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM reposicao WHERE descricao = 'Nada'`))[0].n).toBe(0);
    const [calc] = await t.ctx.db.select({ expiresAt: replenishmentCalculations.expiresAt }).from(replenishmentCalculations).where(eq(replenishmentCalculations.id, empty));
    expect(calc.expiresAt).not.toBeNull();

    expect(fields(await call(admin, 'POST', 'reposicao', { idCalculo: empty }))).toEqual(['descricao']);
    expect(fields(await call(admin, 'POST', 'reposicao', { idCalculo: 'abc', descricao: 'x' }))).toEqual(['idCalculo']);
    expect(fields(await call(admin, 'POST', 'reposicao', { idCalculo: empty, descricao: '   ' }))).toEqual(['descricao']);
    expect((await call(admin, 'POST', 'reposicao', { idCalculo: empty, descricao: 'x', outro: 1 })).statusCode).toBe(400);
  });

  it('needs VISUALIZAR_REPOSICAO_CALCULO', async () => {
    const idCalculo = await insertCalculation(t.ctx.db, company1, standardLines());
    expect((await call(seller, 'POST', 'reposicao', { idCalculo, descricao: 'Vendedor' })).statusCode).toBe(403);
  });
});

describe('history', () => {
  it('filters by status, supplier, generating user, days and description; sorts; 400 on bad filters', async () => {
    const a = await generate('Lista alfa');
    const b = await generate('Lista beta');
    ok(await call(admin, 'PUT', `reposicao/${b.id}/cancelar`));
    const idOnlyAlfa = await insertCalculation(t.ctx.db, company1, standardLines().filter((l) => l.publisherId === alfa));
    // a calculation limited to one supplier: the replacement names it (`editora`), one without names none
    await t.ctx.db.execute(sql`UPDATE reposicao_calculo SET parametros = parametros || jsonb_build_object('idEditora', ${alfa}::int) WHERE id = ${idOnlyAlfa}`);
    const c = ok<ReplacementDetail>(await call(admin, 'POST', 'reposicao', { idCalculo: idOnlyAlfa, descricao: 'Lista só alfa' }), 201);
    expect([c.parametros.idEditora, c.editora, a.editora]).toEqual([alfa, 'Editora Alfa', null]);

    const list = async (query: string) => ok<{ itens: { id: number }[]; totalItens: number }>(await call(admin, 'GET', `reposicao?${query}`));
    const ids = async (query: string) => (await list(query)).itens.map((r) => r.id);
    const mine = [a.id, b.id, c.id];
    expect((await ids('term=lista&sorter=id,asc')).filter((id) => mine.includes(id))).toEqual([a.id, b.id, c.id]);
    expect(await ids('term=LISTA')).toEqual([c.id, b.id, a.id]); // newest first
    expect(await ids('term=lista&status=CANCELADA')).toEqual([b.id]);
    expect(await ids(`term=lista&idEditora=${beta}`)).toEqual([b.id, a.id]);
    expect(await ids(`term=lista&idUsuario=${t.seed.adminId}`)).toEqual([c.id, b.id, a.id]);
    expect(await ids(`term=lista&idUsuario=${t.seed.sellerId}`)).toEqual([]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect(await ids(`term=lista&dataInicio=${today}&dataFim=${today}`)).toEqual([c.id, b.id, a.id]);
    expect(await ids('term=lista&dataFim=2020-01-01')).toEqual([]);
    expect(await ids('term=lista&sorter=quantidadePedido,asc')).toEqual([c.id, a.id, b.id]);
    const row = (await list(`term=${encodeURIComponent('só alfa')}`)) as unknown as { itens: { totais: { quantidadePedido: number } }[] };
    expect(row.itens[0].totais.quantidadePedido).toBe(15);
    expect(ok<{ totalItens: number }>(await call(seller, 'GET', 'reposicao')).totalItens).toBeGreaterThanOrEqual(3);

    expect(fields(await call(admin, 'GET', 'reposicao?dataInicio=2025-02-01&dataFim=2025-01-01'))).toEqual(['dataFim']);
    expect(fields(await call(admin, 'GET', 'reposicao?status=APROVADO'))).toEqual(['status']);
    expect(fields(await call(admin, 'GET', 'reposicao?sorter=senha'))).toEqual(['sorter']);
    expect(fields(await call(admin, 'GET', 'reposicao?idEditora=abc'))).toEqual(['idEditora']);
    expect((await call(admin, 'GET', `reposicao?term=${encodeURIComponent("%_'\\")}`)).statusCode).toBe(200);
  });
});

describe('quantity edits', () => {
  it('change the quantity and the totals while GERADA only', async () => {
    const r = await generate('Editar');
    const items = ok<{ itens: ReplacementItem[] }>(await call(admin, 'GET', `reposicao/${r.id}/item`)).itens;
    const p1 = items.find((i) => i.idProduto === products.P1.productId)!;
    const res = ok<{ message: string; item: ReplacementItem; totais: ReplacementDetail['totais'] }>(await call(seller, 'PUT', `reposicao/${r.id}/item/${p1.id}`, { quantidadePedido: 12 }));
    expect(res.message).toBe(REPLENISHMENT_MESSAGES.quantityUpdated);
    expect(res.item).toEqual({ ...p1, quantidadePedido: 12 });
    // 27 + 2 units; cover + 2 × 4991; cost + 2 × 2001
    expect(res.totais).toMatchObject({ quantidadePedido: 29, valorCapaCentavos: 134_797 + 9982, valorCustoCentavos: 44_057 + 4002, itens: 5 });
    expect(ok<ReplacementDetail>(await call(admin, 'GET', `reposicao/${r.id}`)).totais.quantidadePedido).toBe(29);

    for (const body of [{ quantidadePedido: -1 }, { quantidadePedido: 'doze' }, { quantidadePedido: 1.5 }, {}, { quantidadePedido: 1, outro: 2 }, { quantidadePedido: 2_000_000 }])
      expect((await call(admin, 'PUT', `reposicao/${r.id}/item/${p1.id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    const other = await generate('Outra');
    expect((await call(admin, 'PUT', `reposicao/${other.id}/item/${p1.id}`, { quantidadePedido: 1 })).statusCode).toBe(404);

    ok(await call(admin, 'PUT', `reposicao/${r.id}/cancelar`));
    const refused = await call(admin, 'PUT', `reposicao/${r.id}/item/${p1.id}`, { quantidadePedido: 3 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REPLENISHMENT_MESSAGES.itemNotEditable);
    expect(ok<ReplacementDetail>(await call(admin, 'GET', `reposicao/${r.id}`)).totais.quantidadePedido).toBe(29);
  });
});

describe('state machine', () => {
  it('disapproving needs a justification; final statuses refuse every action with 409', async () => {
    const r = await generate('Reprovar');
    expect(fields(await call(admin, 'PUT', `reposicao/${r.id}/reprovar`, {}))).toEqual(['justificativa']);
    expect(fields(await call(admin, 'PUT', `reposicao/${r.id}/reprovar`, { justificativa: '   ' }))).toEqual(['justificativa']);
    expect(fields(await call(admin, 'PUT', `reposicao/${r.id}/reprovar`, { justificativa: 'x'.repeat(501) }))).toEqual(['justificativa']);
    const done = ok<ReplacementActionResult>(await call(seller, 'PUT', `reposicao/${r.id}/reprovar`, { justificativa: 'Orçamento do mês esgotado' }));
    expect(done.message).toBe(REPLENISHMENT_MESSAGES.disapproved);
    expect(done.reposicao).toMatchObject({ status: 'REPROVADA', justificativa: 'Orçamento do mês esgotado', aprovadoPor: null, pedidosCompra: [] });
    expect(done.reposicao.transicoes.map((x) => [x.status, x.usuario, x.justificativa])).toEqual([
      ['GERADA', 'Administrador', null],
      ['REPROVADA', 'Vendedor Demonstração', 'Orçamento do mês esgotado'],
    ]);
    for (const [action, verb] of [['aprovar', 'aprovar'], ['cancelar', 'cancelar'], ['reprovar', 'reprovar']] as const) {
      const res = await call(admin, 'PUT', `reposicao/${r.id}/${action}`, action === 'reprovar' ? { justificativa: 'de novo' } : undefined);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().message).toBe(REPLENISHMENT_MESSAGES.invalidTransition('REPROVADA', verb));
    }
    expect(REPLENISHMENT_MESSAGES.invalidTransition('REPROVADA', 'aprovar')).toBe('Não é possível aprovar uma reposição reprovada');

    const c = await generate('Cancelar');
    const cancelled = ok<ReplacementActionResult>(await call(admin, 'PUT', `reposicao/${c.id}/cancelar`));
    expect(cancelled).toMatchObject({ message: REPLENISHMENT_MESSAGES.cancelled, reposicao: { status: 'CANCELADA', pedidosCompra: [] } });
    const again = await call(admin, 'PUT', `reposicao/${c.id}/aprovar`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Não é possível aprovar uma reposição cancelada');
    expect((await call(admin, 'PUT', 'reposicao/2000000000/aprovar')).statusCode).toBe(404);

    // the audit trail has the creation and the status change, readable with the history role
    const audit = ok<{ itens: { acao: string; nomeUsuario: string; alteracoes: { campo: string; depois: unknown }[] }[] }>(await call(seller, 'GET', `auditoria?entidade=reposicao&idRegistro=${r.id}`));
    expect(audit.itens.map((e) => [e.acao, e.nomeUsuario])).toEqual([['ALTERACAO', 'Vendedor Demonstração'], ['CRIACAO', 'Administrador']]);
    expect(audit.itens[0].alteracoes).toEqual([
      { campo: 'status', antes: 'GERADA', depois: 'REPROVADA' },
      { campo: 'justificativa', antes: null, depois: 'Orçamento do mês esgotado' },
    ]);
  });

  it('approving queues one COMPRA order per supplier with the ERP ids, costs and a REP-{id}-{editora} reference', async () => {
    const r = await generate('Aprovar');
    const approved = ok<ReplacementActionResult>(await call(admin, 'PUT', `reposicao/${r.id}/aprovar`));
    expect(approved.message).toBe(REPLENISHMENT_MESSAGES.approved);
    expect(approved.reposicao).toMatchObject({ status: 'APROVADA', aprovadoPor: 'Administrador', dataAprovacao: expect.any(String) });
    expect(approved.reposicao.transicoes.map((x) => x.status)).toEqual(['GERADA', 'APROVADA']);
    expect(approved.reposicao.transicoes[1].data).toBe(approved.reposicao.dataAprovacao);
    // Alfa: P1 10 + P2 5; Beta: P3 7 (Q1 is not in company 1's ERP: left out); no publisher: P4 3
    expect(approved.reposicao.pedidosCompra).toEqual([
      { idEditora: alfa, editora: 'Editora Alfa', referencia: `REP-${r.id}-${alfa}`, itens: 2, quantidade: 15, status: 'PENDENTE', numeroErp: null },
      { idEditora: beta, editora: 'Editora Beta', referencia: `REP-${r.id}-${beta}`, itens: 1, quantidade: 7, status: 'PENDENTE', numeroErp: null },
      { idEditora: null, editora: null, referencia: `REP-${r.id}-0`, itens: 1, quantidade: 3, status: 'PENDENTE', numeroErp: null },
    ]);
    const queued = resultRows<{ referencia: string; tipo: string; empresa_id: number; conteudo: ErpOrderOut | string }>(
      await t.ctx.db.execute(sql`SELECT referencia, tipo, empresa_id, conteudo FROM fila_integracao WHERE referencia LIKE ${`REP-${r.id}-%`} ORDER BY id`),
    ).map((q) => ({ ...q, conteudo: typeof q.conteudo === 'string' ? (JSON.parse(q.conteudo) as ErpOrderOut) : q.conteudo }));
    expect(queued.map((q) => [q.referencia, q.tipo, Number(q.empresa_id)])).toEqual([
      [`REP-${r.id}-${alfa}`, 'PEDIDO', company1],
      [`REP-${r.id}-${beta}`, 'PEDIDO', company1],
      [`REP-${r.id}-0`, 'PEDIDO', company1],
    ]);
    expect(queued[0].conteudo).toMatchObject({
      tipo: 'COMPRA',
      referencia: `REP-${r.id}-${alfa}`,
      idCliente: null,
      idVendedor: null,
      itens: [
        { idProduto: products.P1.erpId, quantidade: 10, precoUnitarioCentavos: 2001 },
        { idProduto: products.P2.erpId, quantidade: 5, precoUnitarioCentavos: null },
      ],
    });
    expect(queued[1].conteudo.itens).toEqual([{ idProduto: products.P3.erpId, quantidade: 7, precoUnitarioCentavos: 2003 }]);
    expect(queued[2].conteudo.itens).toEqual([{ idProduto: products.P4.erpId, quantidade: 3, precoUnitarioCentavos: 2004 }]);

    // the ERP status follows the queue item: sent → ENVIADO with the ERP's number
    await t.ctx.db.execute(sql`UPDATE fila_integracao SET status = 'ENVIADO', id_erp = 'PC-77' WHERE referencia = ${`REP-${r.id}-${beta}`}`);
    await t.ctx.db.execute(sql`UPDATE fila_integracao SET status = 'ERRO' WHERE referencia = ${`REP-${r.id}-0`}`);
    const detail = ok<ReplacementDetail>(await call(admin, 'GET', `reposicao/${r.id}`));
    expect(detail.pedidosCompra.map((p) => [p.status, p.numeroErp])).toEqual([['PENDENTE', null], ['ENVIADO', 'PC-77'], ['ERRO', null]]);
  });

  it('two approvals at once create one set of orders; approve and cancel at once end in one status', async () => {
    for (let round = 0; round < 3; round++) {
      const r = await generate(`Concorrência ${round}`);
      const answers = await Promise.all([1, 2, 3].map(() => call(admin, 'PUT', `reposicao/${r.id}/aprovar`)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
      for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(REPLENISHMENT_MESSAGES.invalidTransition('APROVADA', 'aprovar'));
      const counts = resultRows<{ pedidos: number; fila: number; transicoes: number }>(
        await t.ctx.db.execute(sql`SELECT
          (SELECT count(*)::int FROM reposicao_pedido_compra WHERE reposicao_id = ${r.id}) AS pedidos,
          (SELECT count(*)::int FROM fila_integracao WHERE referencia LIKE ${`REP-${r.id}-%`}) AS fila,
          (SELECT count(*)::int FROM reposicao_transicao WHERE reposicao_id = ${r.id} AND status = 'APROVADA') AS transicoes`),
      )[0];
      expect(counts).toEqual({ pedidos: 3, fila: 3, transicoes: 1 });
    }
    const r = await generate('Aprovar ou cancelar');
    const [approve, cancel] = await Promise.all([call(admin, 'PUT', `reposicao/${r.id}/aprovar`), call(seller, 'PUT', `reposicao/${r.id}/cancelar`)]);
    expect([approve.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
    const final = ok<ReplacementDetail>(await call(admin, 'GET', `reposicao/${r.id}`));
    expect(final.transicoes).toHaveLength(2);
    expect(final.pedidosCompra).toHaveLength(final.status === 'APROVADA' ? 3 : 0);
  });

  it('the reference is the same for a replacement and supplier every time, and fits the protocol', () => {
    expect(purchaseOrderReference(12, 34)).toBe('REP-12-34');
    expect(purchaseOrderReference(12, null)).toBe('REP-12-0');
    expect(purchaseOrderReference(12, 34, 2)).toBe('REP-12-34-2');
    expect(purchaseOrderReference(2_147_483_647, 2_147_483_647, 99_999).length).toBeLessThanOrEqual(50);
  });
});

describe('scope and roles', () => {
  it('another company sees none of them; without the history role every route answers 403', async () => {
    const r = await generate('Da empresa 1');
    const item = ok<{ itens: ReplacementItem[] }>(await call(admin, 'GET', `reposicao/${r.id}/item`)).itens[0];
    // a second session of the admin, switched to company 2 (refreshing rotates that session's token)
    const second = await t.login('admin', 'admin');
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/core-api/auth/refresh', payload: { idEmpresa: company2 }, headers: { authorization: `Bearer ${second.token}` } });
    const inCompany2 = ok<SessionUser>(refreshed);
    expect(ok<{ totalItens: number }>(await call(inCompany2, 'GET', 'reposicao')).totalItens).toBe(0);
    for (const [method, url, body] of [
      ['GET', `reposicao/${r.id}`],
      ['GET', `reposicao/${r.id}/item`],
      ['PUT', `reposicao/${r.id}/item/${item.id}`, { quantidadePedido: 1 }],
      ['PUT', `reposicao/${r.id}/aprovar`],
      ['PUT', `reposicao/${r.id}/cancelar`],
      ['PUT', `reposicao/${r.id}/reprovar`, { justificativa: 'não' }],
    ] as const)
      expect((await call(inCompany2, method, url, body)).statusCode, url).toBe(404);
    expect(ok<ReplacementDetail>(await call(admin, 'GET', `reposicao/${r.id}`)).status).toBe('GERADA');

    const [profile] = await t.ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.name, 'Vendedor'));
    await t.ctx.db.delete(profileRoles).where(sql`${profileRoles.profileId} = ${profile.id} AND ${profileRoles.role} = 'ROLE_VISUALIZAR_REPOSICAO_HISTORICO'`);
    const bare = await t.login('vendedor', 'vendedor');
    for (const [method, url, body] of [
      ['GET', 'reposicao'],
      ['GET', `reposicao/${r.id}`],
      ['GET', `reposicao/${r.id}/item`],
      ['PUT', `reposicao/${r.id}/item/${item.id}`, { quantidadePedido: -5 }],
      ['PUT', `reposicao/${r.id}/aprovar`],
      ['PUT', `reposicao/${r.id}/reprovar`, {}],
      ['POST', 'reposicao', {}],
    ] as const)
      expect((await call(bare, method, url, body)).statusCode, url).toBe(403);
    await t.ctx.db.insert(profileRoles).values({ profileId: profile.id, role: 'ROLE_VISUALIZAR_REPOSICAO_HISTORICO' });
  });
});

describe('export of the items', () => {
  it('queues through fila-exportacao and streams the items in the list order, scoped to the company', async () => {
    const r = await generate('Exportar');
    const queued = await call(admin, 'POST', 'fila-exportacao/csv', { origem: 'reposicao/itens', filtros: { idReposicao: String(r.id), sorter: 'quantidadePedido,desc' } });
    expect(queued.statusCode, queued.body).toBe(201);
    for (const filtros of [{}, { idReposicao: 'abc' }, { idReposicao: r.id, sorter: 'senha' }, { idReposicao: r.id, outro: 1 }])
      expect((await call(admin, 'POST', 'fila-exportacao/excel', { origem: 'reposicao/itens', filtros })).statusCode, JSON.stringify(filtros)).toBe(400);

    const auth: AuthContext = { userId: admin.id, sessionId: 's', companyId: company1, roles: ['ROLE_VISUALIZAR_REPOSICAO_HISTORICO'], login: 'admin', name: 'Administrador', profileName: null };
    const rows: unknown[][] = [];
    const filters = replacementItemsExportSource.parseFilters({ idReposicao: String(r.id), sorter: 'quantidadePedido,desc' });
    for await (const row of replacementItemsExportSource.rows(t.database, auth, filters)) rows.push(row);
    const listed = ok<{ itens: ReplacementItem[] }>(await call(admin, 'GET', `reposicao/${r.id}/item?sorter=quantidadePedido,desc`)).itens;
    expect(replacementItemsExportSource.columns).toHaveLength(rows[0].length);
    expect(rows).toHaveLength(listed.length);
    expect(rows.map((row) => [row[0], row[2], row[4], Number(row[5]), Number(row[6]), Number(row[7]), row[8] === null ? null : Number(row[8]), row[9] === null ? null : Number(row[9]), row[10]])).toEqual(
      listed.map((i) => [i.isbn13, i.titulo, i.editora, i.saldoDisponivel, i.quantidadeSugerida, i.quantidadePedido, i.valorCapaCentavos, i.valorCustoCentavos, i.metodo]),
    );
    const elsewhere = { ...auth, companyId: company2 };
    await expect(async () => {
      for await (const row of replacementItemsExportSource.rows(t.database, elsewhere, filters)) void row;
    }).rejects.toThrow();
  });
});
