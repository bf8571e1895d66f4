import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { SCHEDULE_QUEUE, TaskScheduler, executeRun } from './scheduler.ts';
import type { TaskContext, TaskKindRegistry, TaskLogger } from './task-kinds.ts';
import type { DomainQueue, JobQueue } from '../jobs/job-queue.ts';

/** Options of the background work, from the environment by default (see `backgroundOptionsFromEnv`). */
export interface BackgroundOptions {
  /** Task runs executed at once by this process (`TASK_WORKERS`, default 2). */
  taskWorkers: number;
  /** Wait between polls of an empty run queue, in ms (`QUEUE_POLL_MS`, default 1000, at least 500). */
  pollingIntervalMs: number;
  /** Longest sleep of the scheduler between looks at the table, in ms (`SCHEDULER_MAX_SLEEP_MS`, default 5000). */
  schedulerMaxSleepMs: number;
}

/** Reads `TASK_WORKERS`, `QUEUE_POLL_MS` and `SCHEDULER_MAX_SLEEP_MS` (defaults 2, 1000, 5000). */
export function backgroundOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): BackgroundOptions {
  const num = (value: string | undefined, fallback: number, min: number) => {
    const n = Number(value);
    return Number.isFinite(n) && n >= min ? Math.floor(n) : fallback;
  };
  return {
    taskWorkers: num(env.TASK_WORKERS, 2, 1),
    pollingIntervalMs: num(env.QUEUE_POLL_MS, 1000, 500),
    schedulerMaxSleepMs: num(env.SCHEDULER_MAX_SLEEP_MS, 5000, 10),
  };
}

/** The background work of one process, with its `stop()`. */
export interface BackgroundWork {
  scheduler: TaskScheduler;
  ctx: TaskContext;
  /** Stops the scheduler, then the queue's pollers (aborting running tasks' signal, waiting up to 10 s). */
  stop(): Promise<void>;
}

/**
 * Starts the background work of a process (`npm start` in-process, `npm run worker` alone): the
 * task-run pollers on the queue, the scheduler loop and the queue maintenance. Building the app
 * (tests) does not call this, so nothing runs in the background unless asked.
 * @param deps the open database, the started queue (`JobQueue.start()`), the configuration, a
 *   logger, and from the composition root (`domains.ts`) the process's task kinds and the domains'
 *   queues whose pollers to start (each declared before the queue started)
 */
export async function startBackgroundWork(
  deps: { database: Database; queue: JobQueue; config: AppConfig; log: TaskLogger; taskKinds: TaskKindRegistry; queues: readonly DomainQueue[] },
  options: BackgroundOptions = backgroundOptionsFromEnv(),
): Promise<BackgroundWork> {
  const ctx: TaskContext = { db: deps.database.db, database: deps.database, config: deps.config, queue: deps.queue, log: deps.log, taskKinds: deps.taskKinds };
  await deps.queue.work<{ idExecucao: number }>(
    SCHEDULE_QUEUE,
    async (jobs, signal) => {
      for (const job of jobs) await executeRun(ctx, job.data.idExecucao, signal);
    },
    { concurrency: options.taskWorkers, batchSize: 1, pollingIntervalMs: options.pollingIntervalMs },
  );
  // the domains' queues (the product import's writes, issue 8)
  for (const q of deps.queues) await q.work?.({ queue: deps.queue, database: deps.database, config: deps.config }, { pollingIntervalMs: options.pollingIntervalMs });
  deps.queue.startMaintenance();
  const scheduler = new TaskScheduler(ctx, { maxSleepMs: options.schedulerMaxSleepMs });
  scheduler.start();
  return {
    scheduler,
    ctx,
    async stop() {
      await scheduler.stop();
      await deps.queue.stop();
    },
  };
}
