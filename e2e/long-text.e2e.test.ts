import { describe, expect, inject, it } from 'vitest';
import { isValidCnpj } from '@acervo/contracts';
import { auditScreen, newPage, shot, useBrowser } from './src/browser.ts';
import { signIn, welcomeHeading } from './src/session.ts';
import { waitForToast } from './src/toast.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** A numeric CNPJ with valid check digits that no demo company or other test uses. */
function freshCnpj(): string {
  const base = '459974180001';
  for (let d = 0; d < 100; d += 1) {
    const cnpj = base + String(d).padStart(2, '0');
    if (isValidCnpj(cnpj)) return cnpj;
  }
  throw new Error('no check digits');
}

/** A company name of `length` characters, words of the alphabet repeated (so it wraps like a real one). */
const longName = (length: number) => 'E2E Livraria Com Um Nome Realmente Comprido '.repeat(10).slice(0, length).trim();

describe('text longer than its field (defect 10)', () => {
  it('keeps a 300-character company name whole and says the limit under the field; the list ends a long name in an ellipsis and shows it whole on hover', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, 'admin', 'admin');
    await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
    await page.goto(baseURL + '/system/company');
    await page.getByText('Distribuidora Acervo Ltda').first().waitFor();

    // the browser used to cut the pasted text at the input's maxlength, silently
    await page.getByRole('button', { name: 'Nova empresa' }).click();
    const dialog = page.getByRole('dialog');
    const nome = dialog.getByLabel('Nome', { exact: false }).first();
    await nome.fill(longName(400).slice(0, 300).padEnd(300, 'x'));
    expect((await nome.inputValue()).length).toBe(300);
    await dialog.getByRole('textbox', { name: 'CNPJ' }).fill(freshCnpj());
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Deve ter no máximo 150 caracteres').waitFor();
    expect(await nome.getAttribute('aria-invalid')).toBe('true');
    await auditScreen(page, 'long-text-company-form', { ready: (p) => p.getByRole('dialog').getByText('Deve ter no máximo 150 caracteres').waitFor() });

    // the longest name the field takes is saved, and the list shows two lines of it, then "…"
    const name = longName(150);
    await nome.fill(name);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await waitForToast(page, 'success', 'Empresa salva com sucesso!');
    await dialog.waitFor({ state: 'detached' });
    const cell = page.getByTitle(name, { exact: true });
    await cell.waitFor();
    const clamp = await cell.evaluate((el) => ({ clipped: el.scrollHeight > el.clientHeight + 1, overflow: getComputedStyle(el).textOverflow, text: el.textContent }));
    expect(clamp).toEqual({ clipped: true, overflow: 'ellipsis', text: name });
    await cell.hover();
    await auditScreen(page, 'long-text-companies', { ready: (p) => p.getByTitle(name, { exact: true }).waitFor() });

    // English: the same list
    await page.evaluate(() => localStorage.setItem('acervo:lang', 'en-US'));
    await page.reload();
    await page.getByRole('heading', { name: 'Companies' }).waitFor();
    await page.getByTitle(name, { exact: true }).waitFor();
    await shot(page, 'long-text-companies-en-desktop', false);

    // clean up: this file's company goes
    await page.evaluate(() => localStorage.removeItem('acervo:lang'));
    await page.reload();
    await page.getByRole('button', { name: `Excluir ${name}` }).click();
    await page.getByRole('dialog', { name: 'Excluir empresa' }).getByRole('button', { name: 'Excluir' }).click();
    await waitForToast(page, 'success', 'Empresa excluída com sucesso!');
    await context.close();
  });
});
