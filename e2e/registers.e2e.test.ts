import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { auditScreen, newPage, useBrowser } from './src/browser.ts';
import { signIn, welcomeHeading } from './src/session.ts';
import { openMenuEntry } from './src/menu.ts';
import { waitForToast } from './src/toast.ts';
import { searchList } from './src/list.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

async function signInAdmin(page: Page): Promise<void> {
  await signIn(page, baseURL, 'admin', 'admin');
  await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
}

const toast = (page: Page, text: string) => waitForToast(page, 'success', text);

/** Closes the toasts on screen (an error toast stays until closed), so a screenshot shows the screen under them. */
async function dismissToasts(page: Page): Promise<void> {
  // a CSS locator: under an open modal dialog the toast is outside the accessible tree
  const close = page.locator('.notistack-SnackbarContainer button[aria-label="Fechar"]:visible');
  while ((await close.count()) > 0) {
    const button = await close.first().elementHandle();
    if (!button) continue;
    // A success toast hides itself after its time on screen, so it may leave between the count and the
    // click (CI stop 26: "Element is not attached to the DOM"). That is the same end as a click; a button
    // still on screen that the click did not reach is a real failure.
    await button.click().catch(async (error: unknown) => {
      if (await button.isVisible()) throw error;
    });
    // gone once its exit transition ends (hidden, then removed)
    await button.waitForElementState('hidden');
  }
}

/** Searches the list through the filter box and waits for the grid to show the answer (the term goes to the URL). */
const search = (page: Page, term: string) => searchList(page, term);

/** Toggles a row's active switch and checks the server's answer and the toast. */
async function toggleOff(page: Page, row: ReturnType<Page['getByRole']>, switchName: string, apiPath: string, message: string): Promise<void> {
  const toggled = page.waitForResponse((r) => r.url().includes(`/api/core-api/${apiPath}/inativa/`));
  await row.getByRole('switch', { name: switchName }).click();
  const answer = await toggled;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ ativo: false });
  await toast(page, message);
}

/** Deletes a row after the SPEC 8 confirmation and waits for the success toast. */
async function deleteRow(page: Page, row: ReturnType<Page['getByRole']>, name: string, dialogTitle: string, message: string): Promise<void> {
  await row.getByRole('button', { name: `Excluir ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: dialogTitle });
  await confirm.getByText('Esta operação não poderá ser desfeita. Deseja prosseguir com a exclusão?').waitFor();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await toast(page, message);
  await page.getByText('Não foi encontrado dados').waitFor();
}

describe('registers screens', () => {
  it('age range (auxiliary register): reached from the Produto menu; creates, refuses a duplicate, edits, deactivates and deletes', async () => {
    const { context, page } = await newPage(browser());
    await signInAdmin(page);
    await openMenuEntry(page, 'Produto', 'Faixa etária');
    await page.getByRole('heading', { name: 'Faixas etárias' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/product/faixa-etaria');

    const name = 'E2E Leitor iniciante';
    await page.getByRole('button', { name: 'Nova faixa etária' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Nome' }).fill(name);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Faixa etária salva com sucesso!');
    await dialog.waitFor({ state: 'detached' });
    await dismissToasts(page);
    await auditScreen(page, 'register-age-range', { ready: (p) => p.getByText(name).first().waitFor() });

    // the same name again (other case, no accents) answers 409 under Nome
    await page.getByRole('button', { name: 'Nova faixa etária' }).click();
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('e2e leitor INICIANTE');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Já existe um registro com este nome.').waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    await search(page, 'leitor inic');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByText(name).click();
    await dialog.getByText('Histórico').waitFor();
    await dialog.getByText('Criação').first().waitFor();
    await dismissToasts(page);
    await auditScreen(page, 'register-age-range-form', { ready: (p) => p.getByRole('dialog').getByText('Criação').first().waitFor() });
    const renamed = `${name} 2`;
    await dialog.getByRole('textbox', { name: 'Nome' }).fill(renamed);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Faixa etária salva com sucesso!');
    const row2 = page.getByRole('row', { name: new RegExp(renamed) });
    await row2.waitFor();

    await toggleOff(page, row2, `${renamed} ativo`, 'faixa-etaria', 'Faixa etária inativada com sucesso!');
    await deleteRow(page, row2, renamed, 'Excluir faixa etária', 'Faixa etária excluída com sucesso!');
    await context.close();
  });

  it('binding lookup: seeded from ONIX list 150 in pt-BR; creates a code, edits, deactivates and deletes', async () => {
    const { context, page } = await newPage(browser());
    await signInAdmin(page);
    await page.goto(baseURL + '/system/encadernacao');
    await page.getByRole('heading', { name: 'Encadernações' }).waitFor();
    await search(page, 'brochura');
    await page.getByRole('row', { name: /BC.*Brochura/ }).waitFor();
    await page.getByRole('button', { name: 'Limpar' }).click();
    await auditScreen(page, 'register-bindings', { ready: (p) => p.getByText('Indefinido').first().waitFor() });

    await page.getByRole('button', { name: 'Nova encadernação' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Código' }).fill('e2e');
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('E2E Costurada com lombada quadrada');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Encadernação salva com sucesso!');
    await dialog.waitFor({ state: 'detached' });

    // a code already seeded answers 409 under Código
    await page.getByRole('button', { name: 'Nova encadernação' }).click();
    await dialog.getByRole('textbox', { name: 'Código' }).fill('bc');
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('E2E Outra brochura');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Já existe um registro com este código.').waitFor();
    await dismissToasts(page);
    await auditScreen(page, 'register-bindings-form', { ready: (p) => p.getByRole('dialog').getByText('Já existe um registro com este código.').waitFor() });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    await search(page, 'e2e');
    const row = page.getByRole('row', { name: /E2E.*Costurada/ });
    await row.getByText('E2E Costurada com lombada quadrada').click();
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('E2E Costurada');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Encadernação salva com sucesso!');
    const row2 = page.getByRole('row', { name: /E2E Costurada/ });
    await row2.waitFor();
    await toggleOff(page, row2, 'E2E Costurada ativo', 'encadernacao', 'Encadernação inativada com sucesso!');
    await deleteRow(page, row2, 'E2E Costurada', 'Excluir encadernação', 'Encadernação excluída com sucesso!');
    await context.close();
  });

  it('publishers: creates with a masked CNPJ, flags and two imprints; edits the imprints; deactivates and deletes', async () => {
    const { context, page } = await newPage(browser());
    await signInAdmin(page);
    await page.goto(baseURL + '/product/editoras');
    await page.getByRole('heading', { name: 'Editoras' }).waitFor();

    const name = 'E2E Editora Ipê Amarelo';
    await page.getByRole('button', { name: 'Nova editora' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Nome' }).fill(name);
    const cnpj = dialog.getByRole('textbox', { name: 'CNPJ' });
    await cnpj.pressSequentially('11444777000162');
    expect(await cnpj.inputValue()).toBe('11.444.777/0001-62');
    await dialog.getByLabel('Integração Metabooks').check();
    await dialog.getByRole('button', { name: 'Adicionar selo' }).click();
    await dialog.getByRole('textbox', { name: 'Selo 1' }).fill('Ipê Infantil');
    await dialog.getByRole('button', { name: 'Adicionar selo' }).click();
    await dialog.getByRole('textbox', { name: 'Selo 2' }).fill('Ipê Clássicos');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('CNPJ inválido').waitFor();
    await cnpj.fill('');
    await cnpj.pressSequentially('11444777000161');
    await auditScreen(page, 'publisher-form', { ready: (p) => p.getByRole('dialog').waitFor() });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Editora salva com sucesso!');
    await dialog.waitFor({ state: 'detached' });

    // found by an imprint's name and by the CNPJ without its mask
    await search(page, 'ipe classicos');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    await search(page, '11444777');
    await row.waitFor();
    await row.getByText('11.444.777/0001-61').waitFor();
    await dismissToasts(page);
    await auditScreen(page, 'publishers', { ready: (p) => p.getByRole('row', { name: new RegExp(name) }).waitFor() });

    // edit: remove one imprint, rename the other
    await row.getByText(name).click();
    await dialog.getByText('Histórico').waitFor();
    await dialog.getByRole('button', { name: 'Remover selo 2' }).click();
    await dialog.getByRole('textbox', { name: 'Selo 1' }).fill('Ipê Kids');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Editora salva com sucesso!');
    await row.getByText('Ipê Kids').waitFor();
    expect(await row.getByText('Ipê Clássicos').count()).toBe(0);

    await toggleOff(page, row, `Editora ${name} ativa`, 'editora', 'Editora inativada com sucesso!');
    await deleteRow(page, row, name, 'Excluir editora', 'Editora excluída com sucesso!');
    await context.close();
  });
});
