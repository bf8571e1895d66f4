import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS, auditScreen, layoutSettled, newPage, useBrowser } from './src/browser.ts';
import { E2E_FIXTURE_ISBN, E2E_FIXTURE_TITLE } from './src/fixture.ts';
import { collectConsole, signIn, welcomeHeading } from './src/session.ts';
import { focusedElement, tabUntil } from './src/keyboard.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

async function signInAdmin(page: Page): Promise<void> {
  await signIn(page, baseURL, 'admin', 'admin');
  await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
}

describe('catalogue', () => {
  it('finds an ONIX title by ISBN (kept after a reload), opens its detail, switches company and logs out; every screen passes the audit', async () => {
    const { context, page } = await newPage(browser());
    await signInAdmin(page);
    const nav = page.getByRole('navigation');
    for (const group of ['Início', 'Produto', 'Pedidos', 'Reposição', 'Relatórios', 'Sistema']) {
      await expect.poll(() => nav.getByText(group, { exact: true }).count(), { message: group }).toBeGreaterThan(0);
    }

    await page.goto(baseURL + '/product/catalog');
    await page.getByLabel('ISBN-13 / EAN').fill(E2E_FIXTURE_ISBN);
    await page.getByLabel('ISBN-13 / EAN').press('Enter');
    // the title may already be on the unfiltered first page (an earlier file can touch it): wait
    // for the search itself, its ISBN in the URL, then for the title
    await expect.poll(() => new URL(page.url()).searchParams.get('isbn13')).toBe(E2E_FIXTURE_ISBN);
    await page.getByText(E2E_FIXTURE_TITLE).first().waitFor();
    // and for the grid's answer to that search (its loading bar gone), as a user waits for the list
    await expect.poll(() => page.locator('.MuiDataGrid-main [role=progressbar]').count()).toBe(0);
    await auditScreen(page, 'catalog', { viewports: ['desktop', 'narrow', 'phone'], ready: (p) => p.getByText(E2E_FIXTURE_TITLE).first().waitFor() });

    // filters survive a reload
    await page.reload();
    await page.getByText(E2E_FIXTURE_TITLE).first().waitFor();
    await expect(page.getByLabel('ISBN-13 / EAN').inputValue()).resolves.toBe(E2E_FIXTURE_ISBN);

    // the product's page (the product form since issue 8), with code-list labels instead of raw
    // ONIX codes; the section title is also a link of the section navigator, so the heading is asked
    await page.getByText(E2E_FIXTURE_TITLE).first().click();
    await expect.poll(() => page.url()).toMatch(/\/product\/\d+$/);
    await page.getByRole('heading', { name: 'Identificação' }).waitFor();
    await expect.poll(() => page.getByText(E2E_FIXTURE_ISBN).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Aluísio Azevedo').count()).toBeGreaterThan(0);
    await page.getByText('português', { exact: true }).waitFor(); // ONIX language 'por'
    await page.getByText('RRP including tax (02)', { exact: true }).waitFor(); // ONIX price type 02
    await auditScreen(page, 'product-detail', { viewports: ['desktop', 'narrow', 'phone'], ready: (p) => p.getByRole('heading', { name: 'Identificação' }).waitFor() });

    // switch company: refresh then go to /. Sign-in opens the company the user last chose, which
    // an earlier file (shell-tabs) may have changed, so the test switches to whichever is not shown.
    const companies = ['Distribuidora Acervo Ltda', 'Editora Acervo S.A.'];
    const current = (await page.getByLabel('Empresa').innerText()).trim();
    const target = companies.find((name) => name !== current)!;
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/core-api/auth/refresh') && r.status() === 200);
    await page.getByLabel('Empresa').click();
    await page.getByRole('option', { name: target }).click();
    const res = await refreshed;
    expect((await res.json()).nome).toBe('Administrador');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
    await expect.poll(() => page.getByTestId('home-company').innerText()).toBe(target);

    // logout
    await page.getByRole('button', { name: /^Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('acervo:') && k !== 'acervo:lang'));
    expect(stored).toEqual([]);
    await context.close();
  });

  it('on a phone shows the title and the situation inside the screen', async () => {
    const { context, page } = await newPage(browser(), VIEWPORTS.phone);
    await signInAdmin(page);
    await page.goto(baseURL + `/product/catalog?isbn13=${E2E_FIXTURE_ISBN}`);
    await page.getByText(E2E_FIXTURE_TITLE).first().waitFor();
    const header = await page.getByRole('columnheader', { name: 'Situação' }).boundingBox();
    expect(header).not.toBeNull();
    expect((header?.x ?? Infinity) + (header?.width ?? 0)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await context.close();
  });

  it('signs in and opens a row’s detail with the keyboard alone', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(baseURL + `/product/catalog?isbn13=${E2E_FIXTURE_ISBN}`);
    await page.getByLabel('Usuário', { exact: true }).waitFor();
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('admin');
    await page.keyboard.press('Enter');
    await page.getByText(E2E_FIXTURE_TITLE).first().waitFor();
    let f = await tabUntil(page, (focused) => focused.inGrid, 60);
    if (f.role === 'columnheader') {
      await page.keyboard.press('ArrowDown');
      f = await focusedElement(page);
    }
    expect(f.role).toBe('gridcell');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toMatch(/\/product\/\d+$/);
    await page.getByRole('heading', { name: E2E_FIXTURE_TITLE }).first().waitFor();
    await context.close();
  });

  it('after a failed call shows an error with a retry and an empty pager; the toast names the field by its label', async () => {
    const { context, page } = await newPage(browser());
    await signInAdmin(page);
    await page.goto(baseURL + '/product/catalog?anoEdicao=ab');
    await page.getByText('Não foi possível carregar a lista.').waitFor();
    await expect(page.getByRole('button', { name: 'Tentar novamente' }).count()).resolves.toBe(1);
    await expect(page.getByText('Não foi encontrado dados').count()).resolves.toBe(0);
    await expect.poll(() => page.locator('.MuiTablePagination-displayedRows').innerText()).toMatch(/^0–0 de 0$/);
    await expect(page.getByRole('button', { name: /próxima página/i }).isDisabled()).resolves.toBe(true);
    const toast = await page.locator('.notistack-MuiContent-error').first().innerText();
    expect(toast).toContain('Ano de edição');
    expect(toast).not.toContain('anoEdicao');
    await auditScreen(page, 'catalog-error', { ready: (p) => p.getByText('Não foi possível carregar a lista.').waitFor() });
    await context.close();
  });

  it('takes only four-digit edition years in the filter', async () => {
    const { context, page } = await newPage(browser());
    await signInAdmin(page);
    await page.goto(baseURL + '/product/catalog');
    const year = page.getByLabel('Ano de edição');
    await year.fill('19ab');
    await expect(year.inputValue()).resolves.toBe('19');
    await year.press('Enter');
    await page.getByText('Informe o ano com 4 dígitos').waitFor();
    expect(new URL(page.url()).searchParams.has('anoEdicao')).toBe(false);
    await context.close();
  });

  it('an unknown sort in a shared link falls back to the default order without a router warning', async () => {
    const { context, page } = await newPage(browser());
    const consoleLines = collectConsole(page);
    await signInAdmin(page);
    await page.goto(baseURL + '/product/catalog?sort=bogus,asc');
    await page.getByText(E2E_FIXTURE_TITLE).first().waitFor();
    await expect(page.getByText('Não foi possível carregar a lista.').count()).resolves.toBe(0);
    expect(consoleLines.filter((line) => /navigate|Cannot update a component/i.test(line))).toEqual([]);
    await context.close();
  });

  it('reports a missing product once, inline, without a toast', async () => {
    const { context, page } = await newPage(browser());
    await signInAdmin(page);
    const answered = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith('/api/core-api/produto/2147483647'));
    await page.goto(baseURL + '/product/2147483647');
    expect((await answered).status()).toBe(404);
    await page.getByText('Produto não encontrado').waitFor();
    // a toast for that answer would have been rendered, and its slide-in ended, by now
    await layoutSettled(page);
    await expect(page.locator('.notistack-MuiContent-error').count()).resolves.toBe(0);
    await context.close();
  });
});
