/**
 * Job queue and scheduler benchmark (`npm run bench:queue -w @acervo/bench`, issue 6 part 5).
 *
 * For each database — PostgreSQL (`DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/test;
 * a scratch database created and dropped) and PGlite (in memory) — in the same run:
 * 1. baseline queue: a bare table drained by W loops of `UPDATE … WHERE id IN (SELECT … FOR UPDATE
 *    SKIP LOCKED LIMIT B) RETURNING` (fetch, marks active) then `UPDATE … SET state = 'completed'`
 *    (complete), the two statements pg-boss also runs per batch; jobs/s;
 * 2. the app's queue (`JobQueue`, pg-boss 10): N jobs inserted at once, drained by W pollers of
 *    batch B with a no-op handler; jobs/s from the first poll to the last completion;
 * 3. due-task latency: 1 task (5 rounds), then K scheduled tasks of a no-op kind falling due
 *    together (R rounds), with the background work of `npm start` running (scheduler + 2 task
 *    workers, default settings); latency = run start − due time, p50/p95/max. Baseline: a bare `setTimeout` armed for the same instant
 *    (the timer's own lateness).
 * Environment: DATABASE_URL, BENCH_JOBS (5000; PGlite uses half), BENCH_TARGETS (`postgres,pglite`),
 * BENCH_TASKS (20), BENCH_ROUNDS (3).
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '@acervo/server/src/config.ts';
import { openDatabase, type Database } from '@acervo/server/src/db/client.ts';
import { createScratchDatabase, type ScratchDatabase } from '@acervo/server/src/db/scratch-database.ts';
import { JobQueue } from '@acervo/server/src/jobs/job-queue.ts';
import { startBackgroundWork } from '@acervo/server/src/schedules/background.ts';
import { defineScheduleQueue } from '@acervo/server/src/schedules/scheduler.ts';
import { TaskKindRegistry } from '@acervo/server/src/schedules/task-kinds.ts';
import { scheduledTaskRuns, scheduledTasks } from '@acervo/server/src/schedules/schedules.schema.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 5000);
const TARGETS = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',').map((s) => s.trim());
const TASKS = Number(process.env.BENCH_TASKS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const CONFIGS = [
  { workers: 1, batch: 1 },
  { workers: 4, batch: 1 },
  { workers: 2, batch: 50 },
];

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Row {
  database: string;
  measure: string;
  config: string;
  value: string;
}
const rows: Row[] = [];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The bare SKIP LOCKED queue: jobs/s draining `n` rows with `workers` loops of batch `batch`. */
async function baseline(database: Database, n: number, workers: number, batch: number): Promise<number> {
  await database.sql.executeSql('DROP TABLE IF EXISTS bench_job; CREATE TABLE bench_job (id bigserial PRIMARY KEY, data jsonb NOT NULL, state text NOT NULL)');
  await database.sql.executeSql(`INSERT INTO bench_job (data, state) SELECT jsonb_build_object('i', i), 'created' FROM generate_series(1, $1::int) i`, [n]);
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (;;) {
        const fetched = await database.sql.executeSql(
          `UPDATE bench_job SET state = 'active' WHERE id IN (SELECT id FROM bench_job WHERE state = 'created' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING id, data`,
          [batch],
        );
        if (fetched.rows.length === 0) return;
        await database.sql.executeSql(`UPDATE bench_job SET state = 'completed' WHERE id = ANY($1::bigint[])`, [fetched.rows.map((r) => r.id)]);
        done += fetched.rows.length;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (done !== n) throw new Error(`baseline drained ${done} of ${n}`);
  await database.sql.executeSql('DROP TABLE bench_job');
  return n / seconds;
}

/** pg-boss through JobQueue: jobs/s draining `n` jobs with `workers` pollers of batch `batch`. */
async function queueThroughput(database: Database, n: number, workers: number, batch: number): Promise<number> {
  const queue = new JobQueue(database);
  const name = `bench_${workers}_${batch}_${Date.now()}`;
  await queue.define(name, { retryLimit: 0 });
  await queue.start();
  for (let i = 0; i < n; i += 1000) await queue.sendMany(name, Array.from({ length: Math.min(1000, n - i) }, (_, j) => ({ i: i + j })));
  let handled = 0;
  let started = 0;
  await queue.work<{ i: number }>(
    name,
    async (jobs) => {
      if (!started) started = performance.now();
      handled += jobs.length;
    },
    { concurrency: workers, batchSize: batch, pollingIntervalMs: 500 },
  );
  while (handled < n) await sleep(5);
  // the last completions are written after the handler returns
  while ((await database.sql.executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state <> 'completed'`, [name])).rows[0].n !== 0) await sleep(5);
  const seconds = (performance.now() - started) / 1000;
  await queue.stop();
  return n / seconds;
}

/** The task kinds of the bench's background work: only its no-op kind. */
const benchKinds = new TaskKindRegistry();

/** Timer baseline: how late a bare setTimeout armed for an instant fires (ms), `k` samples. */
async function timerLateness(k: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < k; i++) {
    const at = Date.now() + 50;
    samples.push(await new Promise<number>((resolve) => setTimeout(() => resolve(Date.now() - at), at - Date.now())));
  }
  return samples.sort((a, b) => a - b);
}

/** Due-task latency (run start − due time, ms) with the background work of `npm start`. */
async function dueLatency(database: Database, count: number, rounds: number): Promise<number[]> {
  const queue = new JobQueue(database);
  await defineScheduleQueue(queue);
  await queue.start();
  const background = await startBackgroundWork({ database, queue, config: loadConfig({}), log: silent, taskKinds: benchKinds, queues: [] });
  const tasks = await database.db
    .insert(scheduledTasks)
    .values(Array.from({ length: count }, (_, i) => ({ name: `Bench ${count}-${i}`, kind: 'BENCH_NADA', period: '0 2 * * *', nextRunAt: null })))
    .returning({ id: scheduledTasks.id });
  const ids = sql.join(tasks.map((t) => sql`${t.id}`), sql`, `);
  const latencies: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // a due time 7 s ahead: past the scheduler's longest sleep (5 s), so it has read the table since
    // the update and sleeps until that instant, as for any task saved before its due time
    const due = new Date(Math.ceil((Date.now() + 7000) / 1000) * 1000);
    await database.db.update(scheduledTasks).set({ nextRunAt: due }).where(sql`${scheduledTasks.id} IN (${ids})`);
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      const started = await database.db.$count(scheduledTaskRuns, sql`${scheduledTaskRuns.taskId} IN (${ids}) AND ${scheduledTaskRuns.dueAt} = ${due.toISOString()}::timestamptz AND ${scheduledTaskRuns.startedAt} IS NOT NULL`);
      if (started === count) break;
      await sleep(50);
    }
    const runs = await database.db
      .select({ dueAt: scheduledTaskRuns.dueAt, startedAt: scheduledTaskRuns.startedAt })
      .from(scheduledTaskRuns)
      .where(sql`${scheduledTaskRuns.taskId} IN (${ids}) AND ${scheduledTaskRuns.dueAt} = ${due.toISOString()}::timestamptz`);
    if (runs.length !== count) throw new Error(`round ${round}: ${runs.length} runs of ${count}`);
    for (const run of runs) latencies.push(run.startedAt!.getTime() - run.dueAt.getTime());
  }
  await background.stop();
  return latencies.sort((a, b) => a - b);
}

async function benchDatabase(label: string, database: Database, n: number): Promise<void> {
  for (const { workers, batch } of CONFIGS) {
    const config = `${workers} worker(s) × batch ${batch}, ${n} jobs`;
    const bare = await baseline(database, n, workers, batch);
    const boss = await queueThroughput(database, n, workers, batch);
    rows.push({ database: label, measure: 'throughput, bare SKIP LOCKED (baseline)', config, value: `${bare.toFixed(0)} jobs/s` });
    rows.push({ database: label, measure: 'throughput, JobQueue (pg-boss 10)', config, value: `${boss.toFixed(0)} jobs/s` });
  }
  const lateness = await timerLateness(TASKS);
  rows.push({ database: label, measure: 'due latency, bare setTimeout (baseline)', config: `${TASKS} samples`, value: `p50 ${percentile(lateness, 50)} / p95 ${percentile(lateness, 95)} / max ${lateness.at(-1)} ms` });
  for (const [count, rounds] of [
    [1, 5],
    [TASKS, ROUNDS],
  ]) {
    const latency = await dueLatency(database, count, rounds);
    rows.push({ database: label, measure: 'due latency, scheduler → run start', config: `${count} task(s) due together × ${rounds} rounds, 2 task workers`, value: `p50 ${percentile(latency, 50)} / p95 ${percentile(latency, 95)} / max ${latency.at(-1)} ms` });
  }
}

async function main(): Promise<void> {
  benchKinds.register({ tipo: 'BENCH_NADA', descricao: 'Bench: não faz nada', escopo: 'SISTEMA', periodoSugerido: '0 2 * * *', run: async () => 'ok' });
  if (TARGETS.includes('postgres')) {
    let scratch: ScratchDatabase | undefined;
    let database: Database | undefined;
    try {
      scratch = await createScratchDatabase(BASE_URL, { prefix: 'acervo_bench_queue' });
      database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
      console.error('PostgreSQL…');
      await benchDatabase('PostgreSQL', database, JOBS);
    } finally {
      await database?.close();
      await scratch?.drop();
    }
  }
  if (TARGETS.includes('pglite')) {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      console.error('PGlite…');
      await benchDatabase('PGlite', database, Math.round(JOBS / 2));
    } finally {
      await database.close();
    }
  }
  const widths = (['database', 'measure', 'config', 'value'] as const).map((key) => Math.max(key.length, ...rows.map((r) => r[key].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(['database', 'measure', 'config', 'value']));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line([r.database, r.measure, r.config, r.value]));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
