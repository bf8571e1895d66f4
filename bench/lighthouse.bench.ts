import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

/**
 * Lighthouse benchmark of the web app as the server sends it (`npm run bench:lighthouse -w
 * @acervo/bench`, issue 15).
 *
 * 1. Builds the web app ONCE into a temporary folder (`vite build --outDir <tmp>`; never
 *    apps/web/dist) and copies that build without its `.br`/`.gz` files: the same JS, which the
 *    server can then only send uncompressed (the baseline).
 * 2. Imports the ONIX reference fixture into two fresh PGlite folders and starts the real server
 *    (`node --import tsx apps/server/src/server.ts`, which seeds the demo data, admin/admin) twice
 *    on free loopback ports: "uncompressed" on the copy, "brotli/gzip" on the build; without the
 *    demo's ERP simulator (`ERP_SIM=false` unless set), whose first sync would share the CPU with
 *    the browser during the first audits.
 * 3. Launches Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium; headless, no sandbox,
 *    no GPU, no background networking) with chrome-launcher and runs Lighthouse 12,
 *    performance only, RUNS times (default 3) for every page x form factor x server, interleaved
 *    so that a busy moment of the machine hits both servers alike:
 *    - pages: the login page `/` (storage and cache reset by Lighthouse) and the catalogue
 *      `/product/catalog` signed in as admin/admin through the real login form (the app writes the
 *      encrypted session to localStorage), audited with `disableStorageReset` after the HTTP cache
 *      is cleared, so its JS is downloaded as on a first visit;
 *    - form factors: mobile (Lighthouse's default: Moto G Power, simulated slow 4G, 4x CPU) and
 *      desktop (Lighthouse's desktop preset).
 * 4. Prints the medians (performance score, FCP, LCP, TBT, CLS, JS transferred as sent, JS as
 *    requested), the login route's JS files with their brotli sizes, and whether each target is
 *    met: login route JS <= 200 KB brotli; mobile score >= 90 on the login page and >= 80 on the
 *    catalogue; desktop score >= 95 on both.
 *
 * Not a test: it only prints (exit code 0 when it ran to the end, whatever the figures; 1 on
 * error; 130 on Ctrl-C). Temporary folders, servers and the browser are removed on every exit.
 * Environment: `BENCH_RUNS` (3), `CHROMIUM_PATH`, `BENCH_PAGES` / `BENCH_FORM_FACTORS` / `BENCH_VARIANTS`
 * (comma-separated subsets, e.g. `catalog`, `mobile`, `brotli`: a quicker loop while tuning), `BENCH_REPORTS=<dir>` keeps every Lighthouse
 * JSON report there.
 *
 * `BENCH_URL=http://host:port` audits a server already running (no build, no servers of its own; its
 * files as it sends them, shown as brotli/gzip), e.g. one on the dashboard's bench data
 * (`dashboard-data.ts`, issue 19): `BENCH_PAGES=dashboard` is Home `/` signed in as admin — the
 * dashboard of the admin's last company — with its target, LCP under 1 s on desktop. The page
 * `dashboard` is audited only when asked.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIR = path.join(ROOT, 'apps/web');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/src/server.ts');
const ONIX_FIXTURE = path.join(ROOT, 'apps/server/src/products/onix/fixtures/onix30-reference.xml');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const REPORTS = process.env.BENCH_REPORTS ? path.resolve(process.env.BENCH_REPORTS) : undefined;
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-sync'];
const COMPRESSED_COPY = /\.(?:br|gz)$/;
const KB = 1024;

/** Targets of issue 15 (scores 0–100, sizes in KB of 1024 bytes), and issue 19's dashboard LCP on desktop (ms). */
const TARGETS = { loginJsBrKB: 200, mobileLogin: 90, mobileCatalog: 80, desktop: 95, dashboardLcpMs: 1000 } as const;
/** A server to audit instead of the bench's own (`BENCH_URL`). */
const EXTERNAL_URL = process.env.BENCH_URL?.replace(/\/$/, '');

type PageName = 'login' | 'catalog' | 'dashboard';
type FormFactor = 'mobile' | 'desktop';
type Variant = 'uncompressed' | 'brotli/gzip';

const PAGES: Record<PageName, { path: string; label: string }> = {
  login: { path: '/', label: 'login /' },
  catalog: { path: '/product/catalog', label: 'catalogue /product/catalog' },
  dashboard: { path: '/', label: 'dashboard / (signed in)' },
};
/** A comma-separated subset from the environment (`BENCH_PAGES=catalog`), or every value. */
function subset<T extends string>(name: string, all: readonly T[]): T[] {
  const asked = (process.env[name] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const picked = all.filter((value) => asked.length === 0 || asked.some((a) => value.startsWith(a)));
  if (picked.length === 0) throw new Error(`${name}=${process.env[name]} names none of ${all.join(', ')}`);
  return picked;
}
const PAGE_NAMES = process.env.BENCH_PAGES ? subset<PageName>('BENCH_PAGES', ['login', 'catalog', 'dashboard']) : (['login', 'catalog'] as PageName[]);
const FORM_FACTORS = subset<FormFactor>('BENCH_FORM_FACTORS', ['mobile', 'desktop']);
const VARIANTS = EXTERNAL_URL ? (['brotli/gzip'] as Variant[]) : subset<Variant>('BENCH_VARIANTS', ['uncompressed', 'brotli/gzip']);

/** One script the audited page requested: its URL, bytes on the wire (headers included) and decoded body bytes. */
interface ScriptRequest {
  url: string;
  transferSize: number;
  resourceSize: number;
}

/** Figures of one Lighthouse run (times in ms, sizes in bytes, score 0–100). */
interface Sample {
  score: number;
  fcp: number;
  lcp: number;
  /** Speed Index (ms, simulated like LCP). */
  si: number;
  /** Observed (unthrottled) time of the last visual change (ms): when the screen stopped changing, e.g. Home's chart drawn. */
  lastChange: number;
  tbt: number;
  cls: number;
  jsTransfer: number;
  jsResource: number;
  scripts: ScriptRequest[];
}

/** A running server of the bench. */
interface BenchServer {
  variant: Variant;
  baseURL: string;
  webDist: string;
  /** The server's process (none for `BENCH_URL`). */
  child?: ChildProcess;
}

// ---------------------------------------------------------------------------------------------
// Cleanup: every temporary folder, child process and the browser, on a normal end, an error or a
// signal. Runs once.

const children = new Set<ChildProcess>();
const cleanups: Array<() => Promise<void> | void> = [];
const tempFolders: string[] = [];
let cleaning: Promise<void> | undefined;

/** Closes the browser, stops every child process, then removes the temporary folders. */
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (err) {
        console.error('cleanup:', err instanceof Error ? err.message : err);
      }
    }
    await Promise.all([...children].map((child) => stopChild(child)));
    for (const folder of tempFolders) fs.rmSync(folder, { recursive: true, force: true });
  })();
  return cleaning;
}

let interrupted = false;
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  process.on(signal, () => {
    if (interrupted) return; // tsx relays the terminal's Ctrl-C, so it may come twice
    interrupted = true;
    console.error(`\n${signal}: stopping the servers and the browser, removing the temporary folders`);
    void cleanup().finally(() => process.exit(code));
  });
}

/** Sends SIGTERM to a child (SIGKILL after 10 s) and resolves when it has exited. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Runs a command to its end, output shown; rejects when it exits non-zero. */
function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'inherit', 'inherit'] });
    children.add(child);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} ended with ${signal ?? code}`));
    });
  });
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

// ---------------------------------------------------------------------------------------------
// Build and servers

/** Builds the web app into `outDir` with the project's Vite config (brotli and gzip copies included). */
async function buildWeb(outDir: string): Promise<void> {
  await run('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: WEB_DIR });
}

/** Copies a build without its `.br`/`.gz` files: the server can then only send the files as they are. */
function copyWithoutCompressed(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true, filter: (file) => !COMPRESSED_COPY.test(file) });
}

/**
 * Imports the ONIX fixture into a fresh PGlite folder, then starts the real server on it (first
 * start seeds the demo data) and waits for its health check (60 s at most).
 */
async function startServer(variant: Variant, webDist: string, dataDir: string): Promise<BenchServer> {
  const port = await freePort();
  // ERP_SIM off unless asked: the demo's in-process ERP simulator and its first sync (tens of
  // seconds of CPU on PGlite) would run during the audits and compete with the browser
  const env = { ...process.env, WEB_DIST: webDist, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ERP_SIM: process.env.ERP_SIM ?? 'false' };
  await run('npm', ['run', '--silent', 'import:onix', '--', ONIX_FIXTURE], { cwd: ROOT, env });
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  children.add(child);
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/core-api/health`)).ok) return { variant, baseURL, webDist, child };
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error(`the ${variant} server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`the ${variant} server did not start within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

// ---------------------------------------------------------------------------------------------
// Browser and Lighthouse

/**
 * Clears everything the browser keeps for `baseURL`'s origin, localStorage (the app's session)
 * included: Lighthouse's own reset leaves localStorage, IndexedDB and cookies alone.
 */
async function signOut(page: Page, baseURL: string): Promise<void> {
  const cdp = await page.createCDPSession();
  await cdp.send('Storage.clearDataForOrigin', { origin: baseURL, storageTypes: 'all' });
  await cdp.detach();
}

/** Signs in as admin/admin through the login form of `baseURL`, from a clean origin; waits until the session is stored and the page is quiet. */
async function signIn(page: Page, baseURL: string): Promise<void> {
  await signOut(page, baseURL);
  const cdp = await page.createCDPSession();
  await page.goto(`${baseURL}/`, { waitUntil: 'load' });
  await page.locator('input[name="login"]').fill('admin');
  await page.locator('input[name="senha"]').fill('admin');
  await page.locator('form button[type="submit"]').click();
  // evaluated in the page (the bench's own lib has no DOM types)
  await page.waitForFunction(`localStorage.getItem('acervo:token') !== null && localStorage.getItem('acervo:user') !== null`, { timeout: 30_000 });
  await page.waitForNetworkIdle({ idleTime: 500, timeout: 30_000 });
  // first visit's download: the login page left its JS in the HTTP cache; the session stays
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/** The `metrics` audit's observed (unthrottled) last visual change, ms. */
function observedLastChange(lhr: Result): number {
  const items = (lhr.audits.metrics?.details as { items?: Array<{ observedLastVisualChange?: number }> } | undefined)?.items;
  const value = items?.[0]?.observedLastVisualChange;
  if (typeof value !== 'number') throw new Error('Lighthouse gave no observedLastVisualChange');
  return value;
}

function numeric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${audit}: ${lhr.audits[audit]?.errorMessage ?? lhr.runtimeError?.message ?? 'no value'}`);
  return value;
}

/** Scripts of the `network-requests` audit (every script the page requested while Lighthouse watched). */
function scriptsOf(lhr: Result): ScriptRequest[] {
  const details = lhr.audits['network-requests']?.details;
  if (!details || details.type !== 'table') throw new Error('Lighthouse gave no network-requests table');
  const scripts: ScriptRequest[] = [];
  for (const item of details.items) {
    const { url, resourceType, transferSize, resourceSize } = item;
    if (resourceType !== 'Script' || typeof url !== 'string') continue;
    scripts.push({ url, transferSize: typeof transferSize === 'number' ? transferSize : 0, resourceSize: typeof resourceSize === 'number' ? resourceSize : 0 });
  }
  return scripts;
}

/** One Lighthouse run (performance only) of a page of a server, in a form factor. */
async function audit(page: Page, server: BenchServer, pageName: PageName, formFactor: FormFactor, runIndex: number): Promise<Sample> {
  const signedIn = pageName !== 'login';
  if (signedIn) await signIn(page, server.baseURL);
  else await signOut(page, server.baseURL);
  const flags: Flags = { logLevel: 'error', output: 'json', onlyCategories: ['performance'], disableStorageReset: signedIn };
  const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(`${server.baseURL}${PAGES[pageName].path}`, flags, config, page);
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (REPORTS) {
    fs.mkdirSync(REPORTS, { recursive: true });
    fs.writeFileSync(path.join(REPORTS, `${pageName}-${formFactor}-${server.variant.replace('/', '-')}-${runIndex + 1}.json`), JSON.stringify(lhr));
  }
  for (const warning of lhr.runWarnings) console.warn(`  Lighthouse warning (${pageName}, ${formFactor}, ${server.variant}): ${warning}`);
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number') throw new Error(`Lighthouse gave no performance score: ${lhr.runtimeError?.message ?? 'unknown error'}`);
  const scripts = scriptsOf(lhr);
  return {
    score: Math.round(score * 100),
    fcp: numeric(lhr, 'first-contentful-paint'),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    si: numeric(lhr, 'speed-index'),
    lastChange: observedLastChange(lhr),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    jsTransfer: scripts.reduce((sum, s) => sum + s.transferSize, 0),
    jsResource: scripts.reduce((sum, s) => sum + s.resourceSize, 0),
    scripts,
  };
}

// ---------------------------------------------------------------------------------------------
// Figures

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(2);

/** Size of a file of the build, or of its `.br`/`.gz` copy, in bytes (null when missing). */
function sizeOf(file: string): number | null {
  try {
    return fs.statSync(file).size;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-lighthouse-'));
  tempFolders.push(tmp);
  const compressedDist = path.join(tmp, 'web-compressed');
  const plainDist = path.join(tmp, 'web-uncompressed');

  const servers: Partial<Record<Variant, BenchServer>> = {};
  if (EXTERNAL_URL) {
    console.log(`auditing the server at ${EXTERNAL_URL}`);
    servers['brotli/gzip'] = { variant: 'brotli/gzip', baseURL: EXTERNAL_URL, webDist: '' };
  } else {
    console.log(`building the web app into ${compressedDist}`);
    await buildWeb(compressedDist);
    copyWithoutCompressed(compressedDist, plainDist);
    console.log('importing the ONIX fixture and starting both servers');
    if (VARIANTS.includes('uncompressed')) servers.uncompressed = await startServer('uncompressed', plainDist, path.join(tmp, 'data-uncompressed'));
    if (VARIANTS.includes('brotli/gzip')) servers['brotli/gzip'] = await startServer('brotli/gzip', compressedDist, path.join(tmp, 'data-compressed'));
  }

  const profile = path.join(tmp, 'chromium-profile');
  fs.mkdirSync(profile);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, userDataDir: profile, handleSIGINT: false, logLevel: 'silent' });
  cleanups.push(() => chrome.kill());
  const browser: Browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  cleanups.push(() => browser.disconnect());
  const page = await browser.newPage();

  const samples = new Map<string, Sample[]>();
  const key = (p: PageName, f: FormFactor, v: Variant) => `${p}|${f}|${v}`;
  const total = RUNS * PAGE_NAMES.length * FORM_FACTORS.length * VARIANTS.length;
  let done = 0;
  for (let runIndex = 0; runIndex < RUNS; runIndex++) {
    for (const pageName of PAGE_NAMES) {
      for (const formFactor of FORM_FACTORS) {
        for (const variant of VARIANTS) {
          const t0 = Date.now();
          const server = servers[variant];
          if (!server) throw new Error(`no ${variant} server`);
          const sample = await audit(page, server, pageName, formFactor, runIndex);
          done += 1;
          console.log(
            `[${String(done).padStart(2)}/${total}] run ${runIndex + 1} ${pageName.padEnd(7)} ${formFactor.padEnd(7)} ${variant.padEnd(12)} ` +
              `score ${String(sample.score).padStart(3)}  LCP ${seconds(sample.lcp)} s  SI ${seconds(sample.si)} s  last change ${seconds(sample.lastChange)} s (observed)  TBT ${Math.round(sample.tbt)} ms  JS ${kb(sample.jsTransfer)} KB sent  (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
          );
          const list = samples.get(key(pageName, formFactor, variant)) ?? [];
          list.push(sample);
          samples.set(key(pageName, formFactor, variant), list);
        }
      }
    }
  }

  // ---- the table
  const rows: string[][] = [];
  const medianScore = new Map<string, number>();
  for (const pageName of PAGE_NAMES) {
    for (const formFactor of FORM_FACTORS) {
      for (const variant of VARIANTS) {
        const list = samples.get(key(pageName, formFactor, variant)) ?? [];
        const m = (pick: (s: Sample) => number) => median(list.map(pick));
        medianScore.set(key(pageName, formFactor, variant), m((s) => s.score));
        rows.push([
          PAGES[pageName].label,
          formFactor,
          variant,
          String(m((s) => s.score)),
          seconds(m((s) => s.fcp)),
          seconds(m((s) => s.lcp)),
          seconds(m((s) => s.si)),
          seconds(m((s) => s.lastChange)),
          String(Math.round(m((s) => s.tbt))),
          m((s) => s.cls).toFixed(3),
          kb(m((s) => s.jsTransfer)),
          kb(m((s) => s.jsResource)),
        ]);
      }
    }
  }
  console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, ${(await browser.version())}, ${RUNS} runs each, medians`);
  console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 1024 ** 3)} GiB, Node ${process.versions.node}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  console.log(
    markdownTable(
      ['page', 'form factor', 'server sends', 'perf score', 'FCP s', 'LCP s', 'SI s', 'last change s (observed)', 'TBT ms', 'CLS', 'JS transferred KB', 'JS requested KB (raw)'],
      rows,
    ),
  );

  // ---- the login route's JS, from the compressed server's login runs (the files are the same in both builds)
  const loginScripts = new Map<string, ScriptRequest>();
  for (const formFactor of FORM_FACTORS) for (const s of samples.get(key('login', formFactor, 'brotli/gzip')) ?? []) for (const script of s.scripts) loginScripts.set(new URL(script.url).pathname, script);
  const files = [...loginScripts.keys()].map((urlPath) => {
    const file = path.join(compressedDist, decodeURIComponent(urlPath));
    const raw = sizeOf(file) ?? loginScripts.get(urlPath)?.resourceSize ?? 0;
    return { urlPath, raw, gz: sizeOf(`${file}.gz`) ?? raw, br: sizeOf(`${file}.br`) ?? raw };
  });
  files.sort((a, b) => b.raw - a.raw);
  const sum = (pick: (f: (typeof files)[number]) => number) => files.reduce((acc, f) => acc + pick(f), 0);
  if (files.length > 0) console.log('\nJS requested by the login page (files of the build):\n');
  if (files.length > 0)
    console.log(
    markdownTable(
      ['file', 'raw KB', 'gzip KB', 'brotli KB'],
      [...files.map((f) => [f.urlPath, kb(f.raw), kb(f.gz), kb(f.br)]), ['total', kb(sum((f) => f.raw)), kb(sum((f) => f.gz)), kb(sum((f) => f.br))]],
    ),
  );

  // ---- targets, on the compressed server
  const loginBr = sum((f) => f.br) / KB;
  const checks: Array<[string, boolean]> = [];
  if (files.length > 0) checks.push([`login route JS ${loginBr.toFixed(1)} KB brotli <= ${TARGETS.loginJsBrKB} KB`, loginBr <= TARGETS.loginJsBrKB]);
  const scoreTargets: Array<[string, PageName, FormFactor, number]> = [
    ['mobile score, login page', 'login', 'mobile', TARGETS.mobileLogin],
    ['mobile score, catalogue', 'catalog', 'mobile', TARGETS.mobileCatalog],
    ['desktop score, login page', 'login', 'desktop', TARGETS.desktop],
    ['desktop score, catalogue', 'catalog', 'desktop', TARGETS.desktop],
  ];
  for (const [label, pageName, formFactor, target] of scoreTargets) {
    const score = medianScore.get(key(pageName, formFactor, 'brotli/gzip'));
    if (score !== undefined) checks.push([`${label} ${score} >= ${target}`, score >= target]); // measured in this run only
  }
  const dashboard = samples.get(key('dashboard', 'desktop', 'brotli/gzip'));
  if (dashboard?.length) {
    const lcp = median(dashboard.map((s) => s.lcp));
    checks.push([`dashboard desktop LCP ${seconds(lcp)} s < ${seconds(TARGETS.dashboardLcpMs)} s (issue 19)`, lcp < TARGETS.dashboardLcpMs]);
  }
  console.log('\nTargets (issue 15, server sending brotli/gzip; issue 19, the dashboard):');
  for (const [label, met] of checks) console.log(`  ${met ? 'met    ' : 'NOT met'}  ${label}`);
  console.log(`\n${checks.filter(([, met]) => met).length} of ${checks.length} targets met; bench took ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main()
  .then(() => cleanup())
  .then(() => process.exit(0))
  .catch(async (err: unknown) => {
    if (interrupted) return; // the signal handler cleans up and exits; this is the audit it cut short
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    await cleanup();
    process.exit(1);
  });
