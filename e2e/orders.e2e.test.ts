import { describe, expect, it } from 'vitest';
import type { OrderProduct } from '@acervo/contracts';
import { auditScreen, newPage, useBrowser } from './src/browser.ts';
import { signIn } from './src/session.ts';
import { waitForToast } from './src/toast.ts';
import { gridSettled } from './src/list.ts';
import { erpServer } from './src/erp-server.ts';

/**
 * Sales orders (issue 19 part 2) on the run's shared ERP server (the demo's ERP simulator
 * in-process, `src/erp-server.ts`): once its first sync has stored both demo companies' clients,
 * payment forms and stock, an order is typed with the keyboard only (client search, payment form,
 * a barcode scan, a title search), sent with Ctrl+Enter, and seen in the list reaching ENVIADO once
 * the ERP queue sends it to the simulator.
 */
const browser = useBrowser();
const erp = erpServer();
const baseURL = erp.baseURL;
const apiGet = erp.apiGet;

describe('sales orders', () => {
  it('creates an order with the keyboard and sees it reach ENVIADO in the list', async () => {
    // the first sync of the demo ERP: wait until clients, payment forms and stocked products are stored
    await expect
      .poll(
        async () => {
          const [clients, forms, products] = await Promise.all([
            apiGet<{ totalItens: number }>('cliente?term=livraria'),
            apiGet<unknown[]>('forma-pagamento'),
            apiGet<OrderProduct[]>('pedido-venda/produto?term=a'),
          ]);
          return clients.totalItens > 0 && forms.length > 0 && products.some((p) => p.ativo && (p.disponivel ?? 0) > 0);
        },
        { timeout: 150_000, interval: 2_000 },
      )
      .toBe(true);
    const stocked = (await apiGet<OrderProduct[]>('pedido-venda/produto?term=a')).filter((p) => p.ativo && (p.disponivel ?? 0) > 2);
    const scanned = stocked[0];
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, baseURL, 'admin', 'admin', '/pedido/pedido-venda/cadastrar');
      const client = page.locator('#order-idCliente');
      await client.focus();
      // the picker lists every client on focus; take the first option only once the typed search has answered
      const searchedClients = page.waitForResponse((r) => r.url().includes('/cliente?') && new URL(r.url()).searchParams.get('term') === 'livraria');
      await page.keyboard.type('livraria');
      await searchedClients;
      await expect.poll(() => page.getByRole('option').first().textContent()).toMatch(/livraria/i);
      // ArrowDown highlights the first option and Enter chooses it. On a busy machine the list can
      // re-render between the two keys (a late answer), so Enter finds nothing highlighted and the
      // box keeps the typed text, which the field clears on leaving (CI: the order then failed
      // validation). A user would press the keys again: so does the test, until a client is chosen.
      const chosen = /^(?!livraria$).*livraria/i; // a client's name, not just the typed text
      for (let attempt = 0; attempt < 3 && !chosen.test(await client.inputValue()); attempt++) {
        await page.keyboard.press('ArrowDown');
        await page.locator('[role="option"].Mui-focused').first().waitFor({ timeout: 5_000 }).catch(() => undefined);
        await page.keyboard.press('Enter');
        await expect.poll(() => client.inputValue(), { timeout: 5_000 }).toMatch(chosen).catch(() => undefined);
      }
      await expect.poll(() => client.inputValue()).toMatch(chosen);

      // payment form: open the select from the keyboard and take the first form
      await page.locator('#order-idFormaPagamento').focus();
      await page.keyboard.press('ArrowDown');
      await page.getByRole('listbox').getByRole('option').first().waitFor();
      await page.keyboard.press('Enter');

      // scan: the barcode and Enter add a line, focus stays in the entry box; scanning again adds a unit
      const entry = page.locator('#order-entry');
      await entry.focus();
      const searched = page.waitForResponse((r) => r.url().includes('pedido-venda/produto') && r.request().method() === 'GET');
      await page.keyboard.type(scanned.isbn13);
      await page.keyboard.press('Enter');
      await searched;
      await expect.poll(() => page.locator('[data-line]').count()).toBe(1);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('order-entry');
      await page.keyboard.type(scanned.isbn13);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('#order-line-0-quantidade').inputValue()).toBe('2');

      // title search: one hit is added at once, several open a list chosen with the arrows
      const wanted = stocked[1].titulo;
      await page.keyboard.type(wanted);
      await page.keyboard.press('Enter');
      const options = page.locator('#order-entry-results [role="option"]');
      await expect.poll(async () => (await page.locator('[data-line]').count()) + (await options.count())).toBeGreaterThan(1);
      if ((await options.count()) > 0) {
        const at = (await options.allInnerTexts()).findIndex((text) => text.split('\n')[0].trim() === wanted);
        expect(at).toBeGreaterThanOrEqual(0);
        for (let i = 0; i < at; i++) await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
      }
      await expect.poll(() => page.locator('[data-line]').count()).toBe(2);
      await auditScreen(page, 'orders-form', { ready: (p) => p.locator('[data-line="2"]').waitFor() });

      // Ctrl+Enter sends; the list shows the new order, PENDENTE until the queue sends it, then ENVIADO.
      // The audit resized the page to a phone and back, which re-renders the lines: focus goes back
      // to the entry box, where a user scanning would be, so the form receives the keys.
      await entry.focus();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('order-entry');
      const created = page.waitForResponse((r) => r.url().endsWith('/pedido-venda') && r.request().method() === 'POST');
      await page.keyboard.press('Control+Enter');
      const answer = await created;
      expect(answer.status()).toBe(201);
      expect(answer.request().headers()['idempotency-key']).toBeTruthy();
      const order = (await answer.json()) as { numero: number };
      await waitForToast(page, 'success', new RegExp(`Pedido ${order.numero} criado`));
      await page.waitForURL(/\/pedido\/pedido-venda$/);
      const row = page.locator('.MuiDataGrid-row').filter({ has: page.locator(`[data-field="numero"]`, { hasText: new RegExp(`^${order.numero}`) }) });
      await row.waitFor();
      await expect.poll(() => row.locator('[data-status]').getAttribute('data-status'), { timeout: 90_000, interval: 1_000 }).toBe('ENVIADO');
      await gridSettled(page);
      await auditScreen(page, 'orders-list', { ready: (p) => p.locator('.MuiDataGrid-row').first().waitFor() });
    } finally {
      await context.close();
    }
  }, 300_000);
});
