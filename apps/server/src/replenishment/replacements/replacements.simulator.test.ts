import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ReplacementActionResult, ReplacementDetail, SessionUser } from '@acervo/contracts';
import type { ErpSimulator } from '@acervo/erp-sim';
import type { TestApp } from '../../test/test-app.ts';
import { startErpSimulatorApp, type ErpSimulatorApp } from '../../test/erp-simulator-app.ts';
import { resultRows } from '../../db/rows.ts';
import { insertCalculation, type CalculationLineFixture } from './replacements.test-helpers.ts';

/**
 * An approved replacement's purchase orders against the real ERP simulator (issue 18 Part 3):
 * catalogue and stock synced from the simulator, a calculation stored for three titles of two
 * publishers, generated and approved through the API; the ENVIAR_FILA_ERP task sends one COMPRA
 * per publisher, the next ESTOQUE sync shows `pedido_compra` raised by the ordered units; sending
 * the same orders again (their references unchanged) raises nothing; 21 simulated days later the
 * goods are received: `pedido_compra` back down, `fisico` up by the same units.
 */
let app: ErpSimulatorApp;
let t: TestApp;
let sim: ErpSimulator;
let admin: SessionUser;

const call = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, status = 200) => app.call<T>(admin, method, url, payload, status);

/** Synced stock (físico, pedido de compra) of company 1's ERP products by their id_erp. */
async function stock(erpIds: string[]): Promise<Map<string, { fisico: number; pedidoCompra: number }>> {
  const rows = resultRows<{ id_erp: string; fisico: number; pedido_compra: number }>(
    await t.ctx.db.execute(sql`SELECT p.id_erp, s.fisico, s.pedido_compra FROM erp_estoque s JOIN erp_produto p ON p.id = s.produto_id
      WHERE p.empresa_id = ${t.seed.companyIds[0]} AND p.id_erp IN (${sql.join(erpIds.map((id) => sql`${id}`), sql`, `)})`),
  );
  return new Map(rows.map((r) => [r.id_erp, { fisico: Number(r.fisico), pedidoCompra: Number(r.pedido_compra) }]));
}

beforeAll(async () => {
  app = await startErpSimulatorApp();
  ({ t, sim, admin } = app);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('replacement purchase orders against the ERP simulator', () => {
  it('reach the ERP as one COMPRA per publisher, raise pedido_compra once, and arrive as stock 7-20 days later', async () => {
    // two titles of one publisher and one of another, all in company 1's ERP with a catalogue publisher
    const candidates = resultRows<{ produto_id: number; erp_id: number; id_erp: string; titulo: string; editora_id: number; editora: string; custo: string | null }>(
      await t.ctx.db.execute(sql`SELECT p.id AS produto_id, e.id AS erp_id, e.id_erp, p.titulo, p.editora_id, ed.nome AS editora, e.custo_centavos AS custo
        FROM erp_produto e JOIN produto p ON p.id = e.produto_id JOIN editora ed ON ed.id = p.editora_id
        WHERE e.empresa_id = ${t.seed.companyIds[0]} AND e.ativo ORDER BY p.editora_id, e.id`),
    );
    const byPublisher = new Map<number, typeof candidates>();
    for (const c of candidates) byPublisher.set(c.editora_id, [...(byPublisher.get(c.editora_id) ?? []), c]);
    const groups = [...byPublisher.values()].filter((g) => g.length >= 2);
    expect(groups.length).toBeGreaterThanOrEqual(2);
    const chosen = [groups[0][0], groups[0][1], groups[1][0]];
    const quantities = [40, 25, 12];
    const lines: CalculationLineFixture[] = chosen.map((c, i) => ({
      productId: Number(c.produto_id),
      erpProductId: Number(c.erp_id),
      title: c.titulo,
      publisherId: Number(c.editora_id),
      publisher: c.editora,
      suggested: quantities[i],
      toOrder: quantities[i],
      unitCostCents: c.custo === null ? null : Number(c.custo),
    }));
    const erpIds = chosen.map((c) => String(c.id_erp));
    const before = await stock(erpIds);

    const idCalculo = await insertCalculation(t.ctx.db, t.seed.companyIds[0], lines);
    const created = await call<ReplacementDetail>('POST', 'reposicao', { idCalculo, descricao: 'Reposição no simulador' }, 201);
    const approved = await call<ReplacementActionResult>('PUT', `reposicao/${created.id}/aprovar`);
    expect(approved.reposicao.pedidosCompra.map((p) => [p.referencia, p.itens, p.quantidade, p.status])).toEqual([
      [`REP-${created.id}-${chosen[0].editora_id}`, 2, 65, 'PENDENTE'],
      [`REP-${created.id}-${chosen[2].editora_id}`, 1, 12, 'PENDENTE'],
    ]);

    expect(await app.runTask('ENVIAR_FILA_ERP')).toMatch(/2/);
    const sent = await call<ReplacementDetail>('GET', `reposicao/${created.id}`);
    expect(sent.pedidosCompra.map((p) => p.status)).toEqual(['ENVIADO', 'ENVIADO']);
    for (const p of sent.pedidosCompra) expect(p.numeroErp).toMatch(/^PC-\d+$/);
    await app.sync(['ESTOQUE']);
    const onOrder = await stock(erpIds);
    erpIds.forEach((id, i) => expect(onOrder.get(id), id).toEqual({ fisico: before.get(id)!.fisico, pedidoCompra: before.get(id)!.pedidoCompra + quantities[i] }));

    // a resend (the queue items sent again, same references) is recognised by the ERP: same order, nothing raised twice
    await t.ctx.db.execute(sql`UPDATE fila_integracao SET status = 'PENDENTE', proxima_tentativa = now() WHERE referencia LIKE ${`REP-${created.id}-%`}`);
    expect(await app.runTask('ENVIAR_FILA_ERP')).toMatch(/2/);
    const resent = await call<ReplacementDetail>('GET', `reposicao/${created.id}`);
    expect(resent.pedidosCompra.map((p) => p.numeroErp)).toEqual(sent.pedidosCompra.map((p) => p.numeroErp));
    await app.sync(['ESTOQUE']);
    expect(await stock(erpIds)).toEqual(onOrder);

    // the simulator receives purchase orders 7 to 20 days after they arrive
    sim.advance(21 * 24);
    await app.sync(['ESTOQUE']);
    const received = await stock(erpIds);
    erpIds.forEach((id, i) => {
      expect(received.get(id)!.pedidoCompra, id).toBe(before.get(id)!.pedidoCompra);
      expect(received.get(id)!.fisico, id).toBe(before.get(id)!.fisico + quantities[i]);
    });
  }, 120_000);
});
