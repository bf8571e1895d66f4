import { readUrlFor } from '../db/read-database.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { REQUIRED } from '@acervo/contracts';
import { openDatabase, type Database } from '../db/client.ts';
import { createScratchDatabase, type ScratchDatabase } from '../db/scratch-database.ts';
import { seedDemoData } from '../seed/demo-seed.ts';
import { JobQueue, defineQueues } from '../jobs/job-queue.ts';
import { defineScheduleQueue } from '../schedules/scheduler.ts';
import { DOMAIN_QUEUES, EXPORT_SOURCES } from '../domains.ts';
import { indexExportSources } from '../shared/export-source.ts';
import { seedStock, stockFixtures } from '../reports/stock-report.fixtures.ts';
import { exportQueue } from './exports.schema.ts';
import { EXPORT_QUEUE, exportsFolder, requestExport } from './exports.service.ts';

/**
 * Exactly once across processes (issue 17 part 1): two worker processes (`src/worker.ts`, as
 * `npm run worker` starts them) on one PostgreSQL database and one data folder; 24 exports queued
 * while both poll. Every item must end SUCESSO with one file, and pg-boss must have handed out
 * each job once. PostgreSQL only (PGlite admits one process): runs when DATABASE_URL is set.
 */
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error('exports-two-process.pg.test.ts needs DATABASE_URL (a PostgreSQL that may CREATE DATABASE)');
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('two worker processes on one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let database: Database;
  let queue: JobQueue;
  let dataDir: string;
  const children: ChildProcess[] = [];

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : undefined)));
    await queue?.stop();
    await database?.close();
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('write each export exactly once', async () => {
    scratch = await createScratchDatabase(baseUrl!);
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'acervo-exports-2p-'));
    const seed = await seedDemoData(database.db);
    await seedStock(database.db, seed.companyIds[0]!, stockFixtures(300));
    queue = new JobQueue(database);
    await defineScheduleQueue(queue);
    await defineQueues(queue, DOMAIN_QUEUES);
    await queue.start();

    // with a standby (CI's read-side step), the workers read the same scratch database on it
    const readBase = process.env.DATABASE_READ_URL;
    const env = {
      ...process.env,
      DATABASE_URL: scratch.url,
      DATABASE_READ_URL: readBase ? readUrlFor(readBase, scratch.url) : '',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      QUEUE_POLL_MS: '500',
      SCHEDULER_MAX_SLEEP_MS: '1000',
    };
    const output = ['', ''];
    for (let i = 0; i < 2; i++) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], { cwd: serverRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stderr!.on('data', (chunk) => (output[i] += chunk));
      child.stdout!.on('data', (chunk) => (output[i] += chunk));
      children.push(child);
    }
    const upBy = Date.now() + 60_000;
    while (!output.every((text) => text.includes('agendador em execução')) && children.every((child) => child.exitCode === null) && Date.now() < upBy) await new Promise((r) => setTimeout(r, 100));
    expect(children.map((child) => child.exitCode), output.join('\n')).toEqual([null, null]);

    const auth = { userId: seed.adminId, sessionId: '', companyId: seed.companyIds[0]!, roles: [REQUIRED.relatorioEstoque], login: 'admin', name: 'Administrador', profileName: null };
    const deps = { database, jobs: queue, sources: indexExportSources(EXPORT_SOURCES) };
    const ids: number[] = [];
    for (let i = 0; i < 24; i++) ids.push(await requestExport(deps, auth, i % 2 ? 'XLSX' : 'CSV', { origem: 'relatorio/estoque', filtros: { sorter: 'fisico,desc' } }));

    const finished = async () => (await database.db.select().from(exportQueue)).filter((r) => r.status === 'SUCESSO' || r.status === 'ERRO');
    const until = Date.now() + 90_000;
    while ((await finished()).length < ids.length && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    // a late duplicate would show up here
    await new Promise((r) => setTimeout(r, 1500));
    const rows = await database.db.select().from(exportQueue).orderBy(exportQueue.id);
    expect(rows.map((r) => [r.id, r.status, r.reason])).toEqual(ids.map((id) => [id, 'SUCESSO', null]));
    expect(rows.every((r) => r.rows === 300 && r.processedBy)).toBe(true);
    const files = await readdir(exportsFolder(dataDir));
    expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);
    expect(files.sort()).toEqual(rows.map((r) => r.filePath!).sort());
    for (const id of ids) expect(files.filter((f) => f.startsWith(`${id}-`)), String(id)).toHaveLength(1);
    const jobs = await database.sql.executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = '${EXPORT_QUEUE}'`);
    const archived = await database.sql.executeSql(`SELECT count(*)::int AS n FROM pgboss.archive WHERE name = '${EXPORT_QUEUE}'`);
    expect(Number(jobs.rows[0]!.n) + Number(archived.rows[0]!.n)).toBe(ids.length);
    const completed = await database.sql.executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = '${EXPORT_QUEUE}' AND state = 'completed'`);
    expect(Number(completed.rows[0]!.n)).toBe(ids.length);

    for (const child of children) child.kill('SIGTERM');
    const codes = await Promise.all(children.map((child) => (child.exitCode !== null ? child.exitCode : new Promise<number | null>((r) => child.once('exit', r)))));
    expect(codes, output.join('\n')).toEqual([0, 0]);
  });
});
