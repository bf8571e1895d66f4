#!/usr/bin/env node
/**
 * `npm start`: builds the web app when apps/web/dist is missing or older than its sources
 * (apps/web/src, index.html, vite.config.ts, packages/contracts/src), then runs the server
 * (apps/server/src/server.ts through tsx) in this same process group, forwarding SIGINT/SIGTERM.
 * Environment: see apps/server/src/config.ts (PORT, DATA_DIR, DATABASE_URL, SEED_DEMO, JWT_SECRET).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

/** Newest modification time (ms) under `p` (file or folder), 0 when absent. */
function newest(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

const sources = [path.join(web, 'src'), path.join(web, 'index.html'), path.join(web, 'vite.config.ts'), path.join(root, 'packages/contracts/src')];
const built = newest(builtIndex);
const latestSource = Math.max(...sources.map(newest));
if (!built || latestSource > built) {
  console.log(built ? 'Web app desatualizado: recompilando…' : 'Compilando o web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@acervo/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
