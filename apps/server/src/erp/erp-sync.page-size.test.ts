import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startErpSimulator, type ErpSimulator } from '@acervo/erp-sim';
import type { Database } from '../db/client.ts';
import { integrationLogs } from '../integration/integration.schema.ts';
import { scheduledTaskRuns, scheduledTasks } from '../schedules/schedules.schema.ts';
import { seedScheduledTasks } from '../schedules/schedules.seed.ts';
import { executeRun } from '../schedules/scheduler.ts';
import { TaskKindRegistry, type TaskContext } from '../schedules/task-kinds.ts';
import { ERP_PAGE_SIZE, ERP_PAGE_SIZE_PGLITE } from './erp-sync.ts';
import { createErpTaskKinds, syncTaskKind } from './erp-task-kinds.ts';
import { openErpTestDatabase, setErpParameters } from './test-helpers/erp-test-db.ts';

/**
 * The sync task asks the ERP for smaller pages on PGlite (ERP_PAGE_SIZE_PGLITE), whose statements
 * run in the server's thread and hold its event loop for the length of a page's transaction, and
 * for ERP_PAGE_SIZE on PostgreSQL. Read from the integration log's request URLs (`limite=`).
 */
describe('ERP sync page size by database', () => {
  let sim: ErpSimulator;
  let database: Database;
  let close: () => Promise<void>;
  const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const taskKinds = new TaskKindRegistry(createErpTaskKinds({ retry: { timeoutMs: 3000, retries: 2, minDelayMs: 1, maxDelayMs: 5 } }));

  beforeAll(async () => {
    // more sales than one PGlite page, fewer than one PostgreSQL page would not tell them apart
    sim = await startErpSimulator({ port: 0, titulos: 200, meses: 12, empresas: 2, seed: 5, vendasPorMinuto: 0 });
    ({ database, close } = await openErpTestDatabase());
    await setErpParameters(database, { tipo: 'SIMULADOR', url: `${sim.url}/api/v1` });
    await seedScheduledTasks(database.db, taskKinds);
  });
  afterAll(async () => {
    await sim?.close();
    await close?.();
  });

  it('asks for pages of 200 on PGlite and 500 on PostgreSQL, and the run succeeds', async () => {
    const [task] = await database.db.select().from(scheduledTasks).where(eq(scheduledTasks.kind, syncTaskKind('VENDA')));
    const [run] = await database.db.insert(scheduledTaskRuns).values({ taskId: task.id, origin: 'MANUAL', status: 'PENDENTE', dueAt: new Date() }).returning();
    const ctx = { db: database.db, database, log: quietLog, taskKinds } as unknown as TaskContext;
    expect(await executeRun(ctx, run.id, new AbortController().signal)).toBe('SUCESSO');
    const urls = (await database.db.select({ url: integrationLogs.url }).from(integrationLogs)).map((r) => r.url).filter((u) => u.includes('/registros/VENDA'));
    const limits = new Set(urls.map((u) => new URL(u).searchParams.get('limite')));
    const expected = database.kind === 'pglite' ? ERP_PAGE_SIZE_PGLITE : ERP_PAGE_SIZE;
    expect([...limits]).toEqual([String(expected)]);
    expect(ERP_PAGE_SIZE_PGLITE).toBeLessThan(ERP_PAGE_SIZE);
    if (database.kind === 'pglite') expect(urls.length).toBeGreaterThan(1);
  });
});
