import { expect } from 'vitest';
import { ERP_ENTITIES, parametersSchema, type ErpEntity, type SessionUser } from '@acervo/contracts';
import { startErpSimulator, type ErpSimulator, type ErpSimulatorOptions } from '@acervo/erp-sim';
import type { TaskContext } from '../schedules/task-kinds.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A test app wired to a real ERP simulator, for the journeys that go through the ERP (a sales order,
 * a replacement's purchase orders): the simulator on a free port, the app on a fresh database with
 * the demo data, the ERP parameters pointed at the simulator through `PUT parametro` (as an
 * administrator would), and every ERP entity synced once. Shared test infrastructure: it reaches the
 * ERP only through the API and the app's task registry (`ctx.taskKinds`), never a domain's module.
 */
export interface ErpSimulatorApp {
  t: TestApp;
  sim: ErpSimulator;
  /** `admin`/`admin`, signed in. */
  admin: SessionUser;
  /**
   * Runs one scheduled-task kind of the app's registry once (`ENVIAR_FILA_ERP`, `SINCRONIZAR_ERP_VENDA`…).
   * @returns the run's summary text
   * @throws Error when the app has no such kind
   */
  runTask(tipo: string): Promise<string>;
  /** Syncs the entities from the simulator, in order (`SINCRONIZAR_ERP_<entity>`). */
  sync(entities: readonly ErpEntity[]): Promise<void>;
  /**
   * Calls the API as `user` and expects `status` (default 200), showing the body when it differs.
   * @returns the parsed JSON answer
   */
  call<T>(user: SessionUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, status?: number): Promise<T>;
  /** Stops the simulator and closes the app (and its database). */
  close(): Promise<void>;
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Starts a simulator and an app connected to it, and syncs every ERP entity.
 * @param options simulator options (default: 300 titles, 1 month of history, seed 5, no live sales, today a minute ago)
 */
export async function startErpSimulatorApp(options: ErpSimulatorOptions = {}): Promise<ErpSimulatorApp> {
  const sim = await startErpSimulator({ port: 0, titulos: 300, meses: 1, seed: 5, vendasPorMinuto: 0, hoje: new Date(Date.now() - 60_000), ...options });
  const t = await createTestApp();
  const call = async <T>(user: SessionUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, status = 200): Promise<T> => {
    const res = await t.app.inject({ method, url: `/api/core-api/${url}`, payload: payload as object, headers: { authorization: `Bearer ${user.token}` } });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json() as T;
  };
  const runTask = async (tipo: string): Promise<string> => {
    const kind = t.ctx.taskKinds.get(tipo);
    if (!kind) throw new Error(`no task kind ${tipo}`);
    return String(await kind.run({ db: t.ctx.db, database: t.database, log: quiet } as unknown as TaskContext, {} as never, new AbortController().signal));
  };
  const sync = async (entities: readonly ErpEntity[]) => {
    for (const entity of entities) await runTask(`SINCRONIZAR_ERP_${entity}`);
  };
  const admin = await t.login('admin', 'admin');
  // the other sections as stored (the e-mail password kept: no `senha` sent), the ERP section replaced
  const { geral, email } = parametersSchema.parse(await call(admin, 'GET', 'parametro'));
  const { senhaDefinida: _kept, ...emailSection } = email;
  await call(admin, 'PUT', 'parametro', { geral, email: emailSection, erp: { tipoIntegracao: 'SIMULADOR', usuario: 'erp', senha: 'erp', urlApi: `${sim.url}/api/v1` } });
  await sync(ERP_ENTITIES);
  return {
    t,
    sim,
    admin,
    runTask,
    sync,
    call,
    async close() {
      await sim.close();
      await t.close();
    },
  };
}
