import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { isoDayInDisplayZone } from '@acervo/contracts';
import type { Database } from '../db/client.ts';
import { entitySyncStates, integrationLogs, rejectedRecords, syncDailyCounts } from '../integration/integration.schema.ts';
import { ERP_DISABLED_MESSAGE, openErpConnector, type ErpConnector } from './erp-connector.ts';
import { ErpCallError } from './erp-http.ts';
import { readWatermark, syncEntity, syncEntityForAllCompanies, validatePage, type ErpRecordStore } from './erp-sync.ts';
import { createErpTaskKinds, ERP_SYNC_PERIODS, syncTaskKind } from './erp-task-kinds.ts';
import { IntegrationLogWriter, LOG_BODY_LIMIT, LOG_TRUNCATED_SUFFIX, logBody, maskSecrets, MemoryLogSink } from './integration-log.ts';
import { reprocessRejectedRecords } from './sync-operations.ts';
import { createFakeStore, FakeErp, productType } from './test-helpers/fake-erp.ts';
import { openErpTestDatabase, setErpParameters } from './test-helpers/erp-test-db.ts';
import type { TaskContext } from '../schedules/task-kinds.ts';
import { createTaskKindRegistry } from '../domains.ts';

const FAST = { timeoutMs: 1000, retries: 3, minDelayMs: 1, maxDelayMs: 5 };
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('integration log bodies', () => {
  it('masks passwords and tokens and caps long bodies', () => {
    expect(maskSecrets('{"usuario":"erp","senha":"s3cr\\"et","token":"abc.def"}')).toBe('{"usuario":"erp","senha":"***","token":"***"}');
    expect(maskSecrets('Authorization: Bearer abc.DEF-123')).toBe('Authorization: Bearer ***');
    const long = 'x'.repeat(LOG_BODY_LIMIT + 10);
    expect(logBody(long)).toBe('x'.repeat(LOG_BODY_LIMIT) + LOG_TRUNCATED_SUFFIX);
    expect(logBody('')).toBeNull();
    expect(logBody('{"a":1}')).toBe('{"a":1}');
  });
});

describe('page validation', () => {
  it('keeps valid records and rejects malformed ones with a pt-BR reason naming the field', () => {
    const { valid, invalid } = validatePage('TIPO_PRODUTO', [productType('1', '2026-01-01T00:00:00.000Z'), { ...productType('2', '2026-01-01T00:00:00.000Z'), formatoOnix: 'bad!' }, 'lixo'], 'p:');
    expect(valid.map((r) => r.id)).toEqual(['1']);
    expect(invalid).toHaveLength(2);
    expect(invalid[0]).toMatchObject({ id: '2' });
    expect(invalid[0].error).toMatch(/^Registro inválido: formatoOnix: /);
    expect(invalid[1].id).toBe('sem-id:p:2');
  });

  it('rejects a sale whose money is not integer cents', () => {
    const { invalid } = validatePage('ESTOQUE', [{ id: 'E1', alteradoEm: '2026-01-01T00:00:00.000Z', idProduto: 'P1', fisico: 1.5, reservado: 0, consignado: 0, bloqueado: 0, pedidoCompra: 0 }]);
    expect(invalid[0].error).toContain('fisico');
  });

  it('names the São Paulo local day (UTC-3)', () => {
    expect(isoDayInDisplayZone(new Date('2026-03-01T02:30:00Z'))).toBe('2026-02-28');
    expect(isoDayInDisplayZone(new Date('2026-03-01T03:30:00Z'))).toBe('2026-03-01');
  });
});

describe('sync against a fake ERP', () => {
  let database: Database;
  let close: () => Promise<void>;
  let companyIds: number[];
  let fake: FakeErp;
  let store: ErpRecordStore;
  let sink: MemoryLogSink;
  let connector: ErpConnector;
  const company = () => ({ id: companyIds[0], erpCode: 'DEMO01' });
  const records = (from: number, n: number, at = '2026-01-01T00:00:00.000Z') => Array.from({ length: n }, (_, i) => productType(`T${String(from + i).padStart(5, '0')}`, at));
  const stored = async () => store.count(database.db, companyIds[0], 'TIPO_PRODUTO');

  beforeAll(async () => {
    ({ database, close, companyIds } = await openErpTestDatabase());
    store = await createFakeStore(database.db);
  });
  afterAll(async () => close());
  beforeEach(async () => {
    fake = new FakeErp();
    await fake.start();
    await setErpParameters(database, { tipo: 'SIMULADOR', url: fake.url });
    sink = new MemoryLogSink();
    connector = (await openErpConnector(database.db, sink, FAST))!;
    await database.db.execute(sql`DELETE FROM erp_fake_registro`);
    await database.db.delete(entitySyncStates);
    await database.db.delete(rejectedRecords);
    await database.db.delete(syncDailyCounts);
  });
  afterEach(async () => fake.close());

  it('pages from the beginning to the end of the feed, moving the watermark and recording success', async () => {
    fake.put('DEMO01', 'TIPO_PRODUTO', records(0, 250));
    const r = await syncEntity({ db: database.db, store, pageSize: 100 }, connector, company(), 'TIPO_PRODUTO');
    expect(r).toMatchObject({ pages: 3, applied: 250, rejected: 0, stored: 250 });
    const [state] = await database.db.select().from(entitySyncStates).where(eq(entitySyncStates.companyId, companyIds[0]));
    expect(state).toMatchObject({ entity: 'TIPO_PRODUTO', storedRecords: 250, lastError: null });
    expect(state.cursor).toBeTruthy();
    expect(state.lastSuccessAt).toBeInstanceOf(Date);
    const [day] = await database.db.select().from(syncDailyCounts);
    expect(day).toMatchObject({ records: 250, errors: 0, day: isoDayInDisplayZone(new Date()) });
    const lists = sink.entries.filter((e) => e.operation === 'LISTAR');
    expect(lists.map((e) => e.records)).toEqual([100, 100, 50]);
    expect(lists.every((e) => e.status === 'SUCESSO' && e.httpStatus === 200 && e.entity === 'TIPO_PRODUTO' && e.companyId === companyIds[0])).toBe(true);
    const login = sink.entries.find((e) => e.operation === 'LOGIN' && e.status === 'SUCESSO')!;
    expect(login.request).toContain('"senha":"***"');
    expect(login.response).toContain('"token":"***"');
    expect(login.response).not.toContain('tok-');
  });

  it('an incremental run asks from the watermark and reads only what changed', async () => {
    fake.put('DEMO01', 'TIPO_PRODUTO', records(0, 120));
    await syncEntity({ db: database.db, store, pageSize: 100 }, connector, company(), 'TIPO_PRODUTO');
    const before = await readWatermark(database.db, companyIds[0], 'TIPO_PRODUTO');
    fake.put('DEMO01', 'TIPO_PRODUTO', [productType('T00003', '2026-02-01T00:00:00.000Z', 'Mudou'), ...records(500, 5, '2026-02-01T00:00:00.000Z')]);
    fake.requests.length = 0;
    const r = await syncEntity({ db: database.db, store, pageSize: 100 }, connector, company(), 'TIPO_PRODUTO');
    expect(r).toMatchObject({ pages: 1, applied: 6, stored: 125 });
    expect(fake.requests.filter((q) => q.path.includes('registros')).map((q) => q.query.get('cursor'))).toEqual([before.cursor]);
    const changed = await database.db.execute<{ d: string }>(sql`SELECT dados->>'descricao' AS d FROM erp_fake_registro WHERE id_erp = 'T00003'`);
    expect((changed as unknown as { rows: { d: string }[] }).rows[0].d).toBe('Mudou');
  });

  it('a re-sync from a date starts at `sincronizar_desde` when the cursor is null', async () => {
    fake.put('DEMO01', 'TIPO_PRODUTO', [...records(0, 3, '2026-01-01T00:00:00.000Z'), ...records(10, 2, '2026-03-01T00:00:00.000Z')]);
    await database.db.insert(entitySyncStates).values({ companyId: companyIds[0], entity: 'TIPO_PRODUTO', cursor: null, resyncFrom: new Date('2026-02-01T00:00:00Z') });
    const r = await syncEntity({ db: database.db, store }, connector, company(), 'TIPO_PRODUTO');
    expect(r.applied).toBe(2);
    expect(fake.requests.find((q) => q.path.includes('registros'))!.query.get('desde')).toBe('2026-02-01T00:00:00.000Z');
  });

  it('retries 5xx, time-outs and dropped connections with one log row per attempt', async () => {
    fake.put('DEMO01', 'TIPO_PRODUTO', records(0, 10));
    fake.pathFaults.push({ match: /registros/, fault: { status: 503 }, times: 1 }, { match: /registros/, fault: { delayMs: 1500 }, times: 1 }, { match: /registros/, fault: { drop: true }, times: 1 });
    const r = await syncEntity({ db: database.db, store }, connector, company(), 'TIPO_PRODUTO');
    expect(r.stored).toBe(10);
    const lists = sink.entries.filter((e) => e.operation === 'LISTAR');
    expect(lists.map((e) => [e.status, e.httpStatus])).toEqual([
      ['ERRO', 503],
      ['ERRO', null],
      ['ERRO', 200],
      ['SUCESSO', 200],
    ]);
    expect(lists[0].message).toMatch(/^O ERP respondeu 503 em GET .*: Falha simulada$/);
    expect(lists[1].message).toMatch(/^Tempo esgotado \(1 s\)/);
    expect(lists[2].message).toMatch(/^Falha de conexão com o ERP/);
  });

  it('does not retry a 4xx other than 401/429 and records the error on the state row', async () => {
    fake.pathFaults.push({ match: /registros/, fault: { status: 400, body: { erro: 'Entidade inválida' } }, times: 5 });
    await expect(syncEntity({ db: database.db, store }, connector, company(), 'TIPO_PRODUTO')).rejects.toThrow(
      /^Falha ao sincronizar tipos de produto da empresa DEMO01: O ERP respondeu 400 em GET .*: Entidade inválida$/,
    );
    expect(sink.entries.filter((e) => e.operation === 'LISTAR')).toHaveLength(1);
    const [state] = await database.db.select().from(entitySyncStates);
    expect(state.lastError).toContain('Entidade inválida');
    expect(state.lastAttemptAt).toBeInstanceOf(Date);
    expect(state.lastSuccessAt).toBeNull();
  });

  it('gives up after the last retry, keeps the pages already stored, and a later run finishes without duplicates', async () => {
    fake.put('DEMO01', 'TIPO_PRODUTO', records(0, 300));
    // pages 1-2 answer; page 3 fails every attempt (1 + 3 retries)
    let listed = 0;
    const failing: ErpConnector = {
      ...connector,
      listChanged: async (...args) => {
        if (++listed >= 3) throw new ErpCallError('HTTP', 'O ERP respondeu 503 (após 4 tentativas)', 503);
        return connector.listChanged(...args);
      },
    };
    await expect(syncEntity({ db: database.db, store, pageSize: 100 }, failing, company(), 'TIPO_PRODUTO')).rejects.toThrow(/503/);
    expect(await stored()).toBe(200);
    const [state] = await database.db.select().from(entitySyncStates);
    expect(state.lastError).toMatch(/503/);
    const r = await syncEntity({ db: database.db, store, pageSize: 100 }, connector, company(), 'TIPO_PRODUTO');
    expect(r).toMatchObject({ pages: 1, applied: 100, stored: 300 });
    const [after] = await database.db.select().from(entitySyncStates);
    expect(after.lastError).toBeNull();
    expect(after.storedRecords).toBe(300);
  });

  it('a page whose transaction fails leaves nothing behind and the watermark where it was', async () => {
    fake.put('DEMO01', 'TIPO_PRODUTO', records(0, 150));
    const broken: ErpRecordStore = {
      ...store,
      async apply(tx, companyId, entity, recs) {
        const out = await store.apply(tx, companyId, entity, recs);
        if (recs.some((r) => r.id === 'T00120')) throw new Error('falha do banco');
        return out;
      },
    };
    await expect(syncEntity({ db: database.db, store: broken, pageSize: 100 }, connector, company(), 'TIPO_PRODUTO')).rejects.toThrow(/falha do banco/);
    expect(await stored()).toBe(100);
    const [day] = await database.db.select().from(syncDailyCounts);
    expect(day.records).toBe(100);
    const mark = await readWatermark(database.db, companyIds[0], 'TIPO_PRODUTO');
    expect(JSON.parse(Buffer.from(mark.cursor!, 'base64url').toString())[1]).toBe('T00099');
  });

  it('keeps malformed and unstorable records as PENDENTE, and a later valid version marks them SUPERADO', async () => {
    fake.put('DEMO01', 'TIPO_PRODUTO', [...records(0, 5), { id: 'BAD1', alteradoEm: '2026-01-01T00:00:01.000Z', descricao: '' }, productType('REJ1', '2026-01-01T00:00:02.000Z')]);
    const r = await syncEntity({ db: database.db, store }, connector, company(), 'TIPO_PRODUTO');
    expect(r).toMatchObject({ applied: 5, rejected: 2, stored: 5 });
    const rows = await database.db.select().from(rejectedRecords).orderBy(rejectedRecords.erpId);
    expect(rows.map((x) => [x.erpId, x.status, x.attempts])).toEqual([
      ['BAD1', 'PENDENTE', 1],
      ['REJ1', 'PENDENTE', 1],
    ]);
    expect(rows[0].error).toMatch(/^Registro inválido: (descricao|formatoOnix|ativo)/);
    expect(rows[0].payload).toEqual({ id: 'BAD1', alteradoEm: '2026-01-01T00:00:01.000Z', descricao: '' });
    expect(rows[1].error).toBe('Referência inexistente');
    const [day] = await database.db.select().from(syncDailyCounts);
    expect(day).toMatchObject({ records: 5, errors: 2 });
    // BAD1 comes again, fixed
    fake.put('DEMO01', 'TIPO_PRODUTO', [productType('BAD1', '2026-01-02T00:00:00.000Z')]);
    await syncEntity({ db: database.db, store }, connector, company(), 'TIPO_PRODUTO');
    const [bad1] = await database.db.select().from(rejectedRecords).where(eq(rejectedRecords.erpId, 'BAD1'));
    expect(bad1.status).toBe('SUPERADO');
  });

  it('logs in again when the token is revoked (401)', async () => {
    fake.put('DEMO01', 'TIPO_PRODUTO', records(0, 3));
    await syncEntity({ db: database.db, store }, connector, company(), 'TIPO_PRODUTO');
    fake.revokeTokens();
    fake.put('DEMO01', 'TIPO_PRODUTO', records(10, 3, '2026-02-01T00:00:00.000Z'));
    const r = await syncEntity({ db: database.db, store }, connector, company(), 'TIPO_PRODUTO');
    expect(r.applied).toBe(3);
    expect(sink.entries.filter((e) => e.operation === 'LOGIN')).toHaveLength(2);
    expect(sink.entries.filter((e) => e.operation === 'LISTAR' && e.httpStatus === 401)).toHaveLength(1);
  });

  it('a wrong password fails at once with the ERP answer', async () => {
    await setErpParameters(database, { tipo: 'SIMULADOR', url: fake.url, senha: 'errada' });
    const bad = (await openErpConnector(database.db, sink, FAST))!;
    await expect(syncEntity({ db: database.db, store }, bad, company(), 'TIPO_PRODUTO')).rejects.toThrow(/401 .*Usuário ou senha inválidos/);
    expect(sink.entries.filter((e) => e.operation === 'LOGIN')).toHaveLength(1);
  });

  it('syncs every active company with an ERP code; one failing does not stop the other', async () => {
    fake.put('DEMO01', 'TIPO_PRODUTO', records(0, 4));
    fake.put('DEMO02', 'TIPO_PRODUTO', records(0, 2));
    const summary = await syncEntityForAllCompanies({ db: database.db, store }, connector, 'TIPO_PRODUTO');
    expect(summary).toBe('DEMO01: 4 registro(s) recebido(s), 0 rejeitado(s), 4 armazenado(s); DEMO02: 2 registro(s) recebido(s), 0 rejeitado(s), 2 armazenado(s)');
    fake.pathFaults.push({ match: /DEMO01\/registros/, fault: { status: 404, body: { erro: 'Empresa não encontrada' } }, times: 1 });
    fake.put('DEMO02', 'TIPO_PRODUTO', records(10, 1, '2026-02-01T00:00:00.000Z'));
    // the failing company alone: the run ends with warnings naming it first, then the others' summaries
    const partial = await syncEntityForAllCompanies({ db: database.db, store, log: quietLog }, connector, 'TIPO_PRODUTO');
    expect(partial).toEqual({ aviso: expect.stringMatching(/^Falha ao sincronizar tipos de produto da empresa Distribuidora Acervo Ltda \(DEMO01\): O ERP respondeu 404.* \| DEMO02: 1 registro/) });
    expect(await store.count(database.db, companyIds[1], 'TIPO_PRODUTO')).toBe(3);
  });

  it('the log writer stores the attempts in batches outside the page transactions', async () => {
    await database.db.delete(integrationLogs);
    const writer = new IntegrationLogWriter(database.db, quietLog, 2);
    const logged = (await openErpConnector(database.db, writer, FAST))!;
    fake.put('DEMO01', 'TIPO_PRODUTO', records(0, 5));
    fake.pathFaults.push({ match: /registros/, fault: { status: 500 }, times: 1 });
    await syncEntity({ db: database.db, store, pageSize: 2, afterPage: () => writer.flush() }, logged, company(), 'TIPO_PRODUTO');
    await writer.flush();
    const rows = await database.db.select().from(integrationLogs).orderBy(integrationLogs.id);
    expect(rows.map((r) => [r.operation, r.status, r.httpStatus, r.records])).toEqual([
      ['LOGIN', 'SUCESSO', 200, null],
      ['LISTAR', 'ERRO', 500, null],
      ['LISTAR', 'SUCESSO', 200, 2],
      ['LISTAR', 'SUCESSO', 200, 2],
      ['LISTAR', 'SUCESSO', 200, 1],
    ]);
    expect(rows[1]).toMatchObject({ integrationType: 'SIMULADOR', method: 'GET', entity: 'TIPO_PRODUTO', companyId: companyIds[0], response: '{"erro":"Falha simulada"}' });
    expect(rows[1].url).toMatch(/\/empresas\/DEMO01\/registros\/TIPO_PRODUTO\?limite=2$/);
  });

  it('reprocesses rejected records by fetching them again', async () => {
    fake.put('DEMO01', 'TIPO_PRODUTO', [{ id: 'BAD1', alteradoEm: '2026-01-01T00:00:01.000Z', descricao: '' }, { id: 'BAD2', alteradoEm: '2026-01-01T00:00:01.000Z' }, { id: 'GONE', alteradoEm: '2026-01-01T00:00:01.000Z' }]);
    await syncEntity({ db: database.db, store }, connector, company(), 'TIPO_PRODUTO');
    fake.put('DEMO01', 'TIPO_PRODUTO', [productType('BAD1', '2026-01-01T00:00:01.000Z')]);
    fake.records.set('DEMO01/TIPO_PRODUTO', fake.records.get('DEMO01/TIPO_PRODUTO')!.filter((r) => r.id !== 'GONE'));
    const result = await reprocessRejectedRecords({ database, log: quietLog, store }, companyIds[0], 'TODOS');
    expect(result).toEqual({ reprocessados: 1, falhas: 2 });
    const rows = await database.db.select().from(rejectedRecords).orderBy(rejectedRecords.erpId);
    expect(rows.map((x) => [x.erpId, x.status, x.attempts])).toEqual([
      ['BAD1', 'REPROCESSADO', 1],
      ['BAD2', 'PENDENTE', 2],
      ['GONE', 'PENDENTE', 2],
    ]);
    expect(rows[2].error).toBe('O ERP não tem mais este registro');
    expect(await stored()).toBe(1);
    // only the ids asked
    const none = await reprocessRejectedRecords({ database, log: quietLog, store }, companyIds[0], [rows[0].id]);
    expect(none).toEqual({ reprocessados: 0, falhas: 0 });
  });
});

describe('ERP task kinds', () => {
  let database: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, close } = await openErpTestDatabase());
  });
  afterAll(async () => close());

  it('registers 13 built-in sync kinds with pt-BR labels and periods, the sender and the log clean-up', () => {
    // the composition root's registry (domains.ts), as the server and the worker build it
    const taskKinds = createTaskKindRegistry();
    const sale = taskKinds.get('SINCRONIZAR_ERP_VENDA')!;
    expect(sale).toMatchObject({ descricao: 'Sincronizar vendas do ERP', escopo: 'SISTEMA', periodoSugerido: '*/5 * * * *', builtIn: true });
    expect(taskKinds.get('SINCRONIZAR_ERP_ESTOQUE')!.periodoSugerido).toBe('*/5 * * * *');
    expect(taskKinds.get('SINCRONIZAR_ERP_PRODUTO')!.periodoSugerido).toBe('*/15 * * * *');
    expect(taskKinds.get('SINCRONIZAR_ERP_AUTOR')).toMatchObject({ descricao: 'Sincronizar autores do ERP', periodoSugerido: '0 * * * *' });
    expect((Object.keys(ERP_SYNC_PERIODS) as (keyof typeof ERP_SYNC_PERIODS)[]).map(syncTaskKind).every((k) => taskKinds.get(k)?.builtIn)).toBe(true);
    expect(taskKinds.get('ENVIAR_FILA_ERP')!.periodoSugerido).toBe('* * * * *');
    expect(taskKinds.get('LIMPEZA_LOG_INTEGRACAO')!.builtIn).toBe(true);
  });

  it('with the integration off, a sync run succeeds saying so', async () => {
    await setErpParameters(database, { tipo: 'NENHUMA' });
    const ctx = { db: database.db, database, log: quietLog } as unknown as TaskContext;
    const kinds = createErpTaskKinds();
    const run = (tipo: string) => kinds.find((k) => k.tipo === tipo)!.run(ctx, {} as never, new AbortController().signal);
    expect(await run('SINCRONIZAR_ERP_VENDA')).toBe(ERP_DISABLED_MESSAGE);
    expect(await run('ENVIAR_FILA_ERP')).toBe(ERP_DISABLED_MESSAGE);
    await expect(reprocessRejectedRecords({ database, log: quietLog }, 1, 'TODOS')).rejects.toMatchObject({ code: 'CONFLICT', message: ERP_DISABLED_MESSAGE });
  });

  it('a failed run throws a pt-BR message and logs its attempts to log_integracao', async () => {
    const closed = new FakeErp();
    const url = await closed.start();
    await closed.close();
    await setErpParameters(database, { tipo: 'SIMULADOR', url });
    const ctx = { db: database.db, database, log: quietLog } as unknown as TaskContext;
    const kind = createErpTaskKinds({ retry: { ...FAST, retries: 1 } }).find((k) => k.tipo === 'SINCRONIZAR_ERP_ASSUNTO')!;
    await expect(kind.run(ctx, {} as never, new AbortController().signal)).rejects.toThrow(/^Falha ao sincronizar assuntos da empresa Distribuidora Acervo Ltda \(DEMO01\): Falha de conexão com o ERP em POST .*\/login: ECONNREFUSED \(após 2 tentativas\)/);
    const logs = await database.db.select().from(integrationLogs).where(and(eq(integrationLogs.operation, 'LOGIN'), eq(integrationLogs.status, 'ERRO')));
    expect(logs.length).toBeGreaterThanOrEqual(4);
  });
});
