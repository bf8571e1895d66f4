import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROLES } from '@acervo/contracts';
import { VIEWPORTS, auditScreen, newPage, useBrowser } from './src/browser.ts';
import { signIn, welcomeHeading } from './src/session.ts';
import { waitForToast } from './src/toast.ts';
import { searchList } from './src/list.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

async function signInAdmin(page: Page): Promise<void> {
  await signIn(page, baseURL, 'admin', 'admin');
  await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
}

/** Waits for a success toast with exactly this text. */
async function successToast(page: Page, text: string): Promise<void> {
  await waitForToast(page, 'success', text);
}

describe('profiles', () => {
  it('creates a profile with grouped permissions, finds it, edits it, deactivates and deletes it; list and form pass the audit', async () => {
    const { context, page } = await newPage(browser());
    await signInAdmin(page);
    await page.goto(baseURL + '/system/profile');
    await page.getByRole('heading', { name: 'Perfis', exact: true }).waitFor();
    await page.getByText('Administrador', { exact: true }).first().waitFor();

    // create
    const name = `E2E Perfil ${Date.now()}`;
    await page.getByRole('button', { name: 'Novo perfil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo perfil' });
    await dialog.locator('#profile-nome').fill(name);
    await dialog.locator('#profile-descricao').fill('Perfil criado pelo teste de ponta a ponta');
    await dialog.getByRole('checkbox', { name: 'Selecionar todas as permissões de Relatórios' }).check();
    await dialog.getByRole('checkbox', { name: 'Terminal (consulta de livros)' }).check();
    await expect.poll(() => dialog.getByTestId('permissions-count').innerText()).toBe(`(3 de ${ROLES.length} selecionadas)`);
    await expect(dialog.getByRole('checkbox', { name: 'Selecionar todas as permissões de Produto' }).evaluate((el) => (el as HTMLInputElement).indeterminate)).resolves.toBe(true);
    await auditScreen(page, 'profile-form', { ready: (p) => p.getByRole('dialog', { name: 'Novo perfil' }).getByRole('checkbox', { name: 'Selecionar todas as permissões de Relatórios' }).waitFor() });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await successToast(page, 'Perfil salvo com sucesso!');
    await dialog.waitFor({ state: 'detached' });

    // a duplicate name reads under Nome
    await page.getByRole('button', { name: 'Novo perfil' }).click();
    const again = page.getByRole('dialog', { name: 'Novo perfil' });
    await again.locator('#profile-nome').fill(name.toUpperCase());
    await again.getByRole('button', { name: 'Salvar' }).click();
    await again.getByText('Já existe um perfil com este nome').waitFor();
    await again.getByRole('button', { name: 'Cancelar' }).click();

    // find by search (kept in the URL)
    await searchList(page, name, { label: 'Pesquisar por nome ou descrição' });
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('3');
    await auditScreen(page, 'profiles', { ready: (p) => p.getByRole('row').filter({ hasText: name }).waitFor() });

    // edit: the form loads the permissions; the Histórico shows the creation
    await row.getByRole('gridcell').first().click();
    const edit = page.getByRole('dialog', { name: 'Editar perfil' });
    await expect.poll(() => edit.locator('#profile-nome').inputValue()).toBe(name);
    await expect.poll(() => edit.getByRole('checkbox', { name: 'Relatório de estoque' }).isChecked()).toBe(true);
    await edit.getByText('Criação').first().waitFor();
    await edit.getByRole('checkbox', { name: 'Relatório de estoque' }).uncheck();
    await edit.locator('#profile-descricao').fill('Descrição alterada');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await successToast(page, 'Perfil salvo com sucesso!');
    await page.getByRole('row').filter({ hasText: 'Descrição alterada' }).waitFor();

    // deactivate with the row's switch, then find it among the inactive ones
    await page.getByRole('switch', { name: `Ativar ou inativar o perfil ${name}` }).click();
    await successToast(page, 'Perfil inativado com sucesso!');
    await page.goto(`${baseURL}/system/profile?term=${encodeURIComponent(name)}&status=false`);
    await page.getByRole('row').filter({ hasText: name }).waitFor();
    await expect.poll(() => page.getByRole('switch', { name: `Ativar ou inativar o perfil ${name}` }).isChecked()).toBe(false);

    // delete after the confirmation
    await page.getByRole('button', { name: `Excluir o perfil ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir perfil' });
    await confirm.getByText('Esta operação não poderá ser desfeita. Deseja prosseguir com a exclusão?').waitFor();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await successToast(page, 'Perfil excluído com sucesso!');
    await page.getByText('Não foi encontrado dados').waitFor();
    await context.close();
  });

  it('refuses to delete a profile in use with a clear message, and works on a phone', async () => {
    const { context, page } = await newPage(browser(), VIEWPORTS.phone);
    await signInAdmin(page);
    await page.goto(`${baseURL}/system/profile?term=Vendedor`);
    await page.getByRole('button', { name: 'Excluir o perfil Vendedor' }).click();
    await page.getByRole('dialog', { name: 'Excluir perfil' }).getByRole('button', { name: 'Excluir' }).click();
    await page.locator('.notistack-MuiContent-error').filter({ hasText: 'vinculado a usuários' }).first().waitFor();
    await page.getByRole('row').filter({ hasText: 'Vendedor' }).first().waitFor();
    await context.close();
  });
});
