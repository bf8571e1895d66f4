import { describe, expect, inject, it } from 'vitest';
import { auditScreen, newPage, useBrowser } from './src/browser.ts';
import { signIn, welcomeHeading } from './src/session.ts';
import { waitForToast } from './src/toast.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** A valid ISBN-13 `978 65 9xxxxxx c` for row `n` (check digit computed). */
function isbn(n: number): string {
  const body = `97865${String(900_0000 + n).padStart(7, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

/**
 * Product import through the screen (issue 8 part 4): a Windows-1252 CSV with `;`, accents and a
 * decimal comma, 300 valid rows and one with errors, chosen with the button; the preview shows
 * the counts, the create chips and the bad row's errors with their column; "only rows with errors"
 * filters; the confirmation starts the job and the progress bar with rows/s runs to the result.
 */
describe('product import', () => {
  it('imports a CSV through the screen: preview, errors, progress and result', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, 'admin', 'admin');
    await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();

    // the catalogue's "Importar" button opens the screen
    await page.goto(baseURL + '/product/catalog');
    await page.getByRole('button', { name: 'Importar' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/product/produto-import');
    await page.getByRole('heading', { name: 'Importação de produtos' }).waitFor();
    await page.getByRole('button', { name: 'Baixar modelo XLSX' }).waitFor();
    await auditScreen(page, 'product-import-upload', { ready: (p) => p.getByText('Arraste o arquivo para cá').waitFor() });

    const lines = ['isbn13;titulo;percentualDescontoMaximo;precos;autores;editora'];
    for (let i = 1; i <= 300; i++) lines.push(`${isbn(i)};Ação e coração ${i};12,5;02:BRL:39,90;A01:Autora Conceição ${i};Editora Importação E2E`);
    lines.push('9786590000000;Linha com erro;150;;;');
    await page.getByTestId('import-file').setInputFiles({ name: 'produtos-e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n'), 'latin1') /* = Windows-1252 for these characters */ });

    await expect.poll(() => new URL(page.url()).searchParams.get('importacao') ?? '', { timeout: 60_000 }).toMatch(/^\d+$/);
    const counts = page.getByTestId('import-counts');
    await counts.getByText('Linhas: 301').waitFor({ timeout: 60_000 });
    await counts.getByText('Novos: 300').waitFor();
    await counts.getByText('Com erro: 1').waitFor();
    await page.getByText('Windows-1252', { exact: false }).first().waitFor();
    await page.getByText('Ação e coração 1', { exact: true }).waitFor();
    await expect.poll(() => page.getByText('Novo', { exact: true }).count()).toBeGreaterThan(0);

    // only the rows with errors: the bad row, its column and reason
    await page.getByLabel('Somente linhas com erro').click(); // the URL changes in a transition: wait for its effect, not the checkbox
    await page.getByText('Linha com erro', { exact: true }).waitFor();
    await page.getByText('percentualDescontoMaximo', { exact: true }).waitFor();
    await page.getByText(/O desconto máximo deve estar entre 0 e 100%/).first().waitFor();
    await auditScreen(page, 'product-import-preview', { ready: (p) => p.getByText('Linha com erro', { exact: true }).waitFor() });

    // confirm: the job writes, the bar shows percentage and rows/s, then the result
    await page.getByRole('button', { name: 'Confirmar importação' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar importação' }).click();
    await waitForToast(page, 'success', 'Importação iniciada');
    await page.getByTestId('import-progress').waitFor();
    await expect.poll(() => page.getByTestId('import-progress').innerText()).toMatch(/linhas\/s/);
    await page.getByTestId('import-done').waitFor({ timeout: 90_000 });
    await expect.poll(() => page.getByTestId('import-done').innerText()).toContain('300 produto(s) gravado(s), 1 linha(s) rejeitada(s)');
    await expect.poll(() => page.getByTestId('import-progress').innerText()).toMatch(/^300 de 300 linhas \(100%\) · [\d.]+ linhas\/s$/);
    await page.getByRole('button', { name: 'Baixar linhas rejeitadas (XLSX)' }).waitFor();
    await auditScreen(page, 'product-import-done', { ready: (p) => p.getByTestId('import-done').waitFor() });

    // the products are in the catalogue
    await page.goto(baseURL + `/product/catalog?isbn13=${isbn(7)}`);
    await page.getByText('Ação e coração 7', { exact: true }).first().waitFor();
    await context.close();
  }, 240_000);
});
