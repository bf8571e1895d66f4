import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Dashboard } from '@acervo/contracts';
import { auditScreen, newPage, useBrowser } from './src/browser.ts';
import { signIn, welcomeHeading } from './src/session.ts';
import { erpServer } from './src/erp-server.ts';

/**
 * Home's dashboard (issue 19 part 1) on the run's shared ERP server (the demo's ERP simulator
 * in-process, `src/erp-server.ts`), so both demo companies have sales: the cards show the API's
 * figures, changing the comparison fetches and shows the other compared period, switching company
 * shows the other company's figures; axe-clean at desktop and phone; after a reload the cards show
 * the answer of index.html's early request.
 */
const browser = useBrowser();
const erp = erpServer();
const baseURL = erp.baseURL;
const apiGet = erp.apiGet;
let companies: Record<string, number> = {};
const DISTRIBUTOR = 'Distribuidora Acervo Ltda';
const PUBLISHER = 'Editora Acervo S.A.';

beforeAll(async () => {
  const { empresas } = await apiGet<{ empresas: { id: number; nome: string }[] }>('usuario/opcoes');
  companies = Object.fromEntries(empresas.map((e) => [e.nome, e.id]));
  // the first sync of the demo ERP (started with the run, maybe still going): wait until both
  // companies have sales this month (a plain loop: expect.poll belongs inside a test)
  const deadline = Date.now() + 420_000;
  for (;;) {
    const both = await Promise.all([DISTRIBUTOR, PUBLISHER].map((name) => apiGet<Dashboard>(`dashboard?idEmpresa=${companies[name]}`)));
    if (both.every((d) => d.mes.notas > 0)) break;
    if (Date.now() > deadline) throw new Error('the demo ERP sync did not bring sales of both companies within 420 s');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}, 720_000);

/** R$ text of cents as the cards show it (spaces normalised). */
function brl(cents: number): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100).replace(/\s/g, ' ');
}

/**
 * Whether the month card shows the API's month value of `company` now (both read in the same poll:
 * the simulator keeps selling, so a value read earlier may be stale by the time the page refetches).
 */
async function monthCardMatches(page: Page, company: number): Promise<boolean> {
  const shown = (await page.getByTestId('dashboard-month-valor').innerText()).replace(/\s/g, ' ');
  const now = await apiGet<Dashboard>(`dashboard?idEmpresa=${company}`);
  return shown === brl(now.mes.valorCentavos);
}

describe('dashboard', () => {
  it('shows the day and month cards, changes the comparison, follows a company switch; passes the audit', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, baseURL, 'admin', 'admin');
      await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
      await expect.poll(() => page.getByTestId('home-company').innerText()).toMatch(/^(Distribuidora|Editora)/);
      const first = await page.getByTestId('home-company').innerText();
      const other = first === DISTRIBUTOR ? PUBLISHER : DISTRIBUTOR;

      // the cards show the API's figures for the selected company
      await expect.poll(() => monthCardMatches(page, companies[first]), { timeout: 90_000 }).toBe(true);
      const before = await page.getByTestId('dashboard-month-valor').innerText();
      await page.getByTestId('dashboard-goal').waitFor();
      await page.getByTestId('dashboard-top').getByRole('row').nth(1).waitFor();
      expect(await page.getByTestId('dashboard-company').count()).toBe(2);

      // another comparison: the request carries it and the month card names last year's period
      const answered = page.waitForResponse((r) => r.url().includes('/api/core-api/dashboard?') && r.url().includes('comparacao=ANO_ANTERIOR'));
      await page.getByTestId('dashboard-comparison').click();
      await page.getByRole('option', { name: 'Ano anterior' }).click();
      const lastYear = (await (await answered).json()) as Dashboard;
      await expect.poll(() => page.getByTestId('dashboard-month').innerText()).toContain(lastYear.mes.comparacao.dataInicio.split('-').reverse().join('/'));
      expect(page.url()).toContain('comparacao=ANO_ANTERIOR');

      // switch company: the cards show the other company's month
      await page.getByLabel('Empresa', { exact: true }).click();
      await page.getByRole('option', { name: other }).click();
      await expect.poll(() => page.getByTestId('home-company').innerText()).toBe(other);
      await expect.poll(() => monthCardMatches(page, companies[other]), { timeout: 90_000 }).toBe(true);
      expect(await page.getByTestId('dashboard-month-valor').innerText()).not.toBe(before);

      await auditScreen(page, 'dashboard', { viewports: ['desktop', 'phone'], ready: (p) => p.getByTestId('dashboard-month-valor').waitFor() });

      // back to the company the file found: a sign-in opens the last company, and the orders file shares this server
      await page.getByLabel('Empresa', { exact: true }).click();
      await page.getByRole('option', { name: first }).click();
      await expect.poll(() => page.getByTestId('home-company').innerText()).toBe(first);

      // a reload: index.html's script asks for the figures before the app runs (the token's company,
      // no company header; the address's comparison, if any: the switch went to /), and the cards show that answer: the app sends
      // no request of its own before they are drawn
      // (the switch stored a new session, which forgets the early request until the dashboard answers again)
      await expect.poll(() => monthCardMatches(page, companies[first]), { timeout: 90_000 }).toBe(true);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('acervo:early:dashboard'))).toBe('1');
      const asked: { company: string | undefined; url: string }[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/core-api/dashboard')) asked.push({ company: r.headers()['x-empresa'], url: r.url() });
      });
      await page.reload();
      await page.getByTestId('dashboard-month-valor').waitFor();
      expect(asked.length).toBeGreaterThan(0);
      expect(asked[0].company).toBeUndefined();
      expect(new URL(asked[0].url).searchParams.get('comparacao')).toBe(new URL(page.url()).searchParams.get('comparacao'));
      expect(asked.filter((a) => a.company !== undefined)).toEqual([]);
      await expect.poll(() => monthCardMatches(page, companies[first]), { timeout: 90_000 }).toBe(true);
    } finally {
      await context.close();
    }
  });
});
