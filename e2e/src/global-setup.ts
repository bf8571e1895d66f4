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
 * (`npm start` path: apps/server/src/server.ts with demo data) on a free port and provides its URL.
 */
export async function setup(project: TestProject): Promise<void> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-e2e-'));
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '' };
  run('npm', ['run', 'build', '-w', '@acervo/web'], env);
  run('npm', ['run', 'import:onix', '--', E2E_ONIX_FIXTURE], env);
  server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], { cwd: root, env, stdio: 'inherit' });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseURL}/api/core-api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  project.provide('baseURL', baseURL);
}

/** Stops the server and removes its data folder. */
export async function teardown(): Promise<void> {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
