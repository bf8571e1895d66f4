import PgBoss from 'pg-boss';
import type { Database, SqlExecutor } from '../db/client.ts';
import type { AppConfig } from '../config.ts';

/**
 * The durable job queue (issue 6, part 5; decision in docs/decisions/0003-job-queue.md): pg-boss 10
 * on the app's own database connection — PGlite (one connection, pg-boss's multi-statement
 * commands run inside PGlite's transaction lock) or the PostgreSQL pool. pg-boss keeps its tables
 * in the schema `pgboss` and migrates them itself under an advisory lock, so several processes can
 * start together. Jobs survive restarts; `FOR UPDATE SKIP LOCKED` hands each job to one worker of
 * any process.
 *
 * Two modes, so that building the app starts no background work:
 * - `start()` (every process, tests too): creates or migrates the queue schema and the queues; jobs
 *   can be sent, nothing polls, no timer runs;
 * - `work()` (the background runner of `npm start` / `npm run worker`): pollers per queue, plus
 *   pg-boss's maintenance (expiry of stuck jobs, archiving, deletion) when `startMaintenance()` ran.
 */

/** A job as handlers receive it. */
export interface QueueJob<T> {
  id: string;
  name: string;
  data: T;
}

/** Options of one queue (pg-boss queue options; policy `standard`). */
export interface QueueDefinition {
  /** Retries after a failure (default 0: a failed job stays failed). */
  retryLimit?: number;
  /** A job still active after this many seconds is failed by the maintenance (default 15 min; < 24 h). */
  expireInSeconds?: number;
}

/**
 * A queue a domain owns, as the composition root lists it (`domains.ts`, DOMAIN_QUEUES): every
 * process declares it before `start()` (app.ts, worker.ts), and the background work
 * (`schedules/background.ts`) starts its pollers with `work`. jobs/ never imports a domain: it gets
 * these from the root.
 */
export interface DomainQueue {
  /** Queue name (pg-boss). */
  name: string;
  definition: QueueDefinition;
  /**
   * Starts this process's pollers of the queue (background work only; an app built by tests
   * does not call it).
   * @param deps the started queue, the open database and the process's configuration (its data folder)
   * @param options `pollingIntervalMs`: wait between polls of an empty queue (ms)
   */
  work?(deps: { queue: JobQueue; database: Database; config: AppConfig }, options: { pollingIntervalMs: number }): Promise<void>;
}

/** Declares every queue of `queues` (call before `queue.start()`). */
export async function defineQueues(queue: JobQueue, queues: readonly DomainQueue[]): Promise<void> {
  for (const q of queues) await queue.define(q.name, q.definition);
}

/** Options of `work`. */
export interface WorkOptions {
  /** Pollers started for this queue in this process (jobs run in parallel up to this; default 1). */
  concurrency?: number;
  /** Jobs fetched per poll (default 1). */
  batchSize?: number;
  /** Wait between polls when the queue was empty, in ms (default 1000; at least 500). */
  pollingIntervalMs?: number;
}

/** Options of `send`. */
export interface SendOptions {
  /** Runs the insert on this transaction (`Database.transaction`), so the job exists only if it commits. */
  tx?: SqlExecutor;
  /** Dedupe key (pg-boss `singletonKey`). */
  singletonKey?: string;
  /** Delay before the job may start, in seconds. */
  startAfterSeconds?: number;
}

/** Options of the queue. */
export interface JobQueueOptions {
  /** pg-boss maintenance interval, in seconds (default 60). */
  maintenanceIntervalSeconds?: number;
}

/** Handler of a queue: resolves to complete the jobs, throws to fail them. */
export type JobHandler<T> = (jobs: QueueJob<T>[], signal: AbortSignal) => Promise<void>;

/**
 * The queue of one process. `start()` before `send`; `stop()` on shutdown (waits for running
 * handlers up to `timeoutMs`, aborting their signal first).
 */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly definitions = new Map<string, QueueDefinition>();
  private readonly workers = new Map<string, string[]>();
  private readonly abort = new AbortController();
  private started = false;
  private readonly inFlight = new Set<Promise<unknown>>();
  private maintenance: NodeJS.Timeout | undefined;
  private readonly maintenanceIntervalMs: number;

  /**
   * @param database the app's open database (PGlite or PostgreSQL)
   * @param options maintenance interval
   */
  constructor(
    readonly database: Database,
    options: JobQueueOptions = {},
  ) {
    this.maintenanceIntervalMs = (options.maintenanceIntervalSeconds ?? 60) * 1000;
    this.boss = new PgBoss({
      // every statement pg-boss sends is tracked, so stop() can wait for the last ones (pg-boss
      // completes a job without awaiting it; closing the pool under it would reject unhandled)
      db: { executeSql: (text: string, values?: unknown[]) => this.track(database.sql.executeSql(text, values)) },
      schema: 'pgboss',
      // no timer of pg-boss's own: maintenance is startMaintenance()'s, and pg-boss's cron
      // scheduling is not used (the scheduled tasks of schedules/ have their own scheduler with a
      // run history)
      supervise: false,
      schedule: false,
      migrate: true,
    } as PgBoss.ConstructorOptions);
    this.boss.on('error', (err) => console.error(`Fila de tarefas: ${err instanceof Error ? err.message : String(err)}`));
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const forget = () => this.inFlight.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** Declares a queue; created by `start()` (or at once when already started). */
  async define(name: string, definition: QueueDefinition = {}): Promise<void> {
    this.definitions.set(name, definition);
    if (this.started) await this.createQueue(name, definition);
  }

  private async createQueue(name: string, definition: QueueDefinition): Promise<void> {
    await this.boss.createQueue(name, {
      name,
      policy: 'standard',
      retryLimit: definition.retryLimit ?? 0,
      expireInSeconds: definition.expireInSeconds ?? 15 * 60,
    });
  }

  /**
   * Creates or migrates the queue schema and every defined queue. Starts no timer and no poller.
   * On PostgreSQL the whole start holds an advisory lock (in a transaction of its own), so processes
   * starting together create the `pgboss` schema and the queues one after the other: pg-boss alone
   * let two of them race (`duplicate key … pg_namespace_nspname_index`, or a deadlock when one
   * created a queue partition while the other already polled). PGlite has one process.
   */
  async start(): Promise<void> {
    if (this.started) return;
    const startQueues = async () => {
      await this.boss.start();
      for (const [name, definition] of this.definitions) await this.createQueue(name, definition);
    };
    if (this.database.kind === 'postgres') {
      await this.database.transaction(async (tx) => {
        await tx.executeSql('SELECT pg_advisory_xact_lock(720432)');
        await startQueues();
      });
    } else {
      await startQueues();
    }
    this.started = true;
  }

  /**
   * Starts the maintenance timer: pg-boss's `maintain()` (fails jobs active past their expiry,
   * archives finished jobs, deletes old archived ones) every `maintenanceIntervalSeconds`. Each step
   * runs under pg-boss's advisory lock, so several processes doing it is safe.
   */
  startMaintenance(): void {
    if (this.maintenance) return;
    this.maintenance = setInterval(() => {
      this.boss.maintain().catch((err: unknown) => console.error(`Fila de tarefas (manutenção): ${err instanceof Error ? err.message : String(err)}`));
    }, this.maintenanceIntervalMs);
    this.maintenance.unref();
  }

  /**
   * Inserts a job.
   * @returns the job id, or null when a job with the same `singletonKey` is already queued
   */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    return this.boss.send(name, data, {
      db: options.tx,
      singletonKey: options.singletonKey,
      startAfter: options.startAfterSeconds,
    } as PgBoss.SendOptions);
  }

  /** Inserts many jobs in one statement (bench, bulk work). */
  async sendMany<T extends object>(name: string, items: T[]): Promise<void> {
    await this.boss.insert(items.map((data) => ({ name, data })));
  }

  /**
   * Starts `concurrency` pollers of queue `name` in this process. A poller that fetched a full
   * batch polls again at once (pg-boss would otherwise wait the polling interval after every
   * batch); an empty poll waits `pollingIntervalMs`. The handler's signal aborts on `stop()`.
   */
  async work<T>(name: string, handler: JobHandler<T>, options: WorkOptions = {}): Promise<void> {
    const batchSize = options.batchSize ?? 1;
    const ids = this.workers.get(name) ?? [];
    for (let i = 0; i < (options.concurrency ?? 1); i++) {
      let workerId = '';
      workerId = await this.boss.work<T>(name, { batchSize, pollingIntervalSeconds: Math.max(500, options.pollingIntervalMs ?? 1000) / 1000 }, async (jobs) => {
        await handler(jobs.map((job) => ({ id: job.id, name: job.name, data: job.data })), this.abort.signal);
        if (jobs.length === batchSize && workerId) this.boss.notifyWorker(workerId);
      });
      ids.push(workerId);
    }
    this.workers.set(name, ids);
  }

  /** Wakes this process's pollers of `name` (a job was just sent by this process). */
  notify(name: string): void {
    for (const id of this.workers.get(name) ?? []) this.boss.notifyWorker(id);
  }

  /** Jobs of `name` waiting to run (state created or retry). */
  async queued(name: string): Promise<number> {
    return this.boss.getQueueSize(name);
  }

  /**
   * Stops pollers and maintenance: aborts the handlers' signal, waits up to `timeoutMs` for the
   * running handlers, then fails what is still active. Leaves the database open.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    clearInterval(this.maintenance);
    this.maintenance = undefined;
    this.abort.abort(new Error('Processo encerrado'));
    await this.boss.stop({ graceful: true, close: false, timeout: timeoutMs, wait: true });
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
