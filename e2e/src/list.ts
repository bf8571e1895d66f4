import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** MUI X's loading overlay inside a grid (shown while the list's query fetches). */
const GRID_LOADING = '.MuiDataGrid-root [role="progressbar"]';

/**
 * Waits until no grid on the page shows its loading overlay: the rows on screen are the answer
 * to the last request (a refetch after a save, a new search), as a user waits for the spinner.
 * @throws TimeoutError when a grid is still loading after the default time-out (30 s)
 */
export async function gridSettled(page: Page): Promise<void> {
  await page.locator(GRID_LOADING).first().waitFor({ state: 'detached' });
}

/** Options of `searchList`. */
export interface SearchOptions {
  /** The filter box's label (default: starts with "Pesquisar"). */
  label?: string | RegExp;
  /** The URL (and API query) parameter the box fills (default `term`). */
  key?: string;
}

/**
 * Searches a list through its filter box as a user does: waits for the list on screen to have
 * settled (a refetch still landing re-renders and can take the focus), types `text`, presses
 * Enter, then waits for the list's answer to that search (`GET` with `key=text`) and for the grid
 * to show it. Checks the search is kept in the URL. `text` must differ from the applied search
 * (the same search sends no request).
 * @throws TimeoutError when no answer to the search arrives within the default time-out (30 s)
 */
export async function searchList(page: Page, text: string, options: SearchOptions = {}): Promise<void> {
  const key = options.key ?? 'term';
  const box = page.getByLabel(options.label ?? /^Pesquisar/);
  await gridSettled(page);
  await box.fill(text);
  const answered = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return r.request().method() === 'GET' && url.pathname.startsWith('/api/') && url.searchParams.get(key) === text.trim();
  });
  await box.press('Enter');
  await answered;
  expect(new URL(page.url()).searchParams.get(key)).toBe(text.trim());
  await gridSettled(page);
}
