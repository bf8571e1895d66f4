import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS, auditScreen, newPage, useBrowser } from './src/browser.ts';
import { collectConsole, signIn, welcomeHeading } from './src/session.ts';
import { focusedElement } from './src/keyboard.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
const year = new Date().getFullYear();
const DISTRIBUTOR = 'Distribuidora Acervo Ltda';
const PUBLISHER = 'Editora Acervo S.A.';

async function signInAdmin(page: Page): Promise<void> {
  await signIn(page, baseURL, 'admin', 'admin');
  await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
}

/** The input of one goal cell, by its accessible name. */
function cell(page: Page, month: string, company: string, ano = year) {
  return page.getByLabel(`Meta de ${month} de ${ano} – ${company}`, { exact: true });
}

/** Types into a cell from the keyboard (focus selects its text, so typing replaces it). */
async function typeInto(page: Page, month: string, company: string, text: string): Promise<void> {
  await cell(page, month, company).click();
  await page.keyboard.type(text);
}

async function save(page: Page): Promise<void> {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/core-api/meta') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await page.getByText('Metas salvas com sucesso!').waitFor();
}

describe('goals', () => {
  it('types goals in R$, saves, sees them after a reload with their history, restores them; passes the audit at desktop and phone', async () => {
    const { context, page } = await newPage(browser());
    const console = collectConsole(page);
    await signInAdmin(page);
    await page.goto(`${baseURL}/system/goal?ano=${year}`);
    await page.getByRole('heading', { name: 'Metas', exact: true }).waitFor();
    // demo goals of the current year
    await expect.poll(() => cell(page, 'Março', DISTRIBUTOR).inputValue()).toBe('R$ 190.000,00');
    const march = await cell(page, 'Março', DISTRIBUTOR).inputValue();
    const april = await cell(page, 'Abril', DISTRIBUTOR).inputValue();
    const mayPublisher = await cell(page, 'Maio', PUBLISHER).inputValue();
    await expect(page.getByTestId('goal-unsaved').innerText()).resolves.toBe('Tudo salvo');

    // keyboard entry: type, Tab to the next month, Enter down to the next company
    await typeInto(page, 'Março', DISTRIBUTOR, '123.456,78');
    await page.keyboard.press('Tab');
    await expect(focusedElement(page)).resolves.toMatchObject({ label: `Meta de Abril de ${year} – ${DISTRIBUTOR}` });
    await page.keyboard.type('1000');
    await page.keyboard.press('Enter');
    await expect(focusedElement(page)).resolves.toMatchObject({ label: `Meta de Abril de ${year} – ${PUBLISHER}` });
    await expect(cell(page, 'Março', DISTRIBUTOR).inputValue()).resolves.toBe('R$ 123.456,78');
    await expect(cell(page, 'Abril', DISTRIBUTOR).inputValue()).resolves.toBe('R$ 1.000,00');
    await cell(page, 'Maio', PUBLISHER).fill('');
    await expect(page.getByTestId('goal-unsaved').innerText()).resolves.toBe('3 alterações não salvas');

    await save(page);
    await expect.poll(() => page.getByTestId('goal-unsaved').innerText()).toBe('Tudo salvo');
    await page.reload();
    await expect.poll(() => cell(page, 'Março', DISTRIBUTOR).inputValue()).toBe('R$ 123.456,78');
    await expect(cell(page, 'Abril', DISTRIBUTOR).inputValue()).resolves.toBe('R$ 1.000,00');
    await expect(cell(page, 'Maio', PUBLISHER).inputValue()).resolves.toBe('');
    // the distributor's history (first company of the select) shows the change in R$
    await page.getByText(`Março: ${march} → R$ 123.456,78`).waitFor();

    await auditScreen(page, 'goals', { viewports: ['desktop', 'phone'], ready: (p) => cell(p, 'Março', DISTRIBUTOR).waitFor() });

    // at 1366 px the whole year shows, January–June above July–December, with no sideways scroll
    // (issue 15: June to December hid behind one); on a phone each company is a card with its twelve months
    for (const half of ['goal-grid-half-1', 'goal-grid-half-2']) {
      await expect.poll(() => page.getByTestId(half).evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    }
    for (const month of ['Janeiro', 'Junho', 'Julho', 'Dezembro']) {
      const box = await cell(page, month, PUBLISHER).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= VIEWPORTS.desktop.width, month).toBe(true);
    }
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByTestId('goal-cards').waitFor();
    await expect(cell(page, 'Dezembro', PUBLISHER).isVisible()).resolves.toBe(true);
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByTestId('goal-grid').waitFor();

    // restore the demo values
    await cell(page, 'Março', DISTRIBUTOR).fill(march);
    await cell(page, 'Abril', DISTRIBUTOR).fill(april);
    await cell(page, 'Maio', PUBLISHER).fill(mayPublisher);
    await save(page);
    await page.reload();
    await expect.poll(() => cell(page, 'Março', DISTRIBUTOR).inputValue()).toBe(march);
    await expect(cell(page, 'Abril', DISTRIBUTOR).inputValue()).resolves.toBe(april);
    await expect(cell(page, 'Maio', PUBLISHER).inputValue()).resolves.toBe(mayPublisher);
    expect(console.filter((line) => !line.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('moves between years with the address, refuses text that is not money, and asks before leaving unsaved changes', async () => {
    const { context, page } = await newPage(browser());
    await signInAdmin(page);
    await page.goto(`${baseURL}/system/goal?ano=${year}`);
    await cell(page, 'Janeiro', DISTRIBUTOR).waitFor();
    await page.getByRole('button', { name: 'Ano anterior' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('ano')).toBe(String(year - 1));
    // the previous year's demo goals are 5 % lower
    await expect.poll(() => cell(page, 'Janeiro', DISTRIBUTOR, year - 1).inputValue()).toBe('R$ 266.000,00');

    await cell(page, 'Janeiro', DISTRIBUTOR, year - 1).fill('doze reais');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Corrija os valores destacados antes de salvar.').waitFor();
    await expect(cell(page, 'Janeiro', DISTRIBUTOR, year - 1).getAttribute('aria-invalid')).resolves.toBe('true');

    // leaving with unsaved changes asks first; keep editing stays
    await page.getByRole('button', { name: 'Próximo ano' }).click();
    await page.getByRole('dialog', { name: 'Descartar alterações?' }).waitFor();
    await page.getByRole('button', { name: 'Continuar editando' }).click();
    expect(new URL(page.url()).searchParams.get('ano')).toBe(String(year - 1));
    await page.getByRole('button', { name: 'Descartar alterações' }).click();
    await expect.poll(() => page.getByTestId('goal-unsaved').innerText()).toBe('Tudo salvo');
    await expect.poll(() => cell(page, 'Janeiro', DISTRIBUTOR, year - 1).inputValue()).toBe('R$ 266.000,00');
    await page.getByRole('button', { name: 'Próximo ano' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('ano')).toBe(String(year));
    await context.close();
  });

  it('is not in the menu of a user without the goals role, and its address is not found', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, 'vendedor', 'vendedor');
    await page.getByRole('heading', { name: welcomeHeading('Vendedor Demonstração') }).waitFor();
    expect(await page.getByRole('navigation').getByText('Metas', { exact: true }).count()).toBe(0);
    await page.goto(`${baseURL}/system/goal`);
    await page.getByRole('heading', { name: 'Pagina não encontrada' }).waitFor();
    await context.close();
  });
});
