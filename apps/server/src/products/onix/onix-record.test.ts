import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeDescription } from './codelists.ts';
import { detectFileEncoding, WINDOWS_1252_FALLBACK_NOTICE } from './onix-encoding.ts';
import { AVAILABILITY_21_TO_65, amountToMinorUnits, mapProduct, parseOnixDate, plainText, type MappedProduct, type OnixRecord } from './onix-record.ts';
import { OnixXmlError, streamOnixProducts, type ProductNode } from './onix-xml.ts';
import { isbn10To13, isbn13To10, isValidIsbn10, isValidIsbn13 } from './isbn.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

async function parseFixture(name: string): Promise<MappedProduct[]> {
  const { encoding } = await detectFileEncoding(fixture(name));
  const nodes: ProductNode[] = [];
  await streamOnixProducts(fixture(name), encoding, async (batch) => {
    nodes.push(...batch);
  });
  return nodes.map((n) => mapProduct(n));
}

function record(m: MappedProduct | undefined): OnixRecord {
  if (!m?.ok) throw new Error(`expected a record, got ${JSON.stringify(m)}`);
  return m.record;
}

describe('ISBN helpers', () => {
  it('validates check digits and converts between ISBN-10 and ISBN-13', () => {
    expect(isValidIsbn13('9780306406157')).toBe(true);
    expect(isValidIsbn13('9780306406158')).toBe(false);
    expect(isValidIsbn13('3019002489208')).toBe(false); // valid EAN, not Bookland
    expect(isValidIsbn10('160258186X')).toBe(true);
    expect(isValidIsbn10('1602581860')).toBe(false);
    expect(isbn10To13('0306406152')).toBe('9780306406157');
    expect(isbn13To10('9781602581869')).toBe('160258186X');
    expect(isbn13To10('9791032300824')).toBeNull();
  });
});

describe('value parsers', () => {
  it('parses ONIX dates in formats 00, 01 and 05', () => {
    expect(parseOnixDate('20110315', '00')).toEqual({ date: '2011-03-15', year: 2011 });
    expect(parseOnixDate('197203', '01')).toEqual({ date: '1972-03-01', year: 1972 });
    expect(parseOnixDate('2012', '05')).toEqual({ date: null, year: 2012 });
    expect(parseOnixDate('20090701')).toEqual({ date: '2009-07-01', year: 2009 });
    expect(parseOnixDate('20110231', '00')).toEqual({ date: null, year: null });
  });

  it('turns decimal amounts into integer minor units without float error', () => {
    expect(amountToMinorUnits('7.99', 2)).toBe(799);
    expect(amountToMinorUnits('1.005', 2)).toBe(101);
    expect(amountToMinorUnits('12.5', 2)).toBe(1250);
    expect(amountToMinorUnits('30,80', 2)).toBe(3080);
    expect(amountToMinorUnits('1,234.50', 2)).toBe(123450);
    expect(amountToMinorUnits('1200', 0)).toBe(1200);
    expect(amountToMinorUnits('abc', 2)).toBeNull();
  });

  it('strips markup, including escaped and broken tags, from descriptions', () => {
    expect(plainText('<P><B>Bold</B> text</P><P>Second &amp; last</P>')).toBe('Bold text\n\nSecond & last');
    expect(plainText('&i>Title&/i> is good.&br>&br>Quote')).toBe('Title is good.\n\nQuote');
    expect(plainText('keeps << arrows >> and a < b')).toBe('keeps << arrows >> and a < b');
  });

  it('maps every 2.1 AvailabilityCode to an existing list 65 code', () => {
    for (const code of Object.values(AVAILABILITY_21_TO_65)) expect(codeDescription(65, code)).not.toBeNull();
    expect(AVAILABILITY_21_TO_65.IP).toBe('20');
    expect(AVAILABILITY_21_TO_65.OP).toBe('51');
  });
});

describe('mapProduct on fixtures', () => {
  it('maps an ONIX 3.0 reference-tag record field by field', async () => {
    const [first, second] = await parseFixture('onix30-reference.xml');
    const r = record(first);
    expect(r).toMatchObject({
      reference: 'acervo.test.0001',
      isbn13: '9788535914849',
      isbn10: '8535914846',
      title: 'O Cortiço',
      subtitle: 'Romance naturalista',
      productForm: 'BC',
      productFormDetails: ['B105', 'B304'],
      bisacCategory: 'FIC004000',
      keywords: 'naturalismo; Rio de Janeiro',
      editionNumber: 3,
      pages: 312,
      language: 'por',
      heightMm: 210,
      widthMm: 140,
      weightGrams: 350,
      publisherName: 'Companhia das Letras',
      imprintName: 'Penguin Companhia',
      publishingStatus: '04',
      publicationDate: '2011-03-15',
      editionYear: 2011,
      availability: '21',
      synopsis: 'Um clássico do naturalismo.\n\nSegunda & última parte.',
      blocks: null,
      deletion: false,
    });
    expect(r.contributors).toEqual([
      { sequence: 1, role: 'A01', fullName: 'Aluísio Azevedo', invertedName: 'Azevedo, Aluísio' },
      { sequence: 2, role: 'A15', fullName: 'Instituto de Letras', invertedName: 'Instituto de Letras' },
    ]);
    expect(r.subjects.filter((s) => s.main).map((s) => s.code)).toEqual(['FIC004000']);
    expect(r.prices).toEqual([
      { priceType: '02', currency: 'BRL', amountCents: 5490, territory: 'BR' },
      { priceType: '01', currency: 'USD', amountCents: 1250, territory: 'WORLD excl. BR PT' },
    ]);
    expect(second).toMatchObject({ ok: false, reference: 'acervo.test.0002', isbn: '9788535914840' });
    expect(second.ok ? '' : second.reason).toMatch(/ISBN-13 9788535914840 inválido/);
  });

  it('reads 3.0 short tags the same way and rejects a record without title', async () => {
    const [first, second] = await parseFixture('onix30-short.xml');
    expect(record(first)).toMatchObject({ isbn13: '9788535914849', title: 'O Cortiço', subtitle: 'Edição revista', pages: 320, editionYear: 2012, publicationDate: null });
    expect(record(first).prices).toEqual([{ priceType: '02', currency: 'BRL', amountCents: 5990, territory: null }]);
    expect(second).toMatchObject({ ok: false, reference: 'acervo.test.0003', reason: 'sem título (TitleText/TitleWithoutPrefix)' });
  });

  it('reads a foreign default namespace and a namespace prefix', async () => {
    const [fr] = await parseFixture('onix30-foreign-namespace.xml');
    expect(record(fr)).toMatchObject({ isbn13: '9782070360024', title: "L'Étranger", language: 'fre', publicationDate: '1972-03-01', productFormDetails: ['E101'] });
    expect(record(fr).prices.map((p) => [p.currency, p.amountCents])).toEqual([['BRL', 3080], ['JPY', 1200]]);
    const [p1, p2] = await parseFixture('onix30-prefixed.xml');
    expect(record(p1).title).toBe('Prefixed Title');
    expect(record(p2)).toMatchObject({ blocks: ['supply'], availability: '31' });
  });

  it('maps ONIX 2.1: entities, ISBN-10 only, AvailabilityCode, MainSubject composite, inches and ounces', async () => {
    const [m] = await parseFixture('onix21-reference.xml');
    const r = record(m);
    expect(r).toMatchObject({
      isbn13: '9780306406157',
      isbn10: '0306406152',
      title: 'A História — Volume Acervo™',
      subtitle: 'Ensaios',
      language: 'por',
      pages: 480,
      editionNumber: 2,
      bisacCategory: 'HIS000000',
      availability: '51',
      publicationDate: '1999-05-01',
      heightMm: 229,
      weightGrams: 454,
      imprintName: 'Selo Histórico',
      publisherName: null,
      synopsis: 'Uma história do Brasil.',
    });
    expect(r.contributors).toEqual([{ sequence: 1, role: 'B01', fullName: 'José Pereira', invertedName: 'Pereira, José' }]);
    expect(r.subjects).toEqual([
      { scheme: '10', code: 'HIS000000', heading: null, main: true },
      { scheme: '12', code: 'HB', heading: null, main: true },
      { scheme: '10', code: 'HIS041000', heading: null, main: false },
    ]);
    expect(r.prices).toEqual([{ priceType: '01', currency: 'USD', amountCents: 2495, territory: 'US' }]);
    expect(m.ok && m.notices).toEqual(['preço sem moeda (CurrencyCode) ignorado']);
    expect(mapProduct({ node: (await collectNodes('onix21-reference.xml'))[0].node, line: 1 }, { defaultCurrency: 'AUD' })).toMatchObject({
      ok: true,
      record: { prices: [{ currency: 'USD' }, { priceType: '02', currency: 'AUD', amountCents: 1999 }] },
    });
  });

  it('reads 2.1 short tags declared ISO-8859-1, and a bare 2.1 product', async () => {
    const [s] = await parseFixture('onix21-short.xml');
    expect(record(s)).toMatchObject({ title: 'Short Tags', subtitle: 'Subtítulo', bisacCategory: 'REL012120', availability: '21' });
    expect(record(s).contributors[0]).toMatchObject({ fullName: 'Greg Ogden', invertedName: 'Ogden, Greg' });
    const [b] = await parseFixture('onix21-bare-product.xml');
    expect(record(b)).toMatchObject({ isbn13: '9781602581869', isbn10: '160258186X', title: 'Bare Product', editionYear: 2009, publicationDate: null });
  });
});

async function collectNodes(name: string): Promise<ProductNode[]> {
  const { encoding } = await detectFileEncoding(fixture(name));
  const nodes: ProductNode[] = [];
  await streamOnixProducts(fixture(name), encoding, async (batch) => {
    nodes.push(...batch);
  });
  return nodes;
}

describe('encoding and well-formedness', () => {
  it('falls back to Windows-1252 for a UTF-8-declared file with invalid bytes, and says so', async () => {
    expect(await detectFileEncoding(fixture('onix21-windows1252.xml'))).toEqual({
      encoding: 'windows-1252',
      declared: 'utf-8',
      notice: WINDOWS_1252_FALLBACK_NOTICE,
    });
    const [m] = await parseFixture('onix21-windows1252.xml');
    expect(record(m).title).toBe('Café – it’s late');
  });

  it('reads declared ISO-8859-1 as Windows-1252 without a notice, and valid UTF-8 as UTF-8', async () => {
    expect(await detectFileEncoding(fixture('onix21-short.xml'))).toMatchObject({ encoding: 'windows-1252', notice: null });
    expect(await detectFileEncoding(fixture('onix30-reference.xml'))).toMatchObject({ encoding: 'utf-8', notice: null });
  });

  it('stops at the first XML error with its line', async () => {
    const err = await collectNodes('malformed.xml').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OnixXmlError);
    expect((err as OnixXmlError).line).toBe(22);
    expect((err as OnixXmlError).message).toMatch(/^XML inválido na linha 22, coluna \d+: unexpected close tag/);
  });
});
