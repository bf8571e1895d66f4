import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erpLoginResponseSchema, parseErpRecord, type ErpSale, type ErpStock } from '@acervo/contracts/erp-protocol';
import { startErpSimulator, type ErpSimulator } from './index.ts';

/** Issue 19: a sales order sent to the simulator is invoiced a simulated day later. */
const HOJE = new Date('2026-11-23T18:00:00.000Z');

let sim: ErpSimulator;
let token: string;

/** JSON call to the simulator; returns status and parsed body. */
// `any` on purpose, as simulator.test.ts: these tests read loose JSON of many simulator answers field by field
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function call(path: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${sim.url}/api/v1/${path}`, { ...init, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Every current VENDA record of DEMO01 (one big page is enough for the small set). */
async function sales(): Promise<ErpSale[]> {
  const all: ErpSale[] = [];
  let query = '';
  for (;;) {
    const { body } = await call(`empresas/DEMO01/registros/VENDA?limite=1000${query}`);
    all.push(...(body.itens as ErpSale[]));
    if (!body.temMais) return all;
    query = `&cursor=${encodeURIComponent(body.cursor)}`;
  }
}

beforeAll(async () => {
  sim = await startErpSimulator({ port: 0, titulos: 400, meses: 2, seed: 3, hoje: HOJE, vendasPorMinuto: 0 });
  token = erpLoginResponseSchema.parse((await call('login', { method: 'POST', body: JSON.stringify({ usuario: 'erp', senha: 'erp' }) })).body).token;
});

afterAll(async () => {
  await sim?.close();
});

describe('sales order invoicing', () => {
  it('reserves at once, then a simulated day later writes a NOTA naming the reference and releases the reservation', async () => {
    // two products with stock on hand and nothing reserved
    const stocks: ErpStock[] = [];
    for (let id = 1; stocks.length < 2 && id < 300; id++) {
      const s = (await call(`empresas/DEMO01/registros/ESTOQUE/${id}`)).body as ErpStock;
      if (s.fisico - s.reservado >= 5 && s.reservado === 0) stocks.push(s);
    }
    expect(stocks).toHaveLength(2);
    const [a, b] = stocks;
    const order = {
      tipo: 'VENDA', referencia: '7001', idCliente: '2', idVendedor: '1', idFormaPagamento: '3', idTransportadora: '4', idTipoOperacaoFiscal: null, observacao: 'teste',
      itens: [
        { idProduto: a.idProduto, quantidade: 3, precoUnitarioCentavos: 5000, descontoCentavos: 1500 },
        { idProduto: b.idProduto, quantidade: 2, precoUnitarioCentavos: 2990, descontoCentavos: 0 },
      ],
    };
    const sent = await call('empresas/DEMO01/pedidos', { method: 'POST', body: JSON.stringify(order) });
    expect(sent.status).toBe(201);
    expect(((await call(`empresas/DEMO01/registros/ESTOQUE/${a.id}`)).body as ErpStock).reservado).toBe(3);

    sim.advance(12);
    expect((await sales()).filter((s) => s.referenciaPedido === '7001')).toHaveLength(0);

    sim.advance(13);
    const invoices = (await sales()).filter((s) => s.referenciaPedido === '7001');
    expect(invoices).toHaveLength(1);
    const invoice = invoices[0];
    // a valid protocol record (lines and total add up), with the order's terms
    expect(parseErpRecord('VENDA', invoice).ok).toBe(true);
    expect(invoice).toMatchObject({ tipo: 'NOTA', idCliente: '2', idVendedor: '1', idFormaPagamento: '3', idTransportadora: '4', cancelada: false, dataEmissao: '2026-11-24' });
    expect(invoice.itens.map((l) => [l.idProduto, l.quantidade, l.precoUnitarioCentavos, l.descontoCentavos, l.valorLiquidoCentavos])).toEqual([
      [a.idProduto, 3, 5000, 1500, 13_500],
      [b.idProduto, 2, 2990, 0, 5980],
    ]);
    expect(invoice.totalCentavos).toBe(13_500 + 5980);
    const afterA = (await call(`empresas/DEMO01/registros/ESTOQUE/${a.id}`)).body as ErpStock;
    expect(afterA.reservado).toBe(0);
    expect(afterA.fisico).toBe(a.fisico - 3);

    // a re-sent order is not applied (nor invoiced) again
    expect((await call('empresas/DEMO01/pedidos', { method: 'POST', body: JSON.stringify(order) })).status).toBe(200);
    sim.advance(25);
    expect((await sales()).filter((s) => s.referenciaPedido === '7001')).toHaveLength(1);
  });

  it('answers 422 for a payment form, carrier or fiscal operation the ERP does not know', async () => {
    const base = { tipo: 'VENDA', referencia: '7002', idCliente: '2', idVendedor: null, observacao: null, itens: [{ idProduto: '1', quantidade: 1, precoUnitarioCentavos: null }] };
    for (const field of ['idFormaPagamento', 'idTransportadora', 'idTipoOperacaoFiscal']) {
      const res = await call('empresas/DEMO01/pedidos', { method: 'POST', body: JSON.stringify({ ...base, [field]: 'nao-existe' }) });
      expect(res.status, field).toBe(422);
    }
  });
});
