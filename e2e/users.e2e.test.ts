import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { auditScreen, newPage, useBrowser } from './src/browser.ts';
import { signIn, welcomeHeading } from './src/session.ts';
import { waitForToast } from './src/toast.ts';
import { searchList } from './src/list.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** This file's own user (never a demo one), with the demo profile 'Vendedor'. */
const LOGIN = 'e2e.leitor';
const NAME = 'E2E Leitor Vendedor';

async function signInAdmin(page: Page): Promise<void> {
  await signIn(page, baseURL, 'admin', 'admin');
  await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
}

const toast = (page: Page, text: string) => waitForToast(page, 'success', text);

/** Searches the list through the filter box and waits for the grid to show the answer (the term goes to the URL). */
const search = (page: Page, term: string) => searchList(page, term);

describe('users screen and My user', () => {
  it('creates a seller through the form, who signs in, sets a new password, sees only what the profile allows, edits My user; then is edited, deactivated (their session ends) and deleted', async () => {
    const admin = await newPage(browser());
    const page = admin.page;
    await signInAdmin(page);
    await page.goto(baseURL + '/system/user');
    await page.getByRole('heading', { name: 'Usuários' }).waitFor();
    await page.getByText('Vendedor Demonstração').first().waitFor();
    await auditScreen(page, 'users', { ready: (p) => p.getByText('Vendedor Demonstração').first().waitFor() });

    // create: the form refuses a different confirmation, then saves
    await page.getByRole('button', { name: 'Novo usuário' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Nome' }).fill(NAME);
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('e2e.leitor@exemplo.com.br');
    await dialog.getByRole('textbox', { name: 'Login' }).fill(LOGIN);
    await dialog.getByRole('switch', { name: 'Vendedor' }).click();
    await dialog.getByRole('textbox', { name: 'Código do vendedor no ERP' }).fill('V-E2E');
    await dialog.getByRole('combobox', { name: 'Empresa' }).click();
    await page.getByRole('option', { name: 'Distribuidora Acervo Ltda' }).click();
    await dialog.getByRole('combobox', { name: 'Perfil' }).click();
    await page.getByRole('option', { name: 'Vendedor' }).click();
    await dialog.getByLabel('Senha', { exact: false }).first().fill('Primeira-123');
    await dialog.getByLabel('Confirme a senha', { exact: false }).fill('Outra-123');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('A senha de confirmação deve ser a mesma que a nova senha!').waitFor();
    await dialog.getByLabel('Confirme a senha', { exact: false }).fill('Primeira-123');
    await auditScreen(page, 'user-form', { ready: (p) => p.getByRole('dialog').waitFor() });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Usuário salvo com sucesso!');
    await dialog.waitFor({ state: 'detached' });

    await search(page, LOGIN);
    const row = page.getByRole('row', { name: new RegExp(NAME) });
    await row.waitFor();
    await row.getByText('Distribuidora Acervo Ltda: Vendedor').waitFor();

    // the new user signs in, must choose a password, and sees only the seller's menu
    const seller = await newPage(browser());
    await signIn(seller.page, baseURL, LOGIN, 'Primeira-123');
    await seller.page.getByLabel('Nova senha', { exact: true }).fill('Segunda-456');
    await seller.page.getByLabel('Confirme a nova senha', { exact: true }).fill('Segunda-456');
    await seller.page.getByRole('button', { name: 'Salvar senha' }).click();
    await seller.page.getByRole('heading', { name: welcomeHeading(NAME) }).waitFor();
    const nav = seller.page.getByRole('navigation');
    // Vendedor: terminal, billing and stock reports, and their own sales orders (issue 19): the
    // Produto, Pedidos and Relatórios groups only
    for (const group of ['Início', 'Produto', 'Pedidos', 'Relatórios']) {
      await expect.poll(() => nav.getByText(group, { exact: true }).count(), { message: group }).toBeGreaterThan(0);
    }
    for (const group of ['Sistema', 'Reposição']) await expect(nav.getByText(group, { exact: true }).count(), group).resolves.toBe(0);
    await seller.page.goto(baseURL + '/system/user');
    await seller.page.getByText('Pagina não encontrada').first().waitFor();

    // My user from the user menu: a wrong current password is refused under its field, then both forms save
    await seller.page.getByRole('button', { name: /^Menu do usuário/ }).click();
    await seller.page.getByRole('menuitem', { name: 'Meu usuário' }).click();
    await expect.poll(() => new URL(seller.page.url()).pathname).toBe('/system/user/me');
    const nome = seller.page.getByRole('textbox', { name: 'Nome' });
    await expect.poll(() => nome.inputValue()).toBe(NAME);
    await auditScreen(seller.page, 'my-user', { ready: (p) => p.getByRole('heading', { name: 'Meu usuário' }).waitFor() });
    await nome.fill(`${NAME} Jr`);
    await seller.page.getByRole('button', { name: 'Salvar' }).click();
    await toast(seller.page, 'Dados salvos com sucesso!');
    await seller.page.locator('#me-senhaAtual').fill('errada');
    await seller.page.locator('#me-senha').fill('Terceira-789');
    await seller.page.locator('#me-confirmeSenha').fill('Terceira-789');
    await seller.page.getByRole('button', { name: 'Alterar senha' }).click();
    await seller.page.locator('#me-senhaAtual-helper-text', { hasText: 'A senha atual não confere.' }).waitFor();
    await seller.page.locator('#me-senhaAtual').fill('Segunda-456');
    await seller.page.getByRole('button', { name: 'Alterar senha' }).click();
    await toast(seller.page, 'Senha alterada com sucesso!');

    // the administrator edits the user; the history lists the changes
    await page.reload();
    const renamed = page.getByRole('row', { name: new RegExp(`${NAME} Jr`) });
    await renamed.waitFor();
    await renamed.getByRole('button', { name: `Editar ${NAME} Jr` }).click();
    await dialog.getByText('Histórico').waitFor();
    await dialog.getByText('Senha', { exact: true }).first().waitFor();
    await dialog.getByRole('textbox', { name: 'Código do usuário no ERP' }).fill('U-E2E');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Usuário salvo com sucesso!');

    // deactivation: the user's open session ends at their next request
    await renamed.getByRole('switch', { name: `Usuário ${NAME} Jr ativo` }).click();
    await toast(page, 'Usuário inativado com sucesso!');
    await seller.page.goto(baseURL + '/system/user/me');
    await seller.page.getByRole('button', { name: 'Entrar' }).waitFor();
    await signIn(seller.page, baseURL, LOGIN, 'Terceira-789');
    await seller.page.getByText('Usuário ou senha inválidos.').first().waitFor();
    await seller.context.close();

    // delete after the SPEC confirmation
    await renamed.getByRole('button', { name: `Excluir ${NAME} Jr` }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir usuário' });
    await confirm.getByText('Esta operação não poderá ser desfeita. Deseja prosseguir com a exclusão?').waitFor();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await toast(page, 'Usuário excluído com sucesso!');
    await page.getByText('Não foi encontrado dados').waitFor();
    await admin.context.close();
  });
});
