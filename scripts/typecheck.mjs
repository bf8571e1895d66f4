#!/usr/bin/env node
// `npm run typecheck`: `tsc -p <project>` for every TypeScript project of the repository, two at a
// time (TYPECHECK_JOBS, default the number of CPUs, at most the number of projects). Each tsc is
// single-threaded and the projects do not depend on each other's output (noEmit, no references),
// so on CI's 2 cores two at a time take about half the wall time of one after the other
// (docs/ci.md). Each project's output is printed in one block when it ends; fails (exit 1) when
// any project fails, after all have run.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The projects, slowest first so the last one to start is a short one. `tsconfig.node.json` is the
 * server, the ERP simulator and the benches in ONE program: their compiler options are the same,
 * and the benches import the server's sources, which `tsc -p bench` checked a second time (server
 * 23 + bench 19 + simulator 7 CPU-s apart, 25 CPU-s together; docs/ci.md). Their own tsconfig.json
 * files stay for editors and `tsc -p <folder>`.
 */
const PROJECTS = ['tsconfig.node.json', 'apps/web', 'e2e', 'packages/contracts'];
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const jobs = Math.max(1, Math.min(PROJECTS.length, Number(process.env.TYPECHECK_JOBS) || os.availableParallelism()));

/** Runs tsc on one project; resolves with its exit status once its output is printed. */
function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [TSC, '-p', project], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`tsc -p ${project}: ${status === 0 ? 'ok' : `FAILED (${status})`} in ${seconds} s\n${out}`);
      resolve(status ?? 1);
    });
  });
}

const queue = [...PROJECTS];
let failed = 0;
await Promise.all(
  Array.from({ length: jobs }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) if ((await check(project)) !== 0) failed++;
  }),
);
process.exit(failed ? 1 : 0);
