import type { Page } from 'playwright-core';

/** What has the keyboard focus: tag, ARIA role, visible text, aria-label, and whether it is in a data grid. */
export interface FocusedElement {
  tag: string;
  role: string | null;
  text: string;
  label: string | null;
  inGrid: boolean;
}

/** The element that has the keyboard focus now. */
export function focusedElement(page: Page): Promise<FocusedElement> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName ?? '',
      role: el?.getAttribute('role') ?? null,
      text: (el?.innerText ?? '').trim(),
      label: el?.getAttribute('aria-label') ?? null,
      inGrid: Boolean(el?.closest('.MuiDataGrid-root')),
    };
  });
}

/**
 * Presses Tab until the focused element satisfies `done`, at most `max` times.
 * @throws Error when it never does
 */
export async function tabUntil(page: Page, done: (focused: FocusedElement) => boolean, max = 40): Promise<FocusedElement> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await focusedElement(page);
    if (done(focused)) return focused;
  }
  throw new Error(`the focus did not reach the expected element within ${max} Tab presses`);
}
