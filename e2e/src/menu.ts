import type { Page } from 'playwright-core';

/**
 * Opens `entry` of the side menu's `group` (pt-BR labels, e.g. 'Sistema', 'Metas'), expanding the
 * group first when it is closed, and clicks the entry only once the group's expansion has ended
 * (MUI's `Collapse` marks its root `MuiCollapse-entered`).
 *
 * Clicking during the expansion lost the click (CI stop 30, and 1 of 12 local runs under
 * stress-ng): the entry, still outside the growing wrapper, counts as visible and stable, so
 * Playwright scrolled the clipped wrapper to reach it and pressed the mouse there; the wrapper grew
 * between the press and the release, which then fell on another entry, so the browser sent no click
 * to the link and the page stayed where it was.
 */
export async function openMenuEntry(page: Page, group: string, entry: string): Promise<void> {
  const section = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('group', { name: group, exact: true });
  const link = section.getByRole('link', { name: entry, exact: true });
  if (!(await link.isVisible())) await section.getByRole('button', { name: group, exact: true }).click();
  await section.locator('.MuiCollapse-entered').waitFor();
  await link.click();
}
