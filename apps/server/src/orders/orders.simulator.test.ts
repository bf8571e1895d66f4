import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { erpLoginResponseSchema, type BillingTotals, type ErpStock, type TerminalDetail, type OrderClient, type OrderDetail, type OrderOption, type OrderProduct, type SessionUser } from '@acervo/contracts';
import type { ErpSimulator } from '@acervo/erp-sim';
import type { TestApp } from '../test/test-app.ts';
import { startErpSimulatorApp, type ErpSimulatorApp } from '../test/erp-simulator-app.ts';
import { resultRows } from '../db/rows.ts';

/**
 * A sales order's whole journey against the real ERP simulator (issue 19 part 2): the registers
 * and products synced from the simulator, an order submitted through the API, sent by the
 * ENVIAR_FILA_ERP task (the simulator reserves its units), then one simulated day later invoiced by
 * the simulator; the next VENDA sync brings the NOTA with the order's reference and the list shows
 * its number, the reservation released in the synced stock.
 */
let app: ErpSimulatorApp;
let t: TestApp;
let sim: ErpSimulator;
let admin: SessionUser;
let seller: SessionUser;

const get = <T>(user: SessionUser, url: string) => app.call<T>(user, 'GET', url);

/** The simulator's current ESTOQUE record of an ERP product of DEMO01. */
async function simStock(erpProductId: string): Promise<ErpStock> {
  const login = erpLoginResponseSchema.parse(await (await fetch(`${sim.url}/api/v1/login`, { method: 'POST', body: JSON.stringify({ usuario: 'erp', senha: 'erp' }) })).json());
  const all = await fetch(`${sim.url}/api/v1/empresas/DEMO01/registros/ESTOQUE?limite=1000`, { headers: { authorization: `Bearer ${login.token}` } });
  return (((await all.json()) as { itens: ErpStock[] }).itens).find((s) => s.idProduto === erpProductId)!;
}

beforeAll(async () => {
  app = await startErpSimulatorApp();
  ({ t, sim, admin } = app);
  seller = await t.login('vendedor', 'vendedor');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('sales order against the ERP simulator', () => {
  it('is sent (reserved in the ERP and in the Terminal stock), invoiced a simulated day later, shows the invoice number and is in the billing report', async () => {
    const [client] = (await get<{ itens: OrderClient[] }>(seller, 'cliente?term=livraria')).itens;
    const [paymentForm] = await get<OrderOption[]>(seller, 'forma-pagamento');
    const [operation] = await get<OrderOption[]>(seller, 'tipo-operacao-fiscal');
    expect(operation.descricao).toMatch(/^5102 /);
    const product = (await get<OrderProduct[]>(seller, 'pedido-venda/produto?term=a')).find((p) => p.ativo && (p.disponivel ?? 0) >= 3)!;
    const erpId = String(resultRows<{ id_erp: string }>(await t.ctx.db.execute(sql`SELECT id_erp FROM erp_produto WHERE empresa_id = ${t.seed.companyIds[0]} AND produto_id = ${product.idProduto}`))[0].id_erp);
    const before = await simStock(erpId);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/core-api/pedido-venda',
      headers: { authorization: `Bearer ${seller.token}`, 'idempotency-key': 'sim-1' },
      payload: { idCliente: client.id, idVendedor: seller.id, idFormaPagamento: paymentForm.id, idTipoOperacaoFiscal: operation.id, itens: [{ idProduto: product.idProduto, quantidade: 3, precoUnitarioCentavos: product.precoUnitarioCentavos, descontoPercentual: 10 }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as OrderDetail;

    expect(await app.runTask('ENVIAR_FILA_ERP')).toMatch(/1/);
    expect(await get<OrderDetail>(seller, `pedido-venda/${order.id}`)).toMatchObject({ status: 'ENVIADO', numeroPedidoErp: expect.stringMatching(/^PV-/), numeroNota: null });
    expect((await simStock(erpId)).reservado).toBe(before.reservado + 3);
    await app.sync(['ESTOQUE']);
    expect((await get<OrderProduct[]>(seller, `pedido-venda/produto?term=${product.isbn13}`))[0].disponivel).toBe(product.disponivel! - 3);
    // the reservation in the Terminal's stock of the company (issue 19, part 2's end-to-end journey)
    const here = (detail: TerminalDetail) => detail.estoques.find((e) => e.idEmpresa === t.seed.companyIds[0])!;
    const reserved = here(await get<TerminalDetail>(seller, `produto/terminal/${product.idProduto}`));
    expect(reserved).toMatchObject({ reservado: before.reservado + 3, fisico: before.fisico, disponivel: product.disponivel! - 3 });

    sim.advance(25);
    await app.sync(['VENDA', 'ESTOQUE']);
    const [invoice] = resultRows<{ numero: number; total_centavos: string }>(await t.ctx.db.execute(sql`SELECT numero, total_centavos FROM erp_venda WHERE empresa_id = ${t.seed.companyIds[0]} AND referencia_pedido = ${String(order.numero)}`));
    expect(Number(invoice.total_centavos)).toBe(order.totalCentavos);
    // the invoice in the billing report: that invoice number on its issue day, the order's value
    const [issued] = resultRows<{ dia: string; serie: string }>(await t.ctx.db.execute(sql`SELECT to_char(data_emissao, 'YYYY-MM-DD') AS dia, serie FROM erp_venda WHERE empresa_id = ${t.seed.companyIds[0]} AND referencia_pedido = ${String(order.numero)}`));
    const billed = await get<BillingTotals>(admin, `relatorio/faturamento/totais?idEmpresa=${t.seed.companyIds[0]}&dataInicio=${issued.dia}&dataFim=${issued.dia}&numeroNota=${invoice.numero}&serie=${encodeURIComponent(issued.serie)}`);
    expect(billed).toMatchObject({ brutoCentavos: order.totalCentavos, liquidoCentavos: order.totalCentavos, quantidade: 3, notas: 1 });
    const listed = (await get<{ itens: OrderDetail[] }>(seller, 'pedido-venda')).itens.find((o) => o.id === order.id)!;
    expect(listed.numeroNota).toBe(Number(invoice.numero));
    const after = await simStock(erpId);
    expect(after).toMatchObject({ reservado: before.reservado, fisico: before.fisico - 3 });
    // the invoice is a sale like any other: the synced available stock (físico − reservado − bloqueado) no longer holds its reservation
    expect((await get<OrderProduct[]>(admin, `pedido-venda/produto?term=${product.isbn13}`))[0].disponivel).toBe(after.fisico - after.reservado - after.bloqueado);
    expect(here(await get<TerminalDetail>(seller, `produto/terminal/${product.idProduto}`))).toMatchObject({ reservado: after.reservado, fisico: after.fisico });
  }, 120_000);
});
