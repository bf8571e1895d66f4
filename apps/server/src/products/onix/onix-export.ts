/**
 * ONIX for Books 3.0 export (reference tags) of the catalogue: `streamOnixExport(db, filters, sender)`
 * yields the file as text chunks, reading the products in id order in keyset batches (never the
 * whole catalogue in memory). The element order follows the official XSD
 * (`ONIX_BookProduct_3.0_reference.xsd`); every field the ONIX import reads (`onix-record.ts`) is
 * written where the import reads it back, so import → export → import keeps them
 * (docs/onix-export.md lists the mapping and the few documented normalisations).
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { fileStampInDisplayZone } from '@acervo/contracts';
import type { Executor } from '../../db/client.ts';
import { buildConditions, resolveTextMatch, type ProductListFilters } from '../products.repository.ts';
import { imprints, productContributors, productPrices, products, productSubjects, publishers } from '../products.schema.ts';
import { codeDescription } from './codelists.ts';
import { currencyMinorDigits } from './onix-record.ts';

/** The company sending the file (ONIX `Header/Sender`): name and CNPJ (14 digits, or null). */
export interface OnixSender {
  name: string;
  cnpj: string | null;
}

/** Options of {@link streamOnixExport}. */
export interface OnixExportOptions {
  /** Products read per query batch (default 500). */
  batchSize?: number;
  /** Value of `Header/SentDateTime` (default: now). */
  sentAt?: Date;
}

/** One product as the export reads it (the columns the ONIX import writes, plus flags). */
export interface ExportProduct {
  id: number;
  isbn13: string;
  active: boolean;
  title: string;
  subtitle: string | null;
  productForm: string | null;
  productFormDetails: string[];
  bisacCategory: string | null;
  bisacSubcategory: string | null;
  keywords: string | null;
  editionNumber: number | null;
  pages: number | null;
  language: string | null;
  heightMm: number | null;
  widthMm: number | null;
  thicknessMm: number | null;
  weightGrams: number | null;
  synopsis: string | null;
  publisherName: string | null;
  imprintName: string | null;
  publishingStatus: string | null;
  publicationDate: string | null;
  editionYear: number | null;
  availability: string | null;
  contributors: { sequence: number; role: string; fullName: string; invertedName: string | null }[];
  subjects: { scheme: string; code: string | null; heading: string | null; main: boolean }[];
  prices: { priceType: string; currency: string; amountCents: number; territory: string | null }[];
}

/** ONIX 3.0 reference-tag namespace. */
export const ONIX_30_NAMESPACE = 'http://ns.editeur.org/onix/3.0/reference';

// ---------------------------------------------------------------- XML text

/**
 * Characters XML 1.0 forbids (C0 controls other than tab/LF/CR, lone surrogates, U+FFFE/U+FFFF):
 * removed, since no escape can carry them.
 */
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Escapes text for XML element content and attribute values: `&`, `<`, `>`, `"`, `'` become
 * entities, CR becomes `&#13;` (a literal CR would be turned into LF by every parser), and
 * characters XML 1.0 cannot carry are dropped.
 */
export function xmlEscape(text: string): string {
  return text.replace(INVALID_XML_CHARS, '').replace(/[&<>"'\r]/g, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      case "'":
        return '&apos;';
      default:
        return '&#13;';
    }
  });
}

/** `<Tag>escaped value</Tag>`, or '' when the value is null/empty. */
function el(tag: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return `<${tag}>${xmlEscape(String(value))}</${tag}>`;
}

/** The code when it belongs to the ONIX code list, else null (the XSD enumerates every list). */
function listCode(list: number, code: string | null | undefined): string | null {
  return code && codeDescription(list, code) !== null && /^\S+$/.test(code) ? code : null;
}

// ---------------------------------------------------------------- value formatting

/**
 * Integer minor units → decimal text of the currency (`799` BRL → `7.99`; `1200` JPY → `1200`).
 * @returns null for an unknown currency or a negative amount
 */
export function minorUnitsToAmount(amountCents: number, currency: string): string | null {
  const digits = currencyMinorDigits(currency);
  if (digits === null || !Number.isSafeInteger(amountCents) || amountCents < 0) return null;
  if (digits === 0) return String(amountCents);
  const s = String(amountCents).padStart(digits + 1, '0');
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

/**
 * The catalogue's price territory text (`"WORLD excl. GB"`, `"BR"`, `"US CA"`; written by the
 * import as regions + countries included, then `excl.` + countries + regions excluded) → ONIX
 * `<Territory>`. Two-letter tokens are countries (list 91), others regions (list 49).
 * @returns the element, or null when the text has an unknown code or a combination the XSD does
 *   not allow (countries both included and excluded)
 */
export function territoryXml(territory: string | null): string | null {
  if (!territory) return null;
  const [inc, exc = '', ...rest] = territory.trim().split(/\s*\bexcl\.\s*/);
  if (rest.length > 0) return null;
  const classify = (part: string) => {
    const countries: string[] = [];
    const regions: string[] = [];
    for (const token of part.split(/\s+/).filter(Boolean)) {
      if (/^[A-Z]{2}$/.test(token) && listCode(91, token)) countries.push(token);
      else if (listCode(49, token)) regions.push(token);
      else return null;
    }
    return { countries, regions };
  };
  const included = classify(inc);
  const excluded = classify(exc);
  if (!included || !excluded) return null;
  const list = (tag: string, codes: string[]) => (codes.length ? `<${tag}>${codes.join(' ')}</${tag}>` : '');
  if (included.countries.length > 0) {
    if (excluded.countries.length > 0) return null;
    return `<Territory>${list('CountriesIncluded', included.countries)}${list('RegionsIncluded', included.regions)}${list('RegionsExcluded', excluded.regions)}</Territory>`;
  }
  if (included.regions.length > 0) {
    return `<Territory>${list('RegionsIncluded', included.regions)}${list('CountriesExcluded', excluded.countries)}${list('RegionsExcluded', excluded.regions)}</Territory>`;
  }
  return null;
}

/** `YYYYMMDDThhmmssZ` (ONIX `SentDateTime`, UTC). */
export function onixDateTime(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

// ---------------------------------------------------------------- document parts

/**
 * XML declaration, `<ONIXMessage release="3.0">` and the `<Header>`: the sender company (CNPJ as a
 * proprietary `SenderIdentifier` with `IDTypeName` CNPJ, since list 44 has no CNPJ code) and
 * `SentDateTime`.
 */
export function onixHeaderXml(sender: OnixSender, sentAt: Date): string {
  const id = sender.cnpj
    ? `<SenderIdentifier><SenderIDType>01</SenderIDType><IDTypeName>CNPJ</IDTypeName>${el('IDValue', sender.cnpj)}</SenderIdentifier>`
    : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<ONIXMessage release="3.0" xmlns="${ONIX_30_NAMESPACE}">\n` +
    `<Header><Sender>${id}${el('SenderName', sender.name.trim() || 'Acervo')}</Sender>` +
    `${el('SentDateTime', onixDateTime(sentAt))}</Header>\n`
  );
}

/** Closing tag of the message. */
export const ONIX_FOOTER = '</ONIXMessage>\n';
/** Body of a message without products (the XSD needs `<NoProduct/>` then). */
export const ONIX_NO_PRODUCT = '<NoProduct/>\n';

function subjectsOf(p: ExportProduct): ExportProduct['subjects'] {
  const out = p.subjects.filter((s) => listCode(27, s.scheme) && (s.code || s.heading));
  const hasCode = (scheme: string, code: string) => out.some((s) => s.scheme === scheme && s.code === code);
  // Form-entered BISAC category/subcategory and keywords not yet among the subjects (the import
  // derives `categoria_bisac` from the main scheme-10 subject and `palavras_chave` from scheme 20).
  if (p.bisacCategory && !hasCode('10', p.bisacCategory)) out.unshift({ scheme: '10', code: p.bisacCategory, heading: null, main: !out.some((s) => s.scheme === '10' && s.main) });
  if (p.bisacSubcategory && !hasCode('10', p.bisacSubcategory)) out.push({ scheme: '10', code: p.bisacSubcategory, heading: null, main: false });
  if (p.keywords && !out.some((s) => s.scheme === '20')) out.push({ scheme: '20', code: null, heading: p.keywords, main: false });
  return out;
}

function subjectXml(s: ExportProduct['subjects'][number]): string {
  const body = s.code ? `${el('SubjectCode', s.code)}${el('SubjectHeadingText', s.heading)}` : el('SubjectHeadingText', s.heading);
  return `<Subject>${s.main ? '<MainSubject/>' : ''}${el('SubjectSchemeIdentifier', s.scheme)}${body}</Subject>`;
}

function measureXml(type: string, value: number | null, unit: string): string {
  return value !== null && value > 0 ? `<Measure>${el('MeasureType', type)}${el('Measurement', value)}${el('MeasureUnitCode', unit)}</Measure>` : '';
}

/** `Date` of `PublishingDate` role 01: the full date (format 00), else the edition year alone (format 05). */
function publishingDateXml(p: ExportProduct): string {
  const date = p.publicationDate && /^\d{4}-\d{2}-\d{2}$/.test(p.publicationDate) ? p.publicationDate.replace(/-/g, '') : null;
  const value = date ? `<Date dateformat="00">${date}</Date>` : p.editionYear ? `<Date dateformat="05">${p.editionYear}</Date>` : '';
  return value ? `<PublishingDate><PublishingDateRole>01</PublishingDateRole>${value}</PublishingDate>` : '';
}

/**
 * One `<Product>` (no trailing newline), elements in XSD order. `NotificationType` 03 (confirmed)
 * for an active product, 05 (delete) for an inactive one. Codes outside their ONIX code list are
 * left out (a product form outside list 150 becomes `00` Undefined, since it is mandatory).
 * `supplier` names the `SupplyDetail/Supplier` (the sending company, role 00).
 */
export function onixProductXml(p: ExportProduct, supplier: string): string {
  const ids =
    (/^97[89]/.test(p.isbn13) ? `<ProductIdentifier><ProductIDType>15</ProductIDType>${el('IDValue', p.isbn13)}</ProductIdentifier>` : '') +
    `<ProductIdentifier><ProductIDType>03</ProductIDType>${el('IDValue', p.isbn13)}</ProductIdentifier>`;

  const descriptive =
    '<DescriptiveDetail><ProductComposition>00</ProductComposition>' +
    el('ProductForm', listCode(150, p.productForm) ?? '00') +
    p.productFormDetails.map((d) => el('ProductFormDetail', listCode(175, d))).join('') +
    measureXml('01', p.heightMm, 'mm') +
    measureXml('02', p.widthMm, 'mm') +
    measureXml('03', p.thicknessMm, 'mm') +
    measureXml('08', p.weightGrams, 'gr') +
    `<TitleDetail><TitleType>01</TitleType><TitleElement><TitleElementLevel>01</TitleElementLevel>${el('TitleText', p.title.trim() || p.isbn13)}${el('Subtitle', p.subtitle)}</TitleElement></TitleDetail>` +
    p.contributors
      .filter((c) => listCode(17, c.role) && c.fullName.trim())
      .map((c) => `<Contributor>${el('SequenceNumber', c.sequence)}${el('ContributorRole', c.role)}${el('PersonName', c.fullName)}${el('PersonNameInverted', c.invertedName)}</Contributor>`)
      .join('') +
    (p.editionNumber !== null && p.editionNumber > 0 ? el('EditionNumber', p.editionNumber) : '') +
    (listCode(74, p.language) ? `<Language><LanguageRole>01</LanguageRole>${el('LanguageCode', p.language)}</Language>` : '') +
    (p.pages !== null && p.pages > 0 ? `<Extent><ExtentType>00</ExtentType>${el('ExtentValue', p.pages)}<ExtentUnit>03</ExtentUnit></Extent>` : '') +
    subjectsOf(p).map(subjectXml).join('') +
    '</DescriptiveDetail>';

  const collateral = p.synopsis?.trim()
    ? `<CollateralDetail><TextContent><TextType>03</TextType><ContentAudience>00</ContentAudience><Text textformat="06">${xmlEscape(p.synopsis)}</Text></TextContent></CollateralDetail>`
    : '';

  const imprint = p.imprintName?.trim() ? `<Imprint>${el('ImprintName', p.imprintName)}</Imprint>` : '';
  const publisher = p.publisherName?.trim() ? `<Publisher><PublishingRole>01</PublishingRole>${el('PublisherName', p.publisherName)}</Publisher>` : '';
  const publishing =
    imprint || publisher
      ? `<PublishingDetail>${imprint}${publisher}${el('PublishingStatus', listCode(64, p.publishingStatus))}${publishingDateXml(p)}</PublishingDetail>`
      : '';

  const prices = p.prices
    .map((x) => {
      const amount = listCode(58, x.priceType) && listCode(96, x.currency) ? minorUnitsToAmount(x.amountCents, x.currency) : null;
      if (amount === null) return '';
      return `<Price>${el('PriceType', x.priceType)}${el('PriceAmount', amount)}${el('CurrencyCode', x.currency)}${territoryXml(x.territory) ?? ''}</Price>`;
    })
    .join('');
  const availability = listCode(65, p.availability);
  const supply =
    availability || prices
      ? `<ProductSupply><SupplyDetail><Supplier><SupplierRole>00</SupplierRole>${el('SupplierName', supplier)}</Supplier>` +
        `${el('ProductAvailability', availability ?? '99')}${prices || '<UnpricedItemType>04</UnpricedItemType>'}</SupplyDetail></ProductSupply>`
      : '';

  return (
    `<Product>${el('RecordReference', `acervo.produto.${p.id}`)}${el('NotificationType', p.active ? '03' : '05')}` +
    `${ids}${descriptive}${collateral}${publishing}${supply}</Product>`
  );
}

// ---------------------------------------------------------------- reading

/**
 * Reads the next batch of products matching the catalogue filters, in id order, with id greater
 * than `afterId`: one query for the products (publisher and imprint joined) and one per child
 * table (contributors, subjects, prices in `ordem` order).
 * @returns at most `limit` products; fewer means the end was reached
 */
export async function readExportBatch(db: Executor, filters: ProductListFilters, afterId: number, limit: number): Promise<ExportProduct[]> {
  const rows = await db
    .select({
      id: products.id,
      isbn13: products.isbn13,
      active: products.active,
      title: products.title,
      subtitle: products.subtitle,
      productForm: products.productForm,
      productFormDetails: products.productFormDetails,
      bisacCategory: products.bisacCategory,
      bisacSubcategory: products.bisacSubcategory,
      keywords: products.keywords,
      editionNumber: products.editionNumber,
      pages: products.pages,
      language: products.language,
      heightMm: products.heightMm,
      widthMm: products.widthMm,
      thicknessMm: products.thicknessMm,
      weightGrams: products.weightGrams,
      synopsis: products.synopsis,
      publisherName: publishers.name,
      imprintName: imprints.name,
      publishingStatus: products.publishingStatus,
      publicationDate: products.publicationDate,
      editionYear: products.editionYear,
      availability: products.availability,
    })
    .from(products)
    .leftJoin(publishers, eq(publishers.id, products.publisherId))
    .leftJoin(imprints, eq(imprints.id, products.imprintId))
    .where(and(gt(products.id, afterId), ...buildConditions(filters)))
    .orderBy(asc(products.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [contributors, subjects, prices] = await Promise.all([
    db.select().from(productContributors).where(inArray(productContributors.productId, ids)).orderBy(asc(productContributors.productId), asc(productContributors.sequence)),
    db.select().from(productSubjects).where(inArray(productSubjects.productId, ids)).orderBy(asc(productSubjects.productId), asc(productSubjects.sequence)),
    db.select().from(productPrices).where(inArray(productPrices.productId, ids)).orderBy(asc(productPrices.productId), asc(productPrices.sequence)),
  ]);
  const byId = new Map<number, ExportProduct>();
  const out = rows.map((r) => {
    const p: ExportProduct = { ...r, contributors: [], subjects: [], prices: [] };
    byId.set(r.id, p);
    return p;
  });
  for (const c of contributors) byId.get(c.productId)?.contributors.push({ sequence: c.sequence, role: c.role, fullName: c.fullName, invertedName: c.invertedName });
  for (const s of subjects) byId.get(s.productId)?.subjects.push({ scheme: s.scheme, code: s.code, heading: s.heading, main: s.main });
  for (const x of prices) byId.get(x.productId)?.prices.push({ priceType: x.priceType, currency: x.currency, amountCents: Number(x.amountCents), territory: x.territory });
  return out;
}

/**
 * The ONIX 3.0 file of the products matching `filters` (the `GET produto` filters), as text
 * chunks: the header first, then one chunk per batch of `<Product>` elements (in id order), then
 * the closing tag; `<NoProduct/>` when nothing matches. Products are read in keyset batches
 * (`id > last id`), each its own statement, so the database holds no transaction open while the
 * client downloads (a product changed during a long download is written as it was when its batch
 * was read). Stopping the iteration stops the reading.
 * @throws database errors, from the batch being read
 */
export async function* streamOnixExport(
  db: Executor,
  filters: ProductListFilters,
  sender: OnixSender,
  options: OnixExportOptions = {},
): AsyncGenerator<string, void, undefined> {
  const batchSize = Math.max(1, options.batchSize ?? 500);
  const supplier = sender.name.trim() || 'Acervo';
  // Title words or fragments, decided once as the list does, so the file holds the list's rows.
  const settled = await resolveTextMatch(db, filters);
  let batch = await readExportBatch(db, settled, 0, batchSize);
  yield onixHeaderXml(sender, options.sentAt ?? new Date());
  if (batch.length === 0) {
    yield ONIX_NO_PRODUCT + ONIX_FOOTER;
    return;
  }
  for (;;) {
    let chunk = '';
    for (const p of batch) chunk += `${onixProductXml(p, supplier)}\n`;
    const last = batch[batch.length - 1].id;
    const full = batch.length === batchSize;
    // Read the next batch while the consumer writes this one.
    const next = full ? readExportBatch(db, settled, last, batchSize) : Promise.resolve([]);
    next.catch(() => undefined); // handled when awaited below
    yield chunk;
    batch = await next;
    if (batch.length === 0) break;
  }
  yield ONIX_FOOTER;
}

/**
 * Name of the downloaded file: `acervo-onix-YYYYMMDD-HHMMSS.xml` in São Paulo time, the time the
 * user sees everywhere else (issue 15, defect 5; the file's SentDateTime stays UTC, as ONIX wants).
 */
export function onixExportFileName(d: Date): string {
  return `acervo-onix-${fileStampInDisplayZone(d)}.xml`;
}
