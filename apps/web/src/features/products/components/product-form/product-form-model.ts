import { z } from 'zod';
import {
  cleanIsbn,
  isValidEan13,
  isValidIsbn10,
  isbn10CheckDigit,
  isbn10To13,
  isbn13To10,
  issnCheckDigit,
  ean13CheckDigit,
  productSaveSchema,
  slugFromTitle,
  type ProductDetail,
  type ProductSave,
} from '@acervo/contracts';
import type { PickerOption } from '../../../../shared/forms/paged-autocomplete.tsx';

/** One row of the contributor list as the form holds it (order = array order). */
export interface ContributorRow {
  /** ONIX list 17 role: `{value: 'A01', label: 'A01 – Autor'}`. */
  tipoContribuicao: PickerOption | null;
  nomeCompleto: string;
  nomeInvertido: string;
}

/** A subject or a price carried through unchanged (the form does not edit them, the ONIX import does). */
type SubjectRow = ProductSave['assuntos'][number];
type PriceRow = ProductSave['precos'][number];

/**
 * What the product form holds: the wire field names of `productSaveSchema`, with every number and
 * text as typed (a string), dates as ISO `YYYY-MM-DD` or null (the date pickers show DD/MM/YYYY),
 * pickers as `PickerOption` (`value` = the id or code sent). `formToBody` turns it into the body.
 * Keeping the wire names lets a server 400/409 `field` land on its input as it is.
 */
export interface ProductFormValues {
  isbn13: string;
  isbn10: string;
  issn: string;
  status: string;
  indCompra: boolean;
  indVenda: boolean;
  indConsignacao: boolean;
  indEstoque: boolean;
  tipo: string;
  origem: string;
  titulo: string;
  tituloEn: string;
  tituloEs: string;
  subtitulo: string;
  unidadeMedida: string;
  grupoProduto: string;
  colecao: string;
  anoEdicao: string;
  numeroEdicao: string;
  tiragem: string;
  idEditora: PickerOption | null;
  idSelo: PickerOption | null;
  categoriaBisac: PickerOption | null;
  subcategoriaBisac: PickerOption | null;
  categoria: string;
  assunto: string;
  idFaixaEtaria: PickerOption | null;
  idPublicoAlvo: PickerOption | null;
  idClassificacaoIndicativa: PickerOption | null;
  idLinhaProduto: PickerOption | null;
  personagens: string;
  brindes: PickerOption[];
  produtosRelacionados: PickerOption[];
  estoqueMinimo: string;
  estoqueMaximo: string;
  formatoProduto: PickerOption | null;
  detalhesFormato: string[];
  encadernacao: PickerOption | null;
  cest: string;
  codigoBeneficio: string;
  percentualDescontoMaximo: string;
  situacao: PickerOption | null;
  dataSituacao: string | null;
  caracteristicaFiscal: string;
  sinopse: string;
  sinopseEn: string;
  sinopseEs: string;
  idioma: string;
  dataPublicacao: string | null;
  numeroPaginas: string;
  pesoGramas: string;
  alturaMm: string;
  larguraMm: string;
  espessuraMm: string;
  autores: ContributorRow[];
  assuntos: SubjectRow[];
  precos: PriceRow[];
  slugSeo: string;
  palavrasChave: string;
  observacao: string;
  indExibirMarketplace: boolean;
  indBlacklist: boolean;
}

/** The new-product form: empty texts, the create defaults of the flags (compra, venda, estoque on). */
export function emptyProductValues(): ProductFormValues {
  return {
    isbn13: '', isbn10: '', issn: '', status: '',
    indCompra: true, indVenda: true, indConsignacao: false, indEstoque: true,
    tipo: '', origem: '', titulo: '', tituloEn: '', tituloEs: '', subtitulo: '', unidadeMedida: '', grupoProduto: '', colecao: '',
    anoEdicao: '', numeroEdicao: '', tiragem: '',
    idEditora: null, idSelo: null, categoriaBisac: null, subcategoriaBisac: null, categoria: '', assunto: '',
    idFaixaEtaria: null, idPublicoAlvo: null, idClassificacaoIndicativa: null, idLinhaProduto: null,
    personagens: '', brindes: [], produtosRelacionados: [], estoqueMinimo: '', estoqueMaximo: '',
    formatoProduto: null, detalhesFormato: [], encadernacao: null, cest: '', codigoBeneficio: '', percentualDescontoMaximo: '',
    situacao: null, dataSituacao: null, caracteristicaFiscal: '', sinopse: '', sinopseEn: '', sinopseEs: '', idioma: 'por',
    dataPublicacao: null, numeroPaginas: '', pesoGramas: '', alturaMm: '', larguraMm: '', espessuraMm: '',
    autores: [], assuntos: [], precos: [], slugSeo: '', palavrasChave: '', observacao: '',
    indExibirMarketplace: false, indBlacklist: false,
  };
}

const str = (v: string | number | null | undefined): string => (v === null || v === undefined ? '' : String(v));
const ref = (r: { id: number; nome: string } | null): PickerOption | null => (r ? { value: r.id, label: r.nome } : null);
const code = (c: string | null, label?: string | null): PickerOption | null => (c ? { value: c, label: label ? `${c} – ${label}` : c } : null);

/** The form values of a saved product (`GET produto/{id}`). */
export function valuesFromDetail(p: ProductDetail): ProductFormValues {
  return {
    isbn13: p.isbn13, isbn10: str(p.isbn10), issn: str(p.issn), status: str(p.status),
    indCompra: p.indCompra, indVenda: p.indVenda, indConsignacao: p.indConsignacao, indEstoque: p.indEstoque,
    tipo: str(p.tipo), origem: str(p.origem), titulo: p.titulo, tituloEn: str(p.tituloEn), tituloEs: str(p.tituloEs), subtitulo: str(p.subtitulo),
    unidadeMedida: str(p.unidadeMedida), grupoProduto: str(p.grupoProduto), colecao: str(p.colecao),
    anoEdicao: str(p.anoEdicao), numeroEdicao: str(p.numeroEdicao), tiragem: str(p.tiragem),
    idEditora: ref(p.editora), idSelo: ref(p.selo), categoriaBisac: code(p.categoriaBisac), subcategoriaBisac: code(p.subcategoriaBisac),
    categoria: str(p.categoria), assunto: str(p.assunto),
    idFaixaEtaria: ref(p.faixaEtaria), idPublicoAlvo: ref(p.publicoAlvo), idClassificacaoIndicativa: ref(p.classificacaoIndicativa), idLinhaProduto: ref(p.linhaProduto),
    personagens: str(p.personagens),
    brindes: p.brindes.map((isbn) => ({ value: isbn, label: isbn })),
    produtosRelacionados: p.produtosRelacionados.map((isbn) => ({ value: isbn, label: isbn })),
    estoqueMinimo: str(p.estoqueMinimo), estoqueMaximo: str(p.estoqueMaximo),
    formatoProduto: code(p.formatoProduto, p.descricaoFormatoProduto), detalhesFormato: p.detalhesFormato, encadernacao: code(p.encadernacao),
    cest: str(p.cest), codigoBeneficio: str(p.codigoBeneficio),
    percentualDescontoMaximo: p.percentualDescontoMaximo === null ? '' : String(p.percentualDescontoMaximo).replace('.', ','),
    situacao: code(p.situacao, p.descricaoSituacao), dataSituacao: p.dataSituacao, caracteristicaFiscal: str(p.caracteristicaFiscal),
    sinopse: str(p.sinopse), sinopseEn: str(p.sinopseEn), sinopseEs: str(p.sinopseEs), idioma: str(p.idioma), dataPublicacao: p.dataPublicacao,
    numeroPaginas: str(p.numeroPaginas), pesoGramas: str(p.pesoGramas), alturaMm: str(p.alturaMm), larguraMm: str(p.larguraMm), espessuraMm: str(p.espessuraMm),
    autores: p.autores.map((a) => ({ tipoContribuicao: code(a.tipoContribuicao, a.descricaoContribuicao), nomeCompleto: a.nomeCompleto, nomeInvertido: str(a.nomeInvertido) })),
    assuntos: p.assuntos.map((s) => ({ esquema: s.esquema, codigo: s.codigo, descricao: s.descricao, principal: s.principal })),
    precos: p.precos.map((x) => ({ tipo: x.tipo, moeda: x.moeda, valorCentavos: x.valorCentavos, territorio: x.territorio })),
    slugSeo: str(p.slugSeo), palavrasChave: str(p.palavrasChave), observacao: str(p.observacao),
    indExibirMarketplace: p.indExibirMarketplace, indBlacklist: p.indBlacklist,
  };
}

/** `12,5` or `12.5` → 12.5; blank → null; other text is passed on for the schema to refuse. */
function decimal(text: string): number | string | null {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) && /^-?\d+([.,]\d+)?$/.test(t) ? n : t;
}

/** A typed integer: the trimmed text (the schema takes decimal digits and says what is wrong otherwise). */
const int = (text: string): string | null => (text.trim() === '' ? null : text.trim());
const opt = (o: PickerOption | null) => (o ? o.value : null);

/**
 * The `POST/PUT produto` body of the form values (before validation): pickers become their ids
 * or codes, numbers stay text for the schema's integer check (a decimal comma is accepted in the
 * discount), contributors without a name and a role are dropped (an empty row left at the end).
 */
export function formToBody(v: ProductFormValues): Record<string, unknown> {
  return {
    isbn13: v.isbn13, isbn10: v.isbn10, issn: v.issn, status: v.status,
    indCompra: v.indCompra, indVenda: v.indVenda, indConsignacao: v.indConsignacao, indEstoque: v.indEstoque,
    tipo: v.tipo, origem: v.origem, titulo: v.titulo, tituloEn: v.tituloEn, tituloEs: v.tituloEs, subtitulo: v.subtitulo,
    unidadeMedida: v.unidadeMedida, grupoProduto: v.grupoProduto, colecao: v.colecao,
    anoEdicao: int(v.anoEdicao), numeroEdicao: int(v.numeroEdicao), tiragem: int(v.tiragem),
    idEditora: opt(v.idEditora), idSelo: opt(v.idSelo), categoriaBisac: opt(v.categoriaBisac), subcategoriaBisac: opt(v.subcategoriaBisac),
    categoria: v.categoria, assunto: v.assunto,
    idFaixaEtaria: opt(v.idFaixaEtaria), idPublicoAlvo: opt(v.idPublicoAlvo), idClassificacaoIndicativa: opt(v.idClassificacaoIndicativa), idLinhaProduto: opt(v.idLinhaProduto),
    personagens: v.personagens,
    brindes: v.brindes.map((o) => String(o.value)),
    produtosRelacionados: v.produtosRelacionados.map((o) => String(o.value)),
    estoqueMinimo: int(v.estoqueMinimo), estoqueMaximo: int(v.estoqueMaximo),
    formatoProduto: opt(v.formatoProduto), detalhesFormato: v.detalhesFormato, encadernacao: opt(v.encadernacao),
    cest: v.cest, codigoBeneficio: v.codigoBeneficio, percentualDescontoMaximo: decimal(v.percentualDescontoMaximo),
    situacao: opt(v.situacao), dataSituacao: v.dataSituacao, caracteristicaFiscal: v.caracteristicaFiscal,
    sinopse: v.sinopse, sinopseEn: v.sinopseEn, sinopseEs: v.sinopseEs, idioma: v.idioma, dataPublicacao: v.dataPublicacao,
    numeroPaginas: int(v.numeroPaginas), pesoGramas: int(v.pesoGramas), alturaMm: int(v.alturaMm), larguraMm: int(v.larguraMm), espessuraMm: int(v.espessuraMm),
    autores: v.autores
      .filter((a) => a.tipoContribuicao !== null || a.nomeCompleto.trim() !== '' || a.nomeInvertido.trim() !== '')
      .map((a) => ({ tipoContribuicao: a.tipoContribuicao ? String(a.tipoContribuicao.value) : '', nomeCompleto: a.nomeCompleto, nomeInvertido: a.nomeInvertido })),
    assuntos: v.assuntos, precos: v.precos,
    slugSeo: v.slugSeo, palavrasChave: v.palavrasChave, observacao: v.observacao,
    indExibirMarketplace: v.indExibirMarketplace, indBlacklist: v.indBlacklist,
  };
}

/**
 * The form's schema: `formToBody`, then the server's own `productSaveSchema`, so every check (ISBN
 * and ISSN digits, bounds, stock min <= max, edition year) runs in the browser with the server's
 * messages, under the same field names.
 */
export const productFormSchema: z.ZodType<ProductSave, ProductFormValues> = z.preprocess((v) => formToBody(v as ProductFormValues), productSaveSchema) as unknown as z.ZodType<ProductSave, ProductFormValues>;

/** Moves the item at `from` to `to` (both clamped into the list); a new array, the input untouched. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= list.length) return next;
  const target = Math.max(0, Math.min(list.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}

/**
 * Where a keyboard shortcut on a contributor row moves it: Alt+ArrowUp one up, Alt+ArrowDown one
 * down (null for any other key, or a move past either end).
 */
export function contributorKeyMove(key: string, altKey: boolean, index: number, length: number): number | null {
  if (!altKey) return null;
  if (key === 'ArrowUp' && index > 0) return index - 1;
  if (key === 'ArrowDown' && index < length - 1) return index + 1;
  return null;
}

/**
 * The SEO slug after the title changed: the proposal `slugFromTitle(title)` while the user has not
 * edited the slug (`edited` false), the current slug otherwise.
 */
export function proposedSlug(title: string, currentSlug: string, edited: boolean): string {
  return edited ? currentSlug : slugFromTitle(title);
}

/**
 * Whether a saved product's slug counts as edited by hand: it differs from the proposal of its
 * title (an empty slug or the proposal itself keep following the title).
 */
export function slugWasEdited(title: string, slug: string): boolean {
  return slug.trim() !== '' && slug !== slugFromTitle(title);
}

/** What the ISBN field says while typing. */
export type IsbnCheck =
  | { kind: 'empty' | 'partial' }
  | { kind: 'invalid'; expected: string }
  | { kind: 'isbn10'; isbn13: string }
  | { kind: 'isbn13'; isbn10: string | null }
  | { kind: 'ean13' }
  | { kind: 'wrongLength' };

/**
 * Live check of a typed ISBN-13 / EAN-13 / ISBN-10 (hyphens and spaces allowed): `partial` while
 * fewer digits than a full number; `invalid` with the check digit it should have; `isbn10` with
 * its ISBN-13 (the number that will be saved); `isbn13` with its ISBN-10 (null for 979); `ean13`
 * for a valid EAN-13 that is not a book number.
 */
export function checkIsbn(value: string): IsbnCheck {
  const clean = cleanIsbn(value);
  if (clean === '') return { kind: 'empty' };
  if (!/^\d*X?$/.test(clean)) return { kind: 'wrongLength' };
  if (clean.length < 10 || (clean.length > 10 && clean.length < 13)) return { kind: 'partial' };
  if (clean.length === 10) {
    if (isValidIsbn10(clean)) return { kind: 'isbn10', isbn13: isbn10To13(clean) };
    return /^\d{9}/.test(clean) ? { kind: 'invalid', expected: isbn10CheckDigit(clean.slice(0, 9)) } : { kind: 'wrongLength' };
  }
  if (clean.length === 13 && /^\d{13}$/.test(clean)) {
    if (!isValidEan13(clean)) return { kind: 'invalid', expected: ean13CheckDigit(clean.slice(0, 12)) };
    return /^97[89]/.test(clean) ? { kind: 'isbn13', isbn10: isbn13To10(clean) } : { kind: 'ean13' };
  }
  return { kind: 'wrongLength' };
}

/** Live check of a typed ISSN: null while empty or incomplete, else whether the check digit is right (and the one expected). */
export function checkIssn(value: string): { valid: boolean; expected: string } | null {
  const clean = value.replace(/[\s-]/g, '').toUpperCase();
  if (clean.length < 8 || !/^\d{7}/.test(clean)) return null;
  const expected = issnCheckDigit(clean.slice(0, 7));
  return { valid: clean.length === 8 && clean[7] === expected, expected };
}

/** Anchors of the form's sections, in screen order (the section navigator and the i18n keys `products.form.sections.*`). */
export const PRODUCT_FORM_SECTIONS = ['identification', 'commercial', 'classification', 'contributors', 'physical', 'fiscal', 'texts', 'stock', 'marketplace', 'cover', 'seo', 'related', 'history'] as const;
/** One section anchor. */
export type ProductFormSection = (typeof PRODUCT_FORM_SECTIONS)[number];

/**
 * The first section holding a field with an error, so a failed submit scrolls there. Field names
 * map to sections by the layout of `ProductForm`.
 */
export const FIELD_SECTION: Readonly<Record<string, ProductFormSection>> = {
  isbn13: 'identification', isbn10: 'identification', issn: 'identification', titulo: 'identification', subtitulo: 'identification', numeroEdicao: 'identification', anoEdicao: 'identification', idEditora: 'identification', idSelo: 'identification', colecao: 'identification', tiragem: 'identification',
  indCompra: 'commercial', indVenda: 'commercial', indConsignacao: 'commercial', indEstoque: 'commercial', status: 'commercial', situacao: 'commercial', dataSituacao: 'commercial', dataPublicacao: 'commercial', tipo: 'commercial', origem: 'commercial', unidadeMedida: 'commercial', grupoProduto: 'commercial', idioma: 'commercial', percentualDescontoMaximo: 'commercial',
  categoriaBisac: 'classification', subcategoriaBisac: 'classification', categoria: 'classification', assunto: 'classification', idFaixaEtaria: 'classification', idPublicoAlvo: 'classification', idClassificacaoIndicativa: 'classification', idLinhaProduto: 'classification', personagens: 'classification',
  autores: 'contributors',
  numeroPaginas: 'physical', alturaMm: 'physical', larguraMm: 'physical', espessuraMm: 'physical', pesoGramas: 'physical', encadernacao: 'physical', formatoProduto: 'physical', detalhesFormato: 'physical',
  cest: 'fiscal', codigoBeneficio: 'fiscal', caracteristicaFiscal: 'fiscal',
  tituloEn: 'texts', tituloEs: 'texts', sinopse: 'texts', sinopseEn: 'texts', sinopseEs: 'texts',
  estoqueMinimo: 'stock', estoqueMaximo: 'stock',
  indExibirMarketplace: 'marketplace', indBlacklist: 'marketplace',
  slugSeo: 'seo', palavrasChave: 'seo', observacao: 'seo',
  brindes: 'related', produtosRelacionados: 'related', assuntos: 'related', precos: 'related',
};

/** Every field name of the form (the wire names a server error may carry). */
export const PRODUCT_FORM_FIELDS: readonly string[] = Object.keys(FIELD_SECTION);

/** Id of the product an `isbn13` 409 message names (`… (id 12)`), or null. */
export function duplicateProductId(message: string): number | null {
  const m = /\(id (\d+)\)\s*$/.exec(message);
  return m ? Number(m[1]) : null;
}
