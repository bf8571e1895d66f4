/**
 * Maps one ONIX product element tree (from `onix-xml.ts`) to an {@link OnixRecord}, the shape the
 * catalogue writer stores, or to a rejection with a pt-BR reason. Reads ONIX for Books 3.0 (blocks
 * `DescriptiveDetail`, `CollateralDetail`, `PublishingDetail`, `ProductSupply`) and 2.1 (flat
 * product) in reference or short tags. Field-by-field sources: `docs/onix-import.md`.
 */
import { decodeHtmlEntities } from './html-entities.ts';
import { cleanIsbn, isbn10To13, isbn13To10, isValidEan13, isValidIsbn10, isValidIsbn13 } from './isbn.ts';
import type { ProductNode, XmlNode } from './onix-xml.ts';

/** ONIX 3.0 blocks a block update (NotificationType 04) may carry that the catalogue stores. */
export type OnixBlock = 'descriptive' | 'collateral' | 'publishing' | 'supply';

/** Contributor: `role` ONIX list 17, `sequence` 1-based order in the record. */
export interface OnixContributor {
  sequence: number;
  role: string;
  fullName: string;
  invertedName: string | null;
}

/** Subject: `scheme` ONIX list 26/27 (10 BISAC, 12 BIC, 20 keywords, 93 Thema…). */
export interface OnixSubject {
  scheme: string;
  code: string | null;
  heading: string | null;
  main: boolean;
}

/** Price: `priceType` ONIX list 58, `currency` ISO 4217, `amountCents` minor units of the currency. */
export interface OnixPrice {
  priceType: string;
  currency: string;
  amountCents: number;
  territory: string | null;
}

/** A product ready to be stored (see `catalog-writer.ts`). Dates are `YYYY-MM-DD`. */
export interface OnixRecord {
  reference: string | null;
  line: number;
  isbn13: string;
  isbn10: string | null;
  /** ONIX 3.0 block update: the blocks present (only those are written); null for a full record. */
  blocks: OnixBlock[] | null;
  /** NotificationType 05: the product is marked inactive. */
  deletion: boolean;
  title: string | null;
  subtitle: string | null;
  contributors: OnixContributor[];
  productForm: string | null;
  productFormDetails: string[];
  subjects: OnixSubject[];
  bisacCategory: string | null;
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
  prices: OnixPrice[];
}

/** Result of {@link mapProduct}: a record (with notices about ignored parts) or a rejection. */
export type MappedProduct =
  | { ok: true; record: OnixRecord; notices: string[] }
  | { ok: false; reference: string | null; line: number; isbn: string | null; reason: string };

/** Options of {@link mapProduct}. */
export interface MapOptions {
  /** ISO 4217 currency for prices that carry none (ONIX 2.1 header default); otherwise such prices are dropped. */
  defaultCurrency?: string | null;
}

/**
 * ONIX 2.1 `AvailabilityCode` (list 54, retired from the code lists) → ONIX list 65
 * `ProductAvailability`, used when a 2.1 `SupplyDetail` has no `ProductAvailability`.
 */
export const AVAILABILITY_21_TO_65: Readonly<Record<string, string>> = {
  AB: '01', // Cancelled → Cancelled
  AD: '44', // Available direct from publisher only → Apply direct
  CS: '99', // Availability uncertain → Contact supplier
  EX: '43', // No longer stocked by us → No longer supplied by the supplier
  IP: '20', // Available → Available
  MD: '23', // Manufactured on demand → POD
  NP: '10', // Not yet published → Not yet available
  NY: '11', // Newly catalogued, not yet in stock → Awaiting stock
  OF: '42', // Other format available → Not available, other format available
  OI: '31', // Out of stock indefinitely → Out of stock
  OP: '51', // Out of print → Not available, publisher indicates OP
  OR: '41', // Replaced by new edition → Not available, replaced by new product
  PP: '09', // Publication postponed indefinitely → Not yet available, postponed indefinitely
  RF: '43', // Refer to another supplier → No longer supplied by the supplier
  RM: '47', // Remaindered → Remaindered
  RP: '32', // Reprinting → Reprinting
  RU: '32', // Reprinting, undated → Reprinting
  TO: '22', // Special order → To order
  TP: '30', // Temporarily out of stock because publisher cannot supply → Temporarily unavailable
  TU: '30', // Temporarily unavailable → Temporarily unavailable
  UR: '33', // Unavailable, awaiting reissue → Awaiting reissue
  WR: '20', // Will be remaindered as of (date) → Available (until then)
  WS: '46', // Withdrawn from sale → Withdrawn from sale
};

// ---------------------------------------------------------------- tree helpers

function child(node: XmlNode | undefined, key: string): XmlNode | undefined {
  return node?.children.find((c) => c.key === key);
}

function childrenOf(node: XmlNode | undefined, key: string): XmlNode[] {
  return node ? node.children.filter((c) => c.key === key) : [];
}

function flatText(node: XmlNode): string {
  let s = '';
  for (const part of node.content) s += typeof part === 'string' ? part : flatText(part);
  return s;
}

/** Trimmed, whitespace-collapsed text of an element; null when absent or empty. */
function textOf(node: XmlNode | undefined): string | null {
  if (!node) return null;
  const s = flatText(node).replace(/\s+/g, ' ').trim();
  return s || null;
}

function val(node: XmlNode | undefined, key: string): string | null {
  return textOf(child(node, key));
}

function truncate(s: string | null, max: number): string | null {
  return s === null || s.length <= max ? s : s.slice(0, max);
}

const BLOCK_TAGS = new Set(['p', 'div', 'br', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'table', 'blockquote', 'dd', 'dt', 'dl']);

function richText(node: XmlNode): string {
  let s = '';
  for (const part of node.content) {
    if (typeof part === 'string') s += part;
    else if (BLOCK_TAGS.has(part.key)) s += `\n${richText(part)}\n`;
    else s += richText(part);
  }
  return s;
}

/**
 * Plain text from ONIX rich text: markup (XHTML child elements, HTML in CDATA or escaped, and the
 * broken `&i>`-style tags some 2.1 feeds carry) removed, block elements turned into line breaks,
 * HTML entities decoded, spaces collapsed.
 */
export function plainText(raw: string): string {
  return decodeHtmlEntities(
    raw
      .replace(/&\/?(?:p|br|div|li|ul|ol)\b[^&<>]{0,40}>/gi, '\n')
      .replace(/&\/?(?:i|b|u|em|strong|span|font|sup|sub)\b[^&<>]{0,40}>/gi, '')
      .replace(/<\/?(?:p|br|div|li|ul|ol|h[1-6]|tr|table|blockquote|dd|dt|dl)\b[^<>]*>/gi, '\n')
      .replace(/<\/?[A-Za-z][\w:-]*(?:\s[^<>]*)?\/?>/g, '')
      .replace(/<!--[\s\S]*?-->/g, ''),
  )
    .replace(/\r/g, '')
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// ---------------------------------------------------------------- value parsers

/**
 * ONIX date → ISO date and year. Formats (list 55): 00 YYYYMMDD, 01 YYYYMM, 05 YYYY; other or
 * missing formats are read from the leading digits (8, 6 or 4). YYYYMM gives the first day of the
 * month; YYYY alone gives only the year (date null). Invalid dates give nulls.
 */
export function parseOnixDate(value: string | null, format?: string | null): { date: string | null; year: number | null } {
  const none = { date: null, year: null };
  if (!value) return none;
  const digits = value.replace(/[-\s]/g, '');
  let m: RegExpExecArray | null;
  const fmt = format ?? '';
  if ((fmt === '' || fmt === '00' || fmt === '13' || fmt === '14') && (m = /^(\d{4})(\d{2})(\d{2})/.exec(digits))) {
    return validDate(Number(m[1]), Number(m[2]), Number(m[3]));
  }
  if ((fmt === '' || fmt === '01') && (m = /^(\d{4})(\d{2})$/.exec(digits))) return validDate(Number(m[1]), Number(m[2]), 1);
  if ((m = /^(\d{4})/.exec(digits))) {
    const year = Number(m[1]);
    return year >= 1000 && year <= 2999 ? { date: null, year } : none;
  }
  return none;
}

function validDate(year: number, month: number, day: number): { date: string | null; year: number | null } {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || year > 2999 || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return { date: null, year: null };
  return { date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, year };
}

const minorDigitsCache = new Map<string, number | null>();

/** Minor-unit digits of an ISO 4217 currency (2 for BRL, 0 for JPY) from Intl, or null when unknown. */
export function currencyMinorDigits(currency: string): number | null {
  let digits = minorDigitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = null;
    }
    minorDigitsCache.set(currency, digits);
  }
  return digits;
}

/**
 * Decimal amount text → integer minor units, rounding half up: `"7.99"` → 799 with 2 digits.
 * Accepts `1234.5`, `1,234.50` (thousands commas) and `12,50` (decimal comma).
 * @returns null when the text is not a non-negative decimal number
 */
export function amountToMinorUnits(text: string, digits: number): number | null {
  let s = text.replace(/\s/g, '');
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, '');
  else s = s.replace(',', '.');
  const m = /^(\d+)(?:\.(\d*))?$/.exec(s);
  if (!m) return null;
  const frac = (m[2] ?? '').padEnd(digits + 1, '0');
  const units = Number(m[1]) * 10 ** digits + Number(frac.slice(0, digits) || '0') + (Number(frac[digits]) >= 5 ? 1 : 0);
  return Number.isSafeInteger(units) ? units : null;
}

function positiveInt(text: string | null): number | null {
  if (!text || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n > 0 && n <= 2_000_000_000 ? n : null;
}

// ---------------------------------------------------------------- field mappers

function mapTitle(dd: XmlNode): { title: string | null; subtitle: string | null } {
  const details = childrenOf(dd, 'titledetail');
  let element: XmlNode | undefined;
  if (details.length > 0) {
    const detail = details.find((d) => val(d, 'titletype') === '01') ?? details[0];
    const elements = childrenOf(detail, 'titleelement');
    element = elements.find((e) => val(e, 'titleelementlevel') === '01') ?? elements[0];
  } else {
    const titles = childrenOf(dd, 'title');
    element = titles.find((t) => val(t, 'titletype') === '01') ?? titles[0];
  }
  let title = val(element, 'titletext');
  if (!title) {
    const without = val(element, 'titlewithoutprefix');
    if (without) title = [val(element, 'titleprefix'), without].filter(Boolean).join(' ');
  }
  if (!title) title = val(dd, 'distinctivetitle');
  return { title: truncate(title, 500), subtitle: truncate(val(element, 'subtitle'), 500) };
}

function mapContributors(dd: XmlNode): OnixContributor[] {
  const list: { seq: number; index: number; c: Omit<OnixContributor, 'sequence'> }[] = [];
  childrenOf(dd, 'contributor').forEach((node, index) => {
    const role = val(node, 'contributorrole');
    const before = val(node, 'namesbeforekey');
    const key = val(node, 'keynames');
    const keyFull = [val(node, 'prefixtokey'), key].filter(Boolean).join(' ');
    const after = [val(node, 'suffixtokey')].filter(Boolean).join(' ');
    const corporate = val(node, 'corporatename');
    const inverted = val(node, 'personnameinverted');
    let fullName = val(node, 'personname');
    if (!fullName && key) fullName = [before, keyFull, after].filter(Boolean).join(' ');
    if (!fullName) fullName = corporate;
    if (!fullName && inverted) {
      const parts = inverted.split(',').map((p) => p.trim());
      fullName = parts.length === 2 && parts[0] && parts[1] ? `${parts[1]} ${parts[0]}` : inverted;
    }
    if (!fullName || !role) return;
    let invertedName = inverted;
    if (!invertedName && key) invertedName = before ? `${key}, ${[before, val(node, 'prefixtokey')].filter(Boolean).join(' ')}` : key;
    if (!invertedName) invertedName = val(node, 'corporatenameinverted') ?? corporate;
    const seq = Number(val(node, 'sequencenumber'));
    list.push({
      seq: Number.isFinite(seq) && seq > 0 ? seq : Number.MAX_SAFE_INTEGER,
      index,
      c: { role: role.slice(0, 3), fullName: truncate(fullName, 300) ?? fullName, invertedName: truncate(invertedName, 300) },
    });
  });
  list.sort((a, b) => a.seq - b.seq || a.index - b.index);
  return list.map((x, i) => ({ sequence: i + 1, ...x.c }));
}

function mapSubjects(dd: XmlNode, product: XmlNode): OnixSubject[] {
  const out: OnixSubject[] = [];
  const seen = new Map<string, OnixSubject>();
  const add = (scheme: string | null, code: string | null, heading: string | null, main: boolean) => {
    if (!scheme || scheme.length > 3 || (!code && !heading)) return;
    const s: OnixSubject = { scheme, code: truncate(code, 100), heading, main };
    const k = `${s.scheme}|${s.code ?? ''}|${s.heading ?? ''}`;
    const prev = seen.get(k);
    if (prev) prev.main = prev.main || main;
    else {
      seen.set(k, s);
      out.push(s);
    }
  };
  add('10', val(product, 'basicmainsubject'), null, true);
  add('12', val(product, 'bicmainsubject'), null, true);
  for (const node of childrenOf(product, 'mainsubject')) {
    if (node.children.length > 0) add(val(node, 'mainsubjectschemeidentifier'), val(node, 'subjectcode'), val(node, 'subjectheadingtext'), true);
  }
  for (const node of childrenOf(dd, 'subject')) {
    const main = child(node, 'mainsubject') !== undefined;
    add(val(node, 'subjectschemeidentifier'), val(node, 'subjectcode'), val(node, 'subjectheadingtext'), main);
  }
  return out;
}

function mapLanguage(dd: XmlNode): string | null {
  const langs = childrenOf(dd, 'language');
  const code = val(langs.find((l) => val(l, 'languagerole') === '01') ?? langs[0], 'languagecode') ?? val(dd, 'languageoftext');
  const lower = code?.toLowerCase() ?? null;
  return lower && /^[a-z]{3}$/.test(lower) ? lower : null;
}

const PAGE_EXTENTS = ['00', '07', '05', '11'];

function mapPages(dd: XmlNode): number | null {
  const extents = childrenOf(dd, 'extent').filter((e) => {
    const unit = val(e, 'extentunit');
    return unit === null || unit === '03';
  });
  for (const type of PAGE_EXTENTS) {
    const e = extents.find((x) => val(x, 'extenttype') === type);
    const n = positiveInt(val(e, 'extentvalue'));
    if (n) return n;
  }
  return positiveInt(val(dd, 'numberofpages'));
}

const LENGTH_MM: Record<string, number> = { mm: 1, cm: 10, in: 25.4 };
const WEIGHT_G: Record<string, number> = { gr: 1, g: 1, kg: 1000, oz: 28.349523125, lb: 453.59237 };

function mapMeasures(dd: XmlNode): Pick<OnixRecord, 'heightMm' | 'widthMm' | 'thicknessMm' | 'weightGrams'> {
  const measures = childrenOf(dd, 'measure').map((m) => ({
    type: val(m, 'measuretype') ?? val(m, 'measuretypecode'),
    value: Number(val(m, 'measurement')?.replace(',', '.')),
    unit: (val(m, 'measureunitcode') ?? '').toLowerCase(),
  }));
  const pick = (type: string, factors: Record<string, number>, exact: string): number | null => {
    const found = measures.filter((m) => m.type === type && m.value > 0 && factors[m.unit] !== undefined);
    const best = found.find((m) => m.unit === exact) ?? found[0];
    if (!best) return null;
    const n = Math.round(best.value * factors[best.unit]);
    return n > 0 && n < 1_000_000 ? n : null;
  };
  return {
    heightMm: pick('01', LENGTH_MM, 'mm'),
    widthMm: pick('02', LENGTH_MM, 'mm'),
    thicknessMm: pick('03', LENGTH_MM, 'mm'),
    weightGrams: pick('08', WEIGHT_G, 'gr'),
  };
}

/** 3.0 TextType priorities (list 153) and 2.1 TextTypeCode priorities (list 33) for the synopsis. */
const SYNOPSIS_30 = ['03', '02', '05', '01'];
const SYNOPSIS_21 = ['01', '03', '02', '12', '07'];

function mapSynopsis(cd: XmlNode, product: XmlNode): string | null {
  const texts: { type: string | null; node: XmlNode | undefined; v3: boolean }[] = [
    ...childrenOf(cd, 'textcontent').map((t) => ({ type: val(t, 'texttype'), node: child(t, 'text'), v3: true })),
    ...childrenOf(product, 'othertext').map((t) => ({ type: val(t, 'texttypecode'), node: child(t, 'text'), v3: false })),
  ];
  for (const t of texts) {
    const order = t.v3 ? SYNOPSIS_30 : SYNOPSIS_21;
    if (t.type && !order.includes(t.type)) t.type = null;
  }
  const rank = (t: (typeof texts)[number]) => (t.type ? (t.v3 ? SYNOPSIS_30 : SYNOPSIS_21).indexOf(t.type) : 99);
  const best = texts.filter((t) => t.type && t.node).sort((a, b) => rank(a) - rank(b))[0];
  if (!best?.node) return null;
  return plainText(richText(best.node)) || null;
}

function formatTerritory(node: XmlNode | undefined): string | null {
  if (!node) return null;
  if (node.children.length === 0) return truncate(textOf(node), 500);
  const included = [val(node, 'regionsincluded'), val(node, 'countriesincluded')].filter(Boolean).join(' ');
  const excluded = [val(node, 'countriesexcluded'), val(node, 'regionsexcluded')].filter(Boolean).join(' ');
  const s = [included, excluded ? `excl. ${excluded}` : ''].filter(Boolean).join(' ');
  return truncate(s || null, 500);
}

function mapSupply(
  product: XmlNode,
  options: MapOptions,
  notices: string[],
): { availability: string | null; prices: OnixPrice[] } {
  const groups: { market: string | null; details: XmlNode[] }[] = [
    ...childrenOf(product, 'productsupply').map((ps) => ({
      market: formatTerritory(child(child(ps, 'market'), 'territory')),
      details: childrenOf(ps, 'supplydetail'),
    })),
    { market: null, details: childrenOf(product, 'supplydetail') },
  ];
  const details = groups.flatMap((g) => g.details.map((d) => ({ d, market: g.market })));
  let availability: string | null = null;
  for (const { d } of details) {
    availability = val(d, 'productavailability');
    if (availability) break;
  }
  if (!availability) {
    for (const { d } of details) {
      const code = val(d, 'availabilitycode')?.toUpperCase();
      if (code && AVAILABILITY_21_TO_65[code]) {
        availability = AVAILABILITY_21_TO_65[code];
        break;
      }
    }
  }
  const prices: OnixPrice[] = [];
  const seen = new Set<string>();
  for (const { d, market } of details) {
    for (const p of childrenOf(d, 'price')) {
      const priceType = val(p, 'pricetype') ?? val(p, 'pricetypecode');
      const amountText = val(p, 'priceamount');
      const currency = (val(p, 'currencycode') ?? options.defaultCurrency ?? '').toUpperCase() || null;
      if (!amountText) continue;
      if (!priceType) {
        notices.push('preço sem tipo (PriceType) ignorado');
        continue;
      }
      if (!currency) {
        notices.push('preço sem moeda (CurrencyCode) ignorado');
        continue;
      }
      const digits = /^[A-Z]{3}$/.test(currency) ? currencyMinorDigits(currency) : null;
      const cents = digits === null ? null : amountToMinorUnits(amountText, digits);
      if (cents === null) {
        notices.push(`preço inválido ignorado (${amountText} ${currency})`);
        continue;
      }
      const countries = childrenOf(p, 'countrycode').map(textOf).filter(Boolean).join(' ');
      const territory = formatTerritory(child(p, 'territory')) ?? truncate(countries || null, 500) ?? market;
      const price: OnixPrice = { priceType: priceType.slice(0, 3), currency, amountCents: cents, territory };
      const k = `${price.priceType}|${currency}|${cents}|${territory ?? ''}`;
      if (!seen.has(k)) {
        seen.add(k);
        prices.push(price);
      }
    }
  }
  return { availability: availability ? availability.slice(0, 3) : null, prices };
}

function mapPublishing(pd: XmlNode): Pick<OnixRecord, 'publisherName' | 'imprintName' | 'publishingStatus' | 'publicationDate' | 'editionYear'> {
  const publishers = childrenOf(pd, 'publisher');
  const publisher = publishers.find((p) => val(p, 'publishingrole') === '01') ?? publishers[0];
  const dates = childrenOf(pd, 'publishingdate');
  const pubDate = dates.find((d) => val(d, 'publishingdaterole') === '01');
  const dateNode = child(pubDate, 'date');
  const parsed = pubDate
    ? parseOnixDate(textOf(dateNode), dateNode?.attrs.dateformat ?? val(pubDate, 'dateformat'))
    : parseOnixDate(val(pd, 'publicationdate'));
  return {
    publisherName: truncate(val(publisher, 'publishername'), 300),
    imprintName: truncate(val(childrenOf(pd, 'imprint')[0], 'imprintname'), 300),
    publishingStatus: val(pd, 'publishingstatus')?.slice(0, 3) ?? null,
    publicationDate: parsed.date,
    editionYear: parsed.year,
  };
}

type IsbnChoice = { isbn13: string; isbn10: string | null } | { error: string; isbn: string | null };

function chooseIsbn(product: XmlNode): IsbnChoice {
  const ids = childrenOf(product, 'productidentifier').map((n) => ({ type: val(n, 'productidtype'), value: cleanIsbn(val(n, 'idvalue') ?? '') }));
  const isbnEl = val(product, 'isbn');
  const eanEl = val(product, 'ean13');
  if (isbnEl) ids.push({ type: '02', value: cleanIsbn(isbnEl) });
  if (eanEl) ids.push({ type: '03', value: cleanIsbn(eanEl) });
  const of = (t: string) => ids.filter((i) => i.type === t && i.value).map((i) => i.value);
  const isbn10Raw = of('02')[0] ?? null;
  const isbn10 = isbn10Raw && isValidIsbn10(isbn10Raw) ? isbn10Raw : null;
  const isbn13 = of('15')[0];
  if (isbn13) {
    return isValidIsbn13(isbn13)
      ? { isbn13, isbn10: isbn10 ?? isbn13To10(isbn13) }
      : { error: `ISBN-13 ${isbn13} inválido (13 dígitos com prefixo 978/979 e dígito verificador correto)`, isbn: isbn13 };
  }
  const eans = of('03');
  const bookland = eans.find((e) => /^97[89]/.test(e));
  if (bookland) {
    return isValidIsbn13(bookland)
      ? { isbn13: bookland, isbn10: isbn10 ?? isbn13To10(bookland) }
      : { error: `EAN/ISBN-13 ${bookland} com dígito verificador inválido`, isbn: bookland };
  }
  if (isbn10Raw) {
    return isbn10
      ? { isbn13: isbn10To13(isbn10), isbn10 }
      : { error: `ISBN-10 ${isbn10Raw} inválido (dígito verificador)`, isbn: isbn10Raw };
  }
  // A product with no ISBN but a valid EAN-13/GTIN-13 (ebooks and non-book items carry such
  // codes, e.g. 3019… in French feeds) is keyed by that EAN: the catalogue's `isbn13` column is
  // the ISBN-13/EAN, as the catalogue filter "ISBN-13/EAN" says.
  const ean = eans.find((e) => /^\d{13}$/.test(e) && isValidEan13(e));
  if (ean) return { isbn13: ean, isbn10: null };
  if (eans[0]) return { error: `sem ISBN (EAN ${eans[0]} inválido)`, isbn: eans[0] };
  return { error: 'sem ISBN (ProductIdentifier tipo 15, 03 ou 02)', isbn: null };
}

const BLOCK_KEYS: readonly [string, OnixBlock][] = [
  ['descriptivedetail', 'descriptive'],
  ['collateraldetail', 'collateral'],
  ['publishingdetail', 'publishing'],
  ['productsupply', 'supply'],
];
const V3_KEYS = new Set(['descriptivedetail', 'collateraldetail', 'contentdetail', 'publishingdetail', 'relatedmaterial', 'productsupply']);

/**
 * Maps one product. Rejections (the record is skipped, others continue): no ISBN-13 (type 15), EAN-13
 * (type 03; a valid non-Bookland EAN is accepted as the key) or ISBN-10 (type 02), a wrong check digit, no title in a full
 * record, a block update (3.0, NotificationType 04) with no product identifier.
 */
export function mapProduct({ node: product, line }: ProductNode, options: MapOptions = {}): MappedProduct {
  const reference = val(product, 'recordreference');
  const choice = chooseIsbn(product);
  if ('error' in choice) return { ok: false, reference, line, isbn: choice.isbn, reason: choice.error };
  const notification = val(product, 'notificationtype');
  const isV3 = product.children.some((c) => V3_KEYS.has(c.key));
  const deletion = notification === '05';
  const blocks =
    notification === '04' && isV3 ? BLOCK_KEYS.filter(([key]) => child(product, key)).map(([, block]) => block) : null;
  const dd = child(product, 'descriptivedetail') ?? (isV3 ? undefined : product);
  const cd = child(product, 'collateraldetail') ?? (isV3 ? undefined : product);
  const pd = child(product, 'publishingdetail') ?? (isV3 ? undefined : product);
  const empty: XmlNode = { key: '', attrs: {}, children: [], content: [] };
  const { title, subtitle } = mapTitle(dd ?? empty);
  const needsTitle = !deletion && (blocks === null || blocks.includes('descriptive'));
  if (needsTitle && !title) return { ok: false, reference, line, isbn: choice.isbn13, reason: 'sem título (TitleText/TitleWithoutPrefix)' };
  const notices: string[] = [];
  const subjects = mapSubjects(dd ?? empty, isV3 ? empty : product);
  const bisac = subjects.filter((s) => s.scheme === '10' && s.code && /^[A-Z]{3}\d{6}$/.test(s.code));
  const keywords = subjects.filter((s) => s.scheme === '20' && s.heading).map((s) => s.heading);
  const formRaw = val(dd, 'productform')?.toUpperCase() ?? null;
  const supply = mapSupply(product, options, notices);
  const record: OnixRecord = {
    reference,
    line,
    isbn13: choice.isbn13,
    isbn10: choice.isbn10,
    blocks,
    deletion,
    title,
    subtitle,
    contributors: mapContributors(dd ?? empty),
    productForm: formRaw && /^[A-Z0-9]{2}$/.test(formRaw) ? formRaw : null,
    productFormDetails: childrenOf(dd, 'productformdetail').map(textOf).filter((s): s is string => !!s),
    subjects,
    bisacCategory: (bisac.find((s) => s.main) ?? bisac[0])?.code ?? null,
    keywords: keywords.length ? keywords.join('; ') : null,
    editionNumber: (() => {
      const n = positiveInt(val(dd, 'editionnumber'));
      return n && n < 32768 ? n : null;
    })(),
    pages: mapPages(dd ?? empty),
    language: mapLanguage(dd ?? empty),
    ...mapMeasures(dd ?? empty),
    synopsis: mapSynopsis(cd ?? empty, isV3 ? empty : product),
    ...mapPublishing(pd ?? empty),
    ...supply,
  };
  return { ok: true, record, notices };
}
