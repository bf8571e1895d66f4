import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ErpEntity, ErpOrderOut, ErpRecord, OrderCreateInput, OrderDetail, SessionUser } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { applyErpRecords } from '../erp/data/index.ts';
import { at, isbn, makeRecord, makeSale, saleLine } from '../erp/data/erp-data.fixtures.ts';
import { sendOutgoingQueue } from '../erp/outgoing-queue.ts';
import type { ErpConnector } from '../erp/erp-connector.ts';
import { outgoingItems } from '../integration/integration.schema.ts';
import { profileRoles, profiles } from '../profiles/profiles.schema.ts';
import { salesOrders } from './orders.schema.ts';

/**
 * Sales orders API (issue 19 part 2) on a test database with ERP fixtures:
 * company 1 — seller V1 (the demo seller's e-mail), clients C1 (active) and C2 (inactive), payment
 * forms FP1 (active) / FP2 (inactive), carrier T1, operations OP1 (VENDA) / OP2 (DEVOLUCAO),
 * products P1 (R$ 49,91, max discount 10%), P2 (R$ 49,93, no max), P3 (inactive), with stock;
 * company 2 — client C9 and its own product P1.
 */
let t: TestApp;
let admin: SessionUser;
let seller: SessionUser;
let company1: number;
let company2: number;
const ids: Record<string, number> = {};

async function apply<E extends ErpEntity>(companyId: number, entity: E, records: ErpRecord<E>[]): Promise<void> {
  await t.ctx.db.transaction(async (tx) => {
    const { rejected } = await applyErpRecords(tx, companyId, entity, records);
    expect(rejected).toEqual([]);
  });
}

async function idOf(table: string, companyId: number, erpId: string): Promise<number> {
  const result = await t.ctx.db.execute(sql`SELECT id FROM ${sql.identifier(table)} WHERE empresa_id = ${companyId} AND id_erp = ${erpId}`);
  return Number((result as unknown as { rows: { id: number }[] }).rows[0].id);
}

async function call(user: SessionUser, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url: `/api/core-api/${url}`, payload: payload as object, headers: { authorization: `Bearer ${user.token}`, ...headers } });
}

/** A valid order body of company 1 (P1 at its price with 5% off, P2 ×3). */
function validOrder(overrides: Partial<OrderCreateInput> = {}): OrderCreateInput {
  return {
    idCliente: ids.C1,
    idVendedor: seller.id,
    idFormaPagamento: ids.FP1,
    idTransportadora: ids.T1,
    idTipoOperacaoFiscal: ids.OP1,
    itens: [
      { idProduto: ids.P1, quantidade: 2, precoUnitarioCentavos: 4991, descontoPercentual: 5 },
      { idProduto: ids.P2, quantidade: 3, precoUnitarioCentavos: 4993, descontoPercentual: 0 },
    ],
    observacao: 'Entregar pela manhã',
    ...overrides,
  };
}

/** The single field error of a 400 answer. */
async function fieldsOf(res: Awaited<ReturnType<typeof call>>): Promise<string[]> {
  expect(res.statusCode, res.body).toBe(400);
  return (res.json() as { messages: { field: string }[] }).messages.map((m) => m.field);
}

beforeAll(async () => {
  t = await createTestApp();
  [company1, company2] = t.seed.companyIds;
  const c = company1;
  await apply(c, 'VENDEDOR', [makeRecord('VENDEDOR', 'V1', at(1), 1, { email: 'VENDEDOR@acervo.local' })]);
  await apply(c, 'CLIENTE', [
    makeRecord('CLIENTE', 'C1', at(1), 1, { razaoSocial: 'Livraria Ipê Ltda', nomeFantasia: 'Livraria Ipê', municipio: 'Campinas', documento: '11222333000181' }),
    makeRecord('CLIENTE', 'C2', at(1), 2, { razaoSocial: 'Livraria Fechada Ltda' }),
  ]);
  await apply(c, 'FORMA_PAGAMENTO', [makeRecord('FORMA_PAGAMENTO', 'FP1', at(1), 1, { descricao: 'Boleto 28 dias' }), makeRecord('FORMA_PAGAMENTO', 'FP2', at(1), 2)]);
  await apply(c, 'TRANSPORTADORA', [makeRecord('TRANSPORTADORA', 'T1', at(1), 1)]);
  await apply(c, 'TIPO_OPERACAO_FISCAL', [makeRecord('TIPO_OPERACAO_FISCAL', 'OP1', at(1), 1, { cfop: '5102', descricao: 'Venda de mercadoria' }), makeRecord('TIPO_OPERACAO_FISCAL', 'OP2', at(1), 2)]);
  await apply(c, 'PRODUTO', [
    makeRecord('PRODUTO', 'P1', at(1), 1, { titulo: 'Memórias póstumas de Brás Cubas' }),
    makeRecord('PRODUTO', 'P2', at(1), 3, { titulo: 'Dom Casmurro' }),
    makeRecord('PRODUTO', 'P3', at(1), 2, { titulo: 'Livro inativo' }),
  ]);
  await apply(c, 'ESTOQUE', [makeRecord('ESTOQUE', 'E1', at(1), 1, { idProduto: 'P1', fisico: 10, reservado: 1 }), makeRecord('ESTOQUE', 'E2', at(1), 2, { idProduto: 'P2', fisico: 1, reservado: 0 })]);
  await apply(company2, 'CLIENTE', [makeRecord('CLIENTE', 'C9', at(1), 1, { razaoSocial: 'Livraria da Outra Empresa Ltda' })]);
  for (const [name, table, erpId] of [
    ['C1', 'erp_cliente', 'C1'], ['C2', 'erp_cliente', 'C2'], ['FP1', 'erp_forma_pagamento', 'FP1'], ['FP2', 'erp_forma_pagamento', 'FP2'],
    ['T1', 'erp_transportadora', 'T1'], ['OP1', 'erp_tipo_operacao_fiscal', 'OP1'], ['OP2', 'erp_tipo_operacao_fiscal', 'OP2'],
  ] as const) ids[name] = await idOf(table, c, erpId);
  ids.C9 = await idOf('erp_cliente', company2, 'C9');
  for (const [name, n] of [['P1', 1], ['P2', 3], ['P3', 2]] as const) {
    const result = await t.ctx.db.execute(sql`SELECT id FROM produto WHERE isbn13 = ${isbn(n)}`);
    ids[name] = Number((result as unknown as { rows: { id: number }[] }).rows[0].id);
  }
  await t.ctx.db.execute(sql`UPDATE produto SET percentual_desconto_maximo = 10 WHERE id = ${ids.P1}`);
  admin = await t.login('admin', 'admin');
  seller = await t.login('vendedor', 'vendedor');
});

afterAll(async () => t?.close());

describe('order form pickers', () => {
  it('GET cliente pages the active clients of the selected company by name, trade name, city or document', async () => {
    const all = (await call(admin, 'GET', 'cliente')).json();
    expect(all.itens).toEqual([{ id: ids.C1, nome: 'Livraria Ipê Ltda', nomeFantasia: 'Livraria Ipê', documento: '11222333000181', uf: 'SP', municipio: 'Campinas' }]);
    for (const term of ['ipe', 'CAMPINAS', '11.222.333/0001-81', 'livraria ipê']) expect((await call(admin, 'GET', `cliente?term=${encodeURIComponent(term)}`)).json().totalItens, term).toBe(1);
    expect((await call(admin, 'GET', 'cliente?term=Outra')).json().totalItens).toBe(0);
    expect((await call(admin, 'GET', `cliente?term=${encodeURIComponent("%_'\"")}`)).statusCode).toBe(200);
    expect(await fieldsOf(await call(admin, 'GET', 'cliente?sorter=senha'))).toEqual(['sorter']);
  });

  it('registers list the active records: payment forms, carriers, sale operations only', async () => {
    expect((await call(seller, 'GET', 'forma-pagamento')).json()).toEqual([{ id: ids.FP1, descricao: 'Boleto 28 dias' }]);
    expect((await call(seller, 'GET', 'transportadora')).json()).toEqual([{ id: ids.T1, descricao: 'Transportes 1' }]);
    expect((await call(seller, 'GET', 'tipo-operacao-fiscal')).json()).toEqual([{ id: ids.OP1, descricao: '5102 — Venda de mercadoria' }]);
  });

  it('GET pedido-venda/produto finds by barcode or title words, with ERP price, max discount and available stock', async () => {
    const byEan = (await call(seller, 'GET', `pedido-venda/produto?term=${isbn(1)}`)).json();
    expect(byEan).toEqual([{ idProduto: ids.P1, isbn13: isbn(1), titulo: 'Memórias póstumas de Brás Cubas', editora: null, precoUnitarioCentavos: 4991, percentualDescontoMaximo: 10, disponivel: 9, ativo: true }]);
    const byWords = (await call(seller, 'GET', 'pedido-venda/produto?term=bras%20memorias')).json();
    expect(byWords.map((p: { idProduto: number }) => p.idProduto)).toEqual([ids.P1]);
    expect((await call(seller, 'GET', 'pedido-venda/produto?term=livro')).json().map((p: { ativo: boolean }) => p.ativo)).toEqual([false]);
    expect(await fieldsOf(await call(seller, 'GET', 'pedido-venda/produto?term='))).toEqual(['term']);
  });
});

describe('POST pedido-venda validation (400 naming the field and the line)', () => {
  const cases: [string, () => OrderCreateInput, string[]][] = [
    ['empty order', () => validOrder({ itens: [] }), ['itens']],
    ['quantity 0', () => validOrder({ itens: [{ ...validOrder().itens[0], quantidade: 0 }] }), ['itens.0.quantidade']],
    ['quantity 100,000 on line 2', () => validOrder({ itens: [validOrder().itens[0], { ...validOrder().itens[1], quantidade: 100_000 }] }), ['itens.1.quantidade']],
    ['discount over the product maximum', () => validOrder({ itens: [validOrder().itens[1], { ...validOrder().itens[0], descontoPercentual: 10.01 }] }), ['itens.1.descontoPercentual']],
    ['discount with three decimals', () => validOrder({ itens: [{ ...validOrder().itens[0], descontoPercentual: 1.005 }] }), ['itens.0.descontoPercentual']],
    ['inactive product', () => validOrder({ itens: [validOrder().itens[0], validOrder().itens[1], { idProduto: ids.P3, quantidade: 1, precoUnitarioCentavos: 4992, descontoPercentual: 0 }] }), ['itens.2.idProduto']],
    ['price changed since the form loaded', () => validOrder({ itens: [{ ...validOrder().itens[0], precoUnitarioCentavos: 4990 }] }), ['itens.0.precoUnitarioCentavos']],
    ['another company client', () => validOrder({ idCliente: ids.C9 }), ['idCliente']],
    ['inactive client', () => validOrder({ idCliente: ids.C2 }), ['idCliente']],
    ['inactive payment form and a return operation', () => validOrder({ idFormaPagamento: ids.FP2, idTipoOperacaoFiscal: ids.OP2 }), ['idFormaPagamento', 'idTipoOperacaoFiscal']],
    ['repeated product', () => validOrder({ itens: [validOrder().itens[0], validOrder().itens[0]] }), ['itens.1.idProduto']],
    ['control characters in the note', () => validOrder({ observacao: 'a\u0000b' }), ['observacao']],
    ['note over 1000 characters', () => validOrder({ observacao: 'x'.repeat(1001) }), ['observacao']],
  ];
  it.each(cases)('%s', async (_name, body, fields) => {
    const before = await t.ctx.db.$count(salesOrders);
    const res = await call(admin, 'POST', 'pedido-venda', body());
    expect(await fieldsOf(res)).toEqual(fields);
    expect(await t.ctx.db.$count(salesOrders)).toBe(before);
  });

  it('names the line from 1 in the message', async () => {
    const res = await call(admin, 'POST', 'pedido-venda', validOrder({ itens: [validOrder().itens[1], { ...validOrder().itens[0], descontoPercentual: 12.5 }] }));
    expect(res.json().messages).toEqual([{ field: 'itens.1.descontoPercentual', message: 'Linha 2: o desconto máximo deste produto é 10%' }]);
  });
});

describe('submit, ERP queue and list', () => {
  let order: OrderDetail;

  it('stores the order and its ERP queue item in one go (PENDENTE), with the protocol body', async () => {
    const res = await call(admin, 'POST', 'pedido-venda', validOrder());
    expect(res.statusCode, res.body).toBe(201);
    order = res.json();
    // 2 × 49,91 − 5% (4,99) = 94,83; 3 × 49,93 = 149,79
    expect(order).toMatchObject({ numero: 1, status: 'PENDENTE', itens: 2, quantidade: 5, totalCentavos: 9483 + 14979, numeroNota: null, cliente: { id: ids.C1 }, vendedor: { id: seller.id } });
    expect(order.linhas.map((l) => [l.linha, l.descontoCentavos, l.valorLiquidoCentavos])).toEqual([[1, 499, 9483], [2, 0, 14979]]);
    const [item] = await t.ctx.db.select().from(outgoingItems).where(eq(outgoingItems.reference, '1'));
    expect(item).toMatchObject({ companyId: company1, kind: 'PEDIDO', status: 'PENDENTE' });
    expect(item.payload).toEqual({
      tipo: 'VENDA', referencia: '1', idCliente: 'C1', idVendedor: 'V1', idFormaPagamento: 'FP1', idTransportadora: 'T1', idTipoOperacaoFiscal: 'OP1', observacao: 'Entregar pela manhã',
      itens: [{ idProduto: 'P1', quantidade: 2, precoUnitarioCentavos: 4991, descontoCentavos: 499 }, { idProduto: 'P2', quantidade: 3, precoUnitarioCentavos: 4993, descontoCentavos: 0 }],
    });
  });

  it('goes ENVIADO when the queue sends it, ERRO with the reason when it gives up, and back to PENDENTE on resend', async () => {
    const sent: ErpOrderOut[] = [];
    const connector = { sendOrder: async (_code: string, body: ErpOrderOut) => (sent.push(body), { id: 'PV-77', numero: 77 }) } as unknown as ErpConnector;
    expect((await sendOutgoingQueue({ db: t.ctx.db }, connector)).enviados).toBe(1);
    expect(sent.map((o) => o.referencia)).toEqual(['1']);
    expect((await call(admin, 'GET', `pedido-venda/${order.id}`)).json()).toMatchObject({ status: 'ENVIADO', numeroPedidoErp: 'PV-77', motivoErro: null });

    const second = (await call(admin, 'POST', 'pedido-venda', validOrder({ itens: [validOrder().itens[1]] }))).json() as OrderDetail;
    await t.ctx.db.update(outgoingItems).set({ status: 'ERRO', attempts: 8, response: 'O ERP respondeu 422: Cliente C1 não encontrado' }).where(eq(outgoingItems.reference, String(second.numero)));
    expect((await call(admin, 'GET', `pedido-venda/${second.id}`)).json()).toMatchObject({ status: 'ERRO', motivoErro: 'O ERP respondeu 422: Cliente C1 não encontrado' });
    expect((await call(admin, 'GET', 'pedido-venda?status=ERRO')).json().itens.map((o: OrderDetail) => o.id)).toEqual([second.id]);
    expect((await call(admin, 'POST', `pedido-venda/${order.id}/reenviar`)).statusCode).toBe(409);
    expect((await call(admin, 'POST', `pedido-venda/${second.id}/reenviar`)).json()).toMatchObject({ status: 'PENDENTE' });
  });

  it('shows the invoice number once the ERP bills the order (NOTA whose referenciaPedido is the number)', async () => {
    await apply(company1, 'VENDA', [makeSale('N1', at(5), { idCliente: 'C1', idTipoOperacaoFiscal: 'OP1', idFormaPagamento: 'FP1', numero: 123456, referenciaPedido: '1', itens: [saleLine(1, 'P1', 2, 4991, 499)] })]);
    const list = (await call(admin, 'GET', 'pedido-venda?sorter=numero,asc')).json();
    expect(list.itens.map((o: OrderDetail) => [o.numero, o.numeroNota])).toEqual([[1, 123456], [2, null]]);
  });

  it('filters by client, seller, status and São Paulo days', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const q = async (query: string) => (await call(admin, 'GET', `pedido-venda?${query}`)).json().totalItens;
    expect(await q(`idCliente=${ids.C1}`)).toBe(2);
    expect(await q(`idCliente=${ids.C2}`)).toBe(0);
    expect(await q(`idVendedor=${seller.id}`)).toBe(2);
    expect(await q(`idVendedor=${admin.id}`)).toBe(0);
    expect(await q('status=ENVIADO')).toBe(1);
    expect(await q(`dataInicio=${today}&dataFim=${today}`)).toBe(2);
    expect(await q('dataInicio=2020-01-01&dataFim=2020-01-31')).toBe(0);
    expect(await fieldsOf(await call(admin, 'GET', 'pedido-venda?dataInicio=2026-02-01&dataFim=2026-01-01'))).toEqual(['dataFim']);
    expect(await fieldsOf(await call(admin, 'GET', 'pedido-venda?status=FATURADO'))).toEqual(['status']);
  });
});

describe('Idempotency-Key', () => {
  it('a retried submit with the same key creates one order and answers it again', async () => {
    const before = await t.ctx.db.$count(salesOrders);
    const body = validOrder({ itens: [validOrder().itens[1]] });
    const headers = { 'idempotency-key': 'form-42-attempt' };
    const [a, b] = await Promise.all([call(admin, 'POST', 'pedido-venda', body, headers), call(admin, 'POST', 'pedido-venda', body, headers)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    const c = await call(admin, 'POST', 'pedido-venda', body, headers);
    expect(c.statusCode).toBe(200);
    expect(c.json().id).toBe(a.json().id);
    expect(await t.ctx.db.$count(salesOrders)).toBe(before + 1);
    expect(await t.ctx.db.$count(outgoingItems, eq(outgoingItems.kind, 'PEDIDO'))).toBe(before + 1);
  });

  it('the same key with another body is a conflict; a bad key is a 400 on the header', async () => {
    const res = await call(admin, 'POST', 'pedido-venda', validOrder(), { 'idempotency-key': 'form-42-attempt' });
    expect(res.statusCode).toBe(409);
    expect(await fieldsOf(await call(admin, 'POST', 'pedido-venda', validOrder(), { 'idempotency-key': 'x'.repeat(101) }))).toEqual(['Idempotency-Key']);
  });
});

describe('roles and scope', () => {
  it('a seller sees only their own orders unless the profile allows all', async () => {
    // an order by admin for no seller (the ERP takes the client's), invisible to the seller
    const other = (await call(admin, 'POST', 'pedido-venda', validOrder({ idVendedor: null, itens: [validOrder().itens[1]] }))).json() as OrderDetail;
    const mine = (await call(seller, 'GET', 'pedido-venda?pageSize=50')).json();
    expect(mine.itens.length).toBeGreaterThan(0);
    expect(mine.itens.every((o: OrderDetail) => o.vendedor?.id === seller.id)).toBe(true);
    expect((await call(seller, 'GET', `pedido-venda/${other.id}`)).statusCode).toBe(404);
    expect((await call(seller, 'GET', `pedido-venda?idVendedor=${admin.id}`)).json().totalItens).toBe(0);
    expect((await call(admin, 'GET', `pedido-venda/${other.id}`)).statusCode).toBe(200);

    const [profile] = await t.ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.name, 'Vendedor'));
    await t.ctx.db.insert(profileRoles).values({ profileId: profile.id, role: 'ROLE_VISUALIZAR_PEDIDOS_TODOS' });
    const widened = await t.login('vendedor', 'vendedor');
    expect((await call(widened, 'GET', `pedido-venda/${other.id}`)).statusCode).toBe(200);
    await t.ctx.db.delete(profileRoles).where(sql`${profileRoles.profileId} = ${profile.id} AND ${profileRoles.role} = 'ROLE_VISUALIZAR_PEDIDOS_TODOS'`);
  });

  it('a seller orders only in their own name', async () => {
    const res = await call(seller, 'POST', 'pedido-venda', validOrder({ idVendedor: null }));
    expect(await fieldsOf(res)).toEqual(['idVendedor']);
    expect((await call(seller, 'POST', 'pedido-venda', validOrder({ itens: [validOrder().itens[1]] }))).statusCode).toBe(201);
  });

  it('without the roles: 403; orders of another company are not found', async () => {
    const [profile] = await t.ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.name, 'Vendedor'));
    await t.ctx.db.delete(profileRoles).where(sql`${profileRoles.profileId} = ${profile.id} AND ${profileRoles.role} IN ('ROLE_VISUALIZAR_PEDIDOS', 'ROLE_CRIAR_PEDIDOS')`);
    const bare = await t.login('vendedor', 'vendedor');
    for (const [method, url] of [['GET', 'pedido-venda'], ['POST', 'pedido-venda'], ['GET', 'cliente'], ['GET', 'forma-pagamento'], ['GET', 'pedido-venda/produto?term=x']] as const)
      expect((await call(bare, method, url, method === 'POST' ? validOrder() : undefined)).statusCode, url).toBe(403);
    await t.ctx.db.insert(profileRoles).values([{ profileId: profile.id, role: 'ROLE_VISUALIZAR_PEDIDOS' }, { profileId: profile.id, role: 'ROLE_CRIAR_PEDIDOS' }]);

    const refreshed = await t.app.inject({ method: 'POST', url: '/api/core-api/auth/refresh', payload: { idEmpresa: company2 }, headers: { authorization: `Bearer ${admin.token}` } });
    expect(refreshed.statusCode).toBe(200);
    const inCompany2 = refreshed.json() as SessionUser;
    const [first] = await t.ctx.db.select({ id: salesOrders.id }).from(salesOrders).where(eq(salesOrders.companyId, company1)).limit(1);
    expect((await call(inCompany2, 'GET', `pedido-venda/${first.id}`)).statusCode).toBe(404);
    expect((await call(inCompany2, 'GET', 'pedido-venda')).json().totalItens).toBe(0);
    expect(await fieldsOf(await call(inCompany2, 'POST', 'pedido-venda', validOrder()))).toContain('idCliente');
  });
});
