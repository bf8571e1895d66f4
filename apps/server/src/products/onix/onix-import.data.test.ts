/**
 * Imports every real ONIX sample in the shared data folder (`ACERVO_SHARED_DATA` or
 * `../shared/data` beside the repository) and checks the catalogue against values extracted from
 * each file independently of the importer (regular expressions over the raw text, decoded with
 * the WHATWG decoder): product counts, ISBN-13s, titles and first contributor names.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { productContributors, productPrices, products } from '../products.schema.ts';
import { importOnixFiles, type OnixImportReport } from './onix-import.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const dataDir = path.join(process.env.ACERVO_SHARED_DATA ?? path.resolve(repoRoot, '../shared/data'), 'onix');
const files = fs.readdirSync(dataDir).filter((f) => f.endsWith('.xml')).sort().map((f) => path.join(dataDir, f));

interface Expected {
  count: number;
  windows1252: boolean;
  products: { isbn13: string | null; title: string | null; contributor: string | null; notification: string | null }[];
}

function decode(bytes: Buffer): { text: string; windows1252: boolean } {
  const head = bytes.subarray(0, 200).toString('latin1');
  const declared = /encoding=["']([^"']+)["']/.exec(head)?.[1].toLowerCase() ?? 'utf-8';
  if (declared !== 'utf-8') return { text: new TextDecoder('windows-1252').decode(bytes), windows1252: false };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), windows1252: false };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), windows1252: true };
  }
}

const xmlText = (s: string) =>
  s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

function first(block: string, tags: string[]): string | null {
  for (const tag of tags) {
    const m = new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`).exec(block);
    if (m && xmlText(m[1])) return xmlText(m[1]);
  }
  return null;
}

function isbn10to13(isbn10: string): string {
  const body = `978${isbn10.slice(0, 9)}`;
  const sum = [...body].reduce((s, c, i) => s + Number(c) * (i % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

/** Extracts the expectations from the raw file, without the importer's code. */
function expectedFrom(file: string): Expected {
  const { text, windows1252 } = decode(fs.readFileSync(file));
  const blocks = [...text.matchAll(/<(Product|product)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => m[2]);
  return {
    count: blocks.length,
    windows1252,
    products: blocks.map((raw) => {
      const own = raw.replace(/<(RelatedMaterial|relatedmaterial|RelatedProduct|relatedproduct|Collection|collection)>[\s\S]*?<\/\1>/g, '');
      const ids = [...own.matchAll(/<(ProductIdentifier|productidentifier)>([\s\S]*?)<\/\1>/g)].map((m) => ({
        type: first(m[2], ['ProductIDType', 'b221']),
        value: (first(m[2], ['IDValue', 'b244']) ?? '').replace(/-/g, ''),
      }));
      const isbn13 =
        ids.find((i) => i.type === '15')?.value ??
        ids.find((i) => i.type === '03' && /^97[89]\d{10}$/.test(i.value))?.value ??
        (() => {
          const i10 = ids.find((i) => i.type === '02')?.value;
          return i10 ? isbn10to13(i10) : null;
        })() ??
        ids.find((i) => i.type === '03' && /^\d{13}$/.test(i.value))?.value ??
        null;
      const titleBlocks = [...own.matchAll(/<(TitleDetail|titledetail|Title|title)>([\s\S]*?)<\/\1>/g)].map((m) => m[2]);
      const titleBlock = titleBlocks.find((b) => first(b, ['TitleType', 'b202']) === '01') ?? titleBlocks[0] ?? own;
      const without = first(titleBlock, ['TitleWithoutPrefix', 'b031']);
      const title =
        first(titleBlock, ['TitleText', 'b203']) ?? (without ? [first(titleBlock, ['TitlePrefix', 'b030']), without].filter(Boolean).join(' ') : null);
      const contributorBlock = /<(Contributor|contributor)>([\s\S]*?)<\/\1>/.exec(own)?.[2] ?? '';
      const contributor = first(contributorBlock, ['PersonName', 'b036', 'KeyNames', 'b040', 'PersonNameInverted', 'b037', 'CorporateName', 'b047']);
      return { isbn13, title, contributor, notification: first(own, ['NotificationType', 'a002']) };
    }),
  };
}

let database: Database;
let drop: () => Promise<void>;
let report: OnixImportReport;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  report = await importOnixFiles(database.db, files);
});

afterAll(async () => {
  await database.close();
  await drop();
});

describe('ONIX samples in the shared data folder', () => {
  it('finds the eight documented samples', () => {
    expect(files.map((f) => path.basename(f))).toEqual(
      expect.arrayContaining(['editeur_Onix3sample_refnames.xml', 'yob_onix_peribo_0408.xml', 'yob_onix_usd_baylor.xml', 'yob_onix_short_tags_ivp.xml']),
    );
    expect(files.length).toBeGreaterThanOrEqual(8);
  });

  it.each(files.map((f) => [path.basename(f), f]))('%s imports with every product accounted for', async (_name, file) => {
    const fileReport = report.files.find((r) => r.file === file);
    const expected = expectedFrom(file);
    expect(fileReport).toMatchObject({ status: 'imported', products: expected.count });
    if (!fileReport) return;
    expect(fileReport.created + fileReport.updated + fileReport.rejected).toBe(expected.count);
    expect(fileReport.notices.includes('arquivo declarado UTF-8 contém bytes Windows-1252; lido como Windows-1252')).toBe(expected.windows1252);

    const full = expected.products.filter((p) => p.isbn13 && p.title && p.notification !== '04');
    expect(fileReport.created + fileReport.updated).toBeGreaterThanOrEqual(full.length);
    const isbns = [...new Set(full.map((p) => p.isbn13 as string))];
    const rows = isbns.length ? await database.db.select().from(products).where(inArray(products.isbn13, isbns)) : [];
    const byIsbn = new Map(rows.map((r) => [r.isbn13, r]));
    for (const p of full) {
      const row = byIsbn.get(p.isbn13 as string);
      expect(row, `${p.isbn13} in catalogue`).toBeDefined();
      if (!row) continue;
      expect(row.title).toBe(p.title);
      if (p.contributor) {
        const names = await database.db.select().from(productContributors).where(eq(productContributors.productId, row.id));
        const all = names.flatMap((n) => [n.fullName, n.invertedName ?? '']).join(' | ');
        expect(all, `contributors of ${p.isbn13}`).toContain(p.contributor);
      }
    }
    // products without an ISBN or a title are the rejected ones, each with a reason
    const unusable = expected.products.filter((p) => !p.isbn13 || (!p.title && p.notification !== '04')).length;
    expect(fileReport.rejected).toBe(unusable);
    for (const r of fileReport.rejections) expect(r.reason.length).toBeGreaterThan(5);
  });

  it('counts match SOURCES.md', () => {
    const counts = Object.fromEntries(report.files.map((f) => [path.basename(f.file), f.products]));
    expect(counts).toMatchObject({
      'editeur_Onix3sample_refnames.xml': 1,
      'editeur_Onix3sample_shorttags.xml': 1,
      'editeur_Onix3sample_refnames_blockupdate.xml': 1,
      'im_onix_9782752906700_phebus.xml': 4,
      'palace_onix_example_mitpress.xml': 2,
      'yob_onix_peribo_0408.xml': 407,
      'yob_onix_usd_baylor.xml': 1,
      'yob_onix_short_tags_ivp.xml': 1,
    });
  });

  it('keeps the concrete values of known records', async () => {
    const [roseanna] = await database.db.select().from(products).where(eq(products.isbn13, '9780007232833'));
    expect(roseanna).toMatchObject({ title: 'Roseanna', productForm: 'BC', availability: '21', bisacCategory: 'FIC022000', pages: 245, language: 'eng' });
    const prices = await database.db.select().from(productPrices).where(eq(productPrices.productId, roseanna.id));
    expect(prices.map((p) => `${p.priceType} ${p.currency} ${p.amountCents}`)).toEqual(expect.arrayContaining(['02 GBP 799', '01 EUR 899']));
    const [baylor] = await database.db.select().from(products).where(eq(products.isbn13, '9781602581869'));
    expect(baylor).toMatchObject({ subtitle: 'Four Centuries of Baptist Interpretation', bisacCategory: 'REL073000', availability: '20', pages: 1000 });
    expect(baylor.synopsis).toMatch(/^The Acts of the Apostles: Four Centuries/);
    const [phebus] = await database.db.select().from(products).where(eq(products.isbn13, '9782752908643'));
    const brl = await database.db.select().from(productPrices).where(eq(productPrices.productId, phebus.id));
    expect(brl.find((p) => p.currency === 'BRL')).toMatchObject({ amountCents: 3080 });
    const [peribo] = await database.db.select().from(products).where(eq(products.isbn13, '9781598694208'));
    expect(peribo.synopsis).toMatch(/^Today’s explosive and emerging economy/);
  });
});
