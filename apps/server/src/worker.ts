import { loadConfig } from './config.ts';
import { configureSecrets } from './shared/secrets.ts';
import { openDatabase } from './db/client.ts';
import { JobQueue, defineQueues } from './jobs/job-queue.ts';
import { startBackgroundWork } from './schedules/background.ts';
import { defineScheduleQueue } from './schedules/scheduler.ts';
import { DOMAIN_QUEUES, createTaskKindRegistry } from './domains.ts';
import { seedScheduledTasks } from './schedules/schedules.seed.ts';
import type { TaskLogger } from './schedules/task-kinds.ts';

/** One-line JSON log lines on stdout/stderr, at LOG_LEVEL (`silent` mutes them). */
function consoleLogger(level: string): TaskLogger {
  const write = (stream: 'log' | 'error', lvl: string) => (obj: object, msg?: string) => {
    if (level === 'silent') return;
    console[stream](JSON.stringify({ level: lvl, time: new Date().toISOString(), pid: process.pid, ...obj, msg }));
  };
  return { info: write('log', 'info'), warn: write('error', 'warn'), error: write('error', 'error') };
}

/**
 * `npm run worker`: a worker-only process (no HTTP) for scale-out on PostgreSQL, and with app.ts
 * the composition root of the background work: builds the task-kind registry and the queue list
 * from every domain's (`domains.ts`), opens the database (DATABASE_URL; migrates like the server),
 * seeds the built-in scheduled tasks if missing, starts the job queue and the background work (task-run pollers, the scheduler, queue
 * maintenance), and stops cleanly on SIGINT/SIGTERM (running tasks get their abort signal; the
 * process waits up to 10 s for them). Any number of workers and servers may share one PostgreSQL:
 * each due time is claimed by one of them. On PGlite (no DATABASE_URL) the data folder admits a
 * single process, so a worker there only makes sense while the server is stopped or started with
 * JOBS_IN_PROCESS=false elsewhere.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = consoleLogger(config.logLevel);
  configureSecrets(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const taskKinds = createTaskKindRegistry();
  await seedScheduledTasks(database.db, taskKinds);
  const queue = new JobQueue(database);
  await defineScheduleQueue(queue);
  await defineQueues(queue, DOMAIN_QUEUES);
  await queue.start();
  const background = await startBackgroundWork({ database, queue, config, log, taskKinds, queues: DOMAIN_QUEUES });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker: encerrando');
    await background.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  log.info({ banco: database.kind }, 'worker: fila de tarefas e agendador em execução');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
