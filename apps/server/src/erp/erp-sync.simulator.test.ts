import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ERP_ENTITIES } from '@acervo/contracts';
import { startErpSimulator, type ErpSimulator } from '@acervo/erp-sim';
import type { Database } from '../db/client.ts';
import { entitySyncStates, integrationLogs, rejectedRecords } from '../integration/integration.schema.ts';
import type { TaskContext } from '../schedules/task-kinds.ts';
import { createErpTaskKinds, syncTaskKind } from './erp-task-kinds.ts';
import { reprocessRejectedRecords } from './sync-operations.ts';
import { compareWithErp, differences } from './test-helpers/compare.ts';
import { openErpTestDatabase, setErpParameters } from './test-helpers/erp-test-db.ts';

/**
 * The sync against the real simulator (a small data set, in-process), with faults on: 30 % of
 * answers 5xx, 3 % never answered (client time-out 1.5 s), 5 % of pages cut mid-body, 1 record
 * version in 50 malformed. Every company's entity types must end equal to the simulator's
 * statistics (count and checksum), with one PENDENTE rejected record per malformed one.
 */
describe('sync against the ERP simulator with faults', () => {
  let sim: ErpSimulator;
  let database: Database;
  let close: () => Promise<void>;
  let companyIds: number[];
  const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
  // many retries with short waits: at 38 % failed attempts, 13 attempts all fail once in ~300 000 calls
  const retry = { timeoutMs: 1500, retries: 12, minDelayMs: 1, maxDelayMs: 20 };
  const kinds = createErpTaskKinds({ retry, pageSize: 100 });
  const ctx = () => ({ db: database.db, database, log: quietLog }) as unknown as TaskContext;
  const syncAll = async () => {
    const summaries: string[] = [];
    for (const entity of ERP_ENTITIES) {
      const kind = kinds.find((k) => k.tipo === syncTaskKind(entity))!;
      summaries.push(String(await kind.run(ctx(), {} as never, new AbortController().signal)));
    }
    return summaries;
  };

  beforeAll(async () => {
    sim = await startErpSimulator({
      port: 0,
      titulos: 600,
      meses: 4,
      empresas: 2,
      seed: 11,
      vendasPorMinuto: 0,
      hoje: new Date('2026-06-01T12:00:00Z'),
      falhas: { erro5xx: 0.3, timeout: 0.03, quedaConexao: 0.05, malformadoUmEm: 50 },
    });
    ({ database, close, companyIds } = await openErpTestDatabase());
    await setErpParameters(database, { tipo: 'SIMULADOR', url: `${sim.url}/api/v1` });
  });
  afterAll(async () => {
    await sim?.close();
    await close?.();
  });

  it('a full first sync ends with every count and checksum equal and each malformed record kept', async () => {
    await syncAll();
    const compared = await compareWithErp(database.db, sim.statistics());
    expect(differences(compared)).toEqual([]);
    const malformed = compared.reduce((n, c) => n + c.erp.malformados, 0);
    expect(malformed).toBeGreaterThan(0);
    expect(compared.find((c) => c.key === 'DEMO01/VENDA')!.acervo.registros).toBeGreaterThan(50);
    // the faults happened and were logged, one row per attempt
    const [{ errors }] = await database.db.select({ errors: sql<number>`count(*)::int` }).from(integrationLogs).where(eq(integrationLogs.status, 'ERRO'));
    expect(errors).toBeGreaterThan(10);
    const states = await database.db.select().from(entitySyncStates).where(eq(entitySyncStates.companyId, companyIds[0]));
    expect(states).toHaveLength(13);
    expect(states.every((s) => s.lastError === null && s.lastSuccessAt !== null && s.cursor !== null)).toBe(true);
  });

  it('reprocessing fetches the malformed records again once the ERP serves them right', async () => {
    sim.setFaults({ malformadoUmEm: 0 });
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(rejectedRecords).where(eq(rejectedRecords.status, 'PENDENTE'));
    let reprocessed = 0;
    for (const id of companyIds) reprocessed += (await reprocessRejectedRecords({ database, log: quietLog, retry }, id, 'TODOS')).reprocessados;
    expect(reprocessed).toBe(Number(before[0].n));
    expect(differences(await compareWithErp(database.db, sim.statistics()))).toEqual([]);
  });

  it('an incremental run after new sales brings only the changes and stays equal', async () => {
    const states = async () => database.db.select().from(entitySyncStates).where(and(eq(entitySyncStates.companyId, companyIds[0]), eq(entitySyncStates.entity, 'VENDA')));
    const [before] = await states();
    sim.tick(40);
    sim.setFaults({ malformadoUmEm: 0, erro5xx: 0.3 });
    await syncAll();
    const compared = await compareWithErp(database.db, sim.statistics());
    expect(differences(compared)).toEqual([]);
    const [after] = await states();
    expect(after.storedRecords).toBeGreaterThanOrEqual(before.storedRecords + 40);
    expect(after.cursor).not.toBe(before.cursor);
  });
});
