import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_ONIX_FIXTURE, ROOT } from './paths.ts';

const root = ROOT;

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Administrator made by `npm run create-admin`, who must choose a new password at first sign-in. */
    firstAdmin: { login: string; temporaryPassword: string };
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): void {
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with ${r.status}`);
}

let server: ChildProcess | undefined;
let dataDir = '';

/**
 * Builds the web app, imports the ONIX fixture into a fresh PGlite folder, starts the real server
 * (`npm start` path: apps/server/src/server.ts, which seeds the demo data), stops it, adds a
 * first-sign-in administrator with `npm run create-admin`, starts it again on the same free port
 * and provides its URL and that administrator's temporary password.
 */
export async function setup(project: TestProject): Promise<void> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-e2e-'));
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ERP_SIM: 'false' };
  run('npm', ['run', 'build', '-w', '@acervo/web'], env);
  run('npm', ['run', 'import:onix', '--', E2E_ONIX_FIXTURE], env);
  const baseURL = `http://127.0.0.1:${port}`;
  // First start seeds the demo data into the empty database; then, with the server stopped (PGlite
  // allows one process), `create-admin` adds a first-sign-in administrator, as on a real install.
  await startServer(env, baseURL);
  await stopServer();
  const created = spawnSync('npm', ['run', '--silent', 'create-admin', '--', '--login', 'chefe', '--email', 'chefe@acervo.local'], { cwd: root, env, encoding: 'utf8' });
  const temporary = /Senha temporária[^:]*:\s*(\S+)/.exec(created.stdout ?? '')?.[1];
  if (created.status !== 0 || !temporary) throw new Error(`create-admin failed: ${created.stdout} ${created.stderr}`);
  await startServer(env, baseURL);
  project.provide('firstAdmin', { login: 'chefe', temporaryPassword: temporary });
  project.provide('baseURL', baseURL);
}

async function startServer(env: NodeJS.ProcessEnv, baseURL: string): Promise<void> {
  server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], { cwd: root, env, stdio: 'inherit' });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseURL}/api/core-api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function stopServer(): Promise<void> {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  }
}

/** Stops the server and removes its data folder. */
export async function teardown(): Promise<void> {
  await stopServer();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
