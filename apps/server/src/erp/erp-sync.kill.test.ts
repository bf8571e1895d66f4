import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startErpSimulator, type ErpSimulator } from '@acervo/erp-sim';
import { openDatabase, type Database } from '../db/client.ts';
import { createScratchDatabase } from '../db/scratch-database.ts';
import { seedDemoData } from '../seed/demo-seed.ts';
import { compareWithErp, differences } from './test-helpers/compare.ts';

const CHILD = fileURLToPath(new URL('./test-helpers/sync-child.ts', import.meta.url));

/**
 * Kill and restart: the sync runs in a child process (`node --import tsx`) against the simulator
 * (20 % 5xx, 1 in 50 malformed); it is killed with SIGKILL twice at random moments (after some
 * committed pages plus 0-40 ms, so sometimes in the middle of a page's transaction), started
 * again, and at the end every company's entity types equal the simulator's statistics: nothing
 * lost, nothing duplicated. On PGlite (a data folder, one process at a time) and on PostgreSQL.
 */
describe('kill -9 mid-sync and restart', () => {
  let sim: ErpSimulator;
  let target: { env: Record<string, string>; open(): Promise<Database>; drop(): Promise<void> };

  beforeAll(async () => {
    sim = await startErpSimulator({ port: 0, titulos: 500, meses: 4, empresas: 2, seed: 23, vendasPorMinuto: 0, hoje: new Date('2026-06-01T12:00:00Z'), falhas: { erro5xx: 0.2, malformadoUmEm: 50 } });
    if (process.env.DATABASE_URL) {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL);
      target = { env: { DATABASE_URL: scratch.url }, open: () => openDatabase({ databaseUrl: scratch.url, dataDir: '' }), drop: scratch.drop };
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-kill-'));
      target = { env: { PGLITE_DIR: dir }, open: () => openDatabase({ dataDir: dir }), drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    }
    const database = await target.open();
    await seedDemoData(database.db);
    await database.close();
  }, 300_000);
  afterAll(async () => {
    await sim?.close();
    await target?.drop();
  });

  /** Runs the child; kills it after `killAfterPages` pages (+ 0-40 ms) or lets it finish (null). */
  function runChild(killAfterPages: number | null): Promise<{ pages: number; finished: boolean }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
        env: { ...process.env, ...target.env, ERP_URL: `${sim.url}/api/v1`, PAGE_SIZE: '50' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let pages = 0;
      let finished = false;
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.stdout.on('data', (d: Buffer) => {
        for (const line of d.toString().split('\n')) {
          if (line === 'DONE') finished = true;
          if (line !== 'PAGE') continue;
          pages++;
          if (killAfterPages !== null && pages === killAfterPages) setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 40));
        }
      });
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        if (killAfterPages === null && code !== 0) reject(new Error(`child exit ${code}: ${stderr.slice(-2000)}`));
        else resolve({ pages, finished: finished && signal === null });
      });
    });
  }

  it('loses and duplicates nothing', { timeout: 600_000 }, async () => {
    const first = await runChild(6);
    expect(first.finished).toBe(false);
    const second = await runChild(25);
    // the kill lands 0-40 ms after that page: another page may commit (and say so) before it
    expect(first.pages).toBeGreaterThanOrEqual(6);
    expect(second.pages).toBeGreaterThanOrEqual(25);
    expect(second.finished).toBe(false);
    const last = await runChild(null);
    expect(last.finished).toBe(true);
    const database = await target.open();
    try {
      const compared = await compareWithErp(database.db, sim.statistics());
      expect(differences(compared)).toEqual([]);
      expect(compared.reduce((n, c) => n + c.acervo.registros, 0)).toBeGreaterThan(1000);
    } finally {
      await database.close();
    }
  });
});
