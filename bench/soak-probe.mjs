/**
 * Event-loop probe the soak (`soak.bench.ts`) preloads into the server it starts, through
 * `NODE_OPTIONS=--import <this file>`, so no server code changes for the measurement. It is
 * inert unless `SOAK_PROBE_FILE` is set, and then only in the process running
 * `apps/server/src/server.ts` (not in `scripts/start.mjs`, which gets the same NODE_OPTIONS).
 *
 * Every `SOAK_PROBE_MS` (default 10,000 ms) it appends one JSON line to SOAK_PROBE_FILE:
 * `{t, pid, p50, p99, max, n, mem}` — the event-loop delay (perf_hooks `monitorEventLoopDelay`,
 * resolution 10 ms, i.e. how late a 10 ms timer fired) over that interval, in milliseconds, and
 * `mem` = `process.memoryUsage()` in MB at its end (rss, heapTotal, heapUsed, external,
 * arrayBuffers; PGlite's WebAssembly memory is in none of the heap figures, only in rss) — and
 * a line `{t, pid, run: true, p50, p99, max, n}` over the time since the previous SIGUSR2 each time
 * the process gets SIGUSR2 (the soak sends one when its users start and one when they stop, so the
 * second line covers exactly the users' run, without start-up), and a last line
 * `{t, pid, final: true, …}` over the whole life of the process when it exits. The timer is
 * unref'd: it never keeps the server alive.
 */
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.SOAK_PROBE_FILE;
const isServer = process.argv.some((a) => a.endsWith('server.ts'));
if (file && isServer) {
  const everyMs = Number(process.env.SOAK_PROBE_MS ?? 10_000);
  const interval = monitorEventLoopDelay({ resolution: 10 });
  const whole = monitorEventLoopDelay({ resolution: 10 });
  interval.enable();
  whole.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const write = (obj) => fs.appendFileSync(file, JSON.stringify({ t: Date.now(), pid: process.pid, ...obj }) + '\n');
  write({ started: true });
  const mb = (bytes) => Math.round(bytes / 1048576);
  setInterval(() => {
    const m = process.memoryUsage();
    const mem = { rss: mb(m.rss), heapTotal: mb(m.heapTotal), heapUsed: mb(m.heapUsed), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) };
    write({ p50: ms(interval.percentile(50)), p99: ms(interval.percentile(99)), max: ms(interval.max), n: interval.count, mem });
    interval.reset();
  }, everyMs).unref();
  process.on('SIGUSR2', () => {
    write({ run: true, p50: ms(whole.percentile(50)), p99: ms(whole.percentile(99)), max: ms(whole.max), n: whole.count });
    whole.reset();
  });
  process.once('exit', () => write({ final: true, p50: ms(whole.percentile(50)), p99: ms(whole.percentile(99)), max: ms(whole.max) }));
}
