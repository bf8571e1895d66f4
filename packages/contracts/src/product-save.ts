import { z } from 'zod';
import { MAX_INT4, idSchema, integer, text } from './common.ts';
import { isValidEan13 } from './erp-protocol.ts';

/**
 * Body of `POST produto` and `PUT produto/{id}` (issue 8 part 1), also the product form's schema
 * (the web parses the form with it, so every check runs in the browser and on the server alike).
 *
 * Field names are the product detail's (`productDetailSchema`), with the references as ids
 * (`idEditora`, `idSelo`, `idFaixaEtaria`, `idPublicoAlvo`, `idClassificacaoIndicativa`,
 * `idLinhaProduto`). Only `isbn13` and `titulo` are required. Decisions:
 * - `isbn13` takes an ISBN-13, any EAN-13 (non-book items) or an ISBN-10, with or without hyphens
 *   and spaces; every check digit is verified and an ISBN-10 is converted to its ISBN-13 (978
 *   prefix). `isbn10` is derived from a 978 ISBN-13 when absent; when sent it must be the same book.
 *   The check-digit math lives here (no dependency) rather than in `isbn3`: isbn3 also refuses
 *   numbers outside the registration-group ranges it knows (a new Brazilian range would be refused
 *   until a library update) and would add ~100 KB of range tables to the browser bundle; the unit
 *   tests compare these functions against isbn3.
 * - `issn` is stored as `NNNN-NNNC` (ISSN check digit, mod 11, `X` = 10).
 * - `produtosRelacionados` and `brindes` (gifts) are lists of ISBN-13/EAN of catalogue products
 *   (picked by search in the form); ISBNs, not ids, because they are the catalogue's stable key and
 *   what ONIX `<RelatedProduct>` carries, and a related title may be imported after this one.
 * - `autores` is the ordered contributor list (order = array order), `tipoContribuicao` an ONIX
 *   code list 17 code (`A01` author, `B06` translator…).
 * - Dates are ISO `YYYY-MM-DD` on the wire (the form shows DD/MM/YYYY: `brDateToIso` /
 *   `isoDateToBr`); money integer cents; dimensions millimetres; weight grams.
 * - Optional text: blank or null = none. On `PUT` the body replaces every field it can hold (an
 *   absent optional field is cleared), except booleans, which keep the stored value when absent
 *   (on create they take the defaults: compra, venda, estoque true; the others false; ativo true).
 *   `idErp` and `arquivoCapa` are not part of the body (the ERP sync and the cover upload own them).
 * - `slugSeo` absent: the server proposes `slugFromTitle(titulo)`.
 */

// ------------------------------------------------------------------ ISBN / EAN / ISSN math

/** Strips hyphens, spaces and dots, upper-cases an `x` (`85-359-0277-x` → `853590277X`). */
export function cleanIsbn(value: string): string {
  return value.replace(/[\s.\-‐‑–]/g, '').toUpperCase();
}

/** GTIN-13 / EAN-13 / ISBN-13 check digit of the first 12 digits (weights 1,3 alternating, mod 10). */
export function ean13CheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

/** ISBN-10 check character (`0`–`9` or `X`) of the first 9 digits (weights 10…2, mod 11). */
export function isbn10CheckDigit(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(first9[i]) * (10 - i);
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? 'X' : String(c);
}


/** True for a valid ISBN-13: a valid EAN-13 with the Bookland prefix 978 or 979. */
export function isValidIsbn13(value: string): boolean {
  return /^97[89]/.test(value) && isValidEan13(value);
}

/** True for 9 digits plus a correct check character (digit or upper-case X), without hyphens. */
export function isValidIsbn10(value: string): boolean {
  return /^\d{9}[\dX]$/.test(value) && isbn10CheckDigit(value.slice(0, 9)) === value[9];
}

/** ISBN-10 → ISBN-13 (prefix 978, new check digit). Input must be a clean valid ISBN-10. */
export function isbn10To13(isbn10: string): string {
  const body = `978${isbn10.slice(0, 9)}`;
  return body + ean13CheckDigit(body);
}

/** ISBN-13 → ISBN-10, or null when the number is not a 978 ISBN (979 and other EANs have none). */
export function isbn13To10(isbn13: string): string | null {
  if (!/^978\d{10}$/.test(isbn13)) return null;
  const body = isbn13.slice(3, 12);
  return body + isbn10CheckDigit(body);
}

/**
 * The 13-digit key of a typed ISBN-13, EAN-13 or ISBN-10 (hyphens and spaces allowed), or null
 * when it is none of them or a check digit is wrong.
 * @example normalizeIsbn13('85-359-0277-5') // '9788535902778'
 */
export function normalizeIsbn13(value: string): string | null {
  const clean = cleanIsbn(value);
  if (clean.length === 10) return isValidIsbn10(clean) ? isbn10To13(clean) : null;
  if (clean.length === 13) return isValidEan13(clean) ? clean : null;
  return null;
}

/** ISSN check character (`0`–`9` or `X`) of the first 7 digits (weights 8…2, mod 11). */
export function issnCheckDigit(first7: string): string {
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(first7[i]) * (8 - i);
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? 'X' : String(c);
}

/**
 * The stored form `NNNN-NNNC` of a typed ISSN (hyphen optional, `x` accepted), or null when it is
 * not 8 characters with a correct check digit.
 * @example normalizeIssn('03785955') // '0378-5955'
 */
export function normalizeIssn(value: string): string | null {
  const clean = value.replace(/[\s-]/g, '').toUpperCase();
  if (!/^\d{7}[\dX]$/.test(clean) || issnCheckDigit(clean.slice(0, 7)) !== clean[7]) return null;
  return `${clean.slice(0, 4)}-${clean.slice(4)}`;
}

// ------------------------------------------------------------------ slug and dates

/**
 * SEO slug proposed from a title: accents removed (NFKD, combining marks dropped; `ç` → `c`, `ª` → `a`),
 * lower case, every run of other characters a single hyphen, no hyphen at either end, at most
 * `SLUG_MAX_LENGTH` characters (cut at a hyphen when possible).
 * @example slugFromTitle('Memórias Póstumas de Brás Cubas!') // 'memorias-postumas-de-bras-cubas'
 */
export function slugFromTitle(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (base.length <= SLUG_MAX_LENGTH) return base;
  const cut = base.slice(0, SLUG_MAX_LENGTH);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, '');
}

/** Longest SEO slug (the `slug_seo` column). */
export const SLUG_MAX_LENGTH = 300;
/** A valid slug: lower-case letters and digits in groups joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** True when `value` is a real calendar day `YYYY-MM-DD` (2026-02-30 is not). */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `DD/MM/YYYY` (as typed in the form) → `YYYY-MM-DD`, or null when it is not a real day. */
export function brDateToIso(value: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isIsoDay(iso) ? iso : null;
}

/** `YYYY-MM-DD` → `DD/MM/YYYY` for display; other text is returned unchanged. */
export function isoDateToBr(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

// ------------------------------------------------------------------ messages and limits

/** Message of an `isbn13` that is neither a valid ISBN-13/EAN-13 nor a valid ISBN-10. */
export const INVALID_ISBN_MESSAGE = 'ISBN/EAN inválido: verifique os dígitos (ISBN-13, EAN-13 ou ISBN-10)';
/** Message of an `isbn10` with a wrong check digit. */
export const INVALID_ISBN10_MESSAGE = 'ISBN-10 inválido: verifique os dígitos';
/** Message of an `isbn10` that is not the ISBN-10 of `isbn13`. */
export const ISBN10_MISMATCH_MESSAGE = 'O ISBN-10 não corresponde ao ISBN-13';
/** Message of an `issn` with a wrong form or check digit. */
export const INVALID_ISSN_MESSAGE = 'ISSN inválido: use NNNN-NNNN e verifique o dígito';
/** Message of a CEST that is not 7 digits. */
export const INVALID_CEST_MESSAGE = 'CEST deve ter 7 dígitos';
/** Message of an invalid slug. */
export const INVALID_SLUG_MESSAGE = 'Use só letras minúsculas sem acento, números e hífens';
/** Message of a date that is not a real `YYYY-MM-DD` day. */
export const INVALID_PRODUCT_DATE_MESSAGE = 'Data inválida';
/** Message (field `estoqueMinimo`) when the minimum stock exceeds the maximum. */
export const STOCK_BOUNDS_MESSAGE = 'O estoque mínimo não pode ser maior que o estoque máximo';
/** Message of a maximum discount outside 0–100. */
export const DISCOUNT_BOUNDS_MESSAGE = 'O desconto máximo deve estar entre 0 e 100%';
/** How many years past the current one an edition year may be. */
export const EDITION_YEAR_MAX_AHEAD = 2;
/** Message of an edition year too far in the future (`year` = the largest accepted). */
export function editionYearMessage(year: number): string {
  return `O ano da edição não pode passar de ${year}`;
}
/** Message of a list holding the same ISBN twice. */
export const DUPLICATE_IN_LIST_MESSAGE = 'ISBN repetido na lista';

/**
 * 409 message (field `isbn13`) of an ISBN another product already has, naming it.
 * @example duplicateIsbnMessage('Dom Casmurro', 12) // 'Já existe um produto com este ISBN: "Dom Casmurro" (id 12)'
 */
export function duplicateIsbnMessage(titulo: string, id: number): string {
  return `Já existe um produto com este ISBN: "${titulo}" (id ${id})`;
}
/** 400 message of a reference id (`idEditora`…) that does not exist. */
export const REFERENCE_NOT_FOUND_MESSAGE = 'Registro não encontrado';
/** 400 message (field `idSelo`) of an imprint that belongs to another publisher than `idEditora`. */
export const IMPRINT_PUBLISHER_MISMATCH_MESSAGE = 'O selo não pertence à editora informada';

// ------------------------------------------------------------------ field builders

/** Optional one-line (or multi-line) text: blank or null → null. */
function optionalText(max: number, multiline = false) {
  return z.preprocess(blankToNull, text({ max, multiline }).nullable().optional());
}

/** `''`, white space only → null; anything else unchanged. */
function blankToNull(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

/** Optional integer in [min, max]; null/blank = none. */
function optionalInteger(min: number, max: number, rangeMessage?: string) {
  return z.preprocess(blankToNull, integer({ min, max, rangeMessage }).nullable().optional());
}

/** Optional code matching `pattern` (upper-cased first), null/blank = none. */
function optionalCode(max: number, pattern: RegExp, message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? blankToNull(v.trim().toUpperCase()) : v),
    text({ max }).regex(pattern, message).nullable().optional(),
  );
}

/** Optional ISO day, null/blank = none. */
function optionalDay() {
  return z.preprocess(blankToNull, text({ max: 10 }).refine(isIsoDay, INVALID_PRODUCT_DATE_MESSAGE).nullable().optional());
}

/** Optional boolean (absent keeps the stored value on update). */
function optionalFlag() {
  return z.boolean({ error: 'Deve ser verdadeiro ou falso' }).optional();
}

/** Required ISBN-13/EAN-13/ISBN-10 field, answered as the 13-digit key. */
export function isbn13Field() {
  return text({ min: 1, max: 20 }).transform((value, ctx) => {
    const isbn = normalizeIsbn13(value);
    if (isbn === null) {
      ctx.addIssue({ code: 'custom', message: INVALID_ISBN_MESSAGE });
      return z.NEVER;
    }
    return isbn;
  });
}

/** List of ISBN-13/EAN (ISBN-10 converted), no repeats, at most `max`. Null/absent = empty. */
function isbnList(max: number) {
  return z.preprocess(
    (v) => (v === null || v === undefined ? [] : v),
    z
      .array(isbn13Field(), { error: 'Deve ser uma lista' })
      .max(max, `No máximo ${max} itens`)
      .refine((list) => new Set(list).size === list.length, DUPLICATE_IN_LIST_MESSAGE),
  );
}

/** One contributor of the ordered `autores` list. */
export const contributorSaveSchema = z.strictObject({
  /** ONIX code list 17 contributor role (`A01` author…). */
  tipoContribuicao: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    text({ min: 1, max: 3 }).regex(/^[A-Z]\d{2}$/, 'Tipo de contribuição inválido (lista ONIX 17, ex.: A01)'),
  ),
  nomeCompleto: text({ min: 1, max: 300 }),
  nomeInvertido: optionalText(300),
});
export type ContributorSave = z.infer<typeof contributorSaveSchema>;

/** One subject (`esquema` ONIX code list 26, e.g. `10` BISAC, `93` Thema, `20` keywords). */
export const subjectSaveSchema = z.strictObject({
  esquema: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    text({ min: 1, max: 3 }).regex(/^[0-9A-Z]{2,3}$/, 'Esquema inválido (lista ONIX 26, ex.: 10)'),
  ),
  codigo: optionalText(100),
  descricao: optionalText(5000, true),
  principal: z.boolean({ error: 'Deve ser verdadeiro ou falso' }).default(false),
});
export type SubjectSave = z.infer<typeof subjectSaveSchema>;

/** One price (`tipo` ONIX list 58, `moeda` ISO 4217, `valorCentavos` integer cents ≥ 0). */
export const priceSaveSchema = z.strictObject({
  tipo: text({ min: 1, max: 3 }).regex(/^[0-9A-Z]{2,3}$/, 'Tipo de preço inválido (lista ONIX 58, ex.: 02)'),
  moeda: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    text({ min: 1, max: 3 }).regex(/^[A-Z]{3}$/, 'Moeda inválida (ISO 4217, ex.: BRL)'),
  ),
  valorCentavos: integer({ min: 0, max: MAX_INT4 }),
  territorio: optionalText(500),
});
export type PriceSave = z.infer<typeof priceSaveSchema>;

/** Largest page count, dimension (mm) and weight (g) accepted. */
export const PRODUCT_PHYSICAL_LIMITS = { numeroPaginas: 100_000, dimensaoMm: 10_000, pesoGramas: 1_000_000 } as const;

/** Optional reference id (`idEditora`…); null/blank = none. */
function optionalRef() {
  return z.preprocess(blankToNull, idSchema.nullable().optional());
}

const productSaveObject = z.strictObject({
  isbn13: isbn13Field(),
  isbn10: z.preprocess(
    (v) => (typeof v === 'string' ? blankToNull(cleanIsbn(v)) : v),
    text({ max: 10 }).refine(isValidIsbn10, INVALID_ISBN10_MESSAGE).nullable().optional(),
  ),
  issn: z.preprocess(blankToNull, text({ max: 9 }).transform((v, ctx) => {
    const issn = normalizeIssn(v);
    if (issn === null) {
      ctx.addIssue({ code: 'custom', message: INVALID_ISSN_MESSAGE });
      return z.NEVER;
    }
    return issn;
  }).nullable().optional()),
  /** ONIX code list 64 publishing status (2 digits). */
  status: optionalCode(3, /^\d{2}$/, 'Status inválido (lista ONIX 64, ex.: 04)'),
  indCompra: optionalFlag(),
  indVenda: optionalFlag(),
  indConsignacao: optionalFlag(),
  indEstoque: optionalFlag(),
  tipo: optionalText(50),
  origem: optionalText(50),
  titulo: text({ min: 1, max: 500 }),
  tituloEn: optionalText(500),
  tituloEs: optionalText(500),
  subtitulo: optionalText(500),
  unidadeMedida: optionalText(10),
  grupoProduto: optionalText(100),
  colecao: optionalText(300),
  anoEdicao: z.preprocess(
    blankToNull,
    integer({ min: 1000, max: 9999, rangeMessage: 'Ano inválido' })
      .superRefine((year, ctx) => {
        const limit = new Date().getFullYear() + EDITION_YEAR_MAX_AHEAD;
        if (year > limit) ctx.addIssue({ code: 'custom', message: editionYearMessage(limit) });
      })
      .nullable()
      .optional(),
  ),
  numeroEdicao: optionalInteger(1, 9999),
  tiragem: optionalInteger(1, MAX_INT4),
  idEditora: optionalRef(),
  idSelo: optionalRef(),
  /** BISAC heading code, 3 letters + 6 digits (`FIC000000`). */
  categoriaBisac: optionalCode(9, /^[A-Z]{3}\d{6}$/, 'Código BISAC inválido (ex.: FIC000000)'),
  subcategoriaBisac: optionalCode(9, /^[A-Z]{3}\d{6}$/, 'Código BISAC inválido (ex.: FIC019000)'),
  categoria: optionalText(150),
  assunto: optionalText(150),
  idFaixaEtaria: optionalRef(),
  idPublicoAlvo: optionalRef(),
  idClassificacaoIndicativa: optionalRef(),
  idLinhaProduto: optionalRef(),
  personagens: optionalText(20_000, true),
  brindes: isbnList(50),
  produtosRelacionados: isbnList(100),
  estoqueMinimo: optionalInteger(0, MAX_INT4),
  estoqueMaximo: optionalInteger(0, MAX_INT4),
  /** ONIX code list 150 product form (`BB` hardback, `BC` paperback, `ED` digital…). */
  formatoProduto: optionalCode(2, /^[A-Z0-9]{2}$/, 'Formato inválido (lista ONIX 150, ex.: BC)'),
  /** ONIX code list 175 product form details (`B305`…), in order. */
  detalhesFormato: z.preprocess(
    (v) => (v === null || v === undefined ? [] : v),
    z.array(z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), text({ max: 4 }).regex(/^[A-Z]\d{3}$/, 'Detalhe de formato inválido (lista ONIX 175, ex.: B305)'))).max(20, 'No máximo 20 itens'),
  ),
  encadernacao: optionalText(100),
  /** CEST (Código Especificador da Substituição Tributária): 7 digits, mask `00.000.00` accepted. */
  cest: z.preprocess(
    (v) => (typeof v === 'string' ? blankToNull(v.replace(/[.\s]/g, '')) : v),
    text({ max: 7, lengthMessage: INVALID_CEST_MESSAGE }).regex(/^\d{7}$/, INVALID_CEST_MESSAGE).nullable().optional(),
  ),
  codigoBeneficio: optionalText(10),
  /** Percent 0–100, at most 2 decimals. */
  percentualDescontoMaximo: z.preprocess(
    blankToNull,
    z
      .number({ error: 'Deve ser um número' })
      .min(0, DISCOUNT_BOUNDS_MESSAGE)
      .max(100, DISCOUNT_BOUNDS_MESSAGE)
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'No máximo 2 casas decimais')
      .nullable()
      .optional(),
  ),
  /** ONIX code list 65 product availability (2 digits). */
  situacao: optionalCode(3, /^\d{2}$/, 'Situação inválida (lista ONIX 65, ex.: 21)'),
  dataSituacao: optionalDay(),
  caracteristicaFiscal: optionalText(50),
  sinopse: optionalText(50_000, true),
  sinopseEn: optionalText(50_000, true),
  sinopseEs: optionalText(50_000, true),
  /** ISO 639-2/B language (`por`). */
  idioma: z.preprocess(
    (v) => (typeof v === 'string' ? blankToNull(v.trim().toLowerCase()) : v),
    text({ max: 3 }).regex(/^[a-z]{3}$/, 'Idioma inválido (ISO 639-2, ex.: por)').nullable().optional(),
  ),
  dataPublicacao: optionalDay(),
  numeroPaginas: optionalInteger(1, PRODUCT_PHYSICAL_LIMITS.numeroPaginas),
  pesoGramas: optionalInteger(1, PRODUCT_PHYSICAL_LIMITS.pesoGramas),
  alturaMm: optionalInteger(1, PRODUCT_PHYSICAL_LIMITS.dimensaoMm),
  larguraMm: optionalInteger(1, PRODUCT_PHYSICAL_LIMITS.dimensaoMm),
  espessuraMm: optionalInteger(1, PRODUCT_PHYSICAL_LIMITS.dimensaoMm),
  autores: z.preprocess((v) => (v === null || v === undefined ? [] : v), z.array(contributorSaveSchema).max(100, 'No máximo 100 contribuidores')),
  assuntos: z.preprocess((v) => (v === null || v === undefined ? [] : v), z.array(subjectSaveSchema).max(100, 'No máximo 100 assuntos')),
  precos: z.preprocess((v) => (v === null || v === undefined ? [] : v), z.array(priceSaveSchema).max(50, 'No máximo 50 preços')),
  slugSeo: z.preprocess(
    (v) => (typeof v === 'string' ? blankToNull(v.trim()) : v),
    text({ max: SLUG_MAX_LENGTH }).regex(SLUG_PATTERN, INVALID_SLUG_MESSAGE).nullable().optional(),
  ),
  /** Keywords, comma- or semicolon-separated. */
  palavrasChave: optionalText(5000),
  observacao: optionalText(20_000, true),
  indExibirMarketplace: optionalFlag(),
  indBlacklist: optionalFlag(),
  ativo: optionalFlag(),
});

/**
 * Body of `POST produto` / `PUT produto/{id}` (see the module comment above): the field checks,
 * then the cross-field rules: `estoqueMinimo` <= `estoqueMaximo` (message on `estoqueMinimo`),
 * `isbn10` must be the ISBN-10 of `isbn13` (derived when absent; null for a 979 ISBN or another
 * EAN), a product cannot be its own related product or gift, and at most one `principal` subject.
 * Unknown fields answer 400.
 */
export const productSaveSchema = productSaveObject
  .superRefine((p, ctx) => {
    if (p.estoqueMinimo != null && p.estoqueMaximo != null && p.estoqueMinimo > p.estoqueMaximo) {
      ctx.addIssue({ code: 'custom', path: ['estoqueMinimo'], message: STOCK_BOUNDS_MESSAGE });
    }
    if (p.isbn10 != null && isbn13To10(p.isbn13) !== p.isbn10) {
      ctx.addIssue({ code: 'custom', path: ['isbn10'], message: ISBN10_MISMATCH_MESSAGE });
    }
    if (p.produtosRelacionados.includes(p.isbn13)) {
      ctx.addIssue({ code: 'custom', path: ['produtosRelacionados'], message: 'O produto não pode ser relacionado a ele mesmo' });
    }
    if (p.brindes.includes(p.isbn13)) {
      ctx.addIssue({ code: 'custom', path: ['brindes'], message: 'O produto não pode ser brinde dele mesmo' });
    }
    if (p.assuntos.filter((a) => a.principal).length > 1) {
      ctx.addIssue({ code: 'custom', path: ['assuntos'], message: 'Só um assunto pode ser o principal' });
    }
  })
  .transform((p) => ({ ...p, isbn10: p.isbn10 ?? isbn13To10(p.isbn13) }));

/** Parsed body of a product save (ISBNs as 13 digits, blanks as null, lists never absent). */
export type ProductSave = z.output<typeof productSaveSchema>;
/** A form value before parsing: the parsed type, or text as typed, or null (blank). */
type FormValue<T> = T extends readonly (infer U)[] ? FormValue<U>[] : T extends object ? { [K in keyof T]?: FormValue<T[K]> } : T | string | null;
/**
 * What the product form may hold before parsing (`z.input` is `unknown` for the fields with a
 * pre-processing step, so this spells it out): `isbn13` and `titulo` text; every other field
 * optional, as its parsed type, as typed text, or null.
 */
export type ProductSaveInput = { isbn13: string; titulo: string } & { [K in Exclude<keyof ProductSave, 'isbn13' | 'titulo'>]?: FormValue<ProductSave[K]> };

/** Answer of `PUT produto/inativa/{id}`: the product's new state. */
export const productActiveStateSchema = z.object({ id: z.number().int(), ativo: z.boolean() });

// ------------------------------------------------------------------ cover

/** Largest cover upload accepted by `POST produto/{id}/capa` (bytes): 5 MiB. */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
/** Content types a cover may have (checked by magic bytes, not by the declared type). */
export const COVER_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/**
 * Sizes `GET produto/{id}/capa?tamanho=` serves, all WebP: `original` the normalised cover (at
 * most 1600 px on its longer side), `m` 320 px wide, `p` 80 px wide (list thumbnail).
 */
export const COVER_SIZES = ['original', 'm', 'p'] as const;
export type CoverSize = (typeof COVER_SIZES)[number];
/** Query of `GET produto/{id}/capa`. */
export const coverQuerySchema = z.strictObject({
  tamanho: z.enum(COVER_SIZES, { error: 'Tamanho inválido: use original, m ou p' }).default('original'),
  /** Cache-busting version (`coverPath` puts the stored file name here); ignored by the server. */
  v: text({ max: 200 }).optional(),
});
/** 400 message of an upload that is not JPEG, PNG or WebP by its content. */
export const COVER_TYPE_MESSAGE = 'Formato de imagem não suportado: envie JPEG, PNG ou WebP';
/** 413 message of an upload larger than COVER_MAX_BYTES. */
export const COVER_TOO_LARGE_MESSAGE = 'A imagem passa do limite de 5 MB';
/** 400 message of a request without the `arquivo` field. */
export const COVER_MISSING_MESSAGE = 'O campo é obrigatório, insira o arquivo';

/**
 * URL of a product cover (relative to the API base `/api/core-api/`), with the `v` version that
 * changes when the cover does (so the long cache of the answer never shows a stale cover).
 * @param id product id
 * @param arquivoCapa the detail's `arquivoCapa` (the stored file name, which holds the version)
 * @param tamanho size (`p` list thumbnail, `m` form preview, `original`)
 */
export function coverPath(id: number, arquivoCapa: string, tamanho: CoverSize = 'original'): string {
  return `produto/${id}/capa?tamanho=${tamanho}&v=${encodeURIComponent(arquivoCapa)}`;
}

// ------------------------------------------------------------------ image proxy

/** Query of `GET proxy/imagem`: an absolute http(s) URL of at most 2048 characters. */
export const imageProxyQuerySchema = z.strictObject({
  url: text({ min: 1, max: 2048 }).refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'URL inválida: use um endereço http ou https'),
});
