import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { imprints, productContributors, productPrices, products, productSubjects, publishers } from '../products.schema.ts';
import { nameKey } from '../catalog-writer.ts';
import { formatImportReport, importOnixFiles } from './onix-import.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});

afterAll(async () => {
  await database.close();
  await drop();
});

async function count(table: typeof products | typeof productContributors | typeof productSubjects | typeof productPrices | typeof publishers | typeof imprints): Promise<number> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row.n);
}

async function productByIsbn(isbn13: string) {
  const [row] = await database.db.select().from(products).where(eq(products.isbn13, isbn13));
  return row;
}

describe('nameKey', () => {
  it('folds accents, case and repeated spaces', () => {
    expect(nameKey('  Éditions   Phébus ')).toBe('editions phebus');
    expect(nameKey('COMPANHIA DAS LETRAS')).toBe(nameKey('Companhia das Letras'));
  });
});

describe('importOnixFiles', () => {
  it('refuses a malformed file with its line and writes nothing', async () => {
    const report = await importOnixFiles(database.db, [fixture('malformed.xml')]);
    expect(report.refused).toBe(1);
    expect(report.files[0]).toMatchObject({ status: 'refused', created: 0, updated: 0, rejected: 0 });
    expect(report.files[0].error).toMatch(/^XML inválido na linha 22, coluna \d+: .*nada foi gravado$/);
    expect(formatImportReport(report)).toMatch(/^malformed\.xml: RECUSADO — XML inválido na linha 22/);
    expect(await count(products)).toBe(0);
    expect(await count(publishers)).toBe(0);
    // batches of one: the two good products before the error are sent to the database, then rolled back
    const small = await importOnixFiles(database.db, [fixture('malformed.xml')], { batchSize: 1 });
    expect(small.files[0].status).toBe('refused');
    expect(await count(products)).toBe(0);
  });

  it('imports a 3.0 file, rejecting the record with a bad check digit', async () => {
    const report = await importOnixFiles(database.db, [fixture('onix30-reference.xml')]);
    const file = report.files[0];
    expect(file).toMatchObject({ status: 'imported', release: '3.0', products: 2, created: 1, updated: 0, rejected: 1 });
    expect(file.rejections).toEqual([
      {
        reference: 'acervo.test.0002',
        line: 105,
        isbn: '9788535914840',
        reason: 'ISBN-13 9788535914840 inválido (13 dígitos com prefixo 978/979 e dígito verificador correto)',
      },
    ]);
    const text = formatImportReport(report);
    expect(text).toContain('onix30-reference.xml (ONIX 3.0, utf-8): created 1 / updated 0 / rejected 1');
    expect(text).toContain('rejeitado: registro acervo.test.0002 (linha 105, ISBN/EAN 9788535914840): ISBN-13 9788535914840 inválido');

    const p = await productByIsbn('9788535914849');
    expect(p).toMatchObject({
      title: 'O Cortiço',
      subtitle: 'Romance naturalista',
      isbn10: '8535914846',
      availability: '21',
      publishingStatus: '04',
      publicationDate: '2011-03-15',
      editionYear: 2011,
      editionNumber: 3,
      pages: 312,
      language: 'por',
      productForm: 'BC',
      productFormDetails: ['B105', 'B304'],
      bisacCategory: 'FIC004000',
      source: 'onix:onix30-reference.xml',
      active: true,
    });
    const [pub] = await database.db.select().from(publishers).where(eq(publishers.id, p.publisherId as number));
    expect(pub).toMatchObject({ name: 'Companhia das Letras', nameKey: 'companhia das letras' });
    const [imp] = await database.db.select().from(imprints).where(eq(imprints.id, p.imprintId as number));
    expect(imp).toMatchObject({ publisherId: pub.id, nameKey: 'penguin companhia' });
    const contributors = await database.db.select().from(productContributors).where(eq(productContributors.productId, p.id)).orderBy(productContributors.sequence);
    expect(contributors.map((c) => [c.sequence, c.role, c.fullName])).toEqual([
      [1, 'A01', 'Aluísio Azevedo'],
      [2, 'A15', 'Instituto de Letras'],
    ]);
    const prices = await database.db.select().from(productPrices).where(eq(productPrices.productId, p.id)).orderBy(productPrices.sequence);
    expect(prices.map((x) => [x.priceType, x.currency, x.amountCents, x.territory])).toEqual([
      ['02', 'BRL', 5490, 'BR'],
      ['01', 'USD', 1250, 'WORLD excl. BR PT'],
    ]);
    expect(await count(productSubjects)).toBe(4);
  });

  it('re-importing the same file updates and never duplicates', async () => {
    const before = { products: await count(products), contributors: await count(productContributors), prices: await count(productPrices), publishers: await count(publishers) };
    const { id } = await productByIsbn('9788535914849');
    const report = await importOnixFiles(database.db, [fixture('onix30-reference.xml')]);
    expect(report.files[0]).toMatchObject({ created: 0, updated: 1, rejected: 1 });
    expect({ products: await count(products), contributors: await count(productContributors), prices: await count(productPrices), publishers: await count(publishers) }).toEqual(before);
    expect((await productByIsbn('9788535914849')).id).toBe(id);
  });

  it('a short-tag file for the same ISBN replaces the product fields and children', async () => {
    const { id } = await productByIsbn('9788535914849');
    const report = await importOnixFiles(database.db, [fixture('onix30-short.xml')]);
    expect(report.files[0]).toMatchObject({ created: 0, updated: 1, rejected: 1 });
    expect(report.files[0].rejections[0].reason).toBe('sem título (TitleText/TitleWithoutPrefix)');
    const p = await productByIsbn('9788535914849');
    expect(p).toMatchObject({ id, subtitle: 'Edição revista', pages: 320, editionYear: 2012, publicationDate: null, availability: '20', source: 'onix:onix30-short.xml' });
    const prices = await database.db.select().from(productPrices).where(eq(productPrices.productId, id));
    expect(prices.map((x) => x.amountCents)).toEqual([5990]);
    const contributors = await database.db.select().from(productContributors).where(eq(productContributors.productId, id));
    expect(contributors.map((c) => c.invertedName)).toEqual(['Azevedo, Aluísio']);
    // "COMPANHIA DAS LETRAS" matches the existing publisher by name key
    expect(await count(publishers)).toBe(1);
  });

  it('applies a block update to the supply block only', async () => {
    const report = await importOnixFiles(database.db, [fixture('onix30-block-update.xml')]);
    expect(report.files[0]).toMatchObject({ created: 0, updated: 1, rejected: 0 });
    const p = await productByIsbn('9788535914849');
    expect(p).toMatchObject({ title: 'O Cortiço', subtitle: 'Edição revista', pages: 320, availability: '31' });
    const prices = await database.db.select().from(productPrices).where(eq(productPrices.productId, p.id));
    expect(prices.map((x) => [x.currency, x.amountCents])).toEqual([['BRL', 6490]]);
    expect(await count(productContributors)).toBe(1);
  });

  it('imports 2.1, bare-product, foreign-namespace, prefixed and Windows-1252 files in one run', async () => {
    const report = await importOnixFiles(
      database.db,
      ['onix21-reference.xml', 'onix21-short.xml', 'onix21-bare-product.xml', 'onix30-foreign-namespace.xml', 'onix30-prefixed.xml', 'onix21-windows1252.xml'].map(fixture),
    );
    expect(report.refused).toBe(0);
    const byName = Object.fromEntries(report.files.map((f) => [f.source, f]));
    expect(byName['onix:onix21-reference.xml']).toMatchObject({ release: '2.1', created: 1, rejected: 0 });
    expect(byName['onix:onix21-short.xml']).toMatchObject({ release: '2.1', encoding: 'windows-1252', created: 1, notices: [] });
    expect(byName['onix:onix21-bare-product.xml']).toMatchObject({ release: '2.1', products: 1, created: 1 });
    expect(byName['onix:onix30-foreign-namespace.xml']).toMatchObject({ release: '3.0', created: 1 });
    // prefixed.1 has the ISBN the 2.1 file created; prefixed.2 is a block update of an unknown product
    expect(byName['onix:onix30-prefixed.xml']).toMatchObject({ created: 0, updated: 1, rejected: 1 });
    expect(byName['onix:onix30-prefixed.xml'].rejections[0].reason).toMatch(/atualização em bloco/);
    const w1252 = byName['onix:onix21-windows1252.xml'];
    expect(w1252).toMatchObject({ encoding: 'windows-1252', updated: 1 });
    expect(w1252.notices).toContain('arquivo declarado UTF-8 contém bytes Windows-1252; lido como Windows-1252');
    expect(w1252.notices).toContain('preço sem moeda (CurrencyCode) ignorado em 1 registro(s)');
    expect(formatImportReport(report)).toContain('  aviso: arquivo declarado UTF-8 contém bytes Windows-1252; lido como Windows-1252');

    expect((await productByIsbn('9788535914849')).title).toBe('Café – it’s late');
    expect(await productByIsbn('9780306406157')).toMatchObject({ title: 'Prefixed Title', isbn10: '0306406152', source: 'onix:onix30-prefixed.xml' });
    const fr = await productByIsbn('9782070360024');
    expect(fr).toMatchObject({ title: "L'Étranger", publicationDate: '1972-03-01', language: 'fre' });
    const [gallimard] = await database.db.select().from(publishers).where(eq(publishers.id, fr.publisherId as number));
    expect(gallimard.nameKey).toBe('editions gallimard');
    const bare = await productByIsbn('9781602581869');
    expect(bare).toMatchObject({ title: 'Bare Product', editionYear: 2009, availability: '21' });
    // the 2.1 record with an imprint and no publisher: the imprint name became the publisher too
    const [row] = await database.db
      .select({ publisher: publishers.name, imprint: imprints.name })
      .from(imprints)
      .innerJoin(publishers, eq(publishers.id, imprints.publisherId))
      .where(eq(imprints.nameKey, 'selo historico'));
    expect(row).toEqual({ publisher: 'Selo Histórico', imprint: 'Selo Histórico' });
    // the later 3.0 record for the same ISBN names no publisher: the product no longer points to one
    expect((await productByIsbn('9780306406157')).publisherId).toBeNull();
  });

  it('refuses a missing file and keeps importing the next ones', async () => {
    const report = await importOnixFiles(database.db, [fixture('does-not-exist.xml'), fixture('onix21-bare-product.xml')]);
    expect(report.refused).toBe(1);
    expect(report.files.map((f) => f.status)).toEqual(['refused', 'imported']);
    expect(report.files[1]).toMatchObject({ created: 0, updated: 1 });
  });
});
