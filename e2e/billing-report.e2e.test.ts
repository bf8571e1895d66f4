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
    await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
    await page.goto(baseURL + '/reports/billing');
    await page.getByRole('heading', { name: 'Relatório de faturamento' }).waitFor();
    await page.getByRole('region', { name: 'Totais' }).waitFor();
    await gridSettled(page);
    await auditScreen(page, 'billing-report', { ready: (p) => p.getByRole('tab', { name: 'Data' }).waitFor() });

    // day and month typed over the default start (the 1st of this month): 1 January of this year
    const totals = page.waitForResponse((r) => r.url().includes('/relatorio/faturamento/totais') && /dataInicio=\d{4}-01-01/.test(r.url()));
    // the first date field is "Data inicial"; its day section takes the typed DDMMYYYY
    await page.getByRole('spinbutton', { name: 'Dia' }).first().click();
    await page.keyboard.type('0101');
    expect((await totals).status()).toBe(200);
    await expect.poll(() => new URL(page.url()).searchParams.get('dataInicio')).toMatch(/^\d{4}-01-01$/);

    const clients = page.waitForResponse((r) => r.url().includes('/relatorio/faturamento/cliente?'));
    await page.getByRole('tab', { name: 'Cliente' }).click();
    expect((await clients).status()).toBe(200);
    await expect.poll(() => new URL(page.url()).searchParams.get('aba')).toBe('cliente');
    await page.getByRole('columnheader', { name: 'CNPJ/CPF' }).waitFor();
    await context.close();
  });
});
