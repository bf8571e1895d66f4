import { describe, expect, inject, it } from 'vitest';
import { VIEWPORTS, auditScreen, newPage, useBrowser } from './src/browser.ts';
import { expectAccessible } from './src/a11y.ts';
import { signIn } from './src/session.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

describe('login area', () => {
  it('shows the error toast for a wrong password, stays on the login screen, and the toast passes the audit', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, 'admin', 'senha-errada');
    await page.getByText('Usuário ou senha inválidos.').first().waitFor();
    await expect(page.getByRole('button', { name: 'Entrar' }).isVisible()).resolves.toBe(true);
    await expectAccessible(page, 'login with an error toast');
    await context.close();
  });

  it('shows the required-field helper texts after an empty submit', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(baseURL + '/');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(() => page.getByText('Campo obrigatório').count()).toBe(2);
    await context.close();
  });

  it('passes the audit at desktop, narrow and phone widths with a 420 px form on desktop (screenshots)', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(baseURL + '/');
    await auditScreen(page, 'login', { viewports: ['desktop', 'narrow', 'phone'], ready: (p) => p.getByRole('button', { name: 'Entrar' }).waitFor() });
    const form = await page.locator('form').first().boundingBox();
    expect(Math.round(form?.width ?? 0)).toBe(420);
    await page.setViewportSize(VIEWPORTS.phone);
    const phoneForm = await page.locator('form').first().boundingBox();
    expect(phoneForm?.width ?? Infinity).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await context.close();
  });

  it('sends the forgotten-password e-mail and shows the success toast, which passes the audit', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(baseURL + '/');
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    await auditScreen(page, 'forgot-password', { ready: (p) => p.getByLabel('E-mail', { exact: true }).waitFor() });
    await page.getByLabel('E-mail', { exact: true }).fill('ninguem@example.com');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('Verifique a caixa de entrada do e-mail informado!').first().waitFor();
    await expectAccessible(page, 'login with a success toast');
    await context.close();
  });

  it('answers a malformed reset link in Portuguese, naming no wire field and no English validator text', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(baseURL + '/?resetToken=curto');
    await page.getByLabel('Nova senha', { exact: true }).fill('Nova-senha-123');
    await page.getByLabel('Confirme a nova senha', { exact: true }).fill('Nova-senha-123');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    const toast = page.locator('.notistack-MuiContent-error').first();
    await toast.waitFor();
    const text = await toast.innerText();
    expect(text).not.toMatch(/too small|expected|invalid|string|token/i);
    expect(text).toBe('Link de redefinição de senha inválido ou expirado. (código 400)');
    await context.close();
  });
});
