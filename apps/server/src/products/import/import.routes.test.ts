/**
 * API tests of the product import (PGlite by default, PostgreSQL with DATABASE_URL): every call and
 * its role, CSV delimiter/encoding detection, decimal comma, XLSX, ONIX 3.0 and 2.1 (the project's
 * fixtures in ../onix/fixtures; the real feeds are import-onix.data.test.ts, `npm run test:data`),
 * bad files that write nothing, the job's write and the rejected rows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';
import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { setParameter } from '../../auth/auth.test-helpers.ts';
import { outgoingItems } from '../../integration/integration.schema.ts';
import { productContributors, productPrices, products, publishers } from '../products.schema.ts';
import { productImportRows, productImports } from './product-import.schema.ts';
import { startProductImportWorker } from './import.routes.ts';
import { detectDelimiter } from './import-file.ts';
import { IMPORT_BOUNDARY, importCalls, multipart } from './import.test-helpers.ts';
import { COLUMN_TARGETS, IMPORT_COLUMNS, keptOnUpdate, parseDecimal as parseDecimalForTest } from './import-row.ts';

const onixFixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../onix/fixtures');
const API = '/api/core-api';

let t: TestApp;
let admin: string;
let seller: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin', 'admin')).token;
  seller = (await t.login('vendedor', 'vendedor')).token;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const { upload, uploadOk, preview, confirmAndRun } = importCalls(() => t, () => admin);

async function counts() {
  const db = t.database.db;
  const [[p], [i]] = await Promise.all([db.select({ n: count() }).from(products), db.select({ n: count() }).from(productImports)]);
  return { products: p.n, imports: i.n };
}

describe('roles', () => {
  it('answers 401 without a session and 403 without VISUALIZAR_PRODUTOS_CADASTRAR on every call', async () => {
    const calls: [string, string][] = [
      ['GET', '/produto/importacao/modelo'],
      ['POST', '/produto/importacao'],
      ['GET', '/produto/importacao/1'],
      ['POST', '/produto/importacao/1/confirmar'],
      ['GET', '/produto/importacao/1/rejeitados'],
    ];
    for (const [method, url] of calls) {
      const anon = await t.app.inject({ method: method as 'GET', url: `${API}${url}` });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      const denied = await t.app.inject({ method: method as 'GET', url: `${API}${url}`, headers: { authorization: `Bearer ${seller}` } });
      expect(denied.statusCode, `${method} ${url}`).toBe(403);
    }
    const registered = t.routes.filter((r) => r.url.includes('/produto/importacao'));
    expect(registered).toHaveLength(5);
    for (const r of registered) expect(r.role).toBe('VISUALIZAR_PRODUTOS_CADASTRAR');
  });
});

describe('template', () => {
  it('is an XLSX with every column, a note per header and an example row that previews without errors', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/produto/importacao/modelo`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['isbn13', 'isbn10', 'issn']);
    expect(header).toContain('titulo');
    expect(header).toContain('percentualDescontoMaximo');
    expect(header).toContain('editora');
    expect(header.length).toBeGreaterThan(60);
    expect(String(sheet.getRow(1).getCell(1).note)).toContain('Obrigatório');
    expect(sheet.getRow(2).getCell(header.indexOf('titulo') + 1).value).toBe('Dom Casmurro');
    // the template itself imports: one new product, no error
    const id = await uploadOk(res.rawPayload, 'modelo.xlsx');
    const p = await preview(id);
    expect(p).toMatchObject({ formato: 'XLSX', total: 1, novas: 1, comErro: 0, status: 'PREVIA' });
    expect(p.linhas.itens[0]).toMatchObject({ linha: 2, isbn13: '9788535902778', acao: 'CRIAR', erros: [] });
  });
});

describe('CSV', () => {
  it('detects ; and Windows-1252 with accents, reads decimal comma, and writes nothing before confirming', async () => {
    const before = await counts();
    const csv = 'isbn13;titulo;percentualDescontoMaximo;precos;dataPublicacao;indVenda;autores\r\n' + '9788535902778;Memórias Póstumas de Brás Cubas;12,5;02:BRL:49,90;15/03/2024;não;A01:Machado de Assis|B06:Tradução Ção\r\n';
    const id = await uploadOk(iconv.encode(csv, 'windows-1252'));
    const p = await preview(id);
    expect(p.avisos[0]).toContain('Windows-1252');
    expect(p.avisos[0]).toContain('ponto e vírgula');
    expect(p.linhas.itens[0]).toMatchObject({ titulo: 'Memórias Póstumas de Brás Cubas', acao: 'CRIAR', erros: [] });
    expect((await counts()).products).toBe(before.products);
    const [row] = await t.database.db.select().from(productImportRows).where(eq(productImportRows.importId, id));
    const data = row.data as { record: { prices: { amountCents: number }[]; contributors: { role: string; fullName: string }[] }; extras: Record<string, unknown> };
    expect(data.record.prices[0].amountCents).toBe(4990);
    expect(data.extras.percentual_desconto_maximo).toBe('12.50');
    expect(data.extras.ind_venda).toBe(false);
    expect(data.record.contributors[1]).toEqual({ sequence: 2, role: 'B06', fullName: 'Tradução Ção', invertedName: null });
  });

  it('detects , with UTF-8 BOM, and tab', async () => {
    const comma = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('isbn13,titulo,subtitulo\n9788535914849,"Quincas Borba, o filósofo",Ação\n', 'utf8')]);
    const p1 = await preview(await uploadOk(comma));
    expect(p1.avisos[0]).toContain('com BOM');
    expect(p1.avisos[0]).toContain('vírgula');
    expect(p1.linhas.itens[0]).toMatchObject({ titulo: 'Quincas Borba, o filósofo', erros: [] });
    const tab = Buffer.from('isbn13\ttitulo\n8535902775\tDom Casmurro\n', 'utf8');
    const p2 = await preview(await uploadOk(tab));
    expect(p2.avisos[0]).toContain('tabulação');
    expect(p2.avisos[0]).toContain('UTF-8');
    // ISBN-10 converted
    expect(p2.linhas.itens[0]).toMatchObject({ isbn13: '9788535902778', erros: [] });
  });

  it('lists every error with its column and reason, filters errors only, and flags repeated ISBNs', async () => {
    const csv = [
      'isbn13;titulo;numeroPaginas;percentualDescontoMaximo;estoqueMinimo;estoqueMaximo;dataPublicacao;idEditora',
      '9788535902771;Dígito errado;abc;150;;;;',
      '9788535914849;Ok;120;10,25;;;;',
      '9788535914849;Repetido;;;;;;',
      ';Sem ISBN;;;5;2;31/02/2024;999999',
    ].join('\n');
    const id = await uploadOk(Buffer.from(csv));
    const p = await preview(id);
    expect(p).toMatchObject({ total: 4, novas: 1, comErro: 3 });
    const [bad, ok, repeated, noIsbn] = p.linhas.itens;
    expect(ok).toMatchObject({ linha: 3, acao: 'CRIAR', erros: [] });
    expect(bad.acao).toBeNull();
    expect(bad.erros).toEqual(expect.arrayContaining([
      { coluna: 'numeroPaginas', motivo: 'Deve ser um número inteiro' },
      expect.objectContaining({ coluna: 'isbn13' }),
      expect.objectContaining({ coluna: 'percentualDescontoMaximo' }),
    ]));
    expect(repeated.erros).toEqual([{ coluna: 'isbn13', motivo: 'ISBN repetido no arquivo (já na linha 3)' }]);
    const cols = noIsbn.erros.map((e: { coluna: string }) => e.coluna);
    expect(cols).toEqual(expect.arrayContaining(['isbn13', 'dataPublicacao']));
    const errorsOnly = await preview(id, '?apenasErros=true&pageSize=2');
    expect(errorsOnly.linhas).toMatchObject({ totalItens: 3, totalPage: 2, proxima: true });
    expect(errorsOnly.linhas.itens.map((r: { linha: number }) => r.linha)).toEqual([2, 4]);
  });

  it('shows the ISBN of a row rejected for other fields when the ISBN itself is valid (issue 15, defect 9)', async () => {
    // a cell unreadable as its type (pages) and a value the save schema refuses (discount over 100 %)
    const csv = ['isbn13;titulo;numeroPaginas;percentualDescontoMaximo', '978-85-359-1484-9;Páginas erradas;abc;', '9788535902771;ISBN errado;abc;', '9780131103627;Certo;272;', '9780201633610;Desconto demais;;150'].join('\n');
    const p = await preview(await uploadOk(Buffer.from(csv)));
    const [pages, badIsbn, ok, discount] = p.linhas.itens;
    expect(pages).toMatchObject({ linha: 2, isbn13: '9788535914849', acao: null, erros: [{ coluna: 'numeroPaginas', motivo: 'Deve ser um número inteiro' }] });
    expect(discount).toMatchObject({ linha: 5, isbn13: '9780201633610', acao: null, erros: [expect.objectContaining({ coluna: 'percentualDescontoMaximo' })] });
    expect(badIsbn).toMatchObject({ linha: 3, isbn13: null, acao: null });
    expect(ok).toMatchObject({ linha: 4, isbn13: '9780131103627', acao: 'CRIAR', erros: [] });
  });

  it('numbers rows by their line in the file, after blank lines and quoted line breaks', async () => {
    const csv = [
      'isbn13;titulo;sinopse',
      '',
      '9788535914849;Depois de uma linha em branco;',
      '',
      '',
      '9788535902778;Sinopse em duas linhas;"primeira',
      'segunda"',
      '9788535902771;Dígito errado;',
    ].join('\r\n');
    const p = await preview(await uploadOk(Buffer.from(csv)));
    expect(p.linhas.itens.map((r: { linha: number }) => r.linha)).toEqual([3, 6, 8]);
    expect(p.linhas.itens[2].erros[0]).toMatchObject({ coluna: 'isbn13' });
  });

  it('confirms: creates and updates in the job, keeps flags not given, reports progress and rejected rows as XLSX', async () => {
    const db = t.database.db;
    const [existing] = await db.insert(products).values({ isbn13: '9780306406157', title: 'Antigo', canSell: false, canConsign: true }).returning({ id: products.id });
    const csv = ['isbn13;titulo;editora;precos;autores', '9780306406157;Título novo;Editora Importada;49,90;Autor Um', '9781861972712;Outro livro;Editora Importada;;', '9781861972712;Repetido;;;'].join('\n');
    const id = await uploadOk(Buffer.from(csv), 'lote.csv');
    const p = await preview(id);
    expect(p).toMatchObject({ novas: 1, atualizacoes: 1, comErro: 1 });
    expect(p.linhas.itens[0].acao).toBe('ALTERAR');
    await confirmAndRun(id);
    const done = await preview(id);
    expect(done).toMatchObject({ status: 'CONCLUIDA', processados: 2, gravados: 2, rejeitados: 1, percentual: 100 });
    expect(done.linhasPorSegundo).toBeGreaterThan(0);
    expect(done.linhas.itens[0].resultado).toBe('GRAVADA');
    const [updated] = await db.select().from(products).where(eq(products.id, existing.id));
    expect(updated).toMatchObject({ title: 'Título novo', canSell: false, canConsign: true, source: 'importacao:lote.csv' });
    const [pub] = await db.select().from(publishers).where(eq(publishers.nameKey, 'editora importada'));
    expect(updated.publisherId).toBe(pub.id);
    expect((await db.select().from(productPrices).where(eq(productPrices.productId, existing.id)))[0]).toMatchObject({ priceType: '02', currency: 'BRL', amountCents: 4990 });
    expect((await db.select().from(productContributors).where(eq(productContributors.productId, existing.id)))[0]).toMatchObject({ role: 'A01', fullName: 'Autor Um' });
    const [created] = await db.select().from(products).where(eq(products.isbn13, '9781861972712'));
    expect(created).toMatchObject({ title: 'Outro livro', canSell: true, seoSlug: 'outro-livro' });
    // confirming twice: 409
    const again = await t.app.inject({ method: 'POST', url: `${API}/produto/importacao/${id}/confirmar`, headers: { authorization: `Bearer ${admin}` } });
    expect(again.statusCode).toBe(409);
    // rejected rows
    const rej = await t.app.inject({ method: 'GET', url: `${API}/produto/importacao/${id}/rejeitados`, headers: { authorization: `Bearer ${admin}` } });
    expect(rej.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(rej.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(['linha', 'erros', 'isbn13', 'titulo', 'editora', 'precos', 'autores']);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(4);
    expect(String(sheet.getRow(2).getCell(2).value)).toContain('isbn13: ISBN repetido no arquivo');
    expect(sheet.getRow(2).getCell(4).value).toBe('Repetido');
  });

  it('leaves what the file has no column for: a 3-column correction keeps publisher, contributors, prices and situation', async () => {
    const db = t.database.db;
    const full = ['isbn13;titulo;subtitulo;editora;situacao;precos;autores;numeroPaginas', '9780596007126;Completo;Com subtítulo;Editora Cheia;21;02:BRL:59,90;A01:Ana Autora|B06:Tito Tradutor;100'].join('\n');
    await confirmAndRun(await uploadOk(Buffer.from(full), 'completo.csv'));
    const [before] = await db.select().from(products).where(eq(products.isbn13, '9780596007126'));
    expect(before).toMatchObject({ subtitle: 'Com subtítulo', availability: '21', pages: 100 });
    // a correction of pages, and a subtitle column left blank (a blank cell clears its field)
    const id = await uploadOk(Buffer.from('isbn13;titulo;subtitulo;numeroPaginas\n9780596007126;Completo;;240\n'), 'paginas.csv');
    expect((await preview(id)).linhas.itens[0]).toMatchObject({ acao: 'ALTERAR', erros: [] });
    await confirmAndRun(id);
    const [after] = await db.select().from(products).where(eq(products.id, before.id));
    expect(after).toMatchObject({ pages: 240, subtitle: null, availability: '21', publisherId: before.publisherId });
    expect(after.publisherId).not.toBeNull();
    expect((await db.select().from(productContributors).where(eq(productContributors.productId, before.id))).map((c) => c.fullName)).toEqual(['Ana Autora', 'Tito Tradutor']);
    expect((await db.select().from(productPrices).where(eq(productPrices.productId, before.id))).map((x) => x.amountCents)).toEqual([5990]);
  });

  it('rejects at write time only the rows the database refuses', async () => {
    const db = t.database.db;
    const id = await uploadOk(Buffer.from('isbn13;titulo\n9780140449136;Um\n9780140449266;Dois\n'));
    // a row whose stored data the database refuses (a title longer than the column)
    await db.execute(`UPDATE produto_importacao_linha SET dados = jsonb_set(dados, '{record,title}', to_jsonb(repeat('x', 600))) WHERE importacao_id = ${id} AND linha = 3`);
    await confirmAndRun(id);
    const done = await preview(id);
    expect(done).toMatchObject({ status: 'CONCLUIDA', processados: 2, gravados: 1, rejeitados: 1 });
    expect(done.linhas.itens[1]).toMatchObject({ resultado: 'REJEITADA', erros: [{ coluna: 'linha', motivo: 'Texto longo demais para o campo' }] });
    expect(await db.select({ n: count() }).from(products).where(eq(products.isbn13, '9780140449136'))).toEqual([{ n: 1 }]);
  });
});

describe('ONIX', () => {
  const fixture = (name: string) => fs.readFileSync(path.join(onixFixtures, name));

  it('reads ONIX 3.0 (reference tags) through the foundation reader and writes every product on confirming', async () => {
    const id = await uploadOk(fixture('import-onix30-reference.xml'), 'editora.xml');
    const p = await preview(id);
    expect(p).toMatchObject({ formato: 'ONIX', total: 3, novas: 3, comErro: 0 });
    expect(p.avisos[0]).toContain('ONIX 3.0');
    expect(p.linhas.itens.map((row: { isbn13: string; titulo: string; acao: string }) => [row.isbn13, row.titulo, row.acao])).toEqual([
      ['9788599991015', 'Marés do Sul', 'CRIAR'],
      ['9788599991022', 'O Farol das Águas', 'CRIAR'],
      ['9788599991039', 'Trilogia do Cerrado', 'CRIAR'],
    ]);
    await confirmAndRun(id);
    expect(await preview(id)).toMatchObject({ status: 'CONCLUIDA', gravados: 3 });
    expect(await t.database.db.select({ n: count() }).from(products).where(eq(products.source, 'importacao:editora.xml'))).toEqual([{ n: 3 }]);
  });

  it('reads ONIX 2.1 (no release attribute) and refuses deletions and block updates per row', async () => {
    const p = await preview(await uploadOk(fixture('import-onix21-deletion.xml'), 'distribuidora.xml'));
    expect(p).toMatchObject({ formato: 'ONIX', total: 3, novas: 2, comErro: 1 });
    expect(p.avisos[0]).toContain('2.1');
    const refused = p.linhas.itens.find((row: { isbn13: string }) => row.isbn13 === '9788599992036');
    expect(refused.erros[0].motivo).toContain('exclusão (05)');
    const block = await preview(await uploadOk(fixture('onix30-block-update.xml')));
    expect(block).toMatchObject({ total: 1, comErro: 1 });
    expect(block.linhas.itens[0].erros[0].motivo).toContain('NotificationType 04');
  });
});

describe('bad files write nothing', () => {
  const cases: [string, Buffer, RegExp][] = [
    ['an empty file', Buffer.alloc(0), /vazio/],
    ['wrong columns', Buffer.from('codigo;nome\n1;x\n'), /Colunas desconhecidas: codigo, nome/],
    ['missing required columns', Buffer.from('isbn13;subtitulo\n9788535902778;x\n'), /Faltam as colunas obrigatórias: titulo/],
    ['broken XML', Buffer.from('<?xml version="1.0"?><ONIXMessage release="3.0"><Product><RecordReference>x</Product>'), /XML inválido na linha/],
    ['binary junk', Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x13, 0x37, 0x00, 0x00]), /Formato de arquivo não reconhecido/],
    ['a broken XLSX', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]), /Planilha XLSX inválida/],
    ['an unclosed quote', Buffer.from('isbn13;titulo\n9788535902778;"sem fim\n'), /CSV inválido/],
    ['a header only', Buffer.from('isbn13;titulo\n'), /não tem linhas/],
  ];
  for (const [name, content, message] of cases) {
    it(`refuses ${name} with 400 naming arquivo`, async () => {
      const before = await counts();
      const res = await upload(content);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().messages[0].field).toBe('arquivo');
      expect(res.json().messages[0].message).toMatch(message);
      expect(await counts()).toEqual(before);
    });
  }

  it('refuses a request without the arquivo field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/produto/importacao`,
      headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${IMPORT_BOUNDARY}` },
      payload: multipart(Buffer.from('x'), 'a.csv', 'outro'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages[0]).toEqual({ field: 'arquivo', message: 'O campo é obrigatório, insira o arquivo' });
  });

  it('answers 413 to a 200 MB upload and writes nothing', async () => {
    const before = await counts();
    const head = Buffer.from(`--${IMPORT_BOUNDARY}\r\nContent-Disposition: form-data; name="arquivo"; filename="grande.csv"\r\n\r\nisbn13;titulo\n`);
    const chunk = Buffer.from('9788535902778;Título repetido até o limite\n'.repeat(20_000));
    let sent = 0;
    const total = 200 * 1024 * 1024;
    const body = Readable.from(
      (function* () {
        yield head;
        while (sent < total) {
          sent += chunk.length;
          yield chunk;
        }
        yield Buffer.from(`\r\n--${IMPORT_BOUNDARY}--\r\n`);
      })(),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/produto/importacao`,
      headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${IMPORT_BOUNDARY}` },
      payload: body,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().messages[0]).toEqual({ field: 'arquivo', message: 'O arquivo passa do limite de 150 MB' });
    expect(await counts()).toEqual(before);
  }, 180_000);
});

describe('job queue', () => {
  it('a confirmed import is written by the queue worker, with the progress polled through GET', async () => {
    const id = await uploadOk(Buffer.from('isbn13;titulo\n9780262033848;Pela fila\n9780262510875;Pela fila 2\n'));
    const res = await t.app.inject({ method: 'POST', url: `${API}/produto/importacao/${id}/confirmar`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(202);
    expect((await preview(id)).status).toBe('NA_FILA');
    await startProductImportWorker(t.ctx.jobs, t.database.db, 500);
    await expect.poll(async () => (await preview(id)).status, { timeout: 30_000, interval: 250 }).toBe('CONCLUIDA');
    expect(await preview(id)).toMatchObject({ gravados: 2, percentual: 100 });
    expect(await t.database.db.select({ n: count() }).from(products).where(eq(products.title, 'Pela fila 2'))).toEqual([{ n: 1 }]);
  }, 60_000);

  it('audits every product written and, with the ERP integration on, queues them for the confirming user\'s company', async () => {
    const db = t.database.db;
    const { idEmpresa } = await t.login('admin', 'admin');
    await setParameter(db, 'ERP_TIPO_INTEGRACAO', 'SIMULADOR');
    try {
      const [existing] = await db.insert(products).values({ isbn13: '9780201633610', title: 'Antes da importação', pages: 516, editionYear: 1994 }).returning({ id: products.id });
      const queuedBefore = (await db.select().from(outgoingItems)).length;
      const id = await uploadOk(Buffer.from('isbn13;titulo;anoEdicao;numeroPaginas\n9780201633610;Design Patterns;1994;520\n9780131103627;The C Programming Language;1988;\n'), 'auditada.csv');
      const res = await t.app.inject({ method: 'POST', url: `${API}/produto/importacao/${id}/confirmar`, headers: { authorization: `Bearer ${admin}` } });
      expect(res.statusCode).toBe(202);
      await startProductImportWorker(t.ctx.jobs, db, 500);
      await expect.poll(async () => (await preview(id)).status, { timeout: 30_000, interval: 250 }).toBe('CONCLUIDA');
      const [created] = await db.select({ id: products.id }).from(products).where(eq(products.isbn13, '9780131103627'));
      const trail = async (productId: number) =>
        (await t.app.inject({ method: 'GET', url: `${API}/auditoria?entidade=produto&idRegistro=${productId}`, headers: { authorization: `Bearer ${admin}` } })).json().itens;
      // like a form save (issue 15, defect 9): the fields as written, or each changed field before → after, plus the file and line
      const [creation] = await trail(created.id);
      expect(creation.acao).toBe('CRIACAO');
      expect(creation.alteracoes).toEqual(
        expect.arrayContaining([
          { campo: 'isbn13', antes: null, depois: '9780131103627' },
          { campo: 'titulo', antes: null, depois: 'The C Programming Language' },
          { campo: 'anoEdicao', antes: null, depois: 1988 },
          { campo: 'importacao', antes: null, depois: `auditada.csv (importação ${id}, linha 3)` },
        ]),
      );
      const changes = await trail(existing.id);
      expect(changes.map((e: { acao: string }) => e.acao)).toEqual(['ALTERACAO']);
      // only what changed: pages 516 → 520 and the title; the edition year stayed 1994
      expect(changes[0].alteracoes).toEqual([
        { campo: 'titulo', antes: 'Antes da importação', depois: 'Design Patterns' },
        { campo: 'numeroPaginas', antes: 516, depois: 520 },
        { campo: 'importacao', antes: null, depois: `auditada.csv (importação ${id}, linha 2)` },
      ]);
      const queued = (await db.select().from(outgoingItems)).slice(queuedBefore);
      expect(queued.map((q) => [q.companyId, q.kind, q.reference])).toEqual([
        [idEmpresa, 'PRODUTO', '9780201633610'],
        [idEmpresa, 'PRODUTO', '9780131103627'],
      ]);
      expect(queued[1].payload).toMatchObject({ ean: '9780131103627', titulo: 'The C Programming Language', anoEdicao: 1988, precoCentavos: null });
    } finally {
      await setParameter(db, 'ERP_TIPO_INTEGRACAO', 'NENHUMA');
    }
  }, 60_000);
});

describe('previews', () => {
  it('404 for an unknown id; expired previews are deleted by the next upload', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/produto/importacao/999999`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(404);
    const id = await uploadOk(Buffer.from('isbn13;titulo\n9788535902778;X\n'));
    await t.database.db.update(productImports).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(productImports.id, id));
    await uploadOk(Buffer.from('isbn13;titulo\n9788535902778;Y\n'));
    expect(await t.database.db.select().from(productImports).where(eq(productImports.id, id))).toEqual([]);
    expect(await t.database.db.select({ n: count() }).from(productImportRows).where(eq(productImportRows.importId, id))).toEqual([{ n: 0 }]);
  });

  it('confirming a preview without valid rows answers 400', async () => {
    const id = await uploadOk(Buffer.from('isbn13;titulo\n123;X\n'));
    const res = await t.app.inject({ method: 'POST', url: `${API}/produto/importacao/${id}/confirmar`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Nenhuma linha válida para gravar');
  });
});

describe('helpers', () => {
  it('knows what every import column writes, so a column a file lacks is left as stored', () => {
    const flags = ['indCompra', 'indVenda', 'indConsignacao', 'indEstoque', 'indExibirMarketplace', 'indBlacklist', 'ativo'];
    expect(IMPORT_COLUMNS.filter((c) => c !== 'isbn13' && !flags.includes(c) && !COLUMN_TARGETS[c])).toEqual([]);
    const kept = keptOnUpdate(['isbn13', 'titulo', 'editora', 'autores']);
    expect(kept.columns.has('editora_id')).toBe(false);
    expect(kept.columns.has('selo_id')).toBe(true);
    expect(kept.columns.has('titulo')).toBe(false);
    expect([...kept.children].sort()).toEqual(['prices', 'subjects']);
  });

  it('detects the delimiter outside quotes and parses pt-BR decimals', () => {
    expect(detectDelimiter('isbn13;titulo;"a,b,c"')).toBe(';');
    expect(detectDelimiter('isbn13,titulo')).toBe(',');
    expect(detectDelimiter('isbn13\ttitulo')).toBe('\t');
    expect(parseDecimalForTest('1.234,56')).toBe(1234.56);
    expect(parseDecimalForTest('12,5')).toBe(12.5);
    expect(parseDecimalForTest('12.5')).toBe(12.5);
    expect(parseDecimalForTest('12,5x')).toBeNull();
  });
});
