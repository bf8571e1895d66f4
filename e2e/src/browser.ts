import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, onTestFailed } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expectAccessible } from './a11y.ts';

/** Where screenshots go (git-ignored). */
export const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/** Viewports of the screenshots and audits: desktop 1366x768, a narrow desktop 800x768 and a phone 390x844. */
export const VIEWPORTS = {
  desktop: { width: 1366, height: 768 },
  narrow: { width: 800, height: 768 },
  phone: { width: 390, height: 844 },
} as const;

/** Name of one of `VIEWPORTS`. */
export type ViewportName = keyof typeof VIEWPORTS;

/**
 * Launches Debian's Chromium (`CHROMIUM_PATH` overrides `/usr/bin/chromium`) headless with the
 * flags this machine needs.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * One Chromium for the calling test file: launched before its tests, closed after them.
 * @returns a getter of the browser (throws if called before `beforeAll` ran)
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll');
    return browser;
  };
}

/** API answers each page keeps for the failure report (the last ones). */
const API_LOG_SIZE = 25;

/**
 * Prints what a failed test's page showed, to CI's output (which holds no screenshots): its
 * address, its last API answers (method, path, status, ms), its page errors and the text on
 * screen (dialogs first); appends it to the file `E2E_FAILURE_REPORTS` names, when set (.ci/run
 * prints that file at its very end, the part of CI's output that is kept); and saves
 * `screenshots/failed-<test>.png`. A page already closed is
 * skipped. Diagnosis only: it never changes a test's result.
 */
async function reportFailure(page: Page, testName: string, apiLog: readonly string[], errors: readonly string[]): Promise<void> {
  if (page.isClosed()) return;
  try {
    const text = await page.evaluate(() => {
      const dialogs = Array.from(document.querySelectorAll('[role="dialog"]')).map((d) => `[dialog] ${(d as HTMLElement).innerText}`);
      return [...dialogs, document.body.innerText].join('\n---\n').slice(0, 3000);
    });
    const report = [`── failure report: ${testName}`, `address: ${page.url()}`, 'last API answers:', ...apiLog.map((l) => `  ${l}`), 'page errors:', ...errors.map((e) => `  ${e}`), 'on screen:', text, '──'].join('\n');
    console.error(report);
    // CI keeps only the end of its output: .ci/run prints this file again after its last line
    if (process.env.E2E_FAILURE_REPORTS) fs.appendFileSync(process.env.E2E_FAILURE_REPORTS, `${report}\n`);
    await shot(page, `failed-${testName.replace(/[^\w-]+/g, '-').slice(0, 80)}`, false);
  } catch (error) {
    console.error(`failure report of ${testName} not taken: ${String(error)}`);
  }
}

/**
 * A new pt-BR browser context and page at a viewport (desktop by default). Inside a test, a
 * failure of that test prints the page's report (`reportFailure`): CI shows only text, and a
 * failure under load is seldom reproduced here.
 */
export async function newPage(browser: Browser, viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'pt-BR' });
  const page = await context.newPage();
  const apiLog: string[] = [];
  const errors: string[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    // the page may close before the answer is read (a test's end): then it is not logged
    request
      .response()
      .then((response) => {
        const timing = request.timing();
        apiLog.push(`${request.method()} ${url.pathname}${url.search} → ${response?.status() ?? '?'} (${Math.round(timing.responseEnd)} ms)`);
        if (apiLog.length > API_LOG_SIZE) apiLog.shift();
      })
      .catch(() => undefined);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    onTestFailed(({ task }) => reportFailure(page, task.name, apiLog, errors));
  } catch {
    // called outside a test (a beforeAll): no report
  }
  return { context, page };
}

/** Saves a screenshot `e2e/screenshots/<name>.png`, of the full page unless `fullPage` is false. */
export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage, animations: 'disabled' });
}

/**
 * Pixels the page scrolls sideways (0 when it fits): the document's scroll width beyond the
 * viewport, and the widest overflow of the top bar's toolbar (content cut inside it).
 */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const toolbar = document.querySelector('header .MuiToolbar-root');
    const inner = toolbar ? toolbar.scrollWidth - toolbar.clientWidth : 0;
    return Math.max(root.scrollWidth - root.clientWidth, inner);
  });
}

/**
 * Waits until the page's layout has settled as a user sees it: two frames for a re-render (a
 * media query after a resize, a state change) to start its transitions, then until every finite
 * CSS transition or animation (menu width, drawer, dialog fade, toast slide) has finished. Endless
 * ones (progress spinners, skeleton pulses) are not waited for.
 */
export async function layoutSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    await frame();
    await frame();
    for (;;) {
      const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      await frame();
    }
  });
}

/** Options of `auditScreen`. */
export interface AuditOptions {
  /** Viewports to audit (default desktop and phone, as every screen's test must). */
  viewports?: readonly ViewportName[];
  /** Waits until the screen is ready at the current viewport (e.g. a heading is visible). */
  ready?: (page: Page) => Promise<unknown>;
}

/**
 * Waits for the screen to settle, then runs axe (`expectAccessible`). A list still loading (its
 * grid's chunk: the placeholder; its rows: MUI X's progress overlay inside the grid, which axe flags)
 * and running transitions are waited for first. A screen can still move after that (a refetch, a
 * field enabled when its data arrives: CI caught a label mid-fade and a refetch's overlay at load
 * 8–12), so a failing audit settles and runs once more; only a violation present both times fails.
 * @throws Error listing the violations of the second audit
 */
async function auditSettled(page: Page, where: string): Promise<void> {
  const settle = async () => {
    await page.locator('[data-list-placeholder], .MuiDataGrid-root [role="progressbar"]').first().waitFor({ state: 'detached' });
    await layoutSettled(page); // layout transitions (menu width, drawer) end
  };
  await settle();
  try {
    await expectAccessible(page, where);
  } catch {
    await page.waitForTimeout(1_000);
    await settle();
    await expectAccessible(page, where);
  }
}

/**
 * The check every end-to-end test of a screen runs: at each viewport (1366x768 and 390x844 by
 * default) the screen must have no serious or critical WCAG 2.2 A/AA violation (axe-core) and
 * must not scroll sideways; a screenshot `<name>-<viewport>.png` is saved for review. Lists are
 * audited once loaded (no grid progress bar; a slow machine can otherwise catch the overlay). The
 * page is left at the viewport it had.
 * @throws Error listing the violations, or the overflow in px
 */
export async function auditScreen(page: Page, name: string, options: AuditOptions = {}): Promise<void> {
  const original = page.viewportSize();
  try {
    for (const viewportName of options.viewports ?? (['desktop', 'phone'] as const)) {
      await page.setViewportSize(VIEWPORTS[viewportName]);
      if (options.ready) await options.ready(page);
      await auditSettled(page, `${name} at ${viewportName}`);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) throw new Error(`${name} at ${viewportName} scrolls sideways by ${overflow} px`);
      await shot(page, `${name}-${viewportName}`);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}
