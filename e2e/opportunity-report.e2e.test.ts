import { beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword, type PagedList, type RegisterRecord } from '@acervo/contracts';
import { auditScreen, newPage, useBrowser } from './src/browser.ts';
import { signIn } from './src/session.ts';
import { gridSettled } from './src/list.ts';
import { waitForToast } from './src/toast.ts';

/**
 * Opportunities report (issue 17 part 4): a lost sale registered through the API by the seller is
 * in the synthetic view of the "Venda perdida" tab, then, with its observation, in the analytic
 * view; an export of that view is requested; the screen is axe-clean at 1366x768 and 390x844.
 */
const baseURL = inject('baseURL');
const browser = useBrowser();
/** This file's own title (never seeded). */
const TITLE = 'E2E Livro Pedido no Balcão';
const NOTE = 'E2E cliente volta sexta';

beforeAll(async () => {
  const login = await fetch(`${baseURL}/api/core-api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'vendedor', password: hashPassword('vendedor') }) });
  const token = ((await login.json()) as { token: string }).token;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const reasons = (await (await fetch(`${baseURL}/api/core-api/motivo-oportunidade?pageSize=50`, { headers })).json()) as PagedList<RegisterRecord>;
  const reason = reasons.itens.find((r) => r.nome === 'Sem estoque') ?? reasons.itens[0]!;
  for (const quantidade of [2, 3]) {
    const res = await fetch(`${baseURL}/api/core-api/oportunidade`, { method: 'POST', headers, body: JSON.stringify({ descricao: TITLE, quantidade, tipo: 'VENDA_PERDIDA', idMotivo: reason.id, observacao: NOTE }) });
    expect(res.status).toBe(201);
  }
});

describe('opportunities report', () => {
  it('shows a registered lost sale by title, then each registration, and requests its export', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, baseURL, 'vendedor', 'vendedor', `/reports/opportunity?tipo=VENDA_PERDIDA&descricao=${encodeURIComponent('balcão')}`);
      await page.getByRole('heading', { name: 'Relatório de oportunidades' }).waitFor();
      await expect.poll(() => page.getByRole('tab', { name: 'Venda perdida' }).getAttribute('aria-selected')).toBe('true');
      // synthetic: one row for the title, 2 registrations, 5 copies
      const row = page.getByRole('row', { name: new RegExp(TITLE) });
      await row.waitFor();
      await expect.poll(() => row.getByRole('gridcell').allInnerTexts()).toEqual(expect.arrayContaining([TITLE, '2', '5']));
      await auditScreen(page, 'opportunity-report', { ready: (p) => p.getByRole('row', { name: new RegExp(TITLE) }).waitFor() });

      // analytic: each registration with its reason, user and observation
      await page.getByRole('button', { name: 'Analítica' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('visao')).toBe('analitica');
      await gridSettled(page);
      await expect.poll(() => page.getByRole('row', { name: new RegExp(NOTE) }).count()).toBe(2);
      await page.getByRole('row', { name: new RegExp(NOTE) }).first().getByText('Vendedor Demonstração').waitFor();

      // export the analytic view of this tab
      const asked = page.waitForResponse((r) => r.url().includes('/fila-exportacao/csv') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Exportar' }).click();
      await page.getByRole('menuitem', { name: 'CSV' }).click();
      const response = await asked;
      expect(response.status()).toBe(201);
      expect(response.request().postDataJSON()).toMatchObject({ origem: 'relatorio/oportunidade/venda-perdida/analitica', filtros: { descricao: 'balcão', tipo: 'VENDA_PERDIDA', visao: 'analitica' } });
      await waitForToast(page, 'success', 'Exportação solicitada! Acompanhe em Downloads.');
    } finally {
      await context.close();
    }
  });
});
