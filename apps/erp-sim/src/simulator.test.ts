import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERP_ENTITIES, erpChecksum, erpHealthSchema, erpLoginResponseSchema, erpPageSchema, erpStatisticsSchema, parseErpRecord,
  type ErpEntity, type ErpStock,
} from '@acervo/contracts/erp-protocol';
import { startErpSimulator, type ErpSimulator } from './index.ts';
import { ean13 } from './documents.ts';

const HOJE = new Date('2026-11-23T18:00:00.000Z');

let sim: ErpSimulator;
let token: string;

/** JSON call to the simulator; returns status and parsed body. */
async function call(path: string, init: RequestInit & { auth?: boolean } = {}): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.auth !== false && token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${sim.url}/api/v1/${path}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Pages through one entity from `start` (cursor or desde query), `limite` at a time. */
async function pageAll(company: string, entity: ErpEntity, limite: number, start = ''): Promise<{ records: Record<string, unknown>[]; cursor: string; pages: number }> {
  const records: Record<string, unknown>[] = [];
  let query = start;
  let cursor = '';
  let pages = 0;
  for (;;) {
    const { status, body } = await call(`empresas/${company}/registros/${entity}?limite=${limite}${query}`);
    expect(status).toBe(200);
    const page = erpPageSchema.parse(body);
    records.push(...(page.itens as Record<string, unknown>[]));
    cursor = page.cursor;
    pages++;
    if (!page.temMais) return { records, cursor, pages };
    query = `&cursor=${encodeURIComponent(cursor)}`;
  }
}

beforeAll(async () => {
  const started = performance.now();
  sim = await startErpSimulator({ port: 0, titulos: 500, meses: 3, seed: 1, hoje: HOJE, vendasPorMinuto: 0 });
  // The small set starts fast enough for tests and the demo (target 2 s; generous bound for a loaded machine).
  expect(performance.now() - started).toBeLessThan(10_000);
  const login = await call('login', { method: 'POST', body: JSON.stringify({ usuario: 'erp', senha: 'erp' }), auth: false });
  expect(login.status).toBe(200);
  token = erpLoginResponseSchema.parse(login.body).token;
});

afterAll(async () => {
  await sim?.close();
});

describe('ERP simulator protocol over HTTP', () => {
  it('logs in with the configured pair only and guards every call but saude', async () => {
    const wrong = await call('login', { method: 'POST', body: JSON.stringify({ usuario: 'erp', senha: 'x' }), auth: false });
    expect(wrong).toEqual({ status: 401, body: { erro: 'Usuário ou senha inválidos' } });
    expect((await call('empresas', { auth: false })).status).toBe(401);
    const saude = await call('saude', { auth: false });
    expect(saude.status).toBe(200);
    expect(erpHealthSchema.parse(saude.body).status).toBe('OK');
    const empresas = await call('empresas');
    expect(empresas.body.itens.map((e: { codigo: string }) => e.codigo)).toEqual(['DEMO01', 'DEMO02']);
  });

  it('pages through every entity with the cursor: the pages hold exactly the statistics count and checksum, all valid', async () => {
    const stats = erpStatisticsSchema.parse((await call('estatisticas')).body);
    for (const company of ['DEMO01', 'DEMO02'])
      for (const entity of ERP_ENTITIES) {
        const { records, pages } = await pageAll(company, entity, 97);
        const expected = stats.empresas[company][entity];
        expect(records.length, `${company} ${entity}`).toBe(expected.registros);
        expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
        expect(erpChecksum(entity, records)).toBe(expected.checksum);
        expect(pages).toBe(Math.floor(records.length / 97) + 1);
        for (const r of records) expect(parseErpRecord(entity, r).ok).toBe(true);
        // Ordered by (alteradoEm, id).
        for (let i = 1; i < records.length; i++) {
          const [a, b] = [records[i - 1], records[i]];
          expect(String(a.alteradoEm) < String(b.alteradoEm) || (a.alteradoEm === b.alteradoEm && String(a.id) < String(b.id))).toBe(true);
        }
      }
  });

  it('answers records changed at or after desde, and an empty page gives the same cursor back', async () => {
    const all = (await pageAll('DEMO01', 'VENDA', 1000)).records;
    const desde = String(all[Math.floor(all.length / 2)].alteradoEm);
    const since = (await pageAll('DEMO01', 'VENDA', 50, `&desde=${encodeURIComponent(desde)}`)).records;
    expect(since.map((r) => r.id)).toEqual(all.filter((r) => String(r.alteradoEm) >= desde).map((r) => r.id));
    // A date alone means that day's midnight in São Paulo (03:00 UTC).
    const day = desde.slice(0, 10);
    const fromDay = (await pageAll('DEMO01', 'VENDA', 1000, `&desde=${day}`)).records;
    expect(fromDay.map((r) => r.id)).toEqual(all.filter((r) => String(r.alteradoEm) >= `${day}T03:00:00.000Z`).map((r) => r.id));
    const { cursor } = await pageAll('DEMO01', 'VENDA', 1000);
    const empty = await call(`empresas/DEMO01/registros/VENDA?cursor=${encodeURIComponent(cursor)}`);
    expect(empty.body).toEqual({ itens: [], cursor, temMais: false });
  });

  it('answers one record by id, 404 for none, 400 for a bad entity, cursor or limit, 404 for an unknown company', async () => {
    const one = await call('empresas/DEMO01/registros/PRODUTO/1');
    expect(one.status).toBe(200);
    expect(parseErpRecord('PRODUTO', one.body).ok).toBe(true);
    expect((await call('empresas/DEMO01/registros/PRODUTO/999999')).status).toBe(404);
    expect((await call('empresas/DEMO01/registros/LIVRO')).body).toEqual({ erro: 'Entidade inválida: LIVRO' });
    expect((await call('empresas/DEMO01/registros/VENDA?cursor=xyz')).status).toBe(400);
    expect((await call('empresas/DEMO01/registros/VENDA?limite=1001')).status).toBe(400);
    expect((await call('empresas/DEMO01/registros/VENDA?desde=ontem')).status).toBe(400);
    expect((await call('empresas/NADA/registros/VENDA')).status).toBe(404);
    expect((await call('empresas/DEMO01/registros/VENDA/%E0%A4%A')).status).toBe(400);
  });

  it('live ticks: new sales and their stock changes appear after the last cursor, deterministic content', async () => {
    const before = { VENDA: await pageAll('DEMO01', 'VENDA', 1000), ESTOQUE: await pageAll('DEMO01', 'ESTOQUE', 1000) };
    sim.tick(5);
    const sales = (await pageAll('DEMO01', 'VENDA', 1000, `&cursor=${encodeURIComponent(before.VENDA.cursor)}`)).records;
    expect(sales.length).toBeGreaterThanOrEqual(5);
    for (const s of sales) expect(parseErpRecord('VENDA', s).ok).toBe(true);
    const stock = (await pageAll('DEMO01', 'ESTOQUE', 1000, `&cursor=${encodeURIComponent(before.ESTOQUE.cursor)}`)).records as unknown as ErpStock[];
    const sold = new Set(sales.flatMap((s) => (s.itens as { idProduto: string }[]).map((l) => l.idProduto)));
    for (const id of sold) expect(stock.some((s) => s.idProduto === id)).toBe(true);
    // The statistics follow.
    const stats = erpStatisticsSchema.parse((await call('estatisticas')).body);
    expect(stats.empresas.DEMO01.VENDA.registros).toBe(before.VENDA.records.length + sales.filter((s) => !before.VENDA.records.some((b) => b.id === s.id)).length);
    // Same seed, same calls → same documents (instants aside).
    const twin = await startErpSimulator({ port: 0, titulos: 500, meses: 3, seed: 1, hoje: HOJE, vendasPorMinuto: 0 });
    try {
      twin.tick(5);
      const strip = (r: Record<string, unknown>) => ({ ...r, alteradoEm: undefined });
      const res = await fetch(`${twin.url}/api/v1/login`, { method: 'POST', body: JSON.stringify({ usuario: 'erp', senha: 'erp' }) });
      const t = ((await res.json()) as { token: string }).token;
      const page = await (await fetch(`${twin.url}/api/v1/empresas/DEMO01/registros/VENDA?limite=1000&cursor=${encodeURIComponent(before.VENDA.cursor)}`, { headers: { authorization: `Bearer ${t}` } })).json();
      expect((page as { itens: Record<string, unknown>[] }).itens.map(strip)).toEqual(sales.map(strip));
    } finally {
      await twin.close();
    }
  });

  it('a sent product becomes a PRODUTO record (and its stock record); re-sending the EAN updates it', async () => {
    const { cursor } = await pageAll('DEMO02', 'PRODUTO', 1000);
    const twelve = '978650000001';
    const product = { idErp: null, ean: ean13(twelve), titulo: 'Livro enviado pelo Acervo', subtitulo: null, editora: 'Editora Nova Teste', selo: 'Selo Teste', precoCentavos: 4990, anoEdicao: 2026, paginas: 120, situacao: '20' };
    const created = await call('empresas/DEMO02/produtos', { method: 'POST', body: JSON.stringify(product) });
    expect(created.status).toBe(201);
    const after = (await pageAll('DEMO02', 'PRODUTO', 1000, `&cursor=${encodeURIComponent(cursor)}`)).records;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: created.body.id, alteradoEm: created.body.alteradoEm, ean: product.ean, titulo: product.titulo, precoCentavos: 4990, anoEdicao: 2026 });
    expect(parseErpRecord('PRODUTO', after[0]).ok).toBe(true);
    const selo = await call(`empresas/DEMO02/registros/SELO/${after[0].idSelo}`);
    expect(selo.body).toMatchObject({ nome: 'Selo Teste', editora: 'Editora Nova Teste' });
    const stock = await call(`empresas/DEMO02/registros/ESTOQUE/${created.body.id}`);
    expect(stock.body).toMatchObject({ idProduto: created.body.id, fisico: 0 });
    const again = await call('empresas/DEMO02/produtos', { method: 'POST', body: JSON.stringify({ ...product, precoCentavos: 5490 }) });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(created.body.id);
    expect((await call(`empresas/DEMO02/registros/PRODUTO/${created.body.id}`)).body.precoCentavos).toBe(5490);
    const bad = await call('empresas/DEMO02/produtos', { method: 'POST', body: JSON.stringify({ ...product, ean: `${twelve}${(Number(product.ean[12]) + 1) % 10}` }) });
    expect(bad.status).toBe(400);
    expect((await call('empresas/DEMO02/produtos', { method: 'POST', body: JSON.stringify({ titulo: 'x' }) })).status).toBe(400);
  });

  it('a purchase order raises pedidoCompra of its products; a re-sent reference is not applied twice', async () => {
    const before = (await call('empresas/DEMO01/registros/ESTOQUE/3')).body as ErpStock;
    const order = { tipo: 'COMPRA', referencia: 'REP-1', idCliente: null, idVendedor: null, observacao: null, itens: [{ idProduto: '3', quantidade: 40, precoUnitarioCentavos: null }] };
    const sent = await call('empresas/DEMO01/pedidos', { method: 'POST', body: JSON.stringify(order) });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ id: expect.any(String), numero: expect.any(Number) });
    const after = (await call('empresas/DEMO01/registros/ESTOQUE/3')).body as ErpStock;
    expect(after.pedidoCompra).toBe(before.pedidoCompra + 40);
    expect(after.alteradoEm > before.alteradoEm).toBe(true);
    const resent = await call('empresas/DEMO01/pedidos', { method: 'POST', body: JSON.stringify(order) });
    expect(resent.body).toEqual(sent.body);
    expect(((await call('empresas/DEMO01/registros/ESTOQUE/3')).body as ErpStock).pedidoCompra).toBe(before.pedidoCompra + 40);
    const sale = { ...order, tipo: 'VENDA', referencia: 'PV-1', idCliente: '1', itens: [{ idProduto: '3', quantidade: 2, precoUnitarioCentavos: 1000 }] };
    expect((await call('empresas/DEMO01/pedidos', { method: 'POST', body: JSON.stringify(sale) })).status).toBe(201);
    expect(((await call('empresas/DEMO01/registros/ESTOQUE/3')).body as ErpStock).reservado).toBe(after.reservado + 2);
    const unknown = await call('empresas/DEMO01/pedidos', { method: 'POST', body: JSON.stringify({ ...order, referencia: 'REP-2', itens: [{ idProduto: 'nao-existe', quantidade: 1, precoUnitarioCentavos: null }] }) });
    expect(unknown.status).toBe(422);
  });
});

describe('ERP simulator faults', () => {
  it('changes faults through the control endpoint (token required, ranges checked)', async () => {
    expect((await fetch(`${sim.url}/api/v1/controle/falhas`)).status).toBe(401);
    const set = await call('controle/falhas', { method: 'PUT', body: JSON.stringify({ erro5xx: 0.3 }) });
    expect(set.body).toEqual({ latenciaMs: 0, erro5xx: 0.3, timeout: 0, malformadoUmEm: 0, quedaConexao: 0 });
    expect((await call('controle/falhas')).body.erro5xx).toBe(0.3);
    expect((await call('controle/falhas', { method: 'PUT', body: JSON.stringify({ erro5xx: 2 }) })).status).toBe(400);
    sim.setFaults({ erro5xx: 0 });
  });

  it('answers about the configured share of 5xx', async () => {
    sim.setFaults({ erro5xx: 0.3 });
    const statuses: number[] = [];
    for (let i = 0; i < 400; i++) statuses.push((await call('empresas/DEMO01/registros/ASSUNTO?limite=5')).status);
    sim.setFaults({ erro5xx: 0 });
    const failed = statuses.filter((s) => s >= 500);
    expect(failed.every((s) => [500, 502, 503].includes(s))).toBe(true);
    expect(failed.length / statuses.length).toBeGreaterThan(0.22);
    expect(failed.length / statuses.length).toBeLessThan(0.38);
    expect(statuses.filter((s) => s === 200).length + failed.length).toBe(400);
  });

  it('never answers a timed-out request (the client gives up), and answers again once the fault is off', async () => {
    sim.setFaults({ timeout: 1 });
    const started = Date.now();
    await expect(fetch(`${sim.url}/api/v1/empresas`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(400) })).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    sim.setFaults({ timeout: 0 });
    expect((await call('empresas')).status).toBe(200);
  });

  it('adds the configured latency', async () => {
    sim.setFaults({ latenciaMs: 150 });
    const started = Date.now();
    expect((await call('empresas')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    sim.setFaults({ latenciaMs: 0 });
  });

  it('drops the connection in the middle of a page body', async () => {
    sim.setFaults({ quedaConexao: 1 });
    const outcome = await new Promise<{ declared: number; received: number; error: boolean }>((resolve) => {
      const req = http.get(`${sim.url}/api/v1/empresas/DEMO01/registros/VENDA?limite=200`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
        let received = 0;
        const declared = Number(res.headers['content-length']);
        res.on('data', (chunk: Buffer) => (received += chunk.length));
        res.on('error', () => resolve({ declared, received, error: true }));
        res.on('aborted', () => resolve({ declared, received, error: true }));
        res.on('end', () => resolve({ declared, received, error: false }));
      });
      req.on('error', () => resolve({ declared: -1, received: 0, error: true }));
    });
    sim.setFaults({ quedaConexao: 0 });
    expect(outcome.error).toBe(true);
    expect(outcome.received).toBeGreaterThan(0);
    expect(outcome.received).toBeLessThan(outcome.declared);
  });

  it('serves 1 in N record versions malformed, deterministically, and the statistics count only the valid ones', async () => {
    sim.setFaults({ malformadoUmEm: 5 });
    try {
      const stats = erpStatisticsSchema.parse((await call('estatisticas')).body);
      for (const entity of ['PRODUTO', 'VENDA', 'ESTOQUE', 'CLIENTE', 'AUTOR'] as const) {
        const { records } = await pageAll('DEMO01', entity, 500);
        const valid = records.filter((r) => parseErpRecord(entity, r).ok);
        const bad = records.length - valid.length;
        expect(bad, entity).toBe(stats.empresas.DEMO01[entity].malformados);
        expect(bad / records.length, entity).toBeGreaterThan(0.1);
        expect(bad / records.length, entity).toBeLessThan(0.3);
        expect(valid.length).toBe(stats.empresas.DEMO01[entity].registros);
        expect(erpChecksum(entity, valid)).toBe(stats.empresas.DEMO01[entity].checksum);
        // The same versions are malformed on a second read, and GET by id serves them the same way.
        const again = (await pageAll('DEMO01', entity, 333)).records;
        expect(again).toEqual(records);
        const first = records.find((r) => !parseErpRecord(entity, r).ok)!;
        expect((await call(`empresas/DEMO01/registros/${entity}/${first.id}`)).body).toEqual(first);
      }
      // Every kind of damage shows up among sales and products.
      const kinds = new Set<string>();
      for (const entity of ['PRODUTO', 'VENDA'] as const)
        for (const r of (await pageAll('DEMO01', entity, 1000)).records) {
          const parsed = parseErpRecord(entity, r);
          if (parsed.ok) continue;
          const text = parsed.erros.join(' ');
          kinds.add(/dígito verificador/.test(text) ? 'ean' : /valor líquido/.test(text) ? 'linha' : /Total/.test(text) ? 'total' : /expected number, received string|esperado number/i.test(text) || typeof r.precoCentavos === 'string' || typeof r.totalCentavos === 'string' ? 'texto' : 'ausente');
        }
      expect([...kinds].sort()).toEqual(['ausente', 'ean', 'linha', 'texto', 'total']);
    } finally {
      sim.setFaults({ malformadoUmEm: 0 });
    }
  });
});

describe('ERP simulator live sales', () => {
  it('writes new sales by itself at vendasPorMinuto per company', async () => {
    const live = await startErpSimulator({ port: 0, titulos: 500, meses: 3, seed: 5, hoje: HOJE, vendasPorMinuto: 600 });
    try {
      const before = live.statistics().empresas;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const after = live.statistics().empresas;
      for (const code of ['DEMO01', 'DEMO02']) {
        expect(after[code].VENDA.registros, code).toBeGreaterThan(before[code].VENDA.registros);
        expect(after[code].ESTOQUE.checksum, code).not.toBe(before[code].ESTOQUE.checksum);
      }
    } finally {
      await live.close();
    }
  });
});

describe('ERP simulator restarted on the same history (relogio)', () => {
  it('serves the history of hoje unchanged, and live sales at the later clock with ids no earlier run used', async () => {
    const later = new Date(HOJE.getTime() + 2 * 3_600_000);
    const [plain, restarted] = await Promise.all([
      startErpSimulator({ port: 0, titulos: 200, meses: 2, seed: 9, hoje: HOJE, vendasPorMinuto: 0 }),
      startErpSimulator({ port: 0, titulos: 200, meses: 2, seed: 9, hoje: HOJE, relogio: later, vendasPorMinuto: 0 }),
    ]);
    try {
      expect(restarted.statistics().empresas).toEqual(plain.statistics().empresas);
      const login = await fetch(`${restarted.url}/api/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usuario: 'erp', senha: 'erp' }) });
      const auth = { authorization: `Bearer ${erpLoginResponseSchema.parse(await login.json()).token}` };
      const since = (query: string) => fetch(`${restarted.url}/api/v1/empresas/DEMO01/registros/VENDA?limite=1000&${query}`, { headers: auth }).then(async (r) => erpPageSchema.parse(await r.json()));
      let page = await since(`desde=${encodeURIComponent(new Date(HOJE.getTime() - 30 * 86_400_000).toISOString())}`);
      let maxId = 0;
      for (;;) {
        for (const r of page.itens as { id: string }[]) maxId = Math.max(maxId, Number(r.id));
        if (!page.temMais) break;
        page = await since(`cursor=${encodeURIComponent(page.cursor)}`);
      }
      restarted.tick(3);
      const fresh = (await since(`cursor=${encodeURIComponent(page.cursor)}`)).itens as { id: string; alteradoEm: string }[];
      expect(fresh.length).toBeGreaterThanOrEqual(3);
      for (const sale of fresh) {
        expect(Date.parse(sale.alteradoEm)).toBeGreaterThanOrEqual(later.getTime());
        expect(Number(sale.id)).toBeGreaterThan(maxId + 7200 - 1);
      }
    } finally {
      await Promise.all([plain.close(), restarted.close()]);
    }
  });
});
