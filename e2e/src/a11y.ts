import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser build, injected into the page under test. */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 level A and AA rule tags (axe-core tags each rule with the versions it belongs to). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] as const;

/** One axe-core violation as the audit reports it. */
export interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; summary: string }[];
}

interface AxeResult {
  violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
}

/**
 * Runs axe-core (WCAG 2.2 A and AA rules) on the page as it is now and returns the serious and
 * critical violations.
 */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!present) await page.addScriptTag({ content: AXE_SOURCE });
  const result = await page.evaluate(
    (tags) => (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    [...WCAG_TAGS],
  );
  return (result as AxeResult).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300) })),
    }));
}

/**
 * Fails (throws) when the page has any serious or critical WCAG 2.2 A/AA violation, listing each
 * rule, its help text and the offending elements.
 * @param where a name for the message (screen and viewport)
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await seriousA11yViolations(page);
  if (violations.length === 0) return;
  const text = violations
    .map((v) => `- ${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.summary}`).join('\n')}`)
    .join('\n');
  throw new Error(`Accessibility violations on ${where}:\n${text}`);
}
