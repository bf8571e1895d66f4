/**
 * ONIX 3.0 export against the real files of the shared data folder (`ACERVO_SHARED_DATA` or
 * `../shared/data` beside the repository): for EVERY `onix/*.xml` (3.0 and 2.1, reference and
 * short tags) the file is imported, the catalogue exported, the export validated against the
 * official XSD (`onix/xsd/ONIX_BookProduct_3.0_reference.xsd`) with `xmllint --noout --schema`
 * (Debian package libxml2-utils), and the export imported into an emptied catalogue: every field
 * both sides carry must come back the same. Also validates exports of hostile text, of every
 * optional part left empty, and of an empty result. `KEEP_ONIX_EXPORT=1` keeps the exported files
 * (their folder, `acervo-onix-export-*` in the temporary directory) for inspection.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import type { ProductListFilters } from '../products.repository.ts';
import { productContributors, productPrices, products, productSubjects, publishers } from '../products.schema.ts';
import { streamOnixExport } from './onix-export.ts';
import { importOnixFiles } from './onix-import.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const dataDir = path.join(process.env.ACERVO_SHARED_DATA ?? path.resolve(repoRoot, '../shared/data'), 'onix');
const xsd = path.join(dataDir, 'xsd', 'ONIX_BookProduct_3.0_reference.xsd');
const files = fs.readdirSync(dataDir).filter((f) => f.endsWith('.xml')).sort();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-onix-export-'));

let handle: { database: Database; drop(): Promise<void> };
let db: Db;

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.database.db;
});

afterAll(async () => {
  await handle?.database.close();
  await handle?.drop();
  if (!process.env.KEEP_ONIX_EXPORT) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Runs xmllint against the official XSD; returns its messages (empty when valid). */
function xsdErrors(file: string): string {
  try {
    execFileSync('xmllint', ['--noout', '--schema', xsd, file], { stdio: 'pipe', maxBuffer: 64 * 1024 * 1024 });
    return '';
  } catch (err) {
    const e = err as { stderr?: Buffer; message: string };
    return e.stderr?.toString() || e.message;
  }
}

async function exportTo(name: string, filters: ProductListFilters = {}, batchSize = 50): Promise<string> {
  const file = path.join(tmp, name);
  let text = '';
  for await (const chunk of streamOnixExport(db, filters, { name: 'Distribuidora Ação & Cia <Teste>', cnpj: '11222333000181' }, { batchSize })) text += chunk;
  fs.writeFileSync(file, text, 'utf8');
  return file;
}

async function wipe(): Promise<void> {
  await db.execute(sql`TRUNCATE produto, editora RESTART IDENTITY CASCADE`);
}

/**
 * The catalogue as comparable rows, keyed and ordered by ISBN-13, read with plain SQL (not with
 * the exporter): every column the ONIX import writes, with publisher/imprint names and children.
 */
async function dump(): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(sql`
    SELECT p.isbn13, p.isbn10, p.titulo, p.subtitulo, p.formato_produto, p.detalhes_formato, p.categoria_bisac,
      p.palavras_chave, p.numero_edicao, p.numero_paginas, p.idioma, p.altura_mm, p.largura_mm, p.espessura_mm,
      p.peso_gramas, p.sinopse, e.nome AS editora, s.nome AS selo, p.status, p.data_publicacao::text AS data_publicacao,
      p.ano_edicao, p.situacao, p.ativo,
      (SELECT coalesce(json_agg(json_build_array(c.ordem, c.tipo_contribuicao, c.nome_completo, c.nome_invertido) ORDER BY c.ordem), '[]')
         FROM produto_contribuidor c WHERE c.produto_id = p.id) AS contribuidores,
      (SELECT coalesce(json_agg(json_build_array(a.esquema, a.codigo, a.descricao, a.principal) ORDER BY a.ordem), '[]')
         FROM produto_assunto a WHERE a.produto_id = p.id) AS assuntos,
      (SELECT coalesce(json_agg(json_build_array(x.tipo, x.moeda, x.valor_centavos, x.territorio) ORDER BY x.ordem), '[]')
         FROM produto_preco x WHERE x.produto_id = p.id) AS precos
    FROM produto p LEFT JOIN editora e ON e.id = p.editora_id LEFT JOIN selo s ON s.id = p.selo_id
    ORDER BY p.isbn13`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => JSON.parse(JSON.stringify(r)) as Record<string, unknown>);
}

describe('ONIX export of every shared ONIX file: XSD-valid, and import → export → import lossless', () => {
  it('finds the shared files', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(fs.existsSync(xsd)).toBe(true);
  });

  for (const name of files) {
    it(name, async () => {
      await wipe();
      const source = path.join(dataDir, name);
      // The Peribo feed gives no currency; AUD (its market) keeps its prices in the round trip.
      const first = await importOnixFiles(db, [source], { defaultCurrency: /peribo/.test(name) ? 'AUD' : null });
      expect(first.refused, JSON.stringify(first.files[0].error)).toBe(0);
      const before = await dump();
      expect(before.length).toBe(first.files[0].created);

      const exported = await exportTo(`export-${name}`);
      expect(xsdErrors(exported)).toBe('');

      await wipe();
      const second = await importOnixFiles(db, [exported]);
      expect(second.files[0]).toMatchObject({ status: 'imported', release: '3.0', rejected: 0, created: before.length });
      const after = await dump();
      expect(after).toEqual(before);
    });
  }
});

describe('ONIX export of hand-made catalogues', () => {
  it('stays XSD-valid and lossless with hostile text, every optional part empty, and odd codes', async () => {
    await wipe();
    const [pub] = await db.insert(publishers).values({ name: 'Editora <Ação> & "Filhos"', nameKey: 'editora acao filhos' }).returning({ id: publishers.id });
    const hostile = `Título <script>alert('x')</script> & "aspas" ]]> \u0001controle\u0007 — ção 𝄞`;
    const [a, b, c] = await db
      .insert(products)
      .values([
        {
          isbn13: '9788535902778',
          title: hostile,
          subtitle: 'Sub & <b>negrito</b>',
          publisherId: pub.id,
          synopsis: 'Linha 1 <i>não é tag</i> & mais\nLinha 2 &amp; entidade escrita',
          keywords: 'redes; <colaboração>',
          bisacCategory: 'SOC052000',
          productForm: 'BC',
          language: 'por',
          pages: 320,
          availability: '20',
          publishingStatus: '04',
          publicationDate: '2019-03-15',
          editionYear: 2019,
        },
        { isbn13: '9786500000016', title: 'Só o obrigatório' },
        { isbn13: '9786500000023', title: 'Códigos fora das listas', productForm: 'Q9', language: 'xxx', availability: 'ZZ', publishingStatus: '99', active: false },
      ])
      .returning({ id: products.id });
    await db.insert(productContributors).values([
      { productId: a.id, sequence: 1, role: 'A01', fullName: 'Ana "A" <Souza> & Cia', invertedName: 'Souza, Ana' },
      { productId: c.id, sequence: 1, role: 'XYZ', fullName: 'Papel desconhecido' },
    ]);
    await db.insert(productSubjects).values([{ productId: b.id, sequence: 1, scheme: '999', code: 'X', heading: null, main: false }]);
    await db.insert(productPrices).values([
      { productId: a.id, sequence: 1, priceType: '02', currency: 'BRL', amountCents: 5990, territory: 'BR' },
      { productId: a.id, sequence: 2, priceType: '01', currency: 'JPY', amountCents: 1200, territory: 'WORLD excl. GB US' },
      { productId: b.id, sequence: 1, priceType: '02', currency: 'XYZ', amountCents: 100, territory: null },
    ]);
    const file = await exportTo('hostile.xml', {}, 2);
    expect(xsdErrors(file)).toBe('');
    const text = fs.readFileSync(file, 'utf8');
    expect(text).not.toContain('<script>');
    expect(text).toContain('<NotificationType>05</NotificationType>');

    const before = await dump();
    await wipe();
    const report = await importOnixFiles(db, [file]);
    // The inactive product is a deletion (05) of a product the emptied catalogue does not hold.
    expect(report.files[0]).toMatchObject({ status: 'imported', created: 2, rejected: 1 });
    const after = await dump();
    const [hostileBefore] = before.filter((r) => r.isbn13 === '9788535902778');
    const [hostileAfter] = after.filter((r) => r.isbn13 === '9788535902778');
    expect(hostileAfter).toMatchObject({
      // Control characters cannot travel in XML 1.0; everything else comes back as it was.
      titulo: String(hostileBefore.titulo).replace(/[\u0001\u0007]/g, ''),
      subtitulo: 'Sub & <b>negrito</b>',
      palavras_chave: 'redes; <colaboração>',
      categoria_bisac: 'SOC052000',
      precos: [
        ['02', 'BRL', 5990, 'BR'],
        ['01', 'JPY', 1200, 'WORLD excl. GB US'],
      ],
      contribuidores: [[1, 'A01', 'Ana "A" <Souza> & Cia', 'Souza, Ana']],
      editora: 'Editora <Ação> & "Filhos"',
      // The import reads every synopsis as possibly-HTML (docs/onix-import.md): tag-like text and
      // entity-like text in a plain-text synopsis are taken as markup on the way back.
      sinopse: 'Linha 1 não é tag & mais\nLinha 2 & entidade escrita',
    });
  });

  it('exports only what the filters select, and an empty result is a valid file', async () => {
    const file = await exportTo('filtered.xml', { title: 'obrigatório' });
    expect(xsdErrors(file)).toBe('');
    const text = fs.readFileSync(file, 'utf8');
    expect(text.match(/<Product>/g)).toHaveLength(1);
    expect(text).toContain('<IDValue>9786500000016</IDValue>');

    const empty = await exportTo('empty.xml', { title: 'nenhum título assim' });
    expect(xsdErrors(empty)).toBe('');
    expect(fs.readFileSync(empty, 'utf8')).toContain('<NoProduct/>');
  });
});
