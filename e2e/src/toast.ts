import type { Page } from 'playwright-core';

/**
 * Waits until a visible notistack toast of the given variant shows `text`.
 * Only visible toasts count: a toast with the same text that is still leaving the screen (its
 * exit transition keeps it in the DOM, hidden) would otherwise be the first match and the wait
 * would time out on it although the new toast is on screen.
 * @param variant the notistack variant ('success' or 'error')
 * @param text the text (or pattern) the toast must contain
 * @throws TimeoutError when no such toast appears within the default time-out (30 s)
 */
export async function waitForToast(page: Page, variant: 'success' | 'error', text: string | RegExp): Promise<void> {
  await page.locator(`.notistack-MuiContent-${variant}:visible`).filter({ hasText: text }).first().waitFor();
}
