import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { ERP_ENTITY_LABELS, isoDayInDisplayZone, parseErpRecord, type ErpEntity, type ErpRecord } from '@acervo/contracts';
import type { Db, Executor } from '../db/client.ts';
import { companies } from '../companies/companies.schema.ts';
import { entitySyncStates, rejectedRecords, syncDailyCounts } from '../integration/integration.schema.ts';
import { taskWarning, type TaskLogger, type TaskWarning } from '../schedules/task-kinds.ts';
import { applyErpRecords, countStoredRecords } from './data/index.ts';
import type { ErpConnector, ErpFeedPosition } from './erp-connector.ts';

/** Records asked per page (the protocol allows 1-1000). */
export const ERP_PAGE_SIZE = 500;

/**
 * Records per page on PGlite. PGlite runs in the server's own thread and a page is stored in one
 * transaction (records, billing rollups, watermark) whose statements resolve one after another
 * without giving the event loop a turn, so a page holds every request while it is stored. The
 * demo's first sync, event-loop delay per second (`monitorEventLoopDelay`, 2 cores): pages of 500
 * held it 0.45–0.7 s (peaks 0.9 s) and the sync ended 34 s after start; 200: 0.2–0.35 s (peaks
 * 0.9 s on product pages), 41 s; 100: 0.15–0.25 s, 55 s. About 0.1 s per page is fixed cost, so
 * smaller pages buy little more. PostgreSQL, in its own process, keeps ERP_PAGE_SIZE.
 */
export const ERP_PAGE_SIZE_PGLITE = 200;

/**
 * Where the sync stores records: DATA's `applyErpRecords`/`countStoredRecords` by default; tests
 * may pass another store that writes in the same transaction.
 */
export interface ErpRecordStore {
  apply<E extends ErpEntity>(tx: Executor, companyId: number, entity: E, records: readonly ErpRecord<E>[]): Promise<{ rejected: { id: string; error: string }[] }>;
  count(db: Executor, companyId: number, entity: ErpEntity): Promise<number>;
}

/** The operational-data store of `erp/data/`. */
export const DEFAULT_RECORD_STORE: ErpRecordStore = { apply: applyErpRecords, count: countStoredRecords };

/** What a sync needs besides the connector. */
export interface ErpSyncDeps {
  db: Db;
  log?: TaskLogger;
  store?: ErpRecordStore;
  /** Called after each page's commit (the connector's log writer flushes there). */
  afterPage?: () => Promise<void>;
  /** Records per page (ERP_PAGE_SIZE). */
  pageSize?: number;
  /** Clock (tests). */
  now?: () => Date;
}

/** Outcome of the sync of one entity type of one company. */
export interface EntitySyncResult {
  entity: ErpEntity;
  companyId: number;
  /** Pages read. */
  pages: number;
  /** Valid records applied. */
  applied: number;
  /** Records rejected (malformed or not storable), kept in `registro_rejeitado`. */
  rejected: number;
  /** Records stored for the company at the end. */
  stored: number;
}

/** One invalid item of a page. */
export interface RejectedItem {
  id: string;
  raw: unknown;
  error: string;
}

/**
 * Splits a page's raw items into valid records and rejected ones with a pt-BR reason, by the
 * protocol's `parseErpRecord` (the record schema, then the checks a shape cannot say: EAN check
 * digit, a sale's line and total arithmetic). An item without a usable id gets
 * `sem-id:<pageTag><position>` so it is still kept.
 */
export function validatePage<E extends ErpEntity>(entity: E, items: readonly unknown[], pageTag = ''): { valid: ErpRecord<E>[]; invalid: RejectedItem[] } {
  const valid: ErpRecord<E>[] = [];
  const invalid: RejectedItem[] = [];
  items.forEach((raw, index) => {
    const parsed = parseErpRecord(entity, raw);
    if (parsed.ok) valid.push(parsed.record);
    else invalid.push({ id: rawId(raw) ?? `sem-id:${pageTag}${index}`, raw, error: rejectionReason(parsed.erros) });
  });
  return { valid, invalid };
}

/** The ERP id of a raw item when it has a usable one. */
export function rawId(raw: unknown): string | null {
  if (!raw || typeof raw !== 'object') return null;
  const id = (raw as { id?: unknown }).id;
  if (typeof id === 'string' && id.length > 0 && id.length <= 100) return id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  return null;
}

/** pt-BR reason of a rejected record: "Registro inválido: campo: mensagem; …" (the first 5 problems of `parseErpRecord`). */
export function rejectionReason(problems: readonly string[]): string {
  return `Registro inválido: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (+${problems.length - 5})` : ''}`;
}

/** The watermark of an entity type in a company (a missing state row = the beginning of the feed). */
export async function readWatermark(db: Executor, companyId: number, entity: ErpEntity): Promise<ErpFeedPosition> {
  const [row] = await db
    .select({ cursor: entitySyncStates.cursor, since: entitySyncStates.resyncFrom })
    .from(entitySyncStates)
    .where(and(eq(entitySyncStates.companyId, companyId), eq(entitySyncStates.entity, entity)));
  if (!row) return { cursor: null, since: null };
  return row.cursor ? { cursor: row.cursor, since: null } : { cursor: null, since: row.since };
}

/**
 * Stores one page in ONE transaction: applies the valid records, keeps the rejected ones
 * (PENDENTE; a second rejection of the same ERP id updates its row and adds one attempt), marks
 * SUPERADO the pending rejections of ids that arrived valid and were stored, adds the day's counts
 * and moves the watermark to `cursor`. Killing the process before the commit leaves nothing of the
 * page; after it, all of it (the next run starts after the page).
 * @returns how many were applied and rejected
 */
export async function storePage<E extends ErpEntity>(
  db: Db,
  store: ErpRecordStore,
  companyId: number,
  entity: E,
  page: { valid: ErpRecord<E>[]; invalid: RejectedItem[]; cursor: string },
  now: Date,
): Promise<{ applied: number; rejected: number }> {
  return db.transaction(async (tx) => {
    const invalid = [...page.invalid];
    let applied = page.valid.length;
    if (page.valid.length > 0) {
      const { rejected } = await store.apply(tx, companyId, entity, page.valid);
      if (rejected.length > 0) {
        const byId = new Map(page.valid.map((r) => [(r as { id: string }).id, r]));
        for (const r of rejected) invalid.push({ id: r.id, raw: byId.get(r.id) ?? { id: r.id }, error: r.error });
        applied -= rejected.length;
      }
      const rejectedIds = new Set(rejected.map((r) => r.id));
      const storedIds = page.valid.map((r) => (r as { id: string }).id).filter((id) => !rejectedIds.has(id));
      // ids of a page are few (<= 1000): one statement marks the superseded rejections
      if (storedIds.length > 0) {
        await tx
          .update(rejectedRecords)
          .set({ status: 'SUPERADO', updatedAt: now })
          .where(and(eq(rejectedRecords.companyId, companyId), eq(rejectedRecords.entity, entity), eq(rejectedRecords.status, 'PENDENTE'), inArray(rejectedRecords.erpId, storedIds)));
      }
    }
    if (invalid.length > 0) {
      // one row per ERP id: the last version of a page wins when an id repeats in it
      const unique = [...new Map(invalid.map((r) => [r.id, r])).values()];
      await tx
        .insert(rejectedRecords)
        .values(unique.map((r) => ({ companyId, entity, erpId: r.id.slice(0, 100), payload: r.raw ?? null, error: r.error, status: 'PENDENTE' as const, createdAt: now, updatedAt: now })))
        .onConflictDoUpdate({
          target: [rejectedRecords.companyId, rejectedRecords.entity, rejectedRecords.erpId],
          set: {
            payload: sql`excluded.conteudo`,
            error: sql`excluded.erro`,
            status: 'PENDENTE',
            attempts: sql`${rejectedRecords.attempts} + 1`,
            updatedAt: now,
          },
        });
    }
    if (applied > 0 || invalid.length > 0) {
      await tx
        .insert(syncDailyCounts)
        .values({ companyId, entity, day: isoDayInDisplayZone(now), records: applied, errors: invalid.length })
        .onConflictDoUpdate({
          target: [syncDailyCounts.companyId, syncDailyCounts.entity, syncDailyCounts.day],
          set: { records: sql`${syncDailyCounts.records} + ${applied}`, errors: sql`${syncDailyCounts.errors} + ${invalid.length}` },
        });
    }
    await tx
      .insert(entitySyncStates)
      .values({ companyId, entity, cursor: page.cursor, lastAttemptAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [entitySyncStates.companyId, entitySyncStates.entity], set: { cursor: page.cursor, lastAttemptAt: now, updatedAt: now } });
    return { applied, rejected: invalid.length };
  });
}

/** Records the end of a run in the state row: success (counts, no error) or the error. */
async function finishState(db: Db, companyId: number, entity: ErpEntity, now: Date, outcome: { stored: number } | { error: string }): Promise<void> {
  const set =
    'error' in outcome
      ? { lastAttemptAt: now, lastError: outcome.error.slice(0, 4000), updatedAt: now }
      : { lastAttemptAt: now, lastSuccessAt: now, lastError: null, storedRecords: outcome.stored, updatedAt: now };
  await db
    .insert(entitySyncStates)
    .values({ companyId, entity, ...set })
    .onConflictDoUpdate({ target: [entitySyncStates.companyId, entitySyncStates.entity], set });
}

/**
 * Syncs one entity type of one company (its own unit: a failure here touches no other company's
 * state): reads the watermark, pages through the connector's feed
 * one page at a time (memory stays flat), validates and stores each page with `storePage`, and at
 * the end of the feed (`temMais` false) records the success with the stored count. A failure after
 * the connector's retries records `ultimo_erro`/`ultima_tentativa` (the success time stays, so the
 * company's lag grows in its ERP indicator) and is thrown again (pt-BR message naming the entity
 * type and the company: "… da empresa <nome> (<código ERP>): …"); the pages already stored stay.
 * @throws ErpCallError or the database's error; the abort reason when `signal` aborts
 */
export async function syncEntity(
  deps: ErpSyncDeps,
  connector: ErpConnector,
  company: SyncCompany,
  entity: ErpEntity,
  signal?: AbortSignal,
): Promise<EntitySyncResult> {
  const store = deps.store ?? DEFAULT_RECORD_STORE;
  const now = deps.now ?? (() => new Date());
  const limit = deps.pageSize ?? ERP_PAGE_SIZE;
  const result: EntitySyncResult = { entity, companyId: company.id, pages: 0, applied: 0, rejected: 0, stored: 0 };
  try {
    let position = await readWatermark(deps.db, company.id, entity);
    for (;;) {
      signal?.throwIfAborted();
      const page = await connector.listChanged(company.erpCode, entity, position, limit, signal, company.id);
      const { valid, invalid } = validatePage(entity, page.itens, `${createHash('sha1').update(page.cursor).digest('hex').slice(0, 12)}:`);
      const stored = await storePage(deps.db, store, company.id, entity, { valid, invalid, cursor: page.cursor }, now());
      result.pages++;
      result.applied += stored.applied;
      result.rejected += stored.rejected;
      await deps.afterPage?.();
      // a turn of the event loop between pages: requests that arrived during the page are served
      await new Promise<void>((resolve) => setImmediate(resolve));
      position = { cursor: page.cursor, since: null };
      if (!page.temMais) break;
    }
    result.stored = await store.count(deps.db, company.id, entity);
    await finishState(deps.db, company.id, entity, now(), { stored: result.stored });
    return result;
  } catch (err) {
    await deps.afterPage?.().catch(() => undefined);
    const message = `Falha ao sincronizar ${ERP_ENTITY_LABELS[entity].toLowerCase()} da empresa ${companyLabel(company)}: ${(err as Error).message}`;
    if (!signal?.aborted) await finishState(deps.db, company.id, entity, now(), { error: message }).catch(() => undefined);
    if (signal?.aborted) throw err;
    throw Object.assign(new Error(message), { cause: err });
  }
}

/** A company as the sync sees it: id, ERP code and (for messages) its name. */
export interface SyncCompany {
  id: number;
  erpCode: string;
  name?: string;
}

/** How messages name a company: "Editora Acervo S.A. (DEMO02)", or the ERP code alone without a name. */
export function companyLabel(company: SyncCompany): string {
  return company.name ? `${company.name} (${company.erpCode})` : company.erpCode;
}

/** Active companies with an ERP code, by id. */
export async function syncableCompanies(db: Executor): Promise<Required<SyncCompany>[]> {
  const rows = await db
    .select({ id: companies.id, erpCode: companies.erpCode, name: companies.name })
    .from(companies)
    .where(and(eq(companies.active, true), isNotNull(companies.erpCode), ne(companies.erpCode, '')))
    .orderBy(companies.id);
  return rows.map((r) => ({ id: r.id, erpCode: r.erpCode as string, name: r.name }));
}

/**
 * Syncs one entity type for every active company with an ERP code, one company after the other;
 * each company is its own unit: one that fails (its ERP code unknown to the ERP, a time-out…)
 * records its error on its own state row and the others go on.
 * @returns a pt-BR summary for the run history when every company synced; `taskWarning` (the run
 *   ends AVISO, "Sucesso com avisos") when some failed and others synced, its message naming each
 *   failed company first, then the others' summaries
 * @throws Error (pt-BR, naming each company) when every company failed (the run ends ERRO)
 */
export async function syncEntityForAllCompanies(deps: ErpSyncDeps, connector: ErpConnector, entity: ErpEntity, signal?: AbortSignal): Promise<string | TaskWarning> {
  const targets = await syncableCompanies(deps.db);
  if (targets.length === 0) return 'Nenhuma empresa ativa com código no ERP';
  const parts: string[] = [];
  const errors: string[] = [];
  for (const company of targets) {
    signal?.throwIfAborted();
    try {
      const r = await syncEntity(deps, connector, company, entity, signal);
      parts.push(`${company.erpCode}: ${r.applied} registro(s) recebido(s), ${r.rejected} rejeitado(s), ${r.stored} armazenado(s)`);
    } catch (err) {
      if (signal?.aborted) throw err;
      deps.log?.error({ err, companyId: company.id, entity }, 'Falha na sincronização com o ERP');
      errors.push((err as Error).message);
    }
  }
  if (errors.length > 0 && parts.length === 0) throw new Error(errors.join(' | '));
  if (errors.length > 0) return taskWarning(`${errors.join(' | ')} | ${parts.join('; ')}`);
  return parts.join('; ');
}
