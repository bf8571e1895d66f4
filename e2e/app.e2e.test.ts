import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { VIEWPORTS, launchBrowser, shot } from './src/browser.ts';
import { E2E_FIXTURE_ISBN, E2E_FIXTURE_TITLE } from './src/fixture.ts';

const baseURL = inject('baseURL');
const firstAdmin = inject('firstAdmin');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'pt-BR' });
  const page = await context.newPage();
  return { context, page };
}

async function signIn(page: Page, login: string, senha: string): Promise<void> {
  await page.goto(baseURL + '/');
  await page.getByLabel('Usuário', { exact: true }).fill(login);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

describe('login', () => {
  it('shows the error toast for a wrong password and stays on the login screen', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'admin', 'senha-errada');
    await expect.poll(() => page.getByText('Usuário ou senha inválidos.').count()).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Entrar' }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('shows the required-field helper texts after an empty submit', async () => {
    const { context, page } = await newPage();
    await page.goto(baseURL + '/');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(() => page.getByText('Campo obrigatório').count()).toBe(2);
    await context.close();
  });

  it('renders the login screen at desktop and phone widths (screenshots)', async () => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { context, page } = await newPage(viewport);
      await page.goto(baseURL + '/');
      await page.getByRole('button', { name: 'Entrar' }).waitFor();
      await shot(page, `login-${name}`);
      const form = await page.locator('form').first().boundingBox();
      expect(form).not.toBeNull();
      if (name === 'desktop') expect(Math.round(form!.width)).toBe(420);
      else expect(form!.width).toBeLessThanOrEqual(viewport.width);
      await context.close();
    }
  });
});

describe('first administrator (npm run create-admin)', () => {
  it('must choose a new password at first sign-in, is then signed in, and signs in again with it', async () => {
    const { context, page } = await newPage();
    await signIn(page, firstAdmin.login, firstAdmin.temporaryPassword);
    await page.getByText('Defina uma nova senha', { exact: true }).waitFor();
    await page.getByLabel('Nova senha', { exact: true }).fill('Nova-senha-123');
    await page.getByLabel('Confirme a nova senha', { exact: true }).fill('Outra-senha');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    await page.getByText('A senha de confirmação deve ser a mesma que a nova senha!').waitFor();
    await shot(page, 'new-password-desktop');
    await page.getByLabel('Confirme a nova senha', { exact: true }).fill('Nova-senha-123');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    await page.getByRole('navigation').getByText('Sistema', { exact: true }).waitFor();

    await page.getByLabel('Menu do usuário').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await signIn(page, firstAdmin.login, firstAdmin.temporaryPassword);
    await expect.poll(() => page.getByText('Usuário ou senha inválidos.').count()).toBeGreaterThan(0);
    await page.getByLabel('Usuário', { exact: true }).fill(firstAdmin.login);
    await page.getByLabel('Senha', { exact: true }).fill('Nova-senha-123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('navigation').getByText('Sistema', { exact: true }).waitFor();
    await context.close();
  });
});

describe('admin', () => {
  it('sees every menu group, finds an ONIX title by ISBN, switches company and logs out', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'admin', 'admin');
    const nav = page.getByRole('navigation');
    for (const group of ['Início', 'Produto', 'Pedidos', 'Reposição', 'Relatórios', 'Sistema']) {
      await expect.poll(() => nav.getByText(group, { exact: true }).count(), { message: group }).toBeGreaterThan(0);
    }

    await page.goto(baseURL + '/product/catalog');
    await page.getByLabel('ISBN-13 / EAN').fill(E2E_FIXTURE_ISBN);
    await page.getByLabel('ISBN-13 / EAN').press('Enter');
    await expect.poll(() => page.getByText(E2E_FIXTURE_TITLE).count()).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('isbn13')).toBe(E2E_FIXTURE_ISBN);
    await shot(page, 'catalog-desktop');

    // filters survive a reload
    await page.reload();
    await expect.poll(() => page.getByText(E2E_FIXTURE_TITLE).count()).toBeGreaterThan(0);
    await expect(page.getByLabel('ISBN-13 / EAN').inputValue()).resolves.toBe(E2E_FIXTURE_ISBN);

    // detail view
    await page.getByText(E2E_FIXTURE_TITLE).first().click();
    await expect.poll(() => page.url()).toMatch(/\/product\/\d+$/);
    await page.getByText('Identificação', { exact: true }).waitFor();
    await expect.poll(() => page.getByText(E2E_FIXTURE_ISBN).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Aluísio Azevedo').count()).toBeGreaterThan(0);
    await shot(page, 'product-detail-desktop');

    // switch company: refresh then go to /
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/core-api/auth/refresh') && r.status() === 200);
    await page.getByLabel('Empresa').click();
    await page.getByRole('option', { name: 'Editora Acervo S.A.' }).click();
    const res = await refreshed;
    expect((await res.json()).nome).toBe('Administrador');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');

    // logout
    await page.getByLabel('Menu do usuário').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('acervo')));
    expect(stored).toEqual([]);
    await context.close();
  });

  it('renders the catalogue on a phone (screenshot)', async () => {
    const { context, page } = await newPage(VIEWPORTS.phone);
    await signIn(page, 'admin', 'admin');
    await page.getByRole('button', { name: 'Abrir menu' }).waitFor();
    await page.goto(baseURL + `/product/catalog?isbn13=${E2E_FIXTURE_ISBN}`);
    await expect.poll(() => page.getByText(E2E_FIXTURE_TITLE).count()).toBeGreaterThan(0);
    await shot(page, 'catalog-phone');
    await page.getByText(E2E_FIXTURE_TITLE).first().click();
    await page.getByText('Identificação', { exact: true }).waitFor();
    await shot(page, 'product-detail-phone');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('navigation').getByText('Sistema', { exact: true }).waitFor();
    await page.waitForTimeout(400); // drawer slide-in transition
    await shot(page, 'menu-phone', false);
    await context.close();
  });
});

describe('vendedor', () => {
  it('sees no System group and gets "Pagina não encontrada" at /system/user', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'vendedor', 'vendedor');
    const nav = page.getByRole('navigation');
    await expect.poll(() => nav.getByText('Relatórios', { exact: true }).count()).toBeGreaterThan(0);
    expect(await nav.getByText('Sistema', { exact: true }).count()).toBe(0);
    expect(await nav.getByText('Produto', { exact: true }).count()).toBeGreaterThan(0); // Terminal only
    expect(await nav.getByText('Catálogo', { exact: true }).count()).toBe(0);
    await page.goto(baseURL + '/system/user');
    await expect.poll(() => page.getByText('Pagina não encontrada').count()).toBeGreaterThan(0);
    await context.close();
  });
});
