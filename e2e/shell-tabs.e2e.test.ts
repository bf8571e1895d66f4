import { describe, expect, inject, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { COMPANY_MISMATCH_MESSAGE, hashPassword } from '@acervo/contracts';
import { auditScreen, newPage, useBrowser } from './src/browser.ts';
import { signIn, welcomeHeading } from './src/session.ts';
import { openMenuEntry } from './src/menu.ts';

/*
 * Issue 15, defects 1 and 2: two tabs of one browser share the stored session. A company switch,
 * sign-out or sign-in in one tab must be followed by the other before it sends another request, a
 * request never carries a company the tab does not show, and a sign-in never lands on the page the
 * previous user left.
 */

const baseURL = inject('baseURL');
const browser = useBrowser();
const DISTRIBUTOR = 'Distribuidora Acervo Ltda';
const PUBLISHER = 'Editora Acervo S.A.';

/** Ids of the demo companies by name, read through the API as admin. */
async function companyIds(): Promise<Record<string, number>> {
  const login = await fetch(`${baseURL}/api/core-api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: hashPassword('admin') }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseURL}/api/core-api/usuario/opcoes`, { headers: { Authorization: `Bearer ${token}` } });
  const { empresas } = (await res.json()) as { empresas: { id: number; nome: string }[] };
  return Object.fromEntries(empresas.map((e) => [e.nome, e.id]));
}

/** The company the top bar's selector shows. */
function shownCompany(page: Page): Promise<string> {
  return page.getByLabel('Empresa', { exact: true }).innerText();
}

/** Switches company with the top bar's selector and waits for the home page of the new company. */
async function switchCompany(page: Page, name: string): Promise<void> {
  await page.getByLabel('Empresa', { exact: true }).click();
  await page.getByRole('option', { name }).click();
  await expect.poll(() => page.getByTestId('home-company').innerText()).toBe(name);
}

/** Signs in as admin and makes the distributor the selected company (the last company is remembered per user). */
async function signInAdminAtDistributor(page: Page): Promise<void> {
  await signIn(page, baseURL, 'admin', 'admin');
  await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
  await expect.poll(() => page.getByTestId('home-company').innerText()).toMatch(/^(Distribuidora|Editora)/);
  if ((await page.getByTestId('home-company').innerText()) !== DISTRIBUTOR) await switchCompany(page, DISTRIBUTOR);
}

/** API requests a page sends (with the answer status once it arrives). */
function recordApiCalls(page: Page): { request: Request; status: () => Promise<number | null> }[] {
  const calls: { request: Request; status: () => Promise<number | null> }[] = [];
  page.on('request', (request) => {
    if (!request.url().includes('/api/core-api/')) return;
    calls.push({ request, status: async () => (await request.response())?.status() ?? null });
  });
  return calls;
}

/** Opens Sistema › Empresa from the side menu (expanding the group when it is closed). */
async function openCompaniesFromMenu(page: Page): Promise<void> {
  await openMenuEntry(page, 'Sistema', 'Empresa');
}

describe('two tabs, two companies (issue 15, defect 1)', () => {
  it('tab B follows a company switch made in tab A: its top bar shows the new company and its next request carries it', async () => {
    const ids = await companyIds();
    const { context, page: a } = await newPage(browser());
    await signInAdminAtDistributor(a);

    const b = await context.newPage();
    await b.goto(baseURL + '/system/company');
    await b.getByRole('heading', { name: 'Empresas', exact: true }).waitFor();
    await expect.poll(() => shownCompany(b)).toBe(DISTRIBUTOR);
    const callsOfB = recordApiCalls(b);

    await switchCompany(a, PUBLISHER);

    // B follows without a reload: its top bar, its address (/, as a switch does) and a notice
    await expect.poll(() => shownCompany(b)).toBe(PUBLISHER);
    await expect.poll(() => new URL(b.url()).pathname).toBe('/');
    await expect.poll(() => b.getByTestId('home-company').innerText()).toBe(PUBLISHER);
    await b.getByText('A empresa foi trocada em outra aba. Esta aba passou para a mesma empresa.').waitFor();
    await auditScreen(b, 'shell-tabs-followed', { ready: (p) => p.getByTestId('home-company').waitFor() });

    // B's next request reads the company it now shows
    await openCompaniesFromMenu(b);
    await b.getByRole('heading', { name: 'Empresas', exact: true }).waitFor();
    await expect.poll(() => callsOfB.filter((c) => c.request.url().includes('/system/company')).length).toBeGreaterThan(0);
    for (const call of callsOfB) {
      expect(call.request.headers()['x-empresa'], call.request.url()).toBe(String(ids[PUBLISHER]));
    }
    await context.close();
  });

  it('a tab that has not heard of the switch yet refuses to send, follows, and never reads the other company silently', async () => {
    const ids = await companyIds();
    const { context, page: a } = await newPage(browser());
    await signInAdminAtDistributor(a);

    // B does not get the storage event (as when it arrives late): only its own requests can notice
    const b = await context.newPage();
    await b.addInitScript(() => window.addEventListener('storage', (event) => event.stopImmediatePropagation(), true));
    await b.goto(baseURL + '/');
    await b.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
    await expect.poll(() => shownCompany(b)).toBe(DISTRIBUTOR);
    const callsOfB = recordApiCalls(b);

    await switchCompany(a, PUBLISHER);
    await b.waitForTimeout(300); // time for an event B must not get
    expect(await shownCompany(b)).toBe(DISTRIBUTOR);

    // B asks for data: nothing goes out for the distributor; B moves to the publisher first
    await openCompaniesFromMenu(b);
    await expect.poll(() => shownCompany(b)).toBe(PUBLISHER);
    await expect.poll(() => b.getByTestId('home-company').innerText()).toBe(PUBLISHER);
    await b.getByText('A empresa foi trocada em outra aba. Esta aba passou para a mesma empresa.').waitFor();
    for (const call of callsOfB) {
      const header = call.request.headers()['x-empresa'];
      const status = await call.status();
      // either it carried the company B now shows, or the server refused it (409): never a silent read of another company
      expect(header === String(ids[PUBLISHER]) || status === 409, `${call.request.url()} X-Empresa ${header} → ${status}`).toBe(true);
    }

    // the server's guard: a request that names the distributor with the publisher's session is refused
    const answer = await b.evaluate(async (company) => {
      const res = await fetch('/api/core-api/system/company/empresaSelect', {
        headers: { Authorization: `Bearer ${localStorage.getItem('acervo:token')}`, 'X-Empresa': String(company) },
      });
      return { status: res.status, body: (await res.json()) as { message: string } };
    }, ids[DISTRIBUTOR]);
    expect(answer).toEqual({ status: 409, body: expect.objectContaining({ message: COMPANY_MISMATCH_MESSAGE }) });
    await context.close();
  });

  it('tab B follows a sign-out in tab A, then a sign-in of another user', async () => {
    const { context, page: a } = await newPage(browser());
    await signIn(a, baseURL, 'admin', 'admin');
    await a.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
    const b = await context.newPage();
    await b.goto(baseURL + '/system/user');
    await b.getByRole('heading', { name: 'Usuários', exact: true }).waitFor();

    await a.getByRole('button', { name: /^Menu do usuário/ }).click();
    await a.getByRole('menuitem', { name: 'Sair' }).click();
    await b.getByLabel('Usuário', { exact: true }).waitFor();
    await b.getByText('A sessão foi encerrada em outra aba.').waitFor();
    expect(new URL(b.url()).pathname).toBe('/');

    await signIn(a, baseURL, 'vendedor', 'vendedor');
    await a.getByRole('heading', { name: welcomeHeading('Vendedor Demonstração') }).waitFor();
    await b.getByRole('heading', { name: welcomeHeading('Vendedor Demonstração') }).waitFor();
    expect(new URL(b.url()).pathname).toBe('/');
    await context.close();
  });
});

describe('where a sign-in lands (issue 15, defect 2)', () => {
  it('sign out as admin on /system/user, sign in as vendedor: the home page, not a 404', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, 'admin', 'admin', '/system/user');
    await page.getByRole('heading', { name: 'Usuários', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/system/user');
    await page.getByRole('button', { name: /^Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.getByLabel('Usuário', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByLabel('Usuário', { exact: true }).fill('vendedor');
    await page.getByLabel('Senha', { exact: true }).fill('vendedor');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: welcomeHeading('Vendedor Demonstração') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('heading', { name: 'Pagina não encontrada' }).count()).toBe(0);
    await context.close();
  });

  it('a deep link asked for before signing in opens after sign-in when the roles allow it, else the home page', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, 'vendedor', 'vendedor', '/system/company');
    await page.getByRole('heading', { name: welcomeHeading('Vendedor Demonstração') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
    const second = await newPage(browser());
    await signIn(second.page, baseURL, 'admin', 'admin', '/system/company');
    await second.page.getByRole('heading', { name: 'Empresas', exact: true }).waitFor();
    expect(new URL(second.page.url()).pathname).toBe('/system/company');
    await second.context.close();
  });
});
