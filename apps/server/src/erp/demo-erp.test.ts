import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { ERP_ENTITIES } from '@acervo/contracts';
import type { ErpSimulator } from '@acervo/erp-sim';
import type { Database } from '../db/client.ts';
import { getParameters, readSecretParameter } from '../parameters/parameters.service.ts';
import { scheduledTasks } from '../schedules/schedules.schema.ts';
import { seedScheduledTasks } from '../schedules/schedules.seed.ts';
import { createTaskKindRegistry } from '../domains.ts';
import type { TaskContext } from '../schedules/task-kinds.ts';
import { loopbackPort, seedDemoErpParameters, startDemoErp, writeErpParameters } from './demo-erp.ts';
import { createErpTaskKinds, syncTaskKind } from './erp-task-kinds.ts';
import { compareWithErp, differences } from './test-helpers/compare.ts';
import { openErpTestDatabase } from './test-helpers/erp-test-db.ts';

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A TCP port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the demo ERP of npm start', () => {
  let database: Database;
  let close: () => Promise<void>;
  let port: number;
  const running: ErpSimulator[] = [];
  const sizes = { titulos: 150, meses: 2, vendasPorMinuto: 0 };
  const kinds = createErpTaskKinds({ retry: { timeoutMs: 5000, retries: 1, minDelayMs: 1, maxDelayMs: 5 } });
  const syncAll = async () => {
    const ctx = { db: database.db, database, log: quietLog } as unknown as TaskContext;
    for (const entity of ERP_ENTITIES) await kinds.find((k) => k.tipo === syncTaskKind(entity))!.run(ctx, {} as never, new AbortController().signal);
  };
  const syncTasksDue = async (now: Date) => {
    const tasks = await database.db.select().from(scheduledTasks).where(like(scheduledTasks.kind, 'SINCRONIZAR\\_ERP\\_%'));
    expect(tasks).toHaveLength(13);
    return tasks.filter((t) => t.nextRunAt !== null && t.nextRunAt.getTime() <= now.getTime()).length;
  };

  beforeAll(async () => {
    ({ database, close } = await openErpTestDatabase());
    await seedScheduledTasks(database.db, createTaskKindRegistry());
    port = await freePort();
  });
  afterAll(async () => {
    await Promise.all(running.map((s) => s.close()));
    await close?.();
  });

  it('reads the port of a loopback URL only', () => {
    expect(loopbackPort('http://127.0.0.1:4010/api/v1')).toBe(4010);
    expect(loopbackPort('http://localhost/api')).toBe(80);
    expect(loopbackPort('https://127.0.0.1:4010/api/v1')).toBeNull();
    expect(loopbackPort('http://erp.example.com:4010/api/v1')).toBeNull();
    expect(loopbackPort('')).toBeNull();
  });

  it('starts nothing while the parameters point at no ERP or at a remote one', async () => {
    expect(await startDemoErp(database.db, quietLog, { ...sizes, port })).toBeNull();
    await writeErpParameters(database.db, { tipo: 'SIMULADOR', url: 'http://erp.example.com/api/v1' });
    expect(await startDemoErp(database.db, quietLog, { ...sizes, port })).toBeNull();
    expect(await syncTasksDue(new Date())).toBe(0);
  });

  it('seeds the parameters, starts the simulator on their port and makes the 13 sync tasks due; the first sync stores what it serves', async () => {
    await seedDemoErpParameters(database.db, port);
    const params = await getParameters(database.db, ['ERP_TIPO_INTEGRACAO', 'ERP_URL_API', 'ERP_USUARIO', 'ERP_SENHA']);
    expect(params).toMatchObject({ ERP_TIPO_INTEGRACAO: 'SIMULADOR', ERP_URL_API: `http://127.0.0.1:${port}/api/v1`, ERP_USUARIO: 'erp' });
    expect(params.ERP_SENHA).not.toContain('erp');
    expect(await readSecretParameter(database.db, 'ERP_SENHA')).toBe('erp');

    const sim = await startDemoErp(database.db, quietLog, sizes);
    expect(sim).not.toBeNull();
    running.push(sim!);
    expect(sim!.url).toBe(`http://127.0.0.1:${port}`);
    expect(await syncTasksDue(new Date())).toBe(13);

    await syncAll();
    const compared = await compareWithErp(database.db, sim!.statistics());
    expect(differences(compared)).toEqual([]);
    expect(compared.find((c) => c.key === 'DEMO01/VENDA')!.acervo.registros).toBeGreaterThan(10);
  });

  it('a second process finds the port taken and starts nothing', async () => {
    expect(await startDemoErp(database.db, quietLog, sizes)).toBeNull();
  });

  it('after a restart serves the same history, leaves the tasks on their periods, and new sales arrive by the next incremental sync', async () => {
    const first = running.pop()!;
    const before = first.statistics().empresas;
    await first.close();
    await database.db.update(scheduledTasks).set({ nextRunAt: new Date(Date.now() + 3_600_000) }).where(like(scheduledTasks.kind, 'SINCRONIZAR\\_ERP\\_%'));

    const sim = await startDemoErp(database.db, quietLog, sizes);
    running.push(sim!);
    expect(sim!.statistics().empresas).toEqual(before);
    expect(await syncTasksDue(new Date())).toBe(0);

    sim!.tick(4);
    await syncAll();
    const compared = await compareWithErp(database.db, sim!.statistics());
    expect(differences(compared)).toEqual([]);
    expect(compared.find((c) => c.key === 'DEMO01/VENDA')!.acervo.registros).toBeGreaterThan(before.DEMO01.VENDA.registros);
  });
});
