import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { parseErpRecord, type ErpEntity } from '@acervo/contracts';
import type { Database } from '../db/client.ts';
import { companies } from '../companies/companies.schema.ts';
import { rejectedRecords } from '../integration/integration.schema.ts';
import type { TaskLogger } from '../schedules/task-kinds.ts';
import { DomainError } from '../shared/errors.ts';
import { ERP_DISABLED_MESSAGE, openErpConnector, type ErpConnector } from './erp-connector.ts';
import { DEFAULT_RECORD_STORE, rejectionReason, type ErpRecordStore } from './erp-sync.ts';
import type { ErpRetryOptions } from './erp-http.ts';
import { IntegrationLogWriter } from './integration-log.ts';

/**
 * Operations of the sync engine that the integration screens call (issue 7 part 4). Signatures
 * are fixed; the bodies are written by the sync work.
 */

/** pt-BR reason kept when the ERP no longer has a rejected record. */
export const REJECTED_GONE_MESSAGE = 'O ERP não tem mais este registro';
/** pt-BR reason kept for a rejected record without an ERP id (it cannot be fetched again). */
export const REJECTED_NO_ID_MESSAGE = 'Registro sem id: não pode ser buscado de novo no ERP';

/**
 * Reprocessing: fetches each PENDENTE rejected record (`registro_rejeitado`) of the company again
 * from the ERP (`ids`, or every pending one with 'TODOS') and applies it; a record that is valid
 * now becomes REPROCESSADO, one still invalid keeps PENDENTE with the new reason and one more
 * attempt.
 * Optional `deps` beyond the screens' (tests): `store`, `connector`, `retry` (default 3 attempts,
 * 15 s each). A record the ERP no longer has, or cannot be fetched now, counts as a failure and
 * keeps PENDENTE with that reason.
 * @returns how many were reprocessed and how many failed again
 * @throws DomainError('CONFLICT') when the ERP integration is off (`tipoIntegracao` NENHUMA)
 */
export async function reprocessRejectedRecords(
  deps: { database: Database; log: TaskLogger; store?: ErpRecordStore; connector?: ErpConnector; retry?: ErpRetryOptions },
  companyId: number,
  ids: readonly number[] | 'TODOS',
  signal?: AbortSignal,
): Promise<{ reprocessados: number; falhas: number }> {
  const db = deps.database.db;
  const writer = new IntegrationLogWriter(db, deps.log);
  const store = deps.store ?? DEFAULT_RECORD_STORE;
  const connector = deps.connector ?? (await openErpConnector(db, writer, deps.retry ?? { retries: 2 }, deps.log));
  if (!connector) throw new DomainError('CONFLICT', ERP_DISABLED_MESSAGE);
  const [company] = await db.select({ code: companies.erpCode }).from(companies).where(eq(companies.id, companyId));
  if (!company?.code) throw new DomainError('CONFLICT', 'A empresa não tem código no ERP');
  if (ids !== 'TODOS' && ids.length === 0) return { reprocessados: 0, falhas: 0 };
  const rows = await db
    .select({ id: rejectedRecords.id, entity: rejectedRecords.entity, erpId: rejectedRecords.erpId })
    .from(rejectedRecords)
    .where(and(eq(rejectedRecords.companyId, companyId), eq(rejectedRecords.status, 'PENDENTE'), ids === 'TODOS' ? undefined : inArray(rejectedRecords.id, [...ids])))
    .orderBy(asc(rejectedRecords.id));
  const result = { reprocessados: 0, falhas: 0 };
  const fail = async (id: number, error: string, payload?: unknown) => {
    await db
      .update(rejectedRecords)
      .set({ error, attempts: sql`${rejectedRecords.attempts} + 1`, updatedAt: new Date(), ...(payload === undefined ? {} : { payload }) })
      .where(eq(rejectedRecords.id, id));
    result.falhas++;
  };
  try {
    for (const row of rows) {
      signal?.throwIfAborted();
      if (row.erpId.startsWith('sem-id:')) {
        await fail(row.id, REJECTED_NO_ID_MESSAGE);
        continue;
      }
      let raw: unknown;
      try {
        raw = await connector.getRecord(company.code, row.entity, row.erpId, signal, companyId);
      } catch (err) {
        if (signal?.aborted) throw err;
        await fail(row.id, (err as Error).message);
        continue;
      }
      if (raw === null) {
        await fail(row.id, REJECTED_GONE_MESSAGE);
        continue;
      }
      const entity: ErpEntity = row.entity;
      const parsed = parseErpRecord(entity, raw);
      if (!parsed.ok) {
        await fail(row.id, rejectionReason(parsed.erros), raw);
        continue;
      }
      const stored = await db.transaction(async (tx) => {
        const { rejected } = await store.apply(tx, companyId, entity, [parsed.record]);
        if (rejected.length > 0) return rejected[0].error;
        await tx.update(rejectedRecords).set({ status: 'REPROCESSADO', payload: raw, updatedAt: new Date() }).where(eq(rejectedRecords.id, row.id));
        return null;
      });
      if (stored === null) result.reprocessados++;
      else await fail(row.id, stored, raw);
      await writer.flush();
    }
  } finally {
    await writer.flush();
  }
  return result;
}
