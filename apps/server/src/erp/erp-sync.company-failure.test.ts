import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERP_ENTITIES, type ErpEntity } from '@acervo/contracts';
import { startErpSimulator, type ErpSimulator } from '@acervo/erp-sim';
import type { Database } from '../db/client.ts';
import { companies } from '../companies/companies.schema.ts';
import { entityStates, lagPercent } from '../integration/integration.service.ts';
import { scheduledTaskRuns, scheduledTasks } from '../schedules/schedules.schema.ts';
import { seedScheduledTasks } from '../schedules/schedules.seed.ts';
import { executeRun } from '../schedules/scheduler.ts';
import { TaskKindRegistry, type TaskContext } from '../schedules/task-kinds.ts';
import { createErpTaskKinds, syncTaskKind } from './erp-task-kinds.ts';
import { openErpTestDatabase, setErpParameters } from './test-helpers/erp-test-db.ts';

/**
 * Issue 15, defect 6: a company whose ERP code the ERP does not know fails alone. Against the real
 * simulator (two companies, DEMO01 and DEMO02) with a third active company coded NAOEXISTE: every
 * sync run ends AVISO ("Sucesso com avisos") naming the failing company, the two demo companies
 * are in time (100 %) and the failing one's lag shows in its indicator (0 %, each entity type
 * carrying its error).
 */
describe('one company unknown to the ERP does not fail the others', () => {
  let sim: ErpSimulator;
  let database: Database;
  let close: () => Promise<void>;
  let companyIds: number[];
  let missingId: number;
  const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const taskKinds = new TaskKindRegistry(createErpTaskKinds({ retry: { timeoutMs: 3000, retries: 2, minDelayMs: 1, maxDelayMs: 5 }, pageSize: 200 }));
  const ctx = () => ({ db: database.db, database, log: quietLog, taskKinds }) as unknown as TaskContext;

  /** Queues and executes one run of the built-in task of `entity`'s sync; answers its finished row. */
  async function runSync(entity: ErpEntity) {
    const [task] = await database.db.select().from(scheduledTasks).where(eq(scheduledTasks.kind, syncTaskKind(entity)));
    const [run] = await database.db.insert(scheduledTaskRuns).values({ taskId: task.id, origin: 'MANUAL', status: 'PENDENTE', dueAt: new Date() }).returning();
    const status = await executeRun(ctx(), run.id, new AbortController().signal);
    const [done] = await database.db.select().from(scheduledTaskRuns).where(eq(scheduledTaskRuns.id, run.id));
    const [after] = await database.db.select().from(scheduledTasks).where(eq(scheduledTasks.id, task.id));
    return { status, message: done.message ?? '', lastResult: after.lastResult };
  }

  beforeAll(async () => {
    sim = await startErpSimulator({ port: 0, titulos: 60, meses: 1, empresas: 2, seed: 3, vendasPorMinuto: 0 });
    ({ database, close, companyIds } = await openErpTestDatabase());
    await setErpParameters(database, { tipo: 'SIMULADOR', url: `${sim.url}/api/v1` });
    await seedScheduledTasks(database.db, taskKinds);
    const [row] = await database.db
      .insert(companies)
      .values({ name: 'Livraria Sem ERP', cnpj: '11444777000161', description: 'Código ainda não cadastrado no ERP', erpCode: 'NAOEXISTE', apiAccess: false })
      .returning({ id: companies.id });
    missingId = row.id;
  });
  afterAll(async () => {
    await sim?.close();
    await close?.();
  });

  it('stock, product and sales runs end "Sucesso com avisos" naming the failing company; the others sync', async () => {
    for (const entity of ['ESTOQUE', 'PRODUTO', 'VENDA'] as const) {
      const run = await runSync(entity);
      expect([entity, run.status, run.lastResult]).toEqual([entity, 'AVISO', 'AVISO']);
      expect(run.message).toMatch(/^Falha ao sincronizar .* da empresa Livraria Sem ERP \(NAOEXISTE\): O ERP respondeu 404 .*Empresa NAOEXISTE não encontrada/);
      expect(run.message).toMatch(/DEMO01: \d+ registro\(s\) recebido\(s\), 0 rejeitado\(s\), \d+ armazenado\(s\); DEMO02: \d+ registro/);
    }
  });

  it('the demo companies are in time (100 %); the failing company shows its lag and its error per entity type', async () => {
    for (const entity of ERP_ENTITIES.filter((e) => !['ESTOQUE', 'PRODUTO', 'VENDA'].includes(e))) expect((await runSync(entity)).status).toBe('AVISO');
    expect(await lagPercent(database.db, companyIds[0])).toBe(100);
    expect(await lagPercent(database.db, companyIds[1])).toBe(100);
    expect(await lagPercent(database.db, missingId)).toBe(0);
    const failing = await entityStates(database.db, missingId, new Date());
    expect(failing.every((s) => !s.emDia && s.ultimaSincronizacao === null && /Empresa NAOEXISTE não encontrada/.test(s.ultimoErro ?? ''))).toBe(true);
  });

  it('when every company fails the run ends "Erro"', async () => {
    await database.db.update(companies).set({ active: false }).where(eq(companies.id, companyIds[0]));
    await database.db.update(companies).set({ active: false }).where(eq(companies.id, companyIds[1]));
    const run = await runSync('VENDA');
    expect(run.status).toBe('ERRO');
    expect(run.message).toMatch(/^Falha ao sincronizar vendas e devoluções da empresa Livraria Sem ERP \(NAOEXISTE\)/);
  });
});
