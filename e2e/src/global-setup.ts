import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_ONIX_FIXTURE, ROOT } from './paths.ts';
import { freePort, startServer, type RunningServer } from './server.ts';

const root = ROOT;

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Administrator made by `npm run create-admin`, who must choose a new password at first sign-in. */
    firstAdmin: { login: string; temporaryPassword: string };
  }
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): void {
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with ${r.status}`);
}

let server: RunningServer | undefined;
let dataDir = '';

/**
 * Builds the web app, imports the ONIX fixture into a fresh PGlite folder, starts the real server
 * (`npm start` path: apps/server/src/server.ts, which seeds the demo data; ready when its health
 * route answers), stops it, adds a first-sign-in administrator with `npm run create-admin`, starts
 * it again on the same free port and provides its URL and that administrator's temporary password.
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
  server = await startServer(env, baseURL, 'e2e server', 60_000);
  await server.stop();
  const created = spawnSync('npm', ['run', '--silent', 'create-admin', '--', '--login', 'chefe', '--email', 'chefe@acervo.local'], { cwd: root, env, encoding: 'utf8' });
  const temporary = /Senha temporária[^:]*:\s*(\S+)/.exec(created.stdout ?? '')?.[1];
  if (created.status !== 0 || !temporary) throw new Error(`create-admin failed: ${created.stdout} ${created.stderr}`);
  server = await startServer(env, baseURL, 'e2e server', 60_000);
  project.provide('firstAdmin', { login: 'chefe', temporaryPassword: temporary });
  project.provide('baseURL', baseURL);
}

/** Stops the server and removes its data folder. */
export async function teardown(): Promise<void> {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
