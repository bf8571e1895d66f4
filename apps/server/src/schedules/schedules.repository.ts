import { and, desc, eq, inArray, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { SCHEDULE_HISTORY_SIZE, SCHEDULE_RESULTS, type ScheduleResult } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { scheduledTaskRuns, scheduledTasks } from './schedules.schema.ts';

/** One `agendamento` row. */
export type ScheduledTaskRow = typeof scheduledTasks.$inferSelect;
/** Columns a save writes. */
export type ScheduledTaskValues = Partial<typeof scheduledTasks.$inferInsert>;
/** One `agendamento_execucao` row. */
export type ScheduledTaskRunRow = typeof scheduledTaskRuns.$inferSelect;

/** Tasks a company sees: the system-wide ones and its own. */
export function visibleTo(companyId: number): SQL {
  return or(isNull(scheduledTasks.companyId), eq(scheduledTasks.companyId, companyId)) as SQL;
}

/**
 * The task `id` if the company sees it.
 * @param lock `FOR UPDATE` (saves, deletes)
 */
export async function findTask(db: Executor, id: number, companyId: number, lock = false): Promise<ScheduledTaskRow | undefined> {
  const query = db.select().from(scheduledTasks).where(and(eq(scheduledTasks.id, id), visibleTo(companyId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Inserts a task. */
export async function insertTask(db: Executor, values: typeof scheduledTasks.$inferInsert): Promise<ScheduledTaskRow> {
  const [row] = await db.insert(scheduledTasks).values(values).returning();
  return row;
}

/** Updates a task (sets `data_alteracao`). */
export async function updateTask(db: Executor, id: number, values: ScheduledTaskValues): Promise<ScheduledTaskRow> {
  const [row] = await db
    .update(scheduledTasks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(scheduledTasks.id, id))
    .returning();
  return row;
}

/** Deletes a task (its runs go with it). */
export async function deleteTaskRow(db: Executor, id: number): Promise<void> {
  await db.delete(scheduledTasks).where(eq(scheduledTasks.id, id));
}

/** The last SCHEDULE_HISTORY_SIZE runs of a task, newest first. */
export async function listRuns(db: Executor, taskId: number): Promise<ScheduledTaskRunRow[]> {
  return db.select().from(scheduledTaskRuns).where(eq(scheduledTaskRuns.taskId, taskId)).orderBy(desc(scheduledTaskRuns.id)).limit(SCHEDULE_HISTORY_SIZE);
}

/** Active tasks whose next run is at or before `now`, earliest first (at most `limit`). */
export async function findDueTasks(db: Executor, now: Date, limit: number): Promise<Pick<ScheduledTaskRow, 'id' | 'period' | 'repeatMinutes' | 'nextRunAt'>[]> {
  return db
    .select({ id: scheduledTasks.id, period: scheduledTasks.period, repeatMinutes: scheduledTasks.repeatMinutes, nextRunAt: scheduledTasks.nextRunAt })
    .from(scheduledTasks)
    .where(and(eq(scheduledTasks.active, true), lte(scheduledTasks.nextRunAt, now)))
    .orderBy(scheduledTasks.nextRunAt)
    .limit(limit);
}

/** The earliest next run of any active task (null when none is due ever). */
export async function earliestNextRun(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${scheduledTasks.nextRunAt})` })
    .from(scheduledTasks)
    .where(eq(scheduledTasks.active, true));
  return row?.at ? new Date(row.at) : null;
}

/**
 * Records the end of a run on the run and on its task, and keeps only the newest
 * SCHEDULE_HISTORY_SIZE finished runs of the task.
 */
export async function finishRun(
  db: Executor,
  run: { id: number; taskId: number; startedAt: Date },
  result: { status: ScheduleResult; finishedAt: Date; message: string | null },
): Promise<void> {
  const durationMs = Math.max(0, result.finishedAt.getTime() - run.startedAt.getTime());
  await db
    .update(scheduledTaskRuns)
    .set({ status: result.status, finishedAt: result.finishedAt, durationMs, message: result.message })
    .where(eq(scheduledTaskRuns.id, run.id));
  await db
    .update(scheduledTasks)
    .set({ lastRunAt: run.startedAt, lastResult: result.status, lastDurationMs: durationMs, lastMessage: result.message })
    .where(eq(scheduledTasks.id, run.taskId));
  const keep = db
    .select({ id: scheduledTaskRuns.id })
    .from(scheduledTaskRuns)
    .where(eq(scheduledTaskRuns.taskId, run.taskId))
    .orderBy(desc(scheduledTaskRuns.id))
    .limit(SCHEDULE_HISTORY_SIZE);
  await db
    .delete(scheduledTaskRuns)
    .where(and(eq(scheduledTaskRuns.taskId, run.taskId), inArray(scheduledTaskRuns.status, [...SCHEDULE_RESULTS]), notInArray(scheduledTaskRuns.id, keep)));
}
