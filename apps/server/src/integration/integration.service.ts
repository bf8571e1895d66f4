import { and, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ERP_ENTITIES,
  ERP_ENTITY_LABELS,
  INTEGRATION_LOG_SORT_FIELDS,
  LOG_COUNT_CAP,
  OUTGOING_SORT_FIELDS,
  REJECTED_RECORD_SORT_FIELDS,
  resyncTaskMissingMessage,
  isoDayInDisplayZone,
  toPagedList,
  type EntityLag,
  type ErpEntity,
  type IntegrationEntityStats,
  type IntegrationLog,
  type IntegrationLogDetail,
  type IntegrationLogListQuery,
  type IntegrationStats,
  type OutgoingItem,
  type OutgoingListQuery,
  type PagedList,
  type RejectedRecord,
  type RejectedRecordListQuery,
  type ResyncRequest,
  type ResyncResult,
} from '@acervo/contracts';
import type { Database, Db, Executor } from '../db/client.ts';
import type { AppContext } from '../shared/context.ts';
import type { AuthContext } from '../auth/auth-guard.ts';
import { companies } from '../companies/companies.schema.ts';
import { getParameters } from '../parameters/parameters.service.ts';
import { scheduledTaskRuns } from '../schedules/schedules.schema.ts';
import { DomainError, fieldError, notFound } from '../shared/errors.ts';
import { matchesTerm, pageRequest, pagedResult, termPattern } from '../shared/paging.ts';
import { entitySyncStates, integrationLogs, outgoingItems, rejectedRecords, syncDailyCounts } from './integration.schema.ts';
import { LOG_ROLE, cappedCount, companiesWithRole, countPendingRejected, findSyncStates, findSyncTasks } from './integration.repository.ts';
import { inTimePercent, isInTime, lagMinutes, periodMinutes, syncTaskKind } from './lag.ts';

/** 400 on `idEmpresa` of the log filter. */
export const LOG_COMPANY_MESSAGE = 'Empresa sem acesso ao log de integração';
/** 400 on `dataFim` before `dataInicio`. */
export const DATE_RANGE_MESSAGE = 'A data final deve ser igual ou posterior à inicial';
/** 409 when retrying an item that has not failed. */
export const RETRY_NOT_FAILED_MESSAGE = 'Somente itens com erro podem ser reenviados';
/** Time zone of the days of filters and the chart. */
const TIME_ZONE = 'America/Sao_Paulo';
/** Days of the statistics chart. */
export const STATS_DAYS = 30;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
/** Start instant of a local day (`YYYY-MM-DD`) in São Paulo, as SQL. */
const dayStart = (day: string): SQL => sql`(${day}::date::timestamp AT TIME ZONE ${TIME_ZONE})`;

function companyOf(auth: AuthContext): number {
  // the access guard granted the route's role in the selected company, so there is one
  return auth.companyId ?? -1;
}

// ---------------------------------------------------------------- integration log

const logColumns = {
  id: integrationLogs.id,
  data: integrationLogs.createdAt,
  tipo: integrationLogs.integrationType,
  operacao: integrationLogs.operation,
  entidade: integrationLogs.entity,
  idEmpresa: integrationLogs.companyId,
  nomeEmpresa: companies.name,
  status: integrationLogs.status,
  metodo: integrationLogs.method,
  url: integrationLogs.url,
  codigoHttp: integrationLogs.httpStatus,
  duracaoMs: integrationLogs.durationMs,
  registros: integrationLogs.records,
  mensagem: integrationLogs.message,
};

function toLog<T extends { data: Date }>(row: T): Omit<T, 'data'> & { data: string } {
  return { ...row, data: row.data.toISOString() };
}

type LogFilterQuery = Omit<IntegrationLogListQuery, 'page' | 'pageSize' | 'size' | 'sorter' | 'sort'>;

/**
 * The WHERE of `GET log-integracao` without the "contains" filters: the company (rows of no
 * company, such as the login, show with every company), type, status, entity and days.
 */
export function logBaseFilter(companyId: number, query: LogFilterQuery): SQL | undefined {
  return and(
    or(eq(integrationLogs.companyId, companyId), isNull(integrationLogs.companyId)),
    query.tipo ? eq(integrationLogs.integrationType, query.tipo) : undefined,
    query.status ? eq(integrationLogs.status, query.status) : undefined,
    query.entidade ? eq(integrationLogs.entity, query.entidade) : undefined,
    query.dataInicio ? gte(integrationLogs.createdAt, dayStart(query.dataInicio)) : undefined,
    query.dataFim ? lt(integrationLogs.createdAt, sql`((${query.dataFim}::date + 1)::timestamp AT TIME ZONE ${TIME_ZONE})`) : undefined,
  );
}

/**
 * The "contains" filters: `requisicao`/`resposta` as `ILIKE '%text%'` on the column itself, which
 * the trigram GIN indexes answer; undefined when neither is given.
 */
export function logTextFilter(query: LogFilterQuery): SQL | undefined {
  const request = termPattern(query.requisicao);
  const response = termPattern(query.resposta);
  return and(request ? sql`${integrationLogs.request} ILIKE ${request}` : undefined, response ? sql`${integrationLogs.response} ILIKE ${response}` : undefined);
}

/** The whole WHERE of `GET log-integracao` (base and contains filters). */
export function logFilter(companyId: number, query: LogFilterQuery): SQL | undefined {
  return and(logBaseFilter(companyId, query), logTextFilter(query));
}

/** Rows of the newest-first window the log search samples to tell a common word from a rare one. */
export const LOG_PROBE_ROWS = 2_000;
/** Share of matches in the window from which a word counts as common (2 %). */
export const LOG_COMMON_SHARE = 0.02;

/**
 * `GET log-integracao`: the exchanges of one company (`idEmpresa`, default the selected one),
 * newest first by default, sortable by INTEGRATION_LOG_SORT_FIELDS. The count stops at
 * LOG_COUNT_CAP (`totalLimitado`).
 * @throws DomainError VALIDATION on `idEmpresa` (a company where the caller lacks the log role),
 *   `dataFim` (before `dataInicio`) or `sorter`
 */
export async function listIntegrationLogs(db: Db, auth: AuthContext, query: IntegrationLogListQuery): Promise<PagedList<IntegrationLog> & { totalLimitado: boolean }> {
  const request = pageRequest<(typeof INTEGRATION_LOG_SORT_FIELDS)[number]>(query, {
    sortable: {
      data: integrationLogs.createdAt,
      tipo: integrationLogs.integrationType,
      operacao: integrationLogs.operation,
      entidade: integrationLogs.entity,
      status: integrationLogs.status,
      codigoHttp: integrationLogs.httpStatus,
      duracaoMs: integrationLogs.durationMs,
      registros: integrationLogs.records,
    },
    defaultSort: { field: 'data', direction: 'desc' },
    tieBreaker: integrationLogs.id,
  });
  if (query.dataInicio && query.dataFim && query.dataFim < query.dataInicio) throw fieldError('dataFim', DATE_RANGE_MESSAGE);
  let companyId = companyOf(auth);
  if (query.idEmpresa !== undefined && query.idEmpresa !== companyId) {
    if (!(await companiesWithRole(db, auth.userId, LOG_ROLE)).includes(query.idEmpresa)) throw fieldError('idEmpresa', LOG_COMPANY_MESSAGE);
    companyId = query.idEmpresa;
  }
  const where = logFilter(companyId, query);
  const raw = (query.sorter ?? query.sort ?? '').trim();
  const byDate = raw === '' || raw.replace(/^-/, '').split(',')[0].trim() === 'data';
  const newestFirst = raw === '' || raw.startsWith('-') || /,\s*desc$/i.test(raw);
  // The date index is (data DESC NULLS LAST, id DESC NULLS LAST) while a plain DESC means NULLS
  // FIRST: spelled out, the page by date reads the index (forwards for DESC, backwards for ASC)
  // instead of sorting every match.
  const orderBy = !byDate
    ? request.orderBy
    : newestFirst
      ? [sql`${integrationLogs.createdAt} DESC NULLS LAST`, sql`${integrationLogs.id} DESC NULLS LAST`]
      : [sql`${integrationLogs.createdAt} ASC NULLS FIRST`, sql`${integrationLogs.id} ASC NULLS FIRST`];
  const page = (executor: Executor) =>
    executor
      .select(logColumns)
      .from(integrationLogs)
      .leftJoin(companies, eq(companies.id, integrationLogs.companyId))
      .where(where)
      .orderBy(...orderBy)
      .limit(request.size)
      .offset(request.offset);
  // The planner cannot tell a rare word from a common one in `ILIKE '%…%'` and takes the trigram
  // bitmap for both: right for a rare word, but for a common one (or one sharing a trigram with
  // every row) the bitmap covers most of the table and the count and page take seconds. A probe
  // of the newest LOG_PROBE_ROWS rows (through the date index, tens of ms) tells them apart: for a
  // common word, the capped count and the page walk the date index instead and stop early.
  const text = logTextFilter(query);
  let walk = false;
  let counted: number | null = null;
  if (text) {
    const base = logBaseFilter(companyId, query);
    const probe = await db.execute(
      sql`SELECT count(*) FILTER (WHERE ${text})::int AS m, count(*)::int AS n FROM (SELECT ${integrationLogs.request}, ${integrationLogs.response} FROM ${integrationLogs} ${base ? sql`WHERE ${base}` : sql``} ORDER BY ${integrationLogs.createdAt} DESC NULLS LAST, ${integrationLogs.id} DESC NULLS LAST LIMIT ${LOG_PROBE_ROWS}) AS ${integrationLogs}`,
    );
    const { m, n } = (probe as unknown as { rows: { m: number; n: number }[] }).rows[0];
    if (n < LOG_PROBE_ROWS) counted = Number(m); // the window held every row: the count is exact
    else walk = Number(m) >= LOG_COMMON_SHARE * n;
  }
  const withoutBitmap = <T>(fn: (tx: Executor) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      return fn(tx);
    });
  if (counted === null) counted = walk ? await withoutBitmap((tx) => cappedCount(tx, sql`${integrationLogs}`, where, LOG_COUNT_CAP)) : await cappedCount(db, sql`${integrationLogs}`, where, LOG_COUNT_CAP);
  const limited = counted > LOG_COUNT_CAP;
  const itens = (walk || limited) && byDate && text ? await withoutBitmap((tx) => page(tx)) : await page(db);
  return { ...toPagedList(itens.map(toLog), request.page, request.size, limited ? LOG_COUNT_CAP : counted), totalLimitado: limited };
}

/**
 * `GET log-integracao/{id}`: one exchange with its bodies.
 * @throws DomainError NOT_FOUND (404) when absent or of a company where the caller lacks the log role
 */
export async function getIntegrationLog(db: Db, auth: AuthContext, id: number): Promise<IntegrationLogDetail> {
  const [row] = await db
    .select({ ...logColumns, requisicao: integrationLogs.request, resposta: integrationLogs.response })
    .from(integrationLogs)
    .leftJoin(companies, eq(companies.id, integrationLogs.companyId))
    .where(eq(integrationLogs.id, id));
  if (!row) throw notFound();
  if (row.idEmpresa !== null && row.idEmpresa !== companyOf(auth) && !(await companiesWithRole(db, auth.userId, LOG_ROLE)).includes(row.idEmpresa)) throw notFound();
  return toLog(row);
}

// ---------------------------------------------------------------- lag

/** Whether the ERP integration is on (`tipoIntegracao` other than NENHUMA). */
export async function integrationType(db: Executor): Promise<string> {
  return (await getParameters(db, ['ERP_TIPO_INTEGRACAO'])).ERP_TIPO_INTEGRACAO;
}

/**
 * The lag state of the 13 entity types of a company at `now` (see `lag.ts`), in sync order.
 */
export async function entityStates(db: Executor, companyId: number, now: Date): Promise<IntegrationEntityStats[]> {
  const [tasks, states, pending] = await Promise.all([findSyncTasks(db, companyId, ERP_ENTITIES.map(syncTaskKind)), findSyncStates(db, companyId), countPendingRejected(db, companyId)]);
  return ERP_ENTITIES.map((entidade) => {
    const task = tasks.get(syncTaskKind(entidade));
    const state = states.get(entidade);
    const period = task ? periodMinutes(task, now) : null;
    const lastSuccess = state?.lastSuccessAt ?? null;
    return {
      entidade,
      descricao: ERP_ENTITY_LABELS[entidade],
      ultimaSincronizacao: iso(lastSuccess),
      periodoMinutos: period,
      defasagemMinutos: lagMinutes(lastSuccess, now),
      emDia: isInTime(lastSuccess, period, now),
      registros: Number(state?.storedRecords ?? 0),
      erros: pending.get(entidade) ?? 0,
      ultimaTentativa: iso(state?.lastAttemptAt ?? null),
      ultimoErro: state?.lastError ?? null,
    };
  });
}

/**
 * `GET status-integracao-entidade-erp-acervo/porcentagem-defasagem-temporal`: the percentage
 * (0–100, 2 decimals) of the 13 entity types in time in the selected company. 0 while the ERP
 * integration is off (NENHUMA): nothing is being kept up to date, which is what the indicator tells.
 */
export async function lagPercent(db: Db, companyId: number, now = new Date()): Promise<number> {
  if ((await integrationType(db)) === 'NENHUMA') return 0;
  const states = await entityStates(db, companyId, now);
  return inTimePercent(states.filter((s) => s.emDia).map((s) => s.entidade));
}

/** `GET status-integracao-entidade-erp-acervo/entidade?entidade=`: one entity type's lag state. */
export async function entityLag(db: Db, companyId: number, entity: ErpEntity, now = new Date()): Promise<EntityLag> {
  const state = (await entityStates(db, companyId, now)).find((s) => s.entidade === entity);
  if (!state) throw notFound();
  const { entidade, ultimaSincronizacao, periodoMinutos, defasagemMinutos, registros, erros } = state;
  return { entidade, ultimaSincronizacao, periodoMinutos, defasagemMinutos, registros, erros };
}

/** The `STATS_DAYS` local days ending today (São Paulo), oldest first, `YYYY-MM-DD`. */
export function statsDays(now: Date): string[] {
  const today = isoDayInDisplayZone(now);
  const [y, m, d] = today.split('-').map(Number);
  const days: string[] = [];
  for (let i = STATS_DAYS - 1; i >= 0; i--) days.push(new Date(Date.UTC(y, m - 1, d - i)).toISOString().slice(0, 10));
  return days;
}

/**
 * `GET estatistica-integracao`: the integration type, the lag percentage, the 13 entity types'
 * states and the records received per day and entity over the last 30 days (from
 * `sincronizacao_diaria`).
 */
export async function integrationStats(db: Db, companyId: number, now = new Date()): Promise<IntegrationStats> {
  const days = statsDays(now);
  const [tipoIntegracao, entidades, daily] = await Promise.all([
    integrationType(db),
    entityStates(db, companyId, now),
    db
      .select({ dia: sql<string>`to_char(${syncDailyCounts.day}, 'YYYY-MM-DD')`, entidade: syncDailyCounts.entity, registros: syncDailyCounts.records, erros: syncDailyCounts.errors })
      .from(syncDailyCounts)
      .where(and(eq(syncDailyCounts.companyId, companyId), gte(syncDailyCounts.day, days[0]), sql`${syncDailyCounts.day} <= ${days[days.length - 1]}`))
      .orderBy(syncDailyCounts.day, syncDailyCounts.entity),
  ]);
  const porcentagem = tipoIntegracao === 'NENHUMA' ? 0 : inTimePercent(entidades.filter((s) => s.emDia).map((s) => s.entidade));
  return { tipoIntegracao, porcentagem, entidades, dias: days, diario: daily.filter((row) => row.registros > 0 || row.erros > 0) };
}

// ---------------------------------------------------------------- outgoing queue

function toOutgoing(row: typeof outgoingItems.$inferSelect): OutgoingItem {
  return {
    id: row.id,
    tipo: row.kind,
    referencia: row.reference,
    descricao: row.description,
    status: row.status,
    tentativas: row.attempts,
    proximaTentativa: row.nextAttemptAt.toISOString(),
    resposta: row.response,
    idErp: row.erpId,
    conteudo: row.payload,
    dataCadastro: row.createdAt.toISOString(),
    dataEnvio: iso(row.sentAt),
  };
}

/**
 * `GET fila-integracao`: the selected company's outgoing items, newest first by default; `term`
 * matches reference and description (accent- and case-insensitive), `status` and `tipo` exact.
 * @throws DomainError VALIDATION on `sorter`
 */
export async function listOutgoing(db: Db, auth: AuthContext, query: OutgoingListQuery): Promise<PagedList<OutgoingItem>> {
  const request = pageRequest<(typeof OUTGOING_SORT_FIELDS)[number]>(query, {
    sortable: {
      id: outgoingItems.id,
      tipo: outgoingItems.kind,
      referencia: sql`lower(${outgoingItems.reference})`,
      descricao: sql`lower(${outgoingItems.description})`,
      status: outgoingItems.status,
      tentativas: outgoingItems.attempts,
      proximaTentativa: outgoingItems.nextAttemptAt,
      dataCadastro: outgoingItems.createdAt,
      dataEnvio: outgoingItems.sentAt,
    },
    defaultSort: { field: 'id', direction: 'desc' },
    tieBreaker: outgoingItems.id,
  });
  const pattern = termPattern(query.term);
  const where = and(
    eq(outgoingItems.companyId, companyOf(auth)),
    query.status ? eq(outgoingItems.status, query.status) : undefined,
    query.tipo ? eq(outgoingItems.kind, query.tipo) : undefined,
    pattern ? or(matchesTerm(outgoingItems.reference, pattern), matchesTerm(outgoingItems.description, pattern)) : undefined,
  );
  const rows = db.select().from(outgoingItems).where(where).orderBy(...request.orderBy).limit(request.size).offset(request.offset);
  return pagedResult(request, rows.then((list) => list.map(toOutgoing)), db.$count(outgoingItems, where));
}

const RETRY_SET = { status: 'PENDENTE' as const, attempts: 0, nextAttemptAt: sql`now()`, updatedAt: sql`now()` };

/**
 * `POST fila-integracao/{id}/reenviar`: a failed item goes back to PENDENTE with 0 attempts and its
 * next attempt now (the sender takes it on its next run).
 * @returns `{reenviados: 1}`
 * @throws DomainError NOT_FOUND (404) when absent or another company's
 * @throws DomainError CONFLICT (409) when the item is not ERRO
 */
export async function retryOutgoing(db: Db, auth: AuthContext, id: number): Promise<{ reenviados: number }> {
  const companyId = companyOf(auth);
  const updated = await db
    .update(outgoingItems)
    .set(RETRY_SET)
    .where(and(eq(outgoingItems.id, id), eq(outgoingItems.companyId, companyId), eq(outgoingItems.status, 'ERRO')))
    .returning({ id: outgoingItems.id });
  if (updated.length > 0) return { reenviados: 1 };
  const exists = await db.$count(outgoingItems, and(eq(outgoingItems.id, id), eq(outgoingItems.companyId, companyId)));
  if (!exists) throw notFound();
  throw new DomainError('CONFLICT', RETRY_NOT_FAILED_MESSAGE);
}

/** `POST fila-integracao/reenviar-erros`: every ERRO item of the selected company back to PENDENTE. */
export async function retryAllOutgoing(db: Db, auth: AuthContext): Promise<{ reenviados: number }> {
  const updated = await db
    .update(outgoingItems)
    .set(RETRY_SET)
    .where(and(eq(outgoingItems.companyId, companyOf(auth)), eq(outgoingItems.status, 'ERRO')))
    .returning({ id: outgoingItems.id });
  return { reenviados: updated.length };
}

// ---------------------------------------------------------------- reprocessing

function toRejected(row: typeof rejectedRecords.$inferSelect): RejectedRecord {
  return {
    id: row.id,
    entidade: row.entity,
    idErp: row.erpId,
    conteudo: row.payload,
    erro: row.error,
    status: row.status,
    tentativas: row.attempts,
    dataCadastro: row.createdAt.toISOString(),
    dataAlteracao: row.updatedAt.toISOString(),
  };
}

/**
 * `GET reprocessamento/registros`: the selected company's rejected records, newest first by
 * default; `entidade` and `status` exact, `term` matches the ERP id and the reason.
 * @throws DomainError VALIDATION on `sorter`
 */
export async function listRejected(db: Db, auth: AuthContext, query: RejectedRecordListQuery): Promise<PagedList<RejectedRecord>> {
  const request = pageRequest<(typeof REJECTED_RECORD_SORT_FIELDS)[number]>(query, {
    sortable: {
      id: rejectedRecords.id,
      entidade: rejectedRecords.entity,
      idErp: rejectedRecords.erpId,
      status: rejectedRecords.status,
      tentativas: rejectedRecords.attempts,
      dataCadastro: rejectedRecords.createdAt,
      dataAlteracao: rejectedRecords.updatedAt,
    },
    defaultSort: { field: 'dataAlteracao', direction: 'desc' },
    tieBreaker: rejectedRecords.id,
  });
  const pattern = termPattern(query.term);
  const where = and(
    eq(rejectedRecords.companyId, companyOf(auth)),
    query.entidade ? eq(rejectedRecords.entity, query.entidade) : undefined,
    query.status ? eq(rejectedRecords.status, query.status) : undefined,
    pattern ? or(matchesTerm(rejectedRecords.erpId, pattern), matchesTerm(rejectedRecords.error, pattern)) : undefined,
  );
  const rows = db.select().from(rejectedRecords).where(where).orderBy(...request.orderBy).limit(request.size).offset(request.offset);
  return pagedResult(request, rows.then((list) => list.map(toRejected)), db.$count(rejectedRecords, where));
}

/**
 * Checks that every id is a rejected record of the company.
 * @throws DomainError VALIDATION on `ids` naming the first unknown id
 */
export async function checkRejectedIds(db: Db, companyId: number, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await db.select({ id: rejectedRecords.id }).from(rejectedRecords).where(and(eq(rejectedRecords.companyId, companyId), inArray(rejectedRecords.id, unique)));
  const known = new Set(found.map((r) => r.id));
  const missing = unique.find((id) => !known.has(id));
  if (missing !== undefined) throw fieldError('ids', `Registro rejeitado não encontrado: ${missing}`);
}

/**
 * `POST reprocessamento/ressincronizar {entidade, desde}`: makes the entity type start again from
 * 00:00 of `desde` (São Paulo) in the selected company — its `status_integracao_entidade` row is
 * upserted with cursor null and `sincronizar_desde` — and queues a MANUAL run of its scheduled task
 * now (`requestTaskRun`, as "Executar agora" in Agendamentos).
 * @param requestTaskRun queues a MANUAL run of a task (`AppContext.requestTaskRun`)
 * @throws DomainError CONFLICT (409) when the task SINCRONIZAR_ERP_<ENTIDADE> does not exist, or
 *   when a run of it is queued or running (then nothing changes)
 */
export async function resync(database: Database, requestTaskRun: AppContext['requestTaskRun'], auth: AuthContext, body: ResyncRequest): Promise<ResyncResult> {
  const db = database.db;
  const companyId = companyOf(auth);
  const task = (await findSyncTasks(db, companyId, [syncTaskKind(body.entidade)])).get(syncTaskKind(body.entidade));
  if (!task) throw new DomainError('CONFLICT', resyncTaskMissingMessage(body.entidade));
  const busy = await db.$count(scheduledTaskRuns, and(eq(scheduledTaskRuns.taskId, task.id), inArray(scheduledTaskRuns.status, ['PENDENTE', 'EM_EXECUCAO'])));
  if (busy) throw new DomainError('CONFLICT', 'Uma sincronização desta entidade está na fila ou em andamento: aguarde o fim dela e tente de novo.');
  const from = dayStart(body.desde);
  const [state] = await db
    .insert(entitySyncStates)
    .values({ companyId, entity: body.entidade, cursor: null, resyncFrom: from })
    .onConflictDoUpdate({ target: [entitySyncStates.companyId, entitySyncStates.entity], set: { cursor: null, resyncFrom: from, updatedAt: sql`now()` } })
    .returning({ resyncFrom: entitySyncStates.resyncFrom });
  const run = await requestTaskRun(auth, task.id);
  return { entidade: body.entidade, desde: (state.resyncFrom as Date).toISOString(), idAgendamento: task.id, idExecucao: run.id };
}
