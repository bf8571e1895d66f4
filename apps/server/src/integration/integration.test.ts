import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ERP_ENTITIES, LOG_COUNT_CAP, type EntityLag, type IntegrationLog, type IntegrationLogDetail, type IntegrationStats, type OutgoingItem, type PagedList, type RejectedRecord } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, createUser, setParameter } from '../auth/auth.test-helpers.ts';
import { scheduledTaskRuns, scheduledTasks } from '../schedules/schedules.schema.ts';
import { entitySyncStates, integrationLogs, outgoingItems, rejectedRecords, syncDailyCounts } from './integration.schema.ts';
import { statsDays } from './integration.service.ts';

let t: TestApp;
let admin: string; // company 1, every role
let adminCompany2: string; // same user, company 2 selected
let seller: string; // no integration role
let onlyCompany1: string; // administrator profile linked to company 1 only
let c1: number;
let c2: number;

type Page<T> = PagedList<T> & { totalLimitado?: boolean };

const get = async <T>(path: string, token = admin): Promise<T> => {
  const res = await call(t.app, 'GET', path, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

function logRow(over: Partial<typeof integrationLogs.$inferInsert> = {}): typeof integrationLogs.$inferInsert {
  return {
    integrationType: 'SIMULADOR',
    operation: 'LISTAR',
    entity: 'VENDA',
    companyId: c1,
    status: 'SUCESSO',
    method: 'GET',
    url: 'http://erp/api/v1/empresas/DEMO01/registros/VENDA',
    httpStatus: 200,
    durationMs: 120,
    records: 2,
    request: null,
    response: '{"itens":[],"cursor":"x","temMais":false}',
    ...over,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  [c1, c2] = t.seed.companyIds;
  admin = (await t.login('admin', 'admin')).token;
  const refreshed = await call(t.app, 'POST', 'auth/refresh', { token: (await t.login('admin', 'admin')).token, payload: { idEmpresa: c2 } });
  expect(refreshed.statusCode, refreshed.body).toBe(200);
  adminCompany2 = refreshed.json().token;
  seller = (await t.login('vendedor', 'vendedor')).token;
  await createUser(t.database.db, { login: 'logc1', password: 'logc1', companyIds: [c1], profileName: 'Administrador', lastCompanyId: c1 });
  onlyCompany1 = (await t.login('logc1', 'logc1')).token;
});

afterAll(async () => {
  await t?.close();
});

describe('access', () => {
  const roleCalls: ['GET' | 'POST', string, unknown?][] = [
    ['GET', 'log-integracao'],
    ['GET', 'log-integracao/1'],
    ['GET', 'estatistica-integracao'],
    ['GET', 'fila-integracao'],
    ['POST', 'fila-integracao/1/reenviar', {}],
    ['POST', 'fila-integracao/reenviar-erros', {}],
    ['GET', 'reprocessamento/registros'],
    ['POST', 'reprocessamento/registros', { todos: true }],
    ['POST', 'reprocessamento/ressincronizar', { entidade: 'VENDA', desde: '2026-01-01' }],
  ];

  it('answers 401 without a token and 403 without the role, for every call, changing nothing', async () => {
    await t.database.db.insert(outgoingItems).values({ companyId: c1, kind: 'PRODUTO', reference: 'P-ACCESS', description: 'x', payload: {}, status: 'ERRO' });
    for (const [method, path, payload] of roleCalls) {
      expect((await call(t.app, method, path, { payload })).statusCode, `${method} ${path}`).toBe(401);
      expect((await call(t.app, method, path, { token: seller, payload })).statusCode, `${method} ${path}`).toBe(403);
    }
    expect(await t.database.db.$count(outgoingItems, eq(outgoingItems.status, 'ERRO'))).toBe(1);
    expect(await t.database.db.$count(entitySyncStates)).toBe(0);
    await t.database.db.delete(outgoingItems);
  });

  it('serves the lag to every signed-in user (the top bar), 401 without a token', async () => {
    for (const path of ['status-integracao-entidade-erp-acervo/porcentagem-defasagem-temporal', 'status-integracao-entidade-erp-acervo/entidade?entidade=VENDA']) {
      expect((await call(t.app, 'GET', path)).statusCode).toBe(401);
      expect((await call(t.app, 'GET', path, { token: seller })).statusCode).toBe(200);
    }
  });
});

describe('GET log-integracao', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const db = t.database.db;
    await db.delete(integrationLogs);
    const rows = await db
      .insert(integrationLogs)
      .values([
        logRow({ createdAt: new Date('2026-11-20T12:00:00Z'), response: '{"itens":[{"id":"V1","titulo":"Dom Casmurro"}]}' }),
        logRow({ createdAt: new Date('2026-11-21T02:30:00Z'), status: 'ERRO', httpStatus: 503, response: '{"erro":"Serviço indisponível"}', entity: 'ESTOQUE', records: null }),
        logRow({ createdAt: new Date('2026-11-22T12:00:00Z'), operation: 'ENVIAR_PRODUTO', entity: null, method: 'POST', request: '{"ean":"9786500000001","titulo":"Memórias Póstumas 100% revisadas"}', response: '{"id":"P9"}' }),
        logRow({ createdAt: new Date('2026-11-22T13:00:00Z'), companyId: null, operation: 'LOGIN', entity: null, method: 'POST', request: '{"usuario":"erp","senha":"***"}', response: '{"token":"***"}' }),
        logRow({ createdAt: new Date('2026-11-22T14:00:00Z'), companyId: c2, response: '{"itens":[{"id":"V2","titulo":"Dom Casmurro da outra"}]}' }),
      ])
      .returning({ id: integrationLogs.id });
    ids = { c1Sale: rows[0].id, c1Error: rows[1].id, c1Product: rows[2].id, login: rows[3].id, c2Sale: rows[4].id };
  });

  it('lists the selected company and the exchanges of no company, newest first, in the SPEC paged shape', async () => {
    const page = await get<Page<IntegrationLog>>('log-integracao');
    expect(page.itens.map((r) => r.id)).toEqual([ids.login, ids.c1Product, ids.c1Error, ids.c1Sale]);
    expect(page).toMatchObject({ page: 0, size: 10, totalItens: 4, totalPage: 1, proxima: false, totalLimitado: false });
    expect(page.itens[3]).toMatchObject({ tipo: 'SIMULADOR', operacao: 'LISTAR', entidade: 'VENDA', idEmpresa: c1, nomeEmpresa: expect.any(String), status: 'SUCESSO', codigoHttp: 200, duracaoMs: 120, registros: 2, data: '2026-11-20T12:00:00.000Z' });
    expect(page.itens[0]).not.toHaveProperty('resposta');
    const other = await get<Page<IntegrationLog>>('log-integracao', adminCompany2);
    expect(other.itens.map((r) => r.id)).toEqual([ids.c2Sale, ids.login]);
  });

  it('filters by response and request contains (case-insensitive, % taken literally), status, type, entity and days', async () => {
    const idsOf = async (query: string) => (await get<Page<IntegrationLog>>(`log-integracao?${query}`)).itens.map((r) => r.id);
    expect(await idsOf('resposta=casmurro')).toEqual([ids.c1Sale]);
    expect(await idsOf('resposta=INDISPON')).toEqual([ids.c1Error]);
    expect(await idsOf('requisicao=100%25%20revisadas')).toEqual([ids.c1Product]);
    expect(await idsOf('requisicao=1%25')).toEqual([]);
    expect(await idsOf('status=ERRO')).toEqual([ids.c1Error]);
    expect(await idsOf('tipo=OUTRO')).toEqual([]);
    expect(await idsOf('entidade=ESTOQUE')).toEqual([ids.c1Error]);
    // days are São Paulo days: 2026-11-21T02:30Z is still 20/11 there
    expect(await idsOf('dataInicio=2026-11-20&dataFim=2026-11-20')).toEqual([ids.c1Error, ids.c1Sale]);
    expect(await idsOf('dataInicio=2026-11-21')).toEqual([ids.login, ids.c1Product]);
    expect(await idsOf('sorter=duracaoMs,asc&dataFim=2026-11-19')).toEqual([]);
    expect(await idsOf('sorter=data,asc')).toEqual([ids.c1Sale, ids.c1Error, ids.c1Product, ids.login]);
    expect(await idsOf('sorter=-data')).toEqual([ids.login, ids.c1Product, ids.c1Error, ids.c1Sale]);
  });

  it('reads another company the caller holds the role in (idEmpresa), 400 for one it does not', async () => {
    expect((await get<Page<IntegrationLog>>(`log-integracao?idEmpresa=${c2}&resposta=casmurro`)).itens.map((r) => r.id)).toEqual([ids.c2Sale]);
    const refused = await call(t.app, 'GET', `log-integracao?idEmpresa=${c2}`, { token: onlyCompany1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().messages[0]).toEqual({ field: 'idEmpresa', message: 'Empresa sem acesso ao log de integração' });
  });

  it('answers 400 naming the field for bad filters', async () => {
    const cases: [string, string][] = [
      ['status=OK', 'status'],
      ['dataInicio=20/11/2026', 'dataInicio'],
      ['dataFim=2026-02-30', 'dataFim'],
      ['dataInicio=2026-11-22&dataFim=2026-11-20', 'dataFim'],
      ['entidade=LIVRO', 'entidade'],
      ['idEmpresa=abc', 'idEmpresa'],
      ['sorter=resposta,asc', 'sorter'],
      ['term=x', 'term'],
      [`resposta=${'a'.repeat(201)}`, 'resposta'],
    ];
    for (const [query, field] of cases) {
      const res = await call(t.app, 'GET', `log-integracao?${query}`, { token: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().messages.map((m: { field: string }) => m.field), query).toContain(field);
    }
  });

  it('answers one exchange with its bodies; another company answers 404 to a caller without the role there', async () => {
    const detail = await get<IntegrationLogDetail>(`log-integracao/${ids.c1Product}`);
    expect(detail).toMatchObject({ id: ids.c1Product, operacao: 'ENVIAR_PRODUTO', requisicao: '{"ean":"9786500000001","titulo":"Memórias Póstumas 100% revisadas"}', resposta: '{"id":"P9"}' });
    expect((await call(t.app, 'GET', `log-integracao/${ids.c2Sale}`, { token: onlyCompany1 })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `log-integracao/${ids.login}`, { token: onlyCompany1 })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', 'log-integracao/999999', { token: admin })).statusCode).toBe(404);
  });

  it('caps the count at LOG_COUNT_CAP and says so, for a common word (date-index walk) and finds a rare one among 20,000 rows (trigram path)', async () => {
    const db = t.database.db;
    const many = Array.from({ length: 2 * LOG_COUNT_CAP + 5 }, (_, i) =>
      logRow({ companyId: c1, createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, i)), response: i === 777 ? 'capado raro Zaratustra' : i % 2 ? 'capado' : 'outro' }),
    );
    for (let i = 0; i < many.length; i += 2000) await db.insert(integrationLogs).values(many.slice(i, i + 2000));
    const common = await get<Page<IntegrationLog>>('log-integracao?resposta=capado&pageSize=5');
    expect(common).toMatchObject({ totalItens: LOG_COUNT_CAP, totalLimitado: true, proxima: true });
    expect(common.itens).toHaveLength(5);
    expect(common.itens.map((r) => r.data)).toEqual([...common.itens.map((r) => r.data)].sort().reverse());
    const rare = await get<Page<IntegrationLog>>('log-integracao?resposta=zaratustra');
    expect(rare).toMatchObject({ totalItens: 1, totalLimitado: false });
    expect(rare.itens[0].data).toBe(new Date(Date.UTC(2026, 0, 1, 12, 0, 777)).toISOString());
    await db.delete(integrationLogs).where(sql`${integrationLogs.response} IN ('capado', 'outro', 'capado raro Zaratustra')`);
  });
});

describe('lag', () => {
  let now = Date.now();
  const ago = (minutes: number) => new Date(now - minutes * 60_000);

  beforeEach(async () => {
    now = Date.now();
    const db = t.database.db;
    await db.delete(entitySyncStates);
    await db.delete(rejectedRecords);
    await db.delete(scheduledTasks);
    await setParameter(db, 'ERP_TIPO_INTEGRACAO', 'SIMULADOR');
  });

  async function task(entity: string, period: string, repeatMinutes: number | null = null, companyId: number | null = null) {
    const [row] = await t.database.db.insert(scheduledTasks).values({ name: `Sincronizar ${entity}`, kind: `SINCRONIZAR_ERP_${entity}`, period, repeatMinutes, companyId, systemKey: companyId ? null : `SINCRONIZAR_ERP_${entity}` }).returning();
    return row;
  }

  it('counts the entity types synced within twice their period, in the selected company only', async () => {
    const db = t.database.db;
    await task('VENDA', '*/5 * * * *');
    await task('ESTOQUE', '*/5 * * * *');
    await task('PRODUTO', '*/15 * * * *');
    await task('CLIENTE', '0 * * * *');
    await task('AUTOR', '0 2 * * *', 30);
    await db.insert(entitySyncStates).values([
      { companyId: c1, entity: 'VENDA', lastSuccessAt: ago(9), storedRecords: 1200 }, // in time (≤ 10)
      { companyId: c1, entity: 'ESTOQUE', lastSuccessAt: ago(11) }, // late
      { companyId: c1, entity: 'PRODUTO', lastSuccessAt: ago(29) }, // in time (≤ 30)
      { companyId: c1, entity: 'CLIENTE', lastSuccessAt: null, lastAttemptAt: ago(1), lastError: 'HTTP 503' }, // never synced
      { companyId: c1, entity: 'AUTOR', lastSuccessAt: ago(50) }, // repetition 30: in time (≤ 60)
      { companyId: c1, entity: 'SELO', lastSuccessAt: ago(1) }, // no task: not in time
      { companyId: c2, entity: 'ESTOQUE', lastSuccessAt: ago(1) },
    ]);
    const percent = await get<number>('status-integracao-entidade-erp-acervo/porcentagem-defasagem-temporal');
    expect(percent).toBe(Math.round((3 / 13) * 10000) / 100); // 23.08
    expect(await get<number>('status-integracao-entidade-erp-acervo/porcentagem-defasagem-temporal', adminCompany2)).toBe(7.69);
  });

  it('answers one entity type with its period, lag, stored records and pending rejected records', async () => {
    const db = t.database.db;
    await task('VENDA', '*/5 * * * *');
    await db.insert(entitySyncStates).values({ companyId: c1, entity: 'VENDA', lastSuccessAt: ago(7.5), storedRecords: 1200 });
    await db.insert(rejectedRecords).values([
      { companyId: c1, entity: 'VENDA', erpId: 'V1', payload: {}, error: 'x' },
      { companyId: c1, entity: 'VENDA', erpId: 'V2', payload: {}, error: 'x', status: 'REPROCESSADO' },
      { companyId: c1, entity: 'ESTOQUE', erpId: 'E1', payload: {}, error: 'x' },
      { companyId: c2, entity: 'VENDA', erpId: 'V1', payload: {}, error: 'x' },
    ]);
    const lag = await get<EntityLag>('status-integracao-entidade-erp-acervo/entidade?entidade=VENDA');
    expect(lag).toEqual({ entidade: 'VENDA', ultimaSincronizacao: ago(7.5).toISOString(), periodoMinutos: 5, defasagemMinutos: 7, registros: 1200, erros: 1 });
    const never = await get<EntityLag>('status-integracao-entidade-erp-acervo/entidade?entidade=SELO');
    expect(never).toEqual({ entidade: 'SELO', ultimaSincronizacao: null, periodoMinutos: null, defasagemMinutos: null, registros: 0, erros: 0 });
    for (const query of ['entidade=LIVRO', '', 'entidade=VENDA&x=1']) {
      const res = await call(t.app, 'GET', `status-integracao-entidade-erp-acervo/entidade?${query}`, { token: admin });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('answers 0 while the ERP integration is off (NENHUMA)', async () => {
    await task('VENDA', '*/5 * * * *');
    await t.database.db.insert(entitySyncStates).values({ companyId: c1, entity: 'VENDA', lastSuccessAt: ago(1) });
    expect(await get<number>('status-integracao-entidade-erp-acervo/porcentagem-defasagem-temporal')).toBe(7.69);
    await setParameter(t.database.db, 'ERP_TIPO_INTEGRACAO', 'NENHUMA');
    expect(await get<number>('status-integracao-entidade-erp-acervo/porcentagem-defasagem-temporal')).toBe(0);
  });
});

describe('GET estatistica-integracao', () => {
  it('answers the 13 entity types with labels and lag, and 30 days of daily counts of the selected company', async () => {
    const db = t.database.db;
    await db.delete(entitySyncStates);
    await db.delete(scheduledTasks);
    await db.delete(syncDailyCounts);
    await setParameter(db, 'ERP_TIPO_INTEGRACAO', 'SIMULADOR');
    await db.insert(scheduledTasks).values({ name: 'Sincronizar vendas', kind: 'SINCRONIZAR_ERP_VENDA', period: '*/5 * * * *', systemKey: 'SINCRONIZAR_ERP_VENDA' });
    await db.insert(entitySyncStates).values({ companyId: c1, entity: 'VENDA', lastSuccessAt: new Date(Date.now() - 60_000), storedRecords: 50, lastError: 'HTTP 500 ontem' });
    const days = statsDays(new Date());
    await db.insert(syncDailyCounts).values([
      { companyId: c1, entity: 'VENDA', day: days[29], records: 40, errors: 1 },
      { companyId: c1, entity: 'VENDA', day: days[0], records: 10 },
      { companyId: c1, entity: 'ESTOQUE', day: days[5], records: 0 },
      { companyId: c1, entity: 'VENDA', day: '2020-01-01', records: 99 },
      { companyId: c2, entity: 'VENDA', day: days[29], records: 7 },
    ]);
    const stats = await get<IntegrationStats>('estatistica-integracao');
    expect(stats.tipoIntegracao).toBe('SIMULADOR');
    expect(stats.porcentagem).toBe(7.69);
    expect(stats.entidades.map((e) => e.entidade)).toEqual([...ERP_ENTITIES]);
    expect(stats.entidades.find((e) => e.entidade === 'VENDA')).toMatchObject({ descricao: 'Vendas e devoluções', emDia: true, periodoMinutos: 5, registros: 50, ultimoErro: 'HTTP 500 ontem' });
    expect(stats.entidades.find((e) => e.entidade === 'AUTOR')).toMatchObject({ emDia: false, ultimaSincronizacao: null });
    expect(stats.dias).toHaveLength(30);
    expect(stats.diario).toEqual([
      { dia: days[0], entidade: 'VENDA', registros: 10, erros: 0 },
      { dia: days[29], entidade: 'VENDA', registros: 40, erros: 1 },
    ]);
    expect((await get<IntegrationStats>('estatistica-integracao', adminCompany2)).diario).toEqual([{ dia: days[29], entidade: 'VENDA', registros: 7, erros: 0 }]);
  });
});

describe('fila-integracao', () => {
  let ids: Record<string, number>;
  beforeEach(async () => {
    const db = t.database.db;
    await db.delete(outgoingItems);
    const rows = await db
      .insert(outgoingItems)
      .values([
        { companyId: c1, kind: 'PRODUTO', reference: '9786500000001', description: 'Memórias póstumas', payload: { ean: '9786500000001' }, status: 'ERRO', attempts: 8, response: 'HTTP 422 {"erro":"EAN inválido"}', nextAttemptAt: new Date('2030-01-01T00:00:00Z') },
        { companyId: c1, kind: 'PEDIDO', reference: 'PV-10', description: 'Pedido da Livraria Central', payload: {}, status: 'ERRO', attempts: 8, response: 'HTTP 500' },
        { companyId: c1, kind: 'PEDIDO', reference: 'PV-11', description: 'Pedido enviado', payload: {}, status: 'ENVIADO', attempts: 1, erpId: 'E77', sentAt: new Date() },
        { companyId: c2, kind: 'PRODUTO', reference: '9786500000002', description: 'Da outra empresa', payload: {}, status: 'ERRO', attempts: 8 },
      ])
      .returning({ id: outgoingItems.id });
    ids = { product: rows[0].id, order: rows[1].id, sent: rows[2].id, other: rows[3].id };
  });

  it('lists the selected company, filtered by status, kind and term (reference or description, accents ignored)', async () => {
    const idsOf = async (query: string) => (await get<Page<OutgoingItem>>(`fila-integracao?${query}`)).itens.map((r) => r.id);
    expect(await idsOf('')).toEqual([ids.sent, ids.order, ids.product]);
    expect(await idsOf('status=ERRO')).toEqual([ids.order, ids.product]);
    expect(await idsOf('tipo=PRODUTO')).toEqual([ids.product]);
    expect(await idsOf('term=memorias')).toEqual([ids.product]);
    expect(await idsOf('term=PV-1&sorter=referencia,asc')).toEqual([ids.order, ids.sent]);
    const product = (await get<Page<OutgoingItem>>('fila-integracao?tipo=PRODUTO')).itens[0];
    expect(product).toMatchObject({ referencia: '9786500000001', status: 'ERRO', tentativas: 8, resposta: 'HTTP 422 {"erro":"EAN inválido"}', conteudo: { ean: '9786500000001' } });
    for (const query of ['status=FALHOU', 'tipo=LIVRO', 'sorter=conteudo,asc']) expect((await call(t.app, 'GET', `fila-integracao?${query}`, { token: admin })).statusCode, query).toBe(400);
  });

  it('retries one failed item: PENDENTE, attempts 0, next attempt now; 409 when not failed, 404 for another company', async () => {
    const before = Date.now();
    const res = await call(t.app, 'POST', `fila-integracao/${ids.product}/reenviar`, { token: admin, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ reenviados: 1 });
    const [row] = await t.database.db.select().from(outgoingItems).where(eq(outgoingItems.id, ids.product));
    expect(row).toMatchObject({ status: 'PENDENTE', attempts: 0 });
    expect(Math.abs(row.nextAttemptAt.getTime() - before)).toBeLessThan(60_000);
    const again = await call(t.app, 'POST', `fila-integracao/${ids.product}/reenviar`, { token: admin, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Somente itens com erro podem ser reenviados');
    expect((await call(t.app, 'POST', `fila-integracao/${ids.other}/reenviar`, { token: admin, payload: {} })).statusCode).toBe(404);
  });

  it('retries every failed item of the selected company and answers the count', async () => {
    const res = await call(t.app, 'POST', 'fila-integracao/reenviar-erros', { token: admin, payload: {} });
    expect(res.json()).toEqual({ reenviados: 2 });
    expect(await t.database.db.$count(outgoingItems, eq(outgoingItems.status, 'ERRO'))).toBe(1); // the other company's
    expect((await call(t.app, 'POST', 'fila-integracao/reenviar-erros', { token: admin, payload: {} })).json()).toEqual({ reenviados: 0 });
  });
});

describe('reprocessamento', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const db = t.database.db;
    await db.delete(rejectedRecords);
    const rows = await db
      .insert(rejectedRecords)
      .values([
        { companyId: c1, entity: 'PRODUTO', erpId: 'P1', payload: { id: 'P1', ean: '123' }, error: 'ean: EAN inválido' },
        { companyId: c1, entity: 'VENDA', erpId: 'V1', payload: { id: 'V1' }, error: 'idCliente: cliente C9 não encontrado', status: 'REPROCESSADO' },
        { companyId: c2, entity: 'PRODUTO', erpId: 'P1', payload: {}, error: 'x' },
      ])
      .returning({ id: rejectedRecords.id });
    ids = { product: rows[0].id, sale: rows[1].id, other: rows[2].id };
  });

  it('lists the rejected records of the selected company with reason and raw JSON, filtered by entity, status and term', async () => {
    const idsOf = async (query: string) => (await get<Page<RejectedRecord>>(`reprocessamento/registros?${query}`)).itens.map((r) => r.id);
    expect((await idsOf('')).sort()).toEqual([ids.product, ids.sale].sort());
    expect(await idsOf('entidade=PRODUTO')).toEqual([ids.product]);
    expect(await idsOf('status=REPROCESSADO')).toEqual([ids.sale]);
    expect(await idsOf('term=cliente')).toEqual([ids.sale]);
    const record = (await get<Page<RejectedRecord>>('reprocessamento/registros?entidade=PRODUTO')).itens[0];
    expect(record).toMatchObject({ idErp: 'P1', erro: 'ean: EAN inválido', conteudo: { id: 'P1', ean: '123' }, status: 'PENDENTE', tentativas: 1 });
    for (const query of ['entidade=X', 'status=ERRO']) expect((await call(t.app, 'GET', `reprocessamento/registros?${query}`, { token: admin })).statusCode, query).toBe(400);
  });

  it('refuses a reprocessing body without a target, with both, with an empty list, or naming another company’s record (400)', async () => {
    const cases: [unknown, string][] = [
      [{}, 'ids'],
      [{ ids: [ids.product], todos: true }, 'todos'],
      [{ todos: false }, 'ids'],
      [{ ids: [] }, 'ids'],
      [{ ids: [ids.other] }, 'ids'],
      [{ ids: ['x'] }, 'ids.0'],
      [{ todos: true, outro: 1 }, 'outro'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(t.app, 'POST', 'reprocessamento/registros', { token: admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().messages.map((m: { field: string }) => m.field), JSON.stringify(payload)).toContain(field);
    }
  });

  it('reprocesses through the sync engine: 409 while the ERP integration is off, nothing changed', async () => {
    await setParameter(t.database.db, 'ERP_TIPO_INTEGRACAO', 'NENHUMA');
    for (const payload of [{ ids: [ids.product] }, { todos: true }]) {
      const res = await call(t.app, 'POST', 'reprocessamento/registros', { token: admin, payload });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe('Integração com o ERP desativada');
    }
    const [row] = await t.database.db.select().from(rejectedRecords).where(eq(rejectedRecords.id, ids.product));
    expect(row).toMatchObject({ status: 'PENDENTE', attempts: 1, error: 'ean: EAN inválido' });
  });

  it('re-syncs an entity from a day: state reset to that day (00:00 in São Paulo) and a MANUAL run of its task queued; 409 without the task', async () => {
    const db = t.database.db;
    await db.delete(scheduledTasks);
    await db.delete(entitySyncStates);
    const missing = await call(t.app, 'POST', 'reprocessamento/ressincronizar', { token: admin, payload: { entidade: 'VENDA', desde: '2026-01-01' } });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toBe('A tarefa agendada SINCRONIZAR_ERP_VENDA não existe: crie-a em Agendamentos antes de ressincronizar.');
    expect(await db.$count(entitySyncStates)).toBe(0);

    const [task] = await db.insert(scheduledTasks).values({ name: 'Sincronizar vendas', kind: 'SINCRONIZAR_ERP_VENDA', period: '*/5 * * * *', systemKey: 'SINCRONIZAR_ERP_VENDA' }).returning();
    await db.insert(entitySyncStates).values({ companyId: c1, entity: 'VENDA', cursor: 'abc', lastSuccessAt: new Date() });
    const res = await call(t.app, 'POST', 'reprocessamento/ressincronizar', { token: admin, payload: { entidade: 'VENDA', desde: '2026-01-01' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ entidade: 'VENDA', desde: '2026-01-01T03:00:00.000Z', idAgendamento: task.id });
    const [state] = await db.select().from(entitySyncStates).where(and(eq(entitySyncStates.companyId, c1), eq(entitySyncStates.entity, 'VENDA')));
    expect(state.cursor).toBeNull();
    expect(state.resyncFrom?.toISOString()).toBe('2026-01-01T03:00:00.000Z');
    const runs = await db.select().from(scheduledTaskRuns).where(eq(scheduledTaskRuns.taskId, task.id));
    expect(runs).toMatchObject([{ id: res.json().idExecucao, origin: 'MANUAL', status: 'PENDENTE' }]);

    // a second request while that run waits changes nothing
    await db.update(entitySyncStates).set({ cursor: 'moved' });
    const busy = await call(t.app, 'POST', 'reprocessamento/ressincronizar', { token: admin, payload: { entidade: 'VENDA', desde: '2025-01-01' } });
    expect(busy.statusCode).toBe(409);
    expect((await db.select().from(entitySyncStates))[0].cursor).toBe('moved');

    // the other company's state is its own row
    await db.delete(scheduledTaskRuns);
    expect((await call(t.app, 'POST', 'reprocessamento/ressincronizar', { token: adminCompany2, payload: { entidade: 'VENDA', desde: '2026-03-10' } })).statusCode).toBe(200);
    expect(await db.$count(entitySyncStates)).toBe(2);

    for (const payload of [{ entidade: 'LIVRO', desde: '2026-01-01' }, { entidade: 'VENDA', desde: '01/01/2026' }, { entidade: 'VENDA' }]) {
      expect((await call(t.app, 'POST', 'reprocessamento/ressincronizar', { token: admin, payload })).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
