import { and, eq, lt, sql } from 'drizzle-orm';
import { nextDueTime, type ScheduleResult, type ScheduleRun } from '@acervo/contracts';
import type { Database } from '../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { AuthContext } from '../shared/request-auth.ts';
import { DomainError, notFound } from '../shared/errors.ts';
import { scheduledTaskRuns, scheduledTasks } from './schedules.schema.ts';
import { earliestNextRun, findDueTasks, findTask, finishRun } from './schedules.repository.ts';
import { toScheduleRun } from './schedules.mapper.ts';
import type { TaskContext } from './task-kinds.ts';

/**
 * The scheduler of scheduled tasks (issue 6, part 5), after Odoo's `ir_cron`: every process that
 * does background work runs one; they agree through the database only.
 *
 * Exactly once per due time, with any number of processes on one PostgreSQL:
 * 1. claim — `UPDATE agendamento SET proxima_execucao = <next> WHERE id = $1 AND ativo AND
 *    proxima_execucao = <due>`: of the processes that saw the same due time, one updates the row;
 *    the others update nothing and move on;
 * 2. in the same transaction, the run row (PENDENTE, unique per task + origin + due time) and the
 *    queue job are inserted: the claim, the run and the job commit together or not at all;
 * 3. the worker that gets the job starts the run with `UPDATE … SET status = 'EM_EXECUCAO' WHERE
 *    status = 'PENDENTE'`, so a job delivered twice (expiry after a crash) does not run it twice.
 * A task that throws is recorded as ERRO with the message; its next due time was already set by
 * the claim, so it still comes. A missed due time (all processes down) runs once on start-up, then
 * the schedule continues from now (no catch-up of every missed time).
 */

/** Queue of task runs (job data `{idExecucao}`). */
export const SCHEDULE_QUEUE = 'agendamento_execucao';

/** A run still EM_EXECUCAO after this long was cut off (its process ended): it is marked ERRO. */
export const RUN_EXPIRY_SECONDS = 4 * 60 * 60;

/** Message of a run whose process ended while it ran. */
export const INTERRUPTED_RUN_MESSAGE = 'Execução interrompida: o processo terminou durante a execução';

/** 409 of "Executar agora" while a run of the task is queued or running. */
export const RUN_IN_PROGRESS_MESSAGE = 'Este agendamento já tem uma execução na fila ou em andamento.';

/** Declares the run queue (call before `queue.start()`). */
export async function defineScheduleQueue(queue: JobQueue): Promise<void> {
  // pg-boss fails a job active past its expiry; a little above RUN_EXPIRY_SECONDS
  await queue.define(SCHEDULE_QUEUE, { retryLimit: 0, expireInSeconds: RUN_EXPIRY_SECONDS + 300 });
}

interface RunJob {
  idExecucao: number;
}

/**
 * Claims the due time `due` of task `id` and queues its run (steps 1 and 2 above).
 * @returns the run id, or null when another process claimed it first
 */
export async function claimDueTime(database: Database, queue: JobQueue, task: { id: number; period: string; repeatMinutes: number | null; due: Date }, now: Date): Promise<number | null> {
  const next = nextDueTime(task.period, task.repeatMinutes, now > task.due ? now : task.due);
  return database.transaction(async (tx) => {
    const claimed = await tx.executeSql('UPDATE agendamento SET proxima_execucao = $2::timestamptz WHERE id = $1 AND ativo AND proxima_execucao = $3::timestamptz RETURNING id', [
      task.id,
      next?.toISOString() ?? null,
      task.due.toISOString(),
    ]);
    if (claimed.rows.length === 0) return null;
    const run = await tx.executeSql(
      `INSERT INTO agendamento_execucao (agendamento_id, origem, status, agendado_para) VALUES ($1, 'AGENDADA', 'PENDENTE', $2::timestamptz)
       ON CONFLICT DO NOTHING RETURNING id`,
      [task.id, task.due.toISOString()],
    );
    if (run.rows.length === 0) return null;
    const runId = Number(run.rows[0].id);
    await queue.send<RunJob>(SCHEDULE_QUEUE, { idExecucao: runId }, { tx, singletonKey: `${task.id}:${task.due.toISOString()}` });
    return runId;
  });
}

/**
 * `POST agendamento/{id}/executar` ("Executar agora"): queues a MANUAL run of the task now (also
 * of an inactive task), in one transaction with its job. The due time of the schedule is not
 * touched.
 * @returns the queued run (status PENDENTE)
 * @throws DomainError NOT_FOUND (404) when absent or another company's
 * @throws DomainError CONFLICT (409) while a run of the task is queued or running
 */
export async function requestRun(database: Database, queue: JobQueue, auth: AuthContext, id: number): Promise<ScheduleRun> {
  const task = await findTask(database.db, id, auth.companyId ?? -1);
  if (!task) throw notFound();
  const runId = await database.transaction(async (tx) => {
    // one request at a time per task, so two clicks cannot both pass the check below
    await tx.executeSql('SELECT id FROM agendamento WHERE id = $1 FOR UPDATE', [id]);
    const inserted = await tx.executeSql(
      `INSERT INTO agendamento_execucao (agendamento_id, origem, status, agendado_para, solicitado_por)
       SELECT $1, 'MANUAL', 'PENDENTE', now(), $2
       WHERE NOT EXISTS (SELECT 1 FROM agendamento_execucao WHERE agendamento_id = $1 AND status IN ('PENDENTE', 'EM_EXECUCAO'))
       RETURNING id`,
      [id, auth.name],
    );
    if (inserted.rows.length === 0) return null;
    const runId = Number(inserted.rows[0].id);
    await queue.send<RunJob>(SCHEDULE_QUEUE, { idExecucao: runId }, { tx, singletonKey: `${id}:manual:${runId}` });
    return runId;
  });
  if (runId === null) throw new DomainError('CONFLICT', RUN_IN_PROGRESS_MESSAGE);
  queue.notify(SCHEDULE_QUEUE);
  const [run] = await database.db.select().from(scheduledTaskRuns).where(eq(scheduledTaskRuns.id, runId));
  return toScheduleRun(run);
}

/**
 * Executes one queued run (step 3): starts it if still PENDENTE, calls its kind's `run`, and
 * records SUCESSO, AVISO (the kind answered `taskWarning`) or ERRO with the message and duration
 * on the run and the task (keeping the last 50 runs). Never throws for a task's failure (the job completes; pg-boss does not retry it).
 * @returns the final status, or null when the run was already started elsewhere or deleted
 */
export async function executeRun(ctx: TaskContext, runId: number, signal: AbortSignal): Promise<ScheduleResult | null> {
  const startedAt = new Date();
  const [run] = await ctx.db
    .update(scheduledTaskRuns)
    .set({ status: 'EM_EXECUCAO', startedAt })
    .where(and(eq(scheduledTaskRuns.id, runId), eq(scheduledTaskRuns.status, 'PENDENTE')))
    .returning();
  if (!run) return null;
  const [task] = await ctx.db.select().from(scheduledTasks).where(eq(scheduledTasks.id, run.taskId));
  let status: ScheduleResult = 'SUCESSO';
  let message: string | null = null;
  try {
    const kind = task ? ctx.taskKinds.get(task.kind) : undefined;
    if (!task || !kind) throw new Error(`Tipo de tarefa desconhecido: ${task?.kind ?? '?'}`);
    signal.throwIfAborted();
    const result = await kind.run(ctx, { id: task.id, nome: task.name, tipo: task.kind, periodo: task.period, idEmpresa: task.companyId, idExecucao: run.id, origem: run.origin, agendadoPara: run.dueAt }, signal);
    if (result && typeof result === 'object') {
      status = 'AVISO';
      message = result.aviso || null;
      ctx.log.warn({ taskId: run.taskId, runId, aviso: message }, 'agendamento terminou com avisos');
    } else {
      message = result || null;
    }
  } catch (err) {
    status = 'ERRO';
    message = (err instanceof Error ? err.message : String(err)) || 'Erro sem mensagem';
    ctx.log.warn({ taskId: run.taskId, runId, err: message }, 'agendamento terminou com erro');
  }
  await ctx.db.transaction((tx) => finishRun(tx, { id: run.id, taskId: run.taskId, startedAt }, { status, finishedAt: new Date(), message: message?.slice(0, 4000) ?? null }));
  return status;
}

/** Marks runs EM_EXECUCAO for longer than RUN_EXPIRY_SECONDS as ERRO (their process ended). */
export async function sweepInterruptedRuns(ctx: TaskContext): Promise<number> {
  const cut = await ctx.db
    .update(scheduledTaskRuns)
    .set({ status: 'ERRO', finishedAt: sql`now()`, message: INTERRUPTED_RUN_MESSAGE })
    .where(and(eq(scheduledTaskRuns.status, 'EM_EXECUCAO'), lt(scheduledTaskRuns.startedAt, sql`now() - make_interval(secs => ${RUN_EXPIRY_SECONDS})`)))
    .returning({ id: scheduledTaskRuns.id });
  return cut.length;
}

/** Options of the scheduler loop. */
export interface SchedulerOptions {
  /** Longest sleep between two looks at the table, in ms (default 5000): bounds how late a task edited to fall due sooner is seen. */
  maxSleepMs?: number;
  /** Due tasks claimed per look (default 100). */
  batch?: number;
}

/**
 * The scheduler loop of one process: claims every due task (`claimDueTime`), then sleeps until the
 * earliest next due time of any active task, at most `maxSleepMs`; `wake()` cuts the sleep short.
 */
export class TaskScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private lastSweep = 0;
  private readonly maxSleepMs: number;
  private readonly batch: number;

  constructor(
    private readonly ctx: TaskContext,
    options: SchedulerOptions = {},
  ) {
    this.maxSleepMs = options.maxSleepMs ?? 5000;
    this.batch = options.batch ?? 100;
  }

  /**
   * Claims and queues every task due at `now`.
   * @returns how many runs this process queued
   */
  async tick(now = new Date()): Promise<number> {
    let queued = 0;
    for (const task of await findDueTasks(this.ctx.db, now, this.batch)) {
      if (!task.nextRunAt) continue;
      const runId = await claimDueTime(this.ctx.database, this.ctx.queue, { id: task.id, period: task.period, repeatMinutes: task.repeatMinutes, due: task.nextRunAt }, now);
      if (runId === null) continue;
      queued++;
      // wake this process's idle pollers now rather than at their next poll
      this.ctx.queue.notify(SCHEDULE_QUEUE);
    }
    if (now.getTime() - this.lastSweep > 60_000) {
      this.lastSweep = now.getTime();
      await sweepInterruptedRuns(this.ctx);
    }
    return queued;
  }

  /** Starts the loop (first look at once). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Looks at the table now (a task was saved in this process). */
  wake(): void {
    if (this.stopped || this.running) return;
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.loop().finally(() => (this.running = undefined));
    }, delayMs);
  }

  private async loop(): Promise<void> {
    let sleep = this.maxSleepMs;
    try {
      await this.tick();
      const earliest = await earliestNextRun(this.ctx.db);
      if (earliest) sleep = Math.min(this.maxSleepMs, Math.max(0, earliest.getTime() - Date.now()));
    } catch (err) {
      this.ctx.log.error({ err: err instanceof Error ? err.message : String(err) }, 'agendador: falha ao verificar tarefas devidas');
    }
    if (!this.stopped) this.schedule(sleep);
  }

  /** Stops the loop and waits for a look in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
