import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_ONIX_FIXTURE, ROOT } from './paths.ts';
import { freePort, spawnServer, startServer, type RunningServer } from './server.ts';

const root = ROOT;

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /**
     * A second server, on its own fresh PGlite folder, with the demo's ERP simulator in-process
     * (`ERP_SIM=true`): the files that need ERP data (orders, replenishment, dashboard) share it instead of each
     * starting its own (src/erp-server.ts). `exitFile` appears when its process has ended.
     */
    erpServer: { baseURL: string; exitFile: string };
    /** Administrator made by `npm run create-admin`, who must choose a new password at first sign-in. */
    firstAdmin: { login: string; temporaryPassword: string };
  }
}

/**
 * Runs a command to its end without blocking this process (the ERP server's start-up, awaited in
 * parallel, keeps polling its health route meanwhile).
 * @returns its standard output (its standard error goes to ours)
 * @throws Error when it exits with a status other than 0
 */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, opts: { captureStdout?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', opts.captureStdout ? 'pipe' : 'inherit', 'inherit'] });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => (status === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} failed with ${status}: ${out}`))));
  });
}

let server: RunningServer | undefined;
let dataDir = '';
let erpServer: RunningServer | undefined;
let erpDataDir = '';

/**
 * Spawns the server with the demo's ERP simulator (6,000 titles, 24 months: generated before it
 * listens, then the first sync of both demo companies runs in its background jobs) and returns
 * at once: the files that use it run last and wait for it (src/erp-server.ts), so its start and
 * first sync overlap the other files. When it ends, `exited` in its data folder holds its exit
 * code or signal, so a waiting file fails at once instead of at its time-out.
 */
async function spawnErpServer(): Promise<{ baseURL: string; exitFile: string }> {
  erpDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-e2e-erp-'));
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: erpDataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ERP_SIM: 'true', ERP_SIM_PORT: String(await freePort()) };
  const exitFile = path.join(erpDataDir, 'exited');
  erpServer = spawnServer(env);
  erpServer.process.once('exit', (code, signal) => {
    if (fs.existsSync(erpDataDir)) fs.writeFileSync(exitFile, String(code ?? signal));
  });
  return { baseURL: `http://127.0.0.1:${port}`, exitFile };
}

/**
 * Builds the web app, imports the ONIX fixture into a fresh PGlite folder, starts the real server
 * (`npm start` path: apps/server/src/server.ts, which seeds the demo data; ready when its health
 * route answers), stops it, adds a first-sign-in administrator with `npm run create-admin`, starts
 * it again on the same free port and provides its URL and that administrator's temporary password.
 * Then spawns the shared ERP server (`spawnErpServer`) and provides its URL too, without waiting
 * for it. On a failure stops whatever it started.
 */
export async function setup(project: TestProject): Promise<void> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-e2e-'));
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ERP_SIM: 'false' };
  // the build users get: Vitest sets NODE_ENV=test, with which Vite builds React's development
  // bundle (StrictMode's double effects, ≈ 45 % more JavaScript, slower renders)
  await run('npm', ['run', 'build', '-w', '@acervo/web'], { ...env, NODE_ENV: 'production' });
  try {
    await run('npm', ['run', 'import:onix', '--', E2E_ONIX_FIXTURE], env);
    const baseURL = `http://127.0.0.1:${port}`;
    // First start seeds the demo data into the empty database; then, with the server stopped (PGlite
    // allows one process), `create-admin` adds a first-sign-in administrator, as on a real install.
    server = await startServer(env, baseURL, 'e2e server', 120_000);
    await server.stop();
    const created = await run('npm', ['run', '--silent', 'create-admin', '--', '--login', 'chefe', '--email', 'chefe@acervo.local'], env, { captureStdout: true });
    const temporary = /Senha temporária[^:]*:\s*(\S+)/.exec(created)?.[1];
    if (!temporary) throw new Error(`create-admin printed no temporary password: ${created}`);
    server = await startServer(env, baseURL, 'e2e server', 120_000);
    // only now (booting it beside this one slowed both past their budget on a loaded machine): it
    // boots (simulator data, demo seed, first sync) while the other files run
    const erp = await spawnErpServer();
    project.provide('firstAdmin', { login: 'chefe', temporaryPassword: temporary });
    project.provide('baseURL', baseURL);
    project.provide('erpServer', erp);
  } catch (err) {
    await teardown();
    throw err;
  }
}

/** Stops both servers and removes their data folders. */
export async function teardown(): Promise<void> {
  await Promise.all([server?.stop(), erpServer?.stop()]);
  for (const dir of [dataDir, erpDataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
