import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ErpEntity, ErpRecord } from '@acervo/contracts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemoData } from '../apps/server/src/seed/demo-seed.ts';
import { applyErpRecords } from '../apps/server/src/erp/data/index.ts';
import { at, isbn, makeRecord } from '../apps/server/src/erp/data/erp-data.fixtures.ts';
import { VIEWPORTS, auditScreen, newPage, useBrowser } from './src/browser.ts';
import { signIn, welcomeHeading } from './src/session.ts';
import { freePort, startServer, type RunningServer } from './src/server.ts';
import { waitForToast } from './src/toast.ts';

/**
 * The matching screens on their own server (issue 8 part 3): a fresh PGlite folder gets the demo
 * data and the ERP records of the first company written by the sync's own writer (PGlite admits
 * one process, so before the server opens it): two imprints of two publishers, three products.
 * Then, through the screens: match an unmatched ERP publisher (picker, Salvar, the SPEC 8 toast,
 * the row now matched, the products moved), and import a BISAC list through the upload dialog
 * and read its report.
 */
const browser = useBrowser();
let server: RunningServer | undefined;
let dataDir = '';
let baseURL = '';

async function seed(dir: string): Promise<void> {
  const database = await openDatabase({ dataDir: dir });
  try {
    const db = database.db;
    const { companyIds } = await seedDemoData(db);
    const company = companyIds[0];
    const apply = async <E extends ErpEntity>(entity: E, records: ErpRecord<E>[]) => {
      await db.transaction((tx) => applyErpRecords(tx, company, entity, records));
    };
    await apply('SELO', [
      makeRecord('SELO', 'S-AURORA', at(1), 1, { nome: 'Selo Aurora', editora: 'Editora Horizonte Ltda', cnpjEditora: '11444777000161' }),
      makeRecord('SELO', 'S-BRISA', at(1), 2, { nome: 'Selo Brisa', editora: 'Brisa Edições' }),
    ]);
    await apply('ASSUNTO', [
      makeRecord('ASSUNTO', 'AS-ROM', at(1), 1, { descricao: 'Romance brasileiro', codigoBisac: 'FIC019000' }),
      makeRecord('ASSUNTO', 'AS-POE', at(1), 2, { descricao: 'Poesia', codigoBisac: null }),
    ]);
    await apply('PRODUTO', [
      makeRecord('PRODUTO', 'E2E-P1', at(10), 9101, { idSelo: 'S-AURORA', idAssunto: 'AS-ROM', titulo: 'O cortiço (edição ERP)' }),
      makeRecord('PRODUTO', 'E2E-P2', at(10), 9102, { idSelo: 'S-AURORA', titulo: 'Iracema (edição ERP)' }),
      makeRecord('PRODUTO', 'E2E-P3', at(10), 9103, { idSelo: 'S-BRISA', titulo: 'Senhora (edição ERP)' }),
    ]);
    // Acervo's publisher the ERP imprint is matched to
    await db.execute(sql`INSERT INTO editora (nome, nome_chave, ind_metabooks) VALUES ('Grupo Editorial Horizonte', 'grupo editorial horizonte', true)`);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-e2e-matching-'));
  const port = await freePort();
  await seed(dataDir);
  baseURL = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ERP_SIM: 'false' };
  server = await startServer(env, baseURL, 'matching server');
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('matching screens', () => {
  it('matches an unmatched ERP publisher through the screen: unmatched first with its product count, picker, Salvar, toast, products moved', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, 'admin', 'admin');
    await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
    await page.goto(`${baseURL}/system/correspondencia-editora`);
    await page.getByRole('heading', { name: 'Correspondência editora' }).waitFor();
    const aurora = page.getByRole('row', { name: /Selo Aurora/ });
    await aurora.getByText('Editora Horizonte Ltda - CNPJ 11444777000161').waitFor();
    // unmatched first, the most used first: Aurora (2 products) above Brisa (1)
    const rows = page.locator('.MuiDataGrid-row');
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(async () => (await rows.first().innerText()).includes('Selo Aurora')).toBe(true);
    await expect.poll(() => aurora.getByText('Sem correspondência').count()).toBe(1);
    await auditScreen(page, 'matching-publisher', { ready: (p) => p.getByRole('row', { name: /Selo Aurora/ }).waitFor() });
    // one word for the state on every width (issue 15): the phone's chip under the name says the same
    await page.setViewportSize(VIEWPORTS.phone);
    await expect.poll(() => aurora.getByText('Sem correspondência', { exact: true }).count()).toBe(1);
    expect(await aurora.getByText('Pendente', { exact: true }).count()).toBe(0);
    await page.setViewportSize(VIEWPORTS.desktop);

    const picker = aurora.getByRole('combobox', { name: 'Editora no Acervo para o código S-AURORA' });
    await picker.click();
    await picker.fill('grupo edit');
    await page.getByRole('option', { name: 'Grupo Editorial Horizonte' }).click();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/core-api/correspondencia-editora') && r.request().method() === 'PUT');
    await aurora.getByRole('button', { name: 'Salvar a correspondência do código S-AURORA' }).click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ produtosAtualizados: 2, item: { correspondido: true, descricaoAcervo: 'Grupo Editorial Horizonte', indMetabooks: true } });
    await waitForToast(page, 'success', 'Correspondência de editora atualizada com sucesso! 2 produtos atualizados.');
    // the matched row goes after the unmatched one
    await expect.poll(async () => (await rows.last().innerText()).includes('Selo Aurora')).toBe(true);
    await expect.poll(() => page.getByRole('row', { name: /Selo Aurora/ }).getByText('Correspondido').count()).toBe(1);
    // 'Correspondido' in its column, and under the name on phones (the column is hidden there)
    await auditScreen(page, 'matching-publisher-saved', { ready: (p) => p.getByRole('row', { name: /Selo Aurora/ }).getByText('Correspondido', { exact: true }).first().waitFor() });

    // the catalogue shows the products under Acervo's publisher
    const catalogue = await page.evaluate(async (ean) => {
      const token = Object.entries(localStorage).find(([k]) => k.endsWith(':token'))?.[1] ?? '';
      const res = await fetch(`/api/core-api/produto?isbn13=${ean}`, { headers: { Authorization: `Bearer ${token}` } });
      return res.json() as Promise<{ itens: { editora: string | null }[] }>;
    }, isbn(9101));
    expect(catalogue.itens[0]?.editora).toBe('Grupo Editorial Horizonte');
    await context.close();
  });

  it('imports a BISAC list through the upload dialog and shows the report with the repeated and invalid codes', async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, baseURL, 'admin', 'admin');
    await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
    await page.goto(`${baseURL}/system/correspondencia-categoria-bisac`);
    await page.getByRole('heading', { name: 'Correspondência categoria BISAC' }).waitFor();
    await page.getByRole('button', { name: 'Importar lista BISAC' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar lista de categorias BISAC' });
    const file = JSON.stringify([
      { code: 'FIC000000', description_ptbr: 'FICÇÃO / GERAL', description_en: 'FICTION / General' },
      { code: 'FIC019000', description_ptbr: 'FICÇÃO / LITERÁRIA', description_en: 'FICTION / Literary' },
      { code: 'FIC019000', description_ptbr: 'FICÇÃO / Literária', description_en: 'FICTION / Literary /' },
      { code: 'FIC05700', description_ptbr: 'FICÇÃO / MASHUPS', description_en: 'FICTION / Mashups' },
    ]);
    await dialog.locator('input[type=file]').setInputFiles({ name: 'bisac.json', mimeType: 'application/json', buffer: Buffer.from(file) });
    await dialog.getByText('bisac.json').waitFor();
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
    await waitForToast(page, 'success', '2 categorias BISAC importadas.');
    await dialog.getByText('Importadas: 2').waitFor();
    await dialog.getByRole('cell', { name: 'FIC05700' }).waitFor();
    await dialog.getByText('Importado uma vez').waitFor();
    await auditScreen(page, 'matching-bisac-import', { ready: (p) => p.getByRole('dialog').getByText('Importadas: 2').waitFor() });
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await dialog.waitFor({ state: 'detached' });
    // the imported heading is now proposed for the ERP subject whose own code it is
    const romance = page.getByRole('row', { name: /Romance brasileiro/ });
    await expect.poll(() => romance.getByRole('combobox').inputValue()).toBe('FIC019000 - FICÇÃO / LITERÁRIA');
    await auditScreen(page, 'matching-bisac', { ready: (p) => p.getByRole('row', { name: /Romance brasileiro/ }).waitFor() });
    await context.close();
  });
});
