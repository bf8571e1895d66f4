import { describe, expect, inject, it } from 'vitest';
import { auditScreen, newPage, useBrowser } from './src/browser.ts';
import { signIn, welcomeHeading } from './src/session.ts';
import { gridSettled } from './src/list.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/**
 * Billing report (issue 17 part 2): opens the report, changes the start date (the totals and the
 * tab are asked again for the new period), switches to the client tab (its query and the URL).
 */
describe('billing report', () => {
  it('opens, changes the dates and switches tab', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, 'admin', 'admin');
    await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor({ timeout: 10_000 });
    await page.goto(baseURL + '/reports/billing');
    await page.getByRole('heading', { name: 'Relatório de faturamento' }).waitFor();
    await page.getByRole('region', { name: 'Totais' }).waitFor();
    await gridSettled(page);
    await auditScreen(page, 'billing-report', { ready: (p) => p.getByRole('tab', { name: 'Data' }).waitFor() });

    const totals = page.waitForResponse((r) => r.url().includes('/relatorio/faturamento/totais') && r.url().includes('dataInicio=2025-01-01'));
    const start = page.locator('#billing-data-inicio');
    await start.click();
    await page.keyboard.type('01012025');
    expect((await totals).status()).toBe(200);
    await expect.poll(() => new URL(page.url()).searchParams.get('dataInicio')).toBe('2025-01-01');

    const clients = page.waitForResponse((r) => r.url().includes('/relatorio/faturamento/cliente?'));
    await page.getByRole('tab', { name: 'Cliente' }).click();
    expect((await clients).status()).toBe(200);
    await expect.poll(() => new URL(page.url()).searchParams.get('aba')).toBe('cliente');
    await page.getByRole('columnheader', { name: 'CNPJ/CPF' }).waitFor();
    await context.close();
  });
});
