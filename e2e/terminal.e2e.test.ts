import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { auditScreen, newPage, useBrowser } from './src/browser.ts';
import { focusedElement, tabUntil } from './src/keyboard.ts';
import { signIn } from './src/session.ts';
import { waitForToast } from './src/toast.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** The id of the element with the keyboard focus. */
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** Waits for the search's answer to exactly `q` (registered before typing). */
const searched = (page: Page, q: string) =>
  page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname.endsWith('/produto/terminal') && url.searchParams.get('q') === q;
  });

describe('Terminal', () => {
  it('as vendedor, by keyboard only: a misspelt author finds the title, Enter opens stock and sales, a lost sale is registered', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, 'vendedor', 'vendedor', '/product/terminal');
    const box = page.getByRole('combobox', { name: 'Buscar livro' });
    await box.waitFor();
    // the box has the focus on arrival, and the empty state says what to type
    await expect.poll(() => focusedId(page)).toBe('terminal-search');
    await page.getByTestId('terminal-empty').waitFor();

    // "Aluísio Azevedo" typed without the accent and with two typos, one per word
    const answer = searched(page, 'aluizio azevdo');
    await page.keyboard.type('aluizio azevdo');
    await answer;
    const option = page.locator('#terminal-results [role="option"]').filter({ hasText: 'O Cortiço' });
    await option.waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('aluizio azevdo');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
    await expect.poll(async () => box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));

    await page.keyboard.press('Enter');
    const detail = page.getByTestId('terminal-detail');
    await detail.getByRole('heading', { name: 'O Cortiço' }).waitFor();
    const stock = detail.getByTestId('terminal-stock-table');
    await stock.getByRole('rowheader', { name: 'Distribuidora Acervo Ltda' }).waitFor();
    await stock.getByRole('rowheader', { name: 'Total da rede' }).waitFor();
    await detail.getByRole('img', { name: /Vendas mensais em unidades/ }).waitFor();
    await detail.getByText(/Total: \d+ un\./).waitFor();
    await auditScreen(page, 'terminal-detail', { ready: (p) => p.getByTestId('terminal-stock-table').waitFor() });

    // Tab from the detail to "Venda perdida"; the dialog opens on the reason, preselected
    await tabUntil(page, (f) => f.tag === 'BUTTON' && f.text === 'Venda perdida', 10);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Registrar venda perdida' });
    await dialog.waitFor();
    await expect.poll(() => focusedId(page)).toBe('terminal-opportunity-motivo');
    expect(await dialog.getByRole('combobox', { name: 'Motivo' }).inputValue()).not.toBe('');
    await auditScreen(page, 'terminal-dialog', { ready: (p) => p.getByRole('dialog').waitFor() });
    await page.keyboard.press('Tab');
    expect(await focusedId(page)).toBe('terminal-opportunity-quantidade');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Cliente volta na sexta');
    await tabUntil(page, (f) => f.tag === 'BUTTON' && f.text === 'Enviar', 5);
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/core-api/oportunidade') && r.request().method() === 'POST');
    await page.keyboard.press('Enter');
    const created = await posted;
    expect(created.status()).toBe(201);
    expect(created.request().postDataJSON()).toMatchObject({ quantidade: 2, tipo: 'VENDA_PERDIDA', observacao: 'Cliente volta na sexta' });
    await waitForToast(page, 'success', 'Oportunidade encaminhada com sucesso!');
    await dialog.waitFor({ state: 'detached' });
    // the detail counts it at once
    await detail.getByText('1 oportunidade nos últimos 90 dias').waitFor();

    // Esc in the detail closes it and returns to the box; `/` comes back to the box from elsewhere; Esc clears
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    expect(await focusedId(page)).toBe('terminal-search');
    await page.keyboard.press('Tab');
    expect((await focusedElement(page)).tag).not.toBe('INPUT');
    await page.keyboard.press('/');
    expect(await focusedId(page)).toBe('terminal-search');
    await page.keyboard.press('Escape');
    await page.getByTestId('terminal-empty').waitFor();
    expect(await box.inputValue()).toBe('');
    await context.close();
  });
});
