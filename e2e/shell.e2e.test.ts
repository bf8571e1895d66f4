import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hashPassword } from '@acervo/contracts';
import { VIEWPORTS, auditScreen, layoutSettled, newPage, sidewaysOverflow, useBrowser } from './src/browser.ts';
import { signIn, welcomeHeading } from './src/session.ts';
import { openMenuEntry } from './src/menu.ts';
import { focusedElement, tabUntil } from './src/keyboard.ts';

const baseURL = inject('baseURL');
const firstAdmin = inject('firstAdmin');
const browser = useBrowser();

/** Presses Tab until the focused element's text or aria-label matches. */
function tabTo(page: Page, match: RegExp, max = 40) {
  return tabUntil(page, (f) => match.test(f.text) || (f.label !== null && match.test(f.label)), max);
}

describe('sign-in lands on content without a reload', () => {
  it('by mouse: the home page shows at once, and passes the audit at desktop, narrow and phone widths', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, 'admin', 'admin');
    await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
    // the company name comes with the session's company list, which may land after the heading
    await page.locator('main').getByText('Distribuidora Acervo Ltda').first().waitFor();
    await auditScreen(page, 'home', { viewports: ['desktop', 'narrow', 'phone'], ready: (p) => p.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor() });
    await context.close();
  });

  it('by keyboard at an unknown path: the home page shows at once (issue 15: only an allowed deep link is kept), and a later unknown path shows "Pagina não encontrada"', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(baseURL + '/caminho/que-nao-existe');
    await page.getByLabel('Usuário', { exact: true }).waitFor();
    await page.keyboard.type('admin'); // the login field has the focus
    await page.keyboard.press('Tab');
    await page.keyboard.type('admin');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto(baseURL + '/caminho/que-nao-existe');
    await page.getByRole('heading', { name: 'Pagina não encontrada' }).waitFor();
    await context.close();
  });

  it('after the forced new password (create-admin): the home page shows at once; the temporary password stops working', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, firstAdmin.login, firstAdmin.temporaryPassword);
    await page.getByText('Defina uma nova senha', { exact: true }).waitFor();
    await page.getByLabel('Nova senha', { exact: true }).fill('Nova-senha-123');
    await page.getByLabel('Confirme a nova senha', { exact: true }).fill('Outra-senha');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    await page.getByText('A senha de confirmação deve ser a mesma que a nova senha!').waitFor();
    await auditScreen(page, 'new-password', { ready: (p) => p.getByRole('button', { name: 'Salvar senha' }).waitFor() });
    await page.getByLabel('Confirme a nova senha', { exact: true }).fill('Nova-senha-123');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    await page.getByRole('heading', { name: /^Bem-vindo\(a\), / }).waitFor();

    await page.getByRole('button', { name: /^Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await signIn(page, baseURL, firstAdmin.login, firstAdmin.temporaryPassword);
    await page.getByText('Usuário ou senha inválidos.').first().waitFor();
    await page.getByLabel('Usuário', { exact: true }).fill(firstAdmin.login);
    await page.getByLabel('Senha', { exact: true }).fill('Nova-senha-123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: /^Bem-vindo\(a\), / }).waitFor();
    await context.close();
  });
});

describe('shell', () => {
  it('the first Tab stop is "Pular para o conteúdo", which moves the focus to the content', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, 'admin', 'admin');
    await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
    await page.keyboard.press('Tab');
    await expect(focusedElement(page)).resolves.toMatchObject({ text: 'Pular para o conteúdo' });
    const box = await page.getByText('Pular para o conteúdo').boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0); // visible while focused
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('MAIN');
    await context.close();
  });

  it('hovering the collapsed menu overlays the content without moving it; the menu button stays where it is', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, 'admin', 'admin');
    await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
    const button = page.getByRole('button', { name: 'Recolher ou expandir o menu' });
    const before = await button.boundingBox();
    await button.click(); // collapse
    await page.mouse.move(700, 400);
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect.poll(async () => Math.round((await nav.boundingBox())?.width ?? 0)).toBe(92);
    await layoutSettled(page);
    const after = await button.boundingBox();
    expect(after?.x).toBe(before?.x);
    const mainBefore = await page.locator('main').boundingBox();
    await nav.hover();
    await expect.poll(async () => Math.round((await nav.boundingBox())?.width ?? 0)).toBe(250);
    const mainDuring = await page.locator('main').boundingBox();
    expect(mainDuring?.x).toBe(mainBefore?.x);
    expect(mainDuring?.width).toBe(mainBefore?.width);
    await page.mouse.move(900, 500);
    await expect.poll(async () => Math.round((await nav.boundingBox())?.width ?? 0)).toBe(92);
    await context.close();
  });

  it('the collapsed menu opens by keyboard: focus expands it and Enter opens a group', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, 'admin', 'admin');
    await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
    await page.getByRole('button', { name: 'Recolher ou expandir o menu' }).click();
    await page.mouse.move(900, 500);
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect.poll(() => nav.getAttribute('data-expanded')).toBe('false');
    await tabTo(page, /^Produto$/);
    await expect.poll(() => nav.getAttribute('data-expanded')).toBe('true');
    await page.keyboard.press('Enter');
    await tabTo(page, /^Catálogo$/, 3);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/product/catalog');
    await context.close();
  });

  it('the language choice in the user menu switches to English, is kept after a reload, and back', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, 'admin', 'admin');
    await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
    await page.getByRole('button', { name: /^Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en-US');
    await page.reload();
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await page.getByRole('button', { name: /^User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Português' }).click();
    await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
    await context.close();
  });

  it('on a phone every top-bar action is reachable: name, language, fullscreen and logout in the user menu; the menu drawer passes the audit', async () => {
    const { context, page } = await newPage(browser(), VIEWPORTS.phone);
    await signIn(page, baseURL, 'admin', 'admin');
    await page.getByRole('button', { name: 'Abrir menu' }).waitFor();
    await page.getByRole('button', { name: /^Menu do usuário/ }).click();
    const menu = page.getByRole('menu');
    await menu.getByText('Administrador').first().waitFor();
    for (const item of ['Português', 'English', 'Tela cheia', 'Sair']) {
      await expect(menu.getByRole('menuitem', { name: item }).count(), item).resolves.toBe(1);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('navigation').getByText('Sistema', { exact: true }).waitFor();
    await auditScreen(page, 'menu', { viewports: ['phone'], ready: (p) => p.getByRole('navigation').getByText('Sistema', { exact: true }).waitFor() });
    await context.close();
  });

  it('nothing scrolls sideways from 360 to 1920 px on the login page and the catalogue', async () => {
    const widths = [360, 768, 769, 800, 849, 900, 1366, 1920];
    const { context, page } = await newPage(browser());
    await page.goto(baseURL + '/');
    // the app drawn before the first resize: resized while the page was still inserting its styles,
    // headless Chromium kept the desktop login layout at 360 px although matchMedia matched (the
    // CSS @media rules not applied: 1 of 30 loads under stress-ng, 0 of 30 resized after the first
    // render; CI run 23). The widths below are what is under test, not a resize during the load.
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    for (const width of widths) {
      await page.setViewportSize({ width, height: 768 });
      await page.getByRole('button', { name: 'Entrar' }).waitFor();
      await layoutSettled(page);
      expect(await sidewaysOverflow(page), `login at ${width} px`).toBe(0);
    }
    await signIn(page, baseURL, 'admin', 'admin');
    await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
    await page.goto(baseURL + '/product/catalog');
    await page.getByRole('heading', { name: 'Catálogo de produtos' }).waitFor();
    for (const width of widths) {
      await page.setViewportSize({ width, height: 768 });
      await page.getByRole('heading', { name: 'Catálogo de produtos' }).waitFor();
      await layoutSettled(page);
      expect(await sidewaysOverflow(page), `catalogue at ${width} px`).toBe(0);
    }
    await context.close();
  });
});

describe('vendedor', () => {
  it('sees no System group and gets "Pagina não encontrada" at /system/user', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, 'vendedor', 'vendedor');
    await page.getByRole('heading', { name: welcomeHeading('Vendedor Demonstração') }).waitFor();
    const nav = page.getByRole('navigation');
    // the menu is built once the session's roles have loaded
    await nav.getByText('Relatórios', { exact: true }).first().waitFor();
    expect(await nav.getByText('Sistema', { exact: true }).count()).toBe(0);
    expect(await nav.getByText('Produto', { exact: true }).count()).toBeGreaterThan(0); // Terminal only
    expect(await nav.getByText('Catálogo', { exact: true }).count()).toBe(0);
    await page.goto(baseURL + '/system/user');
    await page.getByRole('heading', { name: 'Pagina não encontrada' }).waitFor();
    await auditScreen(page, 'not-found', { ready: (p) => p.getByRole('heading', { name: 'Pagina não encontrada' }).waitFor() });
    await context.close();
  });
});

/** Calls the API as `token` (JSON in and out); throws unless the answer is 2xx. */
async function api<T>(method: 'GET' | 'POST', path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}/api/core-api/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Opens Sistema › Metas in the side menu (expanding the group when it is closed). */
async function openGoalsFromMenu(page: Page): Promise<void> {
  await openMenuEntry(page, 'Sistema', 'Metas');
  await page.getByRole('heading', { name: 'Metas', exact: true }).waitFor();
}

describe('company switch (issue 6, part 8)', () => {
  it("reloads the menu with the new company's roles at once, on /, without reloading the page", async () => {
    // a user who is Administrador in the distributor and Vendedor in the publisher, made through the API
    const { token } = await api<{ token: string }>('POST', 'auth/login', null, { userName: 'admin', password: hashPassword('admin') });
    const options = await api<{ empresas: { id: number; nome: string }[]; perfis: { id: number; nome: string }[] }>('GET', 'usuario/opcoes', token);
    const id = (list: { id: number; nome: string }[], nome: string) => list.find((o) => o.nome === nome)?.id ?? Number.NaN;
    const login = `troca.${Date.now()}`;
    const temporary = hashPassword('Troca-temporaria-1');
    await api('POST', 'usuario', token, {
      nome: 'Troca de Empresa',
      email: `${login}@acervo.local`,
      login,
      empresas: [
        { idEmpresa: id(options.empresas, 'Distribuidora Acervo Ltda'), idPerfil: id(options.perfis, 'Administrador') },
        { idEmpresa: id(options.empresas, 'Editora Acervo S.A.'), idPerfil: id(options.perfis, 'Vendedor') },
      ],
      senha: temporary,
      confirmeSenha: temporary,
    });

    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, login, 'Troca-temporaria-1');
    // a user made by an administrator sets a password of their own first
    await page.getByLabel('Nova senha', { exact: true }).fill('Troca-definitiva-1');
    await page.getByLabel('Confirme a nova senha', { exact: true }).fill('Troca-definitiva-1');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    await page.getByRole('heading', { name: welcomeHeading('Troca de Empresa') }).waitFor();
    await expect.poll(() => page.getByTestId('home-company').innerText()).toBe('Distribuidora Acervo Ltda');
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect.poll(() => nav.getByText('Sistema', { exact: true }).count()).toBe(1);

    // a marker on the window: a full page load would lose it; then open Metas from the menu
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await openGoalsFromMenu(page);

    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/core-api/auth/refresh'));
    await page.getByLabel('Empresa', { exact: true }).click();
    await page.getByRole('option', { name: 'Editora Acervo S.A.' }).click();
    const answer = await refreshed;
    expect(answer.status()).toBe(200);
    expect((await answer.json()).nomPerfil).toBe('Vendedor');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.getByTestId('home-company').innerText()).toBe('Editora Acervo S.A.');
    // the menu now holds the Vendedor roles only: no System group, reports still there
    await expect.poll(() => nav.getByText('Sistema', { exact: true }).count()).toBe(0);
    await expect.poll(() => nav.getByText('Relatórios', { exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    // and the routes too: the goals screen is gone for this company
    await page.evaluate(() => window.history.pushState(null, '', '/system/goal'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await page.getByRole('heading', { name: 'Pagina não encontrada' }).waitFor();

    // back to the distributor: System returns, still without a reload
    await page.getByLabel('Empresa', { exact: true }).click();
    await page.getByRole('option', { name: 'Distribuidora Acervo Ltda' }).click();
    await expect.poll(() => page.getByTestId('home-company').innerText()).toBe('Distribuidora Acervo Ltda');
    await expect.poll(() => nav.getByText('Sistema', { exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await openGoalsFromMenu(page);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await context.close();
  });
});

