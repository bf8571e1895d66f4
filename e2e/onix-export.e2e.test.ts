import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { auditScreen, newPage, useBrowser } from './src/browser.ts';
import { E2E_FIXTURE_ISBN, E2E_FIXTURE_TITLE } from './src/fixture.ts';
import { signIn, welcomeHeading } from './src/session.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

describe('catalogue ONIX export', () => {
  it('"Exportar ONIX" downloads an ONIX 3.0 file of the filtered catalogue', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, 'admin', 'admin');
    await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
    await page.goto(baseURL + `/product/catalog?isbn13=${E2E_FIXTURE_ISBN}`);
    await page.getByText(E2E_FIXTURE_TITLE).first().waitFor();
    await auditScreen(page, 'catalog-onix-export', { ready: (p) => p.getByRole('button', { name: 'Exportar ONIX' }).waitFor() });

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar ONIX' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^acervo-onix-\d{8}-\d{6}\.xml$/);
    const file = await download.path();
    const xml = fs.readFileSync(file, 'utf8');
    expect(xml).toContain('<ONIXMessage release="3.0" xmlns="http://ns.editeur.org/onix/3.0/reference">');
    // Only the filtered product, not the whole catalogue nor only the visible page.
    expect(xml.match(/<Product>/g)).toHaveLength(1);
    expect(xml).toContain(`<IDValue>${E2E_FIXTURE_ISBN}</IDValue>`);
    await page.getByRole('button', { name: 'Exportar ONIX' }).and(page.locator(':not([disabled])')).waitFor();
    await context.close();
  });
});
