import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { nextDueTime, type Schedule, type ScheduleRun, type TaskKindInfo } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call } from '../auth/auth.test-helpers.ts';
import { auditLog } from '../audit/audit.schema.ts';
import { emailOutbox, passwordResets, sessions } from '../auth/auth.schema.ts';
import { startBackgroundWork, type BackgroundWork } from './background.ts';
import { JobQueue } from '../jobs/job-queue.ts';
import { scheduledTaskRuns, scheduledTasks } from './schedules.schema.ts';
import { seedScheduledTasks } from './schedules.seed.ts';
import { TaskScheduler, defineScheduleQueue, executeRun, RUN_IN_PROGRESS_MESSAGE } from './scheduler.ts';
import { finishRun } from './schedules.repository.ts';
import type { TaskContext } from './task-kinds.ts';
import { DOMAIN_QUEUES } from '../domains.ts';
import { SYSTEM_TASK_DELETE_MESSAGE } from './schedules.service.ts';

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestApp;
let admin: string;
let adminCompany2: string;
let seller: string;
let ctx: TaskContext;

const body = (over: Record<string, unknown> = {}) => ({ nome: 'Limpeza de teste', tipo: 'LIMPEZA_SESSOES', periodo: '0 2 * * *', intervaloRepeticao: null, ativo: true, idEmpresa: null, ...over });
const count = async () => ({ tasks: await t.database.db.$count(scheduledTasks), audit: await t.database.db.$count(auditLog, eq(auditLog.entity, 'agendamento')) });

async function create(over: Record<string, unknown> = {}, token = admin): Promise<Schedule> {
  const res = await call(t.app, 'POST', 'agendamento', { token, payload: body(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Schedule;
}

async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await seedScheduledTasks(t.database.db, t.ctx.taskKinds);
  admin = (await t.login('admin', 'admin')).token;
  const refreshed = await call(t.app, 'POST', 'auth/refresh', { token: (await t.login('admin', 'admin')).token, payload: { idEmpresa: t.seed.companyIds[1] } });
  expect(refreshed.statusCode, refreshed.body).toBe(200);
  adminCompany2 = refreshed.json().token;
  seller = (await t.login('vendedor', 'vendedor')).token;
  ctx = { db: t.database.db, database: t.database, config: t.ctx.config, queue: t.ctx.jobs, log: silentLog, taskKinds: t.ctx.taskKinds };
});

afterAll(async () => {
  await t?.close();
});

describe('access', () => {
  it('answers 401 without a token and 403 without ROLE_VISUALIZAR_AGENDAMENTO, for every call, writing nothing', async () => {
    const before = await count();
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', 'agendamento'],
      ['GET', 'agendamento/tipos'],
      ['POST', 'agendamento'],
      ['GET', 'agendamento/1'],
      ['PUT', 'agendamento/1'],
      ['PUT', 'agendamento/inativa/1'],
      ['DELETE', 'agendamento/1'],
      ['POST', 'agendamento/1/executar'],
      ['GET', 'agendamento/1/execucoes'],
    ];
    for (const [method, path] of calls) {
      const payload = method === 'POST' || method === 'PUT' ? body() : undefined;
      expect((await call(t.app, method, path, { payload })).statusCode, `${method} ${path}`).toBe(401);
      expect((await call(t.app, method, path, { token: seller, payload })).statusCode, `${method} ${path}`).toBe(403);
    }
    expect(await count()).toEqual(before);
  });
});

describe('kinds and built-in tasks', () => {
  it('GET agendamento/tipos lists the registry with pt-BR labels, the clean-ups included', async () => {
    const res = await call(t.app, 'GET', 'agendamento/tipos', { token: admin });
    expect(res.statusCode).toBe(200);
    const kinds = res.json() as TaskKindInfo[];
    expect(kinds.map((k) => k.tipo)).toEqual(expect.arrayContaining(['LIMPEZA_EMAIL_SAIDA', 'LIMPEZA_SESSOES', 'LIMPEZA_REDEFINICAO_SENHA']));
    expect(kinds.find((k) => k.tipo === 'LIMPEZA_SESSOES')).toMatchObject({ descricao: 'Limpeza de sessões expiradas ou encerradas', escopo: 'SISTEMA' });
  });

  it('a search also finds the tasks of the kinds the screen names in tiposTermo (their labels in English matched), known kinds only', async () => {
    const plain = await call(t.app, 'GET', 'agendamento?term=sessions&pageSize=50', { token: admin });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().itens).toEqual([]);
    const named = await call(t.app, 'GET', 'agendamento?term=sessions&tiposTermo=LIMPEZA_SESSOES,NAO_EXISTE&pageSize=50', { token: admin });
    expect(named.statusCode).toBe(200);
    expect((named.json().itens as Schedule[]).map((s) => s.tipo)).toEqual(['LIMPEZA_SESSOES']);
    const unknownOnly = await call(t.app, 'GET', 'agendamento?term=sessions&tiposTermo=NAO_EXISTE&pageSize=50', { token: admin });
    expect(unknownOnly.json().itens).toEqual([]);
    // without a term the kinds filter nothing
    const noTerm = await call(t.app, 'GET', 'agendamento?tiposTermo=LIMPEZA_SESSOES&pageSize=50', { token: admin });
    expect((noTerm.json().itens as Schedule[]).length).toBeGreaterThan(1);
  });

  it('seeds one active system task per built-in kind once, with its next due time, and refuses to delete them', async () => {
    expect(await seedScheduledTasks(t.database.db, t.ctx.taskKinds)).toBe(0);
    const res = await call(t.app, 'GET', 'agendamento?term=limpeza&pageSize=50', { token: admin });
    const system = (res.json().itens as Schedule[]).filter((s) => s.sistema);
    expect(system.map((s) => s.tipo).sort()).toEqual(['LIMPEZA_ARQUIVOS_EXPORTACAO', 'LIMPEZA_CALCULO_REPOSICAO', 'LIMPEZA_EMAIL_SAIDA', 'LIMPEZA_FILA_EXPORTACAO', 'LIMPEZA_LOG_INTEGRACAO', 'LIMPEZA_REDEFINICAO_SENHA', 'LIMPEZA_SESSOES']);
    for (const s of system) {
      expect(s.ativo).toBe(true);
      expect(s.idEmpresa).toBeNull();
      expect(new Date(s.proximaExecucao!).getTime()).toBeGreaterThan(Date.now());
    }
    const del = await call(t.app, 'DELETE', `agendamento/${system[0].id}`, { token: admin });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(SYSTEM_TASK_DELETE_MESSAGE);
    const kindChange = await call(t.app, 'PUT', `agendamento/${system[0].id}`, { token: admin, payload: body({ nome: system[0].nome, tipo: system.find((s) => s.tipo !== system[0].tipo)!.tipo }) });
    expect(kindChange.statusCode).toBe(400);
    expect(kindChange.json().messages[0].field).toBe('tipo');
  });
});

describe('create, read, update, toggle, delete', () => {
  it('POST creates with the server-computed next due time and pt-BR description, audited as CRIACAO', async () => {
    const before = Date.now();
    const created = await create({ nome: 'Sessões às 02:00', intervaloRepeticao: 15 });
    expect(created).toMatchObject({ nome: 'Sessões às 02:00', tipo: 'LIMPEZA_SESSOES', descricaoTipo: 'Limpeza de sessões expiradas ou encerradas', periodo: '0 2 * * *', descricaoPeriodo: 'Às 02:00', intervaloRepeticao: 15, ativo: true, sistema: false, ultimaExecucao: null, ultimoResultado: null });
    const expected = nextDueTime('0 2 * * *', 15, new Date(before))!;
    expect(Math.abs(new Date(created.proximaExecucao!).getTime() - expected.getTime())).toBeLessThanOrEqual(15 * 60_000);
    // 02:xx in Brasília time
    expect(new Date(created.proximaExecucao!).toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo' })).toMatch(/^02:(00|15|30|45):00$/);
    const got = await call(t.app, 'GET', `agendamento/${created.id}`, { token: admin });
    expect(got.json()).toEqual(created);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'agendamento'), eq(auditLog.recordId, String(created.id))));
    expect(entry.action).toBe('CRIACAO');
    expect(entry.changes).toEqual(expect.arrayContaining([{ campo: 'periodo', antes: null, depois: '0 2 * * *' }]));
  });

  it('PUT replaces the fields, recomputes the next run and audits the changed fields', async () => {
    const created = await create({ nome: 'Para alterar' });
    const res = await call(t.app, 'PUT', `agendamento/${created.id}`, { token: admin, payload: body({ nome: 'Alterado', periodo: '*/10 * * * *' }) });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as Schedule;
    expect(updated).toMatchObject({ nome: 'Alterado', periodo: '*/10 * * * *', descricaoPeriodo: 'A cada 10 minutos' });
    expect(new Date(updated.proximaExecucao!).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'agendamento'), eq(auditLog.recordId, String(created.id)), eq(auditLog.action, 'ALTERACAO')));
    expect(entries).toHaveLength(1);
    expect(entries[0].changes.map((c) => c.campo).sort()).toEqual(['nome', 'periodo']);
  });

  it('PUT inativa toggles ativo: no next run while inactive, a fresh one when activated again, both audited', async () => {
    const created = await create({ nome: 'Para desativar' });
    const off = await call(t.app, 'PUT', `agendamento/inativa/${created.id}`, { token: admin });
    expect(off.json()).toMatchObject({ ativo: false, proximaExecucao: null });
    const on = await call(t.app, 'PUT', `agendamento/inativa/${created.id}`, { token: admin });
    expect(on.json().ativo).toBe(true);
    expect(on.json().proximaExecucao).not.toBeNull();
    const actions = await t.database.db.select({ a: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'agendamento'), eq(auditLog.recordId, String(created.id)))).orderBy(asc(auditLog.id));
    expect(actions.map((r) => r.a)).toEqual(['CRIACAO', 'INATIVACAO', 'ATIVACAO']);
    const inactiveList = await call(t.app, 'GET', 'agendamento?status=false&term=desativar', { token: admin });
    expect(inactiveList.json().itens).toEqual([]);
  });

  it('DELETE removes the task and its runs (204), audited as EXCLUSAO; then 404', async () => {
    const created = await create({ nome: 'Para excluir' });
    await t.database.db.insert(scheduledTaskRuns).values({ taskId: created.id, origin: 'MANUAL', status: 'SUCESSO', dueAt: new Date() });
    expect((await call(t.app, 'DELETE', `agendamento/${created.id}`, { token: admin })).statusCode).toBe(204);
    expect((await call(t.app, 'GET', `agendamento/${created.id}`, { token: admin })).statusCode).toBe(404);
    expect(await t.database.db.$count(scheduledTaskRuns, eq(scheduledTaskRuns.taskId, created.id))).toBe(0);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'agendamento'), eq(auditLog.recordId, String(created.id)), eq(auditLog.action, 'EXCLUSAO')));
    expect(entry).toBeDefined();
  });

  it('GET agendamento pages, searches without accents, filters by status and kind, and sorts by every column', async () => {
    await create({ nome: 'Relatório ÚNICO de busca', periodo: '0 5 * * 1-5' });
    const found = await call(t.app, 'GET', 'agendamento?term=relatorio unico&status=true', { token: admin });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ totalItens: 1, page: 0, itens: [{ nome: 'Relatório ÚNICO de busca', descricaoPeriodo: 'Às 05:00, de segunda-feira a sexta-feira' }] });
    const byKind = await call(t.app, 'GET', 'agendamento?tipo=LIMPEZA_EMAIL_SAIDA', { token: admin });
    expect((byKind.json().itens as Schedule[]).every((s) => s.tipo === 'LIMPEZA_EMAIL_SAIDA')).toBe(true);
    for (const field of ['nome', 'tipo', 'periodo', 'intervaloRepeticao', 'proximaExecucao', 'ultimaExecucao', 'ultimoResultado', 'ultimaDuracaoMs', 'ativo']) {
      const res = await call(t.app, 'GET', `agendamento?sorter=${field},desc&pageSize=2`, { token: admin });
      expect(res.statusCode, field).toBe(200);
      expect(res.json().size).toBe(2);
    }
    const names = ((await call(t.app, 'GET', 'agendamento?sorter=nome,asc&pageSize=200', { token: admin })).json().itens as Schedule[]).map((s) => s.nome.toLowerCase());
    expect(names).toEqual([...names].sort());
    const bad = await call(t.app, 'GET', 'agendamento?sorter=senha', { token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0].field).toBe('sorter');
  });
});

describe('bad input answers 400 naming the field, and writes nothing', () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['an invalid cron', { periodo: '0 25 * * *' }, 'periodo', /Valor inválido no campo hora/],
    ['a cron of 4 fields', { periodo: '0 2 * *' }, 'periodo', /Informe 5 campos/],
    ['a macro', { periodo: '@daily' }, 'periodo', /Informe 5 campos/],
    ['a date that never occurs', { periodo: '0 0 31 2 *' }, 'periodo', /nunca ocorre/],
    ['an unknown kind', { tipo: 'NAO_EXISTE' }, 'tipo', /Tipo de tarefa desconhecido/],
    ['a repetition past one day', { intervaloRepeticao: 1441 }, 'intervaloRepeticao', /menor ou igual a 1440/],
    ['a negative repetition', { intervaloRepeticao: -1 }, 'intervaloRepeticao', /maior ou igual a 0/],
    ['an empty name', { nome: '  ' }, 'nome', /Campo obrigatório/],
    ['a 2 MB name', { nome: 'x'.repeat(2 * 1024 * 1024) }, '', /.+/],
    ['a 101-character name', { nome: 'x'.repeat(101) }, 'nome', /no máximo 100/],
    ['an unknown field', { cor: 'azul' }, 'cor', /.+/],
    ['another company', { idEmpresa: 999 }, 'idEmpresa', /empresa selecionada/],
    ['a company on a system-wide kind', { idEmpresa: 1 }, 'idEmpresa', /todo o sistema/],
    ['ativo as text', { ativo: 'sim' }, 'ativo', /verdadeiro ou falso/],
  ];
  for (const [label, over, field, message] of cases) {
    it(`POST and PUT with ${label}`, async () => {
      const existing = await create({ nome: `Base ${label}` });
      const before = await count();
      const [stored] = await t.database.db.select().from(scheduledTasks).where(eq(scheduledTasks.id, existing.id));
      for (const [method, path] of [
        ['POST', 'agendamento'],
        ['PUT', `agendamento/${existing.id}`],
      ] as const) {
        const res = await call(t.app, method, path, { token: admin, payload: body(over) });
        expect(res.statusCode, `${method} ${res.body.slice(0, 300)}`).toBe(400);
        if (field) expect(res.json().messages).toEqual(expect.arrayContaining([expect.objectContaining({ field, message: expect.stringMatching(message) })]));
      }
      expect(await count()).toEqual(before);
      const [after] = await t.database.db.select().from(scheduledTasks).where(eq(scheduledTasks.id, existing.id));
      expect(after).toEqual(stored);
    });
  }
});

describe('company scope', () => {
  it("lists system-wide tasks and the selected company's; another company's task id answers 404 on every call", async () => {
    t.ctx.taskKinds.register({ tipo: 'TESTE_POR_EMPRESA', descricao: 'Teste por empresa', escopo: 'EMPRESA', periodoSugerido: '0 4 * * *', run: async () => 'ok' });
    const noCompany = await call(t.app, 'POST', 'agendamento', { token: admin, payload: body({ tipo: 'TESTE_POR_EMPRESA' }) });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().messages[0].field).toBe('idEmpresa');
    const other = await create({ nome: 'Da empresa 2', tipo: 'TESTE_POR_EMPRESA', idEmpresa: t.seed.companyIds[1] }, adminCompany2);
    const own = await create({ nome: 'Da empresa 1', tipo: 'TESTE_POR_EMPRESA', idEmpresa: t.seed.companyIds[0] });
    const list1 = (await call(t.app, 'GET', 'agendamento?pageSize=200', { token: admin })).json().itens as Schedule[];
    expect(list1.map((s) => s.id)).toContain(own.id);
    expect(list1.map((s) => s.id)).not.toContain(other.id);
    expect(list1.some((s) => s.sistema)).toBe(true);
    const list2 = (await call(t.app, 'GET', 'agendamento?pageSize=200', { token: adminCompany2 })).json().itens as Schedule[];
    expect(list2.map((s) => s.id)).toContain(other.id);
    expect(list2.map((s) => s.id)).not.toContain(own.id);
    const before = await count();
    for (const [method, path] of [
      ['GET', `agendamento/${other.id}`],
      ['PUT', `agendamento/${other.id}`],
      ['PUT', `agendamento/inativa/${other.id}`],
      ['DELETE', `agendamento/${other.id}`],
      ['POST', `agendamento/${other.id}/executar`],
      ['GET', `agendamento/${other.id}/execucoes`],
    ] as const) {
      const payload = method === 'PUT' && !path.includes('inativa') ? body({ tipo: 'TESTE_POR_EMPRESA', idEmpresa: t.seed.companyIds[0] }) : undefined;
      expect((await call(t.app, method, path, { token: admin, payload })).statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await count()).toEqual(before);
    expect(await t.database.db.$count(scheduledTaskRuns, eq(scheduledTaskRuns.taskId, other.id))).toBe(0);
    const [stored] = await t.database.db.select().from(scheduledTasks).where(eq(scheduledTasks.id, other.id));
    expect(stored).toMatchObject({ name: 'Da empresa 2', active: true });
  });
});

describe('runs through the job queue', () => {
  let background: BackgroundWork;
  beforeAll(async () => {
    background = await startBackgroundWork({ database: t.database, queue: t.ctx.jobs, config: t.ctx.config, log: silentLog, taskKinds: t.ctx.taskKinds, queues: DOMAIN_QUEUES }, { taskWorkers: 2, pollingIntervalMs: 500, schedulerMaxSleepMs: 100 });
  });
  afterAll(async () => {
    await background.stop();
  });

  it('POST executar queues a MANUAL run (202), refuses a second while it is pending, and the run shows in the history with its outcome', async () => {
    const created = await create({ nome: 'Executar agora', ativo: false });
    const res = await call(t.app, 'POST', `agendamento/${created.id}/executar`, { token: admin });
    expect(res.statusCode, res.body).toBe(202);
    const run = res.json() as ScheduleRun;
    expect(run).toMatchObject({ idAgendamento: created.id, origem: 'MANUAL', solicitadoPor: 'Administrador' });
    expect(['PENDENTE', 'EM_EXECUCAO', 'SUCESSO']).toContain(run.status);
    const history = await waitFor(async () => {
      const list = (await call(t.app, 'GET', `agendamento/${created.id}/execucoes`, { token: admin })).json() as ScheduleRun[];
      return list[0]?.status === 'SUCESSO' ? list : null;
    });
    expect(history).toHaveLength(1);
    expect(history[0].mensagem).toMatch(/sessão\(ões\) expirada\(s\) ou encerrada\(s\) excluída\(s\)/);
    expect(history[0].duracaoMs).toBeGreaterThanOrEqual(0);
    const task = (await call(t.app, 'GET', `agendamento/${created.id}`, { token: admin })).json() as Schedule;
    expect(task).toMatchObject({ ultimoResultado: 'SUCESSO', ultimaExecucao: history[0].inicio, ultimaDuracaoMs: history[0].duracaoMs, proximaExecucao: null });
  });

  it('a second "executar" while one is queued answers 409', async () => {
    const created = await create({ nome: 'Executar duas vezes' });
    await t.database.db.insert(scheduledTaskRuns).values({ taskId: created.id, origin: 'MANUAL', status: 'EM_EXECUCAO', dueAt: new Date(), startedAt: new Date() });
    const res = await call(t.app, 'POST', `agendamento/${created.id}/executar`, { token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RUN_IN_PROGRESS_MESSAGE);
  });

  it('a due task runs once, and a task that throws is recorded as ERRO with its message while its next due time still comes', async () => {
    let calls = 0;
    t.ctx.taskKinds.register({
      tipo: 'TESTE_FALHA',
      descricao: 'Teste que falha',
      escopo: 'SISTEMA',
      periodoSugerido: '* * * * *',
      run: async () => {
        calls++;
        throw new Error('Falha proposital do teste');
      },
    });
    const created = await create({ nome: 'Falha', tipo: 'TESTE_FALHA', periodo: '*/5 * * * *' });
    const due = new Date(Date.now() - 1000);
    await t.database.db.update(scheduledTasks).set({ nextRunAt: due }).where(eq(scheduledTasks.id, created.id));
    background.scheduler.wake();
    const runs = await waitFor(async () => {
      const list = (await call(t.app, 'GET', `agendamento/${created.id}/execucoes`, { token: admin })).json() as ScheduleRun[];
      return list[0]?.status === 'ERRO' ? list : null;
    });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ origem: 'AGENDADA', agendadoPara: due.toISOString(), mensagem: 'Falha proposital do teste' });
    const task = (await call(t.app, 'GET', `agendamento/${created.id}`, { token: admin })).json() as Schedule;
    expect(task.ultimoResultado).toBe('ERRO');
    expect(task.ultimaMensagem).toBe('Falha proposital do teste');
    expect(new Date(task.proximaExecucao!).getTime()).toBeGreaterThan(Date.now());
    // the next due time is the schedule's next after the moment the scheduler claimed this one, which
    // lies between the due time and the run's start: a */5 boundary between those two bounds
    const stored = new Date(task.proximaExecucao!).getTime();
    expect(stored).toBeGreaterThanOrEqual(nextDueTime('*/5 * * * *', null, due)!.getTime());
    expect(stored).toBeLessThanOrEqual(nextDueTime('*/5 * * * *', null, new Date(runs[0].inicio!))!.getTime());
    expect(stored % 300_000).toBe(0);
    await new Promise((r) => setTimeout(r, 700));
    expect(calls).toBe(1);
  });

  it('two schedulers and two queues on one database claim each due time once (in-process race)', async () => {
    const second = new JobQueue(t.database);
    await defineScheduleQueue(second);
    await second.start();
    const otherScheduler = new TaskScheduler({ ...ctx, queue: second }, { maxSleepMs: 20 });
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push((await create({ nome: `Corrida ${i}` })).id);
    // the file's background scheduler loop (every ≤ 100 ms) is paused, so only the four ticks below
    // race for the due times: on a slow machine the loop claimed all 8 first and the ticks none
    // (CI on PostgreSQL: 0 of 8); its queue workers still run the claimed jobs
    await background.scheduler.stop();
    const due = new Date(Date.now() - 500);
    await t.database.db.update(scheduledTasks).set({ nextRunAt: due }).where(sql`${scheduledTasks.id} IN (${sql.join(ids, sql`, `)})`);
    const now = new Date();
    const claimed = await Promise.all([background.scheduler.tick(now), otherScheduler.tick(now), background.scheduler.tick(now), otherScheduler.tick(now)]);
    background.scheduler.start();
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(8);
    await waitFor(async () => (await t.database.db.$count(scheduledTaskRuns, and(sql`${scheduledTaskRuns.taskId} IN (${sql.join(ids, sql`, `)})`, eq(scheduledTaskRuns.status, 'SUCESSO')))) === 8);
    for (const id of ids) expect(await t.database.db.$count(scheduledTaskRuns, eq(scheduledTaskRuns.taskId, id))).toBe(1);
    await second.stop();
  });
});

describe('run history and the clean-up kinds', () => {
  it('keeps the last 50 finished runs of a task', async () => {
    const created = await create({ nome: 'Histórico' });
    const start = Date.now() - 100_000;
    await t.database.db.insert(scheduledTaskRuns).values(Array.from({ length: 55 }, (_, i) => ({ taskId: created.id, origin: 'AGENDADA' as const, status: 'SUCESSO' as const, dueAt: new Date(start + i * 1000) })));
    const [last] = await t.database.db.insert(scheduledTaskRuns).values({ taskId: created.id, origin: 'MANUAL', status: 'EM_EXECUCAO', dueAt: new Date(), startedAt: new Date() }).returning();
    await t.database.db.transaction((tx) => finishRun(tx, { id: last.id, taskId: created.id, startedAt: last.startedAt! }, { status: 'SUCESSO', finishedAt: new Date(), message: null }));
    const runs = (await call(t.app, 'GET', `agendamento/${created.id}/execucoes`, { token: admin })).json() as ScheduleRun[];
    expect(runs).toHaveLength(50);
    expect(runs[0].id).toBe(last.id);
    expect(await t.database.db.$count(scheduledTaskRuns, eq(scheduledTaskRuns.taskId, created.id))).toBe(50);
  });

  async function runKind(tipo: string): Promise<string> {
    const [task] = await t.database.db.insert(scheduledTasks).values({ name: `Limpeza ${tipo}`, kind: tipo, period: '0 2 * * *' }).returning();
    const [run] = await t.database.db.insert(scheduledTaskRuns).values({ taskId: task.id, origin: 'MANUAL', status: 'PENDENTE', dueAt: new Date() }).returning();
    expect(await executeRun(ctx, run.id, new AbortController().signal)).toBe('SUCESSO');
    const [done] = await t.database.db.select().from(scheduledTaskRuns).where(eq(scheduledTaskRuns.id, run.id));
    return done.message ?? '';
  }

  it('LIMPEZA_EMAIL_SAIDA deletes e-mails sent more than 30 days ago, and only those', async () => {
    const day = 86_400_000;
    const rows = await t.database.db
      .insert(emailOutbox)
      .values([
        { to: 'a@x.com', subject: 'velho enviado', body: '.', createdAt: new Date(Date.now() - 40 * day), sentAt: new Date(Date.now() - 31 * day) },
        { to: 'b@x.com', subject: 'recente enviado', body: '.', sentAt: new Date(Date.now() - 29 * day) },
        { to: 'c@x.com', subject: 'velho não enviado', body: '.', createdAt: new Date(Date.now() - 40 * day), error: 'SMTP' },
      ])
      .returning({ id: emailOutbox.id, subject: emailOutbox.subject });
    expect(await runKind('LIMPEZA_EMAIL_SAIDA')).toMatch(/^1 e-mail/);
    const left = await t.database.db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(sql`${emailOutbox.id} IN (${sql.join(rows.map((r) => r.id), sql`, `)})`);
    expect(left.map((r) => r.subject).sort()).toEqual(['recente enviado', 'velho não enviado']);
  });

  it('LIMPEZA_SESSOES deletes expired and revoked sessions and keeps live ones (a live token still works)', async () => {
    const live = await t.login('admin', 'admin');
    const expiredId = crypto.randomUUID();
    const revokedId = crypto.randomUUID();
    await t.database.db.insert(sessions).values([
      { id: expiredId, userId: t.seed.adminId, companyId: t.seed.companyIds[0], expiresAt: new Date(Date.now() - 1000) },
      { id: revokedId, userId: t.seed.adminId, companyId: t.seed.companyIds[0], expiresAt: new Date(Date.now() + 86_400_000), revokedAt: new Date() },
    ]);
    const liveCount = await t.database.db.$count(sessions, and(sql`${sessions.expiresAt} > now()`, sql`${sessions.revokedAt} IS NULL`));
    await runKind('LIMPEZA_SESSOES');
    expect(await t.database.db.$count(sessions, sql`${sessions.id} IN (${expiredId}, ${revokedId})`)).toBe(0);
    expect(await t.database.db.$count(sessions)).toBe(liveCount);
    expect((await call(t.app, 'GET', 'agendamento/tipos', { token: live.token })).statusCode).toBe(200);
  });

  it('LIMPEZA_REDEFINICAO_SENHA deletes used and expired reset tokens and keeps pending ones', async () => {
    const hash = (n: number) => String(n).padStart(64, '0');
    await t.database.db.insert(passwordResets).values([
      { userId: t.seed.sellerId, tokenHash: hash(1), expiresAt: new Date(Date.now() + 3_600_000), usedAt: new Date() },
      { userId: t.seed.sellerId, tokenHash: hash(2), expiresAt: new Date(Date.now() - 1000) },
      { userId: t.seed.sellerId, tokenHash: hash(3), expiresAt: new Date(Date.now() + 3_600_000) },
    ]);
    expect(await runKind('LIMPEZA_REDEFINICAO_SENHA')).toMatch(/^2 pedido/);
    const left = await t.database.db.select({ tokenHash: passwordResets.tokenHash }).from(passwordResets);
    expect(left.map((r) => r.tokenHash)).toEqual([hash(3)]);
  });

  it('every registered kind has a pt-BR label and a valid suggested period', () => {
    for (const kind of t.ctx.taskKinds.list()) {
      expect(kind.descricao.length).toBeGreaterThan(3);
      expect(nextDueTime(kind.periodoSugerido, null, new Date())).not.toBeNull();
    }
  });
});
