import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.ts';
import { createScratchDatabase, type ScratchDatabase } from '../db/scratch-database.ts';
import { scheduledTaskRuns, scheduledTasks } from './schedules.schema.ts';

/**
 * Exactly once across processes (issue 6, part 5): two separate worker processes (`src/worker.ts`,
 * as `npm run worker` starts them) on one PostgreSQL database, with 20 tasks falling due together
 * twice; every (task, due time) must run once. Needs PostgreSQL (PGlite admits one process per
 * data folder): `*.pg.test.ts` files run only when DATABASE_URL is set (vitest.config.ts), as in
 * CI's API run on PostgreSQL. On PGlite, schedules.test.ts races two schedulers in one process.
 */
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error('two-process.pg.test.ts needs DATABASE_URL (a PostgreSQL that may CREATE DATABASE)');
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('two worker processes on one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let database: Database;
  const children: ChildProcess[] = [];

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : undefined)));
    await database?.close();
    await scratch?.drop();
  });

  it('run each due time of each task exactly once, and stop cleanly on SIGTERM', async () => {
    scratch = await createScratchDatabase(baseUrl!);
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    const tasks = await database.db
      .insert(scheduledTasks)
      .values(Array.from({ length: 20 }, (_, i) => ({ name: `Corrida ${i}`, kind: 'LIMPEZA_SESSOES', period: '0 2 * * *', nextRunAt: null })))
      .returning({ id: scheduledTasks.id });
    const ids = sql.join(tasks.map((task) => sql`${task.id}`), sql`, `);
    const env = { ...process.env, DATABASE_URL: scratch.url, LOG_LEVEL: 'info', SCHEDULER_MAX_SLEEP_MS: '20', QUEUE_POLL_MS: '500', TASK_WORKERS: '3' };
    const output = ['', ''];
    for (let i = 0; i < 2; i++) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], { cwd: serverRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stderr!.on('data', (chunk) => (output[i] += chunk));
      child.stdout!.on('data', (chunk) => (output[i] += chunk));
      children.push(child);
    }
    // both workers up (each logs once its queue pollers and scheduler run; start-up takes seconds on a busy machine)
    const upBy = Date.now() + 60_000;
    while (!output.every((text) => text.includes('agendador em execução')) && children.every((child) => child.exitCode === null) && Date.now() < upBy) await new Promise((r) => setTimeout(r, 100));
    expect(children.map((child) => child.exitCode), output.join('\n')).toEqual([null, null]);

    const finished = () => database.db.$count(scheduledTaskRuns, sql`${scheduledTaskRuns.taskId} IN (${ids}) AND ${scheduledTaskRuns.status} IN ('SUCESSO', 'ERRO')`);
    const dueTimes: Date[] = [];
    for (let round = 1; round <= 2; round++) {
      const due = new Date(Date.now() + 300);
      dueTimes.push(due);
      await database.db.update(scheduledTasks).set({ nextRunAt: due }).where(sql`${scheduledTasks.id} IN (${ids})`);
      const until = Date.now() + 20_000;
      while ((await finished()) < 20 * round && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(await finished()).toBe(20 * round);
    }
    // a late duplicate would show up here
    await new Promise((r) => setTimeout(r, 1500));
    const runs = await database.db.select().from(scheduledTaskRuns).where(sql`${scheduledTaskRuns.taskId} IN (${ids})`);
    expect(runs).toHaveLength(40);
    expect(runs.every((run) => run.status === 'SUCESSO' && run.origin === 'AGENDADA')).toBe(true);
    for (const task of tasks) {
      const own = runs.filter((run) => run.taskId === task.id).map((run) => run.dueAt.getTime()).sort();
      expect(own).toEqual(dueTimes.map((d) => d.getTime()));
    }
    // the jobs of these runs only: the workers also run the built-in scheduled tasks of the database
    // (clean-ups at fixed minutes), and one of those falling due during the test queued a 41st job
    const runIds = runs.map((run) => run.id);
    const jobsOf = (table: string) =>
      database.sql.executeSql(`SELECT count(*)::int AS n FROM pgboss.${table} WHERE name = 'agendamento_execucao' AND (data->>'idExecucao')::int = ANY($1::int[])`, [runIds]);
    const [jobs, archived] = await Promise.all([jobsOf('job'), jobsOf('archive')]);
    expect(Number(jobs.rows[0].n) + Number(archived.rows[0].n)).toBe(40);

    for (const child of children) child.kill('SIGTERM');
    const codes = await Promise.all(children.map((child) => (child.exitCode !== null ? child.exitCode : new Promise<number | null>((r) => child.once('exit', r)))));
    expect(codes, output.join('\n')).toEqual([0, 0]);
  });
});
