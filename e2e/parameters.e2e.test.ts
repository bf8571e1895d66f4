import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { auditScreen, newPage, useBrowser } from './src/browser.ts';
import { signIn, welcomeHeading } from './src/session.ts';
import { waitForToast } from './src/toast.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

async function openParameters(page: Page): Promise<void> {
  await signIn(page, baseURL, 'admin', 'admin');
  await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
  await page.goto(baseURL + '/system/parameter');
  await page.getByRole('heading', { name: 'Parâmetros', exact: true }).waitFor();
  await page.locator('#param-geral-expiracaoArquivoExportacaoDias').waitFor();
}

async function successToast(page: Page, text: string): Promise<void> {
  await waitForToast(page, 'success', text);
}

async function saveParameters(page: Page): Promise<void> {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/core-api/parametro') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Salvar parâmetros' }).click();
  expect((await saved).status()).toBe(200);
  await successToast(page, 'Parâmetros salvos com sucesso!');
}

describe('parameters', () => {
  it('changes a value, sees it after a reload and restores it; refuses a value out of bounds under its field; the screen passes the audit', async () => {
    const { context, page } = await newPage(browser());
    await openParameters(page);
    const field = page.locator('#param-geral-expiracaoArquivoExportacaoDias');
    const original = await field.inputValue();
    const changed = original === '9' ? '10' : '9';
    await field.fill(changed);
    await saveParameters(page);
    await page.reload();
    await expect.poll(() => page.locator('#param-geral-expiracaoArquivoExportacaoDias').inputValue()).toBe(changed);
    // the change is in the Histórico
    await page.getByRole('button', { name: 'Histórico dos parâmetros' }).click();
    await page.getByText(/Expiração dos arquivos exportados \(dias\):/).first().waitFor();
    // restore
    await page.locator('#param-geral-expiracaoArquivoExportacaoDias').fill(original);
    await saveParameters(page);

    // out of bounds: the message reads under the field and nothing is sent
    const token = page.locator('#param-geral-expiracaoTokenDias');
    const tokenOriginal = await token.inputValue();
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/core-api/parametro') && r.method() === 'PUT') sent++;
    });
    await token.fill('31');
    await page.getByRole('button', { name: 'Salvar parâmetros' }).click();
    await page.getByText('Deve ser menor ou igual a 30').waitFor();
    expect(sent).toBe(0);
    await page.getByRole('button', { name: 'Descartar alterações' }).click();
    await expect.poll(() => token.inputValue()).toBe(tokenOriginal);

    // secrets never shown: the chip says whether one is set
    await page.getByText(/^Senha: (Definida|Não definida)$/).first().waitFor();
    await auditScreen(page, 'parameters', { ready: (p) => p.getByRole('heading', { name: 'Integração com o ERP' }).waitFor() });
    await context.close();
  });

  it('the e-mail test shows the answer (no SMTP server configured in the e2e setup)', async () => {
    const { context, page } = await newPage(browser());
    await openParameters(page);
    await page.getByLabel('Destinatário do teste').fill('teste@acervo.local');
    await page.getByRole('button', { name: 'Enviar teste' }).click();
    const result = page.getByTestId('email-test-result');
    await result.waitFor();
    await expect(result.innerText()).resolves.toMatch(/O envio falhou|O servidor SMTP aceitou/);
    await context.close();
  });

  it('creates, edits and deletes an API login of the selected company', async () => {
    const { context, page } = await newPage(browser());
    await openParameters(page);
    const email = `e2e-${Date.now()}@cliente.com.br`;
    await page.getByRole('button', { name: 'Novo acesso' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo acesso à API' });
    await dialog.locator('#api-access-email').fill(email);
    await dialog.locator('#api-access-senha').fill('123');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Deve ter no mínimo 8 caracteres').waitFor();
    await dialog.locator('#api-access-senha').fill('senha-e2e-forte');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await successToast(page, 'API salva com sucesso!');
    const row = page.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('Definida');
    await auditScreen(page, 'parameters-api-access', { ready: (p) => p.getByRole('row').filter({ hasText: email }).waitFor() });

    // edit: empty password keeps it
    await page.getByRole('button', { name: `Editar o acesso ${email}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar acesso à API' });
    const renamed = email.replace('e2e-', 'e2e-editado-');
    await edit.locator('#api-access-email').fill(renamed);
    // the server's answer, not only the toast: the creation's toast has the same text (CI run 19
    // saw the toast and then no renamed row in 30 s)
    const saved = page.waitForResponse((r) => /\/api\/core-api\/parametro\/acesso-api\/\d+$/.test(r.url()) && r.request().method() === 'PUT');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ email: renamed });
    await successToast(page, 'API salva com sucesso!');
    await page.getByRole('row').filter({ hasText: renamed }).waitFor();

    // delete
    await page.getByRole('button', { name: `Excluir o acesso ${renamed}` }).click();
    await page.getByRole('dialog', { name: 'Excluir acesso à API' }).getByRole('button', { name: 'Excluir' }).click();
    await successToast(page, 'API excluída com sucesso!');
    await expect.poll(() => page.getByRole('row').filter({ hasText: renamed }).count()).toBe(0);
    await context.close();
  });
});
