import { describe, expect, inject, it } from 'vitest';
import { auditScreen, newPage, useBrowser } from './src/browser.ts';
import { signIn, welcomeHeading } from './src/session.ts';
import { waitForToast } from './src/toast.ts';
import { gridSettled } from './src/list.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/**
 * Export queue end to end (issue 17 part 1): from the stock report, "Exportar" → CSV queues an
 * export (toast); the Downloads drawer lists it, runs to Sucesso with the unread dot, the badge
 * counts it; the download icon saves the file (BOM + header), then the list reloads without the dot
 * and the badge goes.
 */
describe('export queue and Downloads drawer', () => {
  it('requests an export from the stock report and downloads it from the drawer', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, 'admin', 'admin');
    await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
    await page.goto(baseURL + '/reports/stock');
    await page.getByRole('heading', { name: 'Relatório de estoque' }).waitFor();
    await gridSettled(page);
    await auditScreen(page, 'stock-report', { ready: (p) => p.getByRole('region', { name: 'Totais' }).waitFor() });

    const queued = page.waitForResponse((r) => r.url().endsWith('/fila-exportacao/csv') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Exportar' }).click();
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    expect((await queued).status()).toBe(201);
    await waitForToast(page, 'success', 'Exportação solicitada! Acompanhe em Downloads.');

    await page.getByRole('button', { name: /^Downloads/ }).click();
    const drawer = page.getByRole('presentation').filter({ has: page.getByRole('heading', { name: 'Downloads' }) });
    const row = drawer.getByTestId('export-item').first();
    await row.getByText('Relatório de estoque').waitFor();
    await row.getByText('Sucesso').waitFor({ timeout: 30_000 });
    await row.getByTestId('unread-dot').waitFor();
    // the badge follows the drawer: one finished export not downloaded yet (the top bar is
    // aria-hidden behind the open drawer)
    await page.getByRole('button', { name: /^Downloads \(\d+\)$/, includeHidden: true }).waitFor();
    await auditScreen(page, 'downloads-drawer', { ready: (p) => p.getByRole('heading', { name: 'Downloads' }).waitFor() });

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: /^Baixar relatorio_estoque_/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^relatorio_estoque_\d{8}-\d{6}\.csv$/);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text.startsWith('\ufeffEAN;Título;Editora')).toBe(true);
    // reloaded after the download: the dot and the badge are gone
    await expect.poll(() => row.getByTestId('unread-dot').count()).toBe(0);
    await page.getByRole('button', { name: 'Fechar' }).click();
    await page.getByRole('button', { name: 'Downloads', exact: true }).waitFor();
    await context.close();
  }, 120_000);
});
