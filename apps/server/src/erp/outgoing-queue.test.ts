import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ErpOrderOut, ErpProductOut } from '@acervo/contracts';
import type { Database } from '../db/client.ts';
import { integrationLogs, outgoingItems } from '../integration/integration.schema.ts';
import { parameters } from '../parameters/parameters.schema.ts';
import { openErpConnector, type ErpConnector } from './erp-connector.ts';
import { LOG_RETENTION_BY_ENTITY, purgeIntegrationLogs } from './log-retention.ts';
import { MemoryLogSink } from './integration-log.ts';
import { enqueueOutgoing, OUTGOING_MAX_ATTEMPTS, outgoingBackoffMinutes, sendOutgoingQueue } from './outgoing-queue.ts';
import { FakeErp } from './test-helpers/fake-erp.ts';
import { openErpTestDatabase, setErpParameters } from './test-helpers/erp-test-db.ts';

const FAST = { timeoutMs: 2000, retries: 0, minDelayMs: 1, maxDelayMs: 5 };
const product = (ean: string): ErpProductOut => ({ idErp: null, ean, titulo: 'Dom Casmurro', subtitulo: null, editora: 'Editora Acervo', selo: null, precoCentavos: 4990, anoEdicao: 2024, paginas: 256, situacao: '20' });
const order: ErpOrderOut = { tipo: 'COMPRA', referencia: 'REP-1', idCliente: null, idVendedor: null, observacao: null, itens: [{ idProduto: 'P1', quantidade: 3, precoUnitarioCentavos: null }] };

describe('outgoing queue', () => {
  let database: Database;
  let close: () => Promise<void>;
  let companyIds: number[];
  let fake: FakeErp;
  let connector: ErpConnector;

  beforeAll(async () => {
    ({ database, close, companyIds } = await openErpTestDatabase());
  });
  afterAll(async () => close());
  beforeEach(async () => {
    fake = new FakeErp();
    await fake.start();
    await setErpParameters(database, { tipo: 'SIMULADOR', url: fake.url });
    connector = (await openErpConnector(database.db, new MemoryLogSink(), FAST))!;
    await database.db.delete(outgoingItems);
  });
  afterEach(async () => fake.close());

  it('enqueues in the caller transaction and refuses a body outside the protocol', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueOutgoing(tx, companyIds[0], { tipo: 'PRODUTO', referencia: '9786500000001', descricao: 'Dom Casmurro', conteudo: product('9786500000001') });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await database.db.select().from(outgoingItems)).toHaveLength(0);
    await expect(enqueueOutgoing(database.db, companyIds[0], { tipo: 'PRODUTO', referencia: 'x', descricao: 'x', conteudo: { ...product('123'), ean: '123' } })).rejects.toThrow();
  });

  it('sends due items: ENVIADO with the ERP id; items not yet due wait', async () => {
    const p = await enqueueOutgoing(database.db, companyIds[0], { tipo: 'PRODUTO', referencia: '9786500000001', descricao: 'Dom Casmurro', conteudo: product('9786500000001') });
    const o = await enqueueOutgoing(database.db, companyIds[1], { tipo: 'PEDIDO', referencia: 'REP-1', descricao: 'Reposição 1', conteudo: order });
    const later = await enqueueOutgoing(database.db, companyIds[0], { tipo: 'PEDIDO', referencia: 'REP-2', descricao: 'Reposição 2', conteudo: order });
    await database.db.update(outgoingItems).set({ nextAttemptAt: new Date(Date.now() + 60_000) }).where(eq(outgoingItems.id, later));
    expect(await sendOutgoingQueue({ db: database.db }, connector)).toEqual({ enviados: 2, reagendados: 0, erros: 0 });
    const rows = new Map((await database.db.select().from(outgoingItems)).map((r) => [r.id, r]));
    expect(rows.get(p)).toMatchObject({ status: 'ENVIADO', erpId: 'P1', attempts: 1 });
    expect(rows.get(p)!.sentAt).toBeInstanceOf(Date);
    expect(rows.get(o)).toMatchObject({ status: 'ENVIADO', erpId: 'O2' });
    expect(rows.get(later)).toMatchObject({ status: 'PENDENTE', attempts: 0 });
    expect(fake.sent.map((s) => [s.kind, s.company])).toEqual([
      ['produtos', 'DEMO01'],
      ['pedidos', 'DEMO02'],
    ]);
  });

  it('backs off 1, 2, 4 … minutes after failures and stays ERRO with the ERP answer after the last attempt', async () => {
    expect([1, 2, 3, 4, 7].map(outgoingBackoffMinutes)).toEqual([1, 2, 4, 8, 64]);
    const id = await enqueueOutgoing(database.db, companyIds[0], { tipo: 'PRODUTO', referencia: '9786500000001', descricao: 'Dom Casmurro', conteudo: product('9786500000001') });
    fake.sendAnswer = { status: 422, body: { erro: 'EAN já cadastrado com outro título' } };
    let now = new Date('2030-01-01T12:00:00Z');
    const clock = () => now;
    expect(await sendOutgoingQueue({ db: database.db, now: clock }, connector)).toEqual({ enviados: 0, reagendados: 1, erros: 0 });
    let [row] = await database.db.select().from(outgoingItems).where(eq(outgoingItems.id, id));
    expect(row).toMatchObject({ status: 'PENDENTE', attempts: 1 });
    expect(row.nextAttemptAt.toISOString()).toBe('2030-01-01T12:01:00.000Z');
    expect(row.response).toContain('EAN já cadastrado com outro título');
    // not due yet: nothing is sent
    expect(await sendOutgoingQueue({ db: database.db, now: clock }, connector)).toEqual({ enviados: 0, reagendados: 0, erros: 0 });
    for (let attempt = 2; attempt <= OUTGOING_MAX_ATTEMPTS; attempt++) {
      now = new Date(row.nextAttemptAt.getTime());
      await sendOutgoingQueue({ db: database.db, now: clock }, connector);
      [row] = await database.db.select().from(outgoingItems).where(eq(outgoingItems.id, id));
      expect(row.attempts).toBe(attempt);
    }
    expect(row.status).toBe('ERRO');
    expect(row.response).toMatch(/^O ERP respondeu 422 em POST .*produtos: EAN já cadastrado com outro título\n\{"erro":/);
    expect(fake.sent).toHaveLength(OUTGOING_MAX_ATTEMPTS);
  });

  it('two senders at once never send one item twice', async () => {
    for (let i = 0; i < 20; i++) await enqueueOutgoing(database.db, companyIds[0], { tipo: 'PEDIDO', referencia: `REP-${i}`, descricao: `Pedido ${i}`, conteudo: { ...order, referencia: `REP-${i}` } });
    fake.pathFaults.push({ match: /pedidos/, fault: { delayMs: 5 }, times: 1000 });
    const [a, b] = await Promise.all([sendOutgoingQueue({ db: database.db }, connector), sendOutgoingQueue({ db: database.db }, connector)]);
    expect(a.enviados + b.enviados).toBe(20);
    const refs = fake.sent.map((s) => (s.body as ErpOrderOut).referencia);
    expect(new Set(refs).size).toBe(20);
    expect(refs).toHaveLength(20);
  });

  it('an item left ENVIANDO by a dead sender goes back to the queue after 10 minutes', async () => {
    const id = await enqueueOutgoing(database.db, companyIds[0], { tipo: 'PEDIDO', referencia: 'REP-1', descricao: 'Pedido', conteudo: order });
    await database.db.update(outgoingItems).set({ status: 'ENVIANDO', updatedAt: new Date(Date.now() - 11 * 60_000) }).where(eq(outgoingItems.id, id));
    expect((await sendOutgoingQueue({ db: database.db }, connector)).enviados).toBe(1);
  });
});

describe('integration log retention', () => {
  let database: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, close } = await openErpTestDatabase());
  });
  afterAll(async () => close());

  it('deletes each entity type by its retention parameter and the rest by the longest', async () => {
    expect(LOG_RETENTION_BY_ENTITY).toMatchObject({ PRODUTO: 'LOG_RETENCAO_PRODUTO_DIAS', ESTOQUE: 'LOG_RETENCAO_PRODUTO_ESTOQUE_DIAS', AUTOR: 'LOG_RETENCAO_AUTOR_DIAS', SELO: 'LOG_RETENCAO_EDITORA_DIAS', VENDA: 'LOG_RETENCAO_VENDA_DIAS' });
    await database.db.update(parameters).set({ value: '10' }).where(eq(parameters.key, 'LOG_RETENCAO_PRODUTO_ESTOQUE_DIAS'));
    await database.db.update(parameters).set({ value: '90' }).where(eq(parameters.key, 'LOG_RETENCAO_VENDA_DIAS'));
    const now = new Date('2030-06-30T12:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const row = (entity: 'ESTOQUE' | 'VENDA' | 'CLIENTE' | null, days: number) => ({
      createdAt: ago(days),
      integrationType: 'SIMULADOR',
      operation: entity ? 'LISTAR' : 'LOGIN',
      entity,
      status: 'SUCESSO' as const,
      method: 'GET',
      url: `http://erp/${entity}/${days}`,
      durationMs: 1,
    });
    await database.db.insert(integrationLogs).values([row('ESTOQUE', 9), row('ESTOQUE', 11), row('VENDA', 60), row('VENDA', 91), row('CLIENTE', 89), row('CLIENTE', 91), row(null, 89), row(null, 91)]);
    expect(await purgeIntegrationLogs(database.db, now)).toBe(4);
    const left = (await database.db.select({ url: integrationLogs.url }).from(integrationLogs)).map((r) => r.url).sort();
    expect(left).toEqual(['http://erp/CLIENTE/89', 'http://erp/ESTOQUE/9', 'http://erp/VENDA/60', 'http://erp/null/89']);
  });
});
