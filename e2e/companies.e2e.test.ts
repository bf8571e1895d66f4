import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { auditScreen, newPage, useBrowser } from './src/browser.ts';
import { signIn, welcomeHeading } from './src/session.ts';
import { waitForToast } from './src/toast.ts';
import { searchList } from './src/list.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** This file's own company (never a demo one): the Receita Federal's alphanumeric example. */
const NAME = 'E2E Livraria Alfanumérica';
const RENAMED = 'E2E Livraria Alfa Renomeada';

async function signInAdmin(page: Page): Promise<void> {
  await signIn(page, baseURL, 'admin', 'admin');
  await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
}

const toast = (page: Page, text: string) => waitForToast(page, 'success', text);

describe('companies screen', () => {
  it('creates (alphanumeric CNPJ masked as typed), finds, edits, deactivates and deletes a company; refuses a wrong check digit and a company in use', async () => {
    const { context, page } = await newPage(browser());
    await signInAdmin(page);
    await page.goto(baseURL + '/system/company');
    await page.getByRole('heading', { name: 'Empresas' }).waitFor();
    await page.getByText('Distribuidora Acervo Ltda').first().waitFor();
    await auditScreen(page, 'companies', { ready: (p) => p.getByText('Distribuidora Acervo Ltda').first().waitFor() });

    // create: a wrong check digit is refused under the field, then the official alphanumeric example
    await page.getByRole('button', { name: 'Nova empresa' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nome', { exact: false }).first().fill(NAME);
    const cnpj = dialog.getByRole('textbox', { name: 'CNPJ' });
    await cnpj.pressSequentially('12abc34501de36');
    expect(await cnpj.inputValue()).toBe('12.ABC.345/01DE-36');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('CNPJ inválido').waitFor();
    await cnpj.fill('');
    await cnpj.pressSequentially('12abc34501de35');
    expect(await cnpj.inputValue()).toBe('12.ABC.345/01DE-35');
    await dialog.getByRole('textbox', { name: 'Código ERP' }).fill('E2E-CO');
    await auditScreen(page, 'company-form', { ready: (p) => p.getByRole('dialog').waitFor() });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Empresa salva com sucesso!');
    await dialog.waitFor({ state: 'detached' });

    // find by CNPJ without the mask; the search is kept in the URL
    await searchList(page, '12abc345');
    const row = page.getByRole('row', { name: new RegExp(NAME) });
    await row.waitFor();
    await expect(row.getByText('12.ABC.345/01DE-35').count()).resolves.toBe(1);

    // a duplicate CNPJ answers 409 under the CNPJ field
    await page.getByRole('button', { name: 'Nova empresa' }).click();
    await dialog.getByLabel('Nome', { exact: false }).first().fill('E2E Cópia');
    await dialog.getByRole('textbox', { name: 'CNPJ' }).fill('12.ABC.345/01DE-35');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Já existe uma empresa com este CNPJ.').waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    // edit from the row; the history shows the creation
    await row.getByText(NAME).click();
    await dialog.getByText('Histórico').waitFor();
    await dialog.getByText('Criação').first().waitFor();
    await dialog.getByLabel('Nome', { exact: false }).first().fill(RENAMED);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Empresa salva com sucesso!');
    await dialog.waitFor({ state: 'detached' });
    // the list refetched after the save has landed before the next search is typed (searchList)
    await searchList(page, 'Alfa Renomeada');
    const renamed = page.getByRole('row', { name: new RegExp(RENAMED) });
    await renamed.waitFor();

    // deactivate with the row's switch; the status filter then finds it among the inactive
    const toggled = page.waitForResponse((r) => r.url().includes('/api/core-api/system/company/inativa/'));
    await renamed.getByRole('switch', { name: `Empresa ${RENAMED} ativa` }).click();
    const answer = await toggled;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ ativo: false });
    await toast(page, 'Empresa inativada com sucesso!');
    await page.getByLabel('Situação').click();
    await page.getByRole('option', { name: 'Inativas' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('false');
    await renamed.waitFor();
    await expect.poll(() => renamed.getByRole('switch').isChecked()).toBe(false);

    // delete after the SPEC confirmation
    await renamed.getByRole('button', { name: `Excluir ${RENAMED}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir empresa' });
    await confirm.getByText('Esta operação não poderá ser desfeita. Deseja prosseguir com a exclusão?').waitFor();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await toast(page, 'Empresa excluída com sucesso!');
    await page.getByText('Não foi encontrado dados').waitFor();

    // a company users work for cannot be deleted: the error says why and the row stays
    await page.getByRole('button', { name: 'Limpar' }).click();
    const demo = page.getByRole('row', { name: /Editora Acervo S\.A\./ });
    await demo.getByRole('button', { name: 'Excluir Editora Acervo S.A.' }).click();
    await page.getByRole('dialog', { name: 'Excluir empresa' }).getByRole('button', { name: 'Excluir' }).click();
    await page.locator('.notistack-MuiContent-error', { hasText: 'usuários' }).first().waitFor();
    await demo.waitFor();
    await context.close();
  });
});
