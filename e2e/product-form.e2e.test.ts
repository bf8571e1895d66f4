import zlib from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ean13CheckDigit } from '@acervo/contracts';
import { VIEWPORTS, auditScreen, newPage, shot, useBrowser } from './src/browser.ts';
import { signIn, welcomeHeading } from './src/session.ts';
import { waitForToast } from './src/toast.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

async function signInAdmin(page: Page): Promise<void> {
  await signIn(page, baseURL, 'admin', 'admin');
  await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
}

/** A fresh valid ISBN-13 in the 978-65 (Brazil) range, so reruns against one database never collide. */
function freshIsbn(): string {
  const body = `97865${String(Date.now()).slice(-7)}`;
  return body + ean13CheckDigit(body);
}

/** CRC-32 of a PNG chunk (type + data). */
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A real `width`x`height` RGB PNG: a blue cover with a lighter band, made here (no fixture file). */
function makePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    const band = y > height * 0.4 && y < height * 0.6;
    for (let x = 0; x < width; x++) row.set(band ? [39, 147, 206] : [14, 41, 86], 1 + x * 3);
    rows.push(row);
  }
  const idat = zlib.deflateSync(Buffer.concat(rows));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** Picks `code` in a contributor role picker (the ONIX list 17 lookup); types it where the lookup is a plain input. */
async function pickRole(page: Page, inputId: string, code: string): Promise<void> {
  const field = page.locator(`#${inputId}`);
  await field.fill(code);
  const option = page.getByRole('option', { name: new RegExp(`^${code}\\b`) }).first();
  if (await option.isVisible({ timeout: 5_000 }).catch(() => false)) await option.click();
  else await option.waitFor({ timeout: 5_000 }).then(() => option.click()).catch(() => undefined);
}

describe('product form', () => {
  it('creates a product with two contributors and a cover, finds it in the catalogue, edits it; refuses its ISBN again naming it', { timeout: 480_000 }, async () => {
    const { context, page } = await newPage(browser());
    await signInAdmin(page);
    const isbn = freshIsbn();
    const title = `Memórias de Teste ${isbn.slice(-6)}`;

    // from the catalogue's "Novo produto"
    await page.goto(baseURL + '/product/catalog');
    await page.getByRole('heading', { name: 'Catálogo de produtos' }).waitFor();
    await page.locator('.MuiDataGrid-root [role="progressbar"]').first().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Novo produto' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/product/produto-cadastrar');
    await page.getByRole('heading', { name: 'Novo produto', level: 1 }).waitFor();

    // identification, with the ISBN check digit shown while typing
    await page.locator('#isbn13').fill(isbn.slice(0, 12) + String((Number(isbn[12]) + 1) % 10));
    await page.getByText(`Dígito verificador inválido: o correto é ${isbn[12]}`).waitFor();
    await page.locator('#isbn13').fill(isbn);
    await page.getByText(/^ISBN-13 válido \(ISBN-10: /).waitFor();
    await page.locator('#produto-titulo').fill(title);
    await expect.poll(() => page.locator('#produto-slugSeo').inputValue()).toBe(`memorias-de-teste-${isbn.slice(-6)}`);
    await page.locator('#produto-subtitulo').fill('Um romance de verificação');
    await page.locator('#produto-numeroEdicao').fill('2');
    await page.locator('#produto-anoEdicao').fill('2025');

    // two contributors, the second as translator, then swapped with the keyboard
    await page.getByRole('button', { name: 'Adicionar contribuidor' }).click();
    await page.locator('#autores-0-nome').fill('Ana Autora');
    await page.getByRole('button', { name: 'Adicionar contribuidor' }).click();
    await pickRole(page, 'autores-1-tipo', 'B06');
    await page.locator('#autores-1-nome').fill('Tiago Tradutor');
    await page.locator('#autores-1-nome').press('Alt+ArrowUp');
    await expect.poll(() => page.locator('#autores-0-nome').inputValue()).toBe('Tiago Tradutor');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('autores-0-nome');
    await page.getByRole('button', { name: 'Mover Tiago Tradutor para baixo' }).click();
    await expect.poll(() => page.locator('#autores-0-nome').inputValue()).toBe('Ana Autora');

    // physical and stock bounds
    await page.locator('#produto-numeroPaginas').fill('248');
    await page.locator('#produto-pesoGramas').fill('320');
    await page.locator('#produto-estoqueMinimo').fill('20');
    await page.locator('#produto-estoqueMaximo').fill('5');

    // the cover: a PNG made here, previewed before the save
    await page.getByTestId('cover-input').setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: makePng(120, 180) });
    await page.getByTestId('cover-preview').waitFor();

    // a bound broken: the server schema's message under the field, nothing saved
    await page.getByRole('button', { name: 'Salvar' }).first().click();
    await page.getByText('O estoque mínimo não pode ser maior que o estoque máximo').waitFor();
    expect(new URL(page.url()).pathname).toBe('/product/produto-cadastrar');
    await page.locator('#produto-estoqueMaximo').fill('50');
    await auditScreen(page, 'product-form-new', { ready: (p) => p.getByRole('heading', { name: 'Novo produto', level: 1 }).waitFor() });

    const created = page.waitForResponse((r) => r.url().endsWith('/api/core-api/produto') && r.request().method() === 'POST');
    const coverSent = page.waitForResponse((r) => /\/produto\/\d+\/capa$/.test(r.url()) && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Salvar' }).first().click();
    const body = (await (await created).json()) as { id: number; isbn13: string; autores: { nomeCompleto: string; tipoContribuicao: string }[] };
    expect(body.isbn13).toBe(isbn);
    expect(body.autores.map((a) => [a.tipoContribuicao, a.nomeCompleto])).toEqual([
      ['A01', 'Ana Autora'],
      ['B06', 'Tiago Tradutor'],
    ]);
    expect((await coverSent).status()).toBe(200);
    await waitForToast(page, 'success', 'Produto cadastrado com sucesso!');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/product/${body.id}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByTestId('cover-preview').waitFor();

    // found in the catalogue by ISBN, with its cover thumbnail when the list carries it
    await page.goto(baseURL + `/product/catalog?isbn13=${isbn}`);
    await page.getByText(title).first().waitFor();
    await page.getByText('Ana Autora; Tiago Tradutor').first().waitFor(); // contributors in their order
    await auditScreen(page, 'product-form-catalog', { ready: (p) => p.getByText(title).first().waitFor() });

    // edit it: open, change the subtitle, save, reload
    await page.getByText(title).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/product/${body.id}`);
    await page.locator('#produto-subtitulo').waitFor();
    await expect.poll(() => page.locator('#autores-1-nome').inputValue()).toBe('Tiago Tradutor');
    await page.locator('#produto-subtitulo').fill('Edição revista');
    // unsaved changes: leaving asks first
    await page.getByRole('button', { name: 'Voltar' }).click();
    await page.getByRole('dialog', { name: 'Alterações não salvas' }).waitFor();
    await page.getByRole('button', { name: 'Continuar editando' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+s');
    await waitForToast(page, 'success', 'Produto salvo com sucesso!');
    await page.reload();
    await expect.poll(() => page.locator('#produto-subtitulo').inputValue()).toBe('Edição revista');
    await page.getByRole('heading', { name: 'Histórico' }).waitFor();
    // issue 15: a saved product names its contributor roles as the role picker does (not 'A01 – By (author)'),
    // the whole label also on hover
    await expect.poll(() => page.locator('#autores-0-tipo').inputValue()).toBe('A01 – Autor');
    await expect.poll(() => page.locator('#autores-1-tipo').inputValue()).toBe('B06 – Tradutor');
    expect(await page.locator('#autores-1-tipo').getAttribute('title')).toBe('B06 – Tradutor');
    await auditScreen(page, 'product-form-edit', { ready: (p) => p.getByRole('heading', { name: title, level: 1 }).waitFor() });
    await shot(page, 'product-form-edit-top-desktop', false);

    // the active switch: inactivate, then activate again
    const active = page.getByRole('switch', { name: 'Produto ativo' }).or(page.getByRole('checkbox', { name: 'Produto ativo' }));
    await active.click();
    await waitForToast(page, 'success', 'Produto inativado com sucesso!');
    await active.click();
    await waitForToast(page, 'success', 'Produto ativado com sucesso!');

    // the same ISBN again: 409 naming the product, with a link to it
    await page.goto(baseURL + '/product/produto-cadastrar');
    await page.locator('#isbn13').fill(isbn);
    await page.locator('#produto-titulo').fill('Outro título qualquer');
    await page.getByRole('button', { name: 'Salvar' }).first().click();
    // the form's own alert (the error toast says the same, without the link)
    const alert = page.getByRole('form', { name: 'Novo produto' }).getByRole('alert').filter({ hasText: 'Já existe um produto com este ISBN' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain(title);
    await alert.getByRole('link', { name: 'Abrir o produto existente' }).click();
    await page.getByRole('dialog', { name: 'Alterações não salvas' }).waitFor();
    await page.getByRole('button', { name: 'Sair sem salvar' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/product/${body.id}`);
    await context.close();
  });

  it('fits a phone in one column: no sideways scroll, sections stacked', async () => {
    const { context, page } = await newPage(browser(), VIEWPORTS.phone);
    await signInAdmin(page);
    await page.goto(baseURL + '/product/produto-cadastrar');
    await page.getByRole('heading', { name: 'Novo produto', level: 1 }).waitFor();
    await expect(page.getByRole('navigation', { name: 'Seções do formulário' }).isVisible()).resolves.toBe(false);
    const isbnBox = await page.locator('#isbn13').boundingBox();
    const titleBox = await page.locator('#produto-titulo').boundingBox();
    expect(isbnBox && titleBox && titleBox.y > isbnBox.y).toBe(true);
    expect((isbnBox?.x ?? 0) + (isbnBox?.width ?? 0)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await auditScreen(page, 'product-form-phone', { viewports: ['phone'], ready: (p) => p.getByRole('heading', { name: 'Novo produto', level: 1 }).waitFor() });
    await context.close();
  });
});
