import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { SCHEDULE_SORT_FIELDS, nextDueTime, type PagedList, type Schedule, type ScheduleListQuery, type ScheduleRun, type ScheduleSave, type TaskKindInfo } from '@acervo/contracts';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../shared/request-auth.ts';
import { auditActor, recordAudit } from '../audit/audit.service.ts';
import { DomainError, fieldError, notFound } from '../shared/errors.ts';
import { matchesTerm, pageRequest, pagedResult, statusFilter, termPattern } from '../shared/paging.ts';
import { scheduledTasks } from './schedules.schema.ts';
import { deleteTaskRow, findTask, insertTask, listRuns, updateTask, visibleTo, type ScheduledTaskValues } from './schedules.repository.ts';
import { auditSnapshot, toSchedule, toScheduleRun } from './schedules.mapper.ts';
import type { TaskKindRegistry } from './task-kinds.ts';

/** 409 when deleting a built-in task. */
export const SYSTEM_TASK_DELETE_MESSAGE = 'Agendamento do sistema não pode ser excluído. Desative-o se não quiser que ele execute.';

function companyOf(auth: AuthContext): number {
  // the access guard granted the role in the selected company, so there is one
  return auth.companyId ?? -1;
}

/**
 * Checks a save against the kind registry and the caller's company and turns it into columns.
 * `proxima_execucao` is the first due time after `now` (null while inactive).
 * @throws DomainError VALIDATION naming `tipo` (unknown kind; kind change of a built-in task) or
 *   `idEmpresa` (another company; scope the kind does not allow)
 */
function toValues(kinds: TaskKindRegistry, auth: AuthContext, body: ScheduleSave, now: Date, current?: { kind: string; systemKey: string | null }): ScheduledTaskValues {
  const kind = kinds.get(body.tipo);
  if (!kind) throw fieldError('tipo', 'Tipo de tarefa desconhecido');
  if (current?.systemKey && current.kind !== body.tipo) throw fieldError('tipo', 'O tipo de um agendamento do sistema não pode ser alterado');
  if (body.idEmpresa !== null && body.idEmpresa !== auth.companyId) throw fieldError('idEmpresa', 'Use a empresa selecionada, ou nenhuma para um agendamento de todo o sistema');
  if (kind.escopo === 'SISTEMA' && body.idEmpresa !== null) throw fieldError('idEmpresa', 'Este tipo de tarefa vale para todo o sistema: não informe a empresa');
  if (kind.escopo === 'EMPRESA' && body.idEmpresa === null) throw fieldError('idEmpresa', 'Este tipo de tarefa precisa de uma empresa');
  const repeatMinutes = body.intervaloRepeticao ? body.intervaloRepeticao : null;
  return {
    name: body.nome,
    kind: body.tipo,
    period: body.periodo,
    repeatMinutes,
    active: body.ativo,
    companyId: body.idEmpresa,
    nextRunAt: body.ativo ? nextDueTime(body.periodo, repeatMinutes, now) : null,
  };
}

/**
 * `GET agendamento`: the system-wide tasks and those of the caller's selected company, paged;
 * `term` matches name, kind or period (accent- and case-insensitive), or the task is of one of the
 * known kinds in `tiposTermo` (those whose label in the screen's language matched), `status` the active flag,
 * `tipo` one kind. Sortable by every column of the list (SCHEDULE_SORT_FIELDS).
 * @throws DomainError VALIDATION on `sorter` for a field that cannot be sorted on
 */
export async function listSchedules(db: Db, kinds: TaskKindRegistry, auth: AuthContext, query: ScheduleListQuery): Promise<PagedList<Schedule>> {
  const request = pageRequest<(typeof SCHEDULE_SORT_FIELDS)[number]>(query, {
    sortable: {
      nome: sql`lower(${scheduledTasks.name})`,
      tipo: scheduledTasks.kind,
      periodo: scheduledTasks.period,
      intervaloRepeticao: sql`coalesce(${scheduledTasks.repeatMinutes}, 0)`,
      proximaExecucao: scheduledTasks.nextRunAt,
      ultimaExecucao: scheduledTasks.lastRunAt,
      ultimoResultado: scheduledTasks.lastResult,
      ultimaDuracaoMs: scheduledTasks.lastDurationMs,
      ativo: scheduledTasks.active,
    },
    defaultSort: { field: 'nome', direction: 'asc' },
    tieBreaker: scheduledTasks.id,
  });
  const pattern = termPattern(query.term);
  const active = statusFilter(query.status);
  const termKinds = (query.tiposTermo ?? '').split(',').map((code) => code.trim()).filter((code) => kinds.get(code) !== undefined);
  const where = and(
    visibleTo(companyOf(auth)),
    pattern
      ? or(matchesTerm(scheduledTasks.name, pattern), matchesTerm(scheduledTasks.kind, pattern), matchesTerm(scheduledTasks.period, pattern), termKinds.length > 0 ? inArray(scheduledTasks.kind, termKinds) : undefined)
      : undefined,
    active === undefined ? undefined : eq(scheduledTasks.active, active),
    query.tipo ? eq(scheduledTasks.kind, query.tipo) : undefined,
  );
  const rows = db.select().from(scheduledTasks).where(where).orderBy(...request.orderBy).limit(request.size).offset(request.offset);
  return pagedResult(request, rows.then((list) => list.map((row) => toSchedule(row, kinds))), db.$count(scheduledTasks, where));
}

/**
 * `GET agendamento/{id}`.
 * @throws DomainError NOT_FOUND (404) when absent or another company's
 */
export async function getSchedule(db: Db, kinds: TaskKindRegistry, auth: AuthContext, id: number): Promise<Schedule> {
  const row = await findTask(db, id, companyOf(auth));
  if (!row) throw notFound();
  return toSchedule(row, kinds);
}

/**
 * `POST agendamento`: creates a task with its first due time and records CRIACAO, in one transaction.
 * @throws DomainError VALIDATION (see `toValues`)
 */
export async function createSchedule(db: Db, kinds: TaskKindRegistry, auth: AuthContext, body: ScheduleSave, now = new Date()): Promise<Schedule> {
  const values = toValues(kinds, auth, body, now);
  return db.transaction(async (tx) => {
    const schedule = toSchedule(await insertTask(tx, { ...(values as typeof scheduledTasks.$inferInsert) }), kinds);
    await recordAudit(tx, { actor: auditActor(auth), entity: 'agendamento', recordId: schedule.id, action: 'CRIACAO', after: auditSnapshot(schedule) });
    return schedule;
  });
}

/**
 * `PUT agendamento/{id}`: replaces the task's fields, recomputes its next due time from now and
 * records ALTERACAO with the changed fields, in one transaction.
 * @throws DomainError NOT_FOUND (404) when absent or another company's
 * @throws DomainError VALIDATION (see `toValues`)
 */
export async function updateSchedule(db: Db, kinds: TaskKindRegistry, auth: AuthContext, id: number, body: ScheduleSave, now = new Date()): Promise<Schedule> {
  return db.transaction(async (tx) => {
    const row = await findTask(tx, id, companyOf(auth), true);
    if (!row) throw notFound();
    const before = toSchedule(row, kinds);
    const after = toSchedule(await updateTask(tx, id, toValues(kinds, auth, body, now, row)), kinds);
    await recordAudit(tx, { actor: auditActor(auth), entity: 'agendamento', recordId: id, action: 'ALTERACAO', before: auditSnapshot(before), after: auditSnapshot(after) });
    return after;
  });
}

/**
 * `PUT agendamento/inativa/{id}`: toggles `ativo` (an activated task gets its next due time from
 * now; a deactivated one none) and records ATIVACAO or INATIVACAO.
 * @returns the task after the change
 * @throws DomainError NOT_FOUND (404) when absent or another company's
 */
export async function toggleSchedule(db: Db, kinds: TaskKindRegistry, auth: AuthContext, id: number, now = new Date()): Promise<Schedule> {
  return db.transaction(async (tx) => {
    const row = await findTask(tx, id, companyOf(auth), true);
    if (!row) throw notFound();
    const ativo = !row.active;
    const after = toSchedule(await updateTask(tx, id, { active: ativo, nextRunAt: ativo ? nextDueTime(row.period, row.repeatMinutes, now) : null }), kinds);
    await recordAudit(tx, { actor: auditActor(auth), entity: 'agendamento', recordId: id, action: ativo ? 'ATIVACAO' : 'INATIVACAO', before: { ativo: row.active }, after: { ativo } });
    return after;
  });
}

/**
 * `DELETE agendamento/{id}`: deletes the task and its run history and records EXCLUSAO, in one
 * transaction. A queued run of it is dropped when its job comes up.
 * @throws DomainError NOT_FOUND (404) when absent or another company's
 * @throws DomainError CONFLICT (409) for a built-in task (SYSTEM_TASK_DELETE_MESSAGE)
 */
export async function deleteSchedule(db: Db, kinds: TaskKindRegistry, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findTask(tx, id, companyOf(auth), true);
    if (!row) throw notFound();
    if (row.systemKey) throw new DomainError('CONFLICT', SYSTEM_TASK_DELETE_MESSAGE);
    await deleteTaskRow(tx, id);
    await recordAudit(tx, { actor: auditActor(auth), entity: 'agendamento', recordId: id, action: 'EXCLUSAO', before: auditSnapshot(toSchedule(row, kinds)) });
  });
}

/**
 * `GET agendamento/{id}/execucoes`: the last 50 runs, newest first.
 * @throws DomainError NOT_FOUND (404) when absent or another company's
 */
export async function listScheduleRuns(db: Db, auth: AuthContext, id: number): Promise<ScheduleRun[]> {
  const row = await findTask(db, id, companyOf(auth));
  if (!row) throw notFound();
  return (await listRuns(db, id)).map(toScheduleRun);
}

/** `GET agendamento/tipos`: the process's task kinds (`AppContext.taskKinds`), by pt-BR label. */
export function listTaskKinds(kinds: TaskKindRegistry): TaskKindInfo[] {
  return kinds.info();
}
