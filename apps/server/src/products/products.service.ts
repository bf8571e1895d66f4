import {
  DEFAULT_PAGE_SIZE,
  PRODUCT_SORT_FIELDS,
  parseSorter,
  toPagedList,
  type PagedList,
  type ProductDetail,
  type ProductListItem,
  type ProductListQuery,
} from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { fieldError, notFound } from '../shared/errors.ts';
import { toProductDetail, toProductListItem } from './products.mapper.ts';
import { findProductDetail, findProductPage, findSituationNames, type ProductListFilters, type ProductPageRequest } from './products.repository.ts';

/** Message of a `sorter` naming a field that cannot be sorted on (400 on field `sorter`). */
export const INVALID_SORTER_MESSAGE = 'Ordenação inválida';

/**
 * ISBN-10 → ISBN-13: prefix 978, drop the old check digit, append the EAN-13 check digit
 * (digits weighted 1,3,1,3… from the left; check = (10 − sum mod 10) mod 10, ISO 2108).
 * @param isbn10 ten characters, the last may be 'X'
 */
export function isbn10To13(isbn10: string): string {
  const body = `978${isbn10.slice(0, 9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

/**
 * Digit strings an ISBN typed by a user can match exactly: hyphens, spaces and dots removed,
 * 'x' upper-cased. A 13-digit value matches as is; an ISBN-10 shape (9 digits + digit or X) also
 * matches as its ISBN-13. Anything else is matched as typed (usually no row).
 * @returns null when nothing is left after cleaning
 */
export function isbnCandidates(raw: string): string[] | null {
  const cleaned = raw.replace(/[\s.-]/g, '').toUpperCase();
  if (!cleaned) return null;
  if (/^\d{9}[\dX]$/.test(cleaned)) return [cleaned, isbn10To13(cleaned)];
  return [cleaned];
}

/** ISBN candidates of a free-text `term`, only when it looks like an ISBN-10 or ISBN-13. */
function termIsbns(term: string): string[] {
  const cleaned = term.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{13}$/.test(cleaned)) return [cleaned];
  if (/^\d{9}[\dX]$/.test(cleaned)) return [cleaned, isbn10To13(cleaned)];
  return [];
}

const nonEmpty = (s: string | undefined): string | undefined => (s === undefined || s === '' ? undefined : s);

/**
 * Turns the validated query into repository filters and a page request.
 * @throws DomainError VALIDATION on field `sorter` when the sort field is not one of PRODUCT_SORT_FIELDS
 */
export function toListRequest(query: ProductListQuery): { filters: ProductListFilters; page: ProductPageRequest } {
  let sort;
  try {
    sort = parseSorter(query.sorter ?? query.sort, PRODUCT_SORT_FIELDS);
  } catch {
    throw fieldError('sorter', INVALID_SORTER_MESSAGE);
  }
  const term = nonEmpty(query.term);
  const isbn = nonEmpty(query.isbn13);
  const filters: ProductListFilters = {
    term,
    termIsbns: term ? termIsbns(term) : undefined,
    erpId: nonEmpty(query.idErp),
    isbns: isbn ? (isbnCandidates(isbn) ?? undefined) : undefined,
    title: nonEmpty(query.titulo),
    publisher: nonEmpty(query.editora),
    availability: nonEmpty(query.situacao),
    editionYear: query.anoEdicao,
    active: query.status === undefined ? undefined : query.status === 'true' || query.status === 'ATIVO',
  };
  return {
    filters,
    page: {
      page: query.page,
      size: query.pageSize ?? query.size ?? DEFAULT_PAGE_SIZE,
      sortField: sort?.field ?? 'titulo',
      direction: sort?.direction ?? 'asc',
    },
  };
}

/**
 * `GET produto`: one page of the shared catalogue (every company sees the same products).
 * Matching rules are in docs/catalog-api.md and docs/catalog-search.md. `totalItens` is exact up
 * to COUNT_EXACT_UP_TO matches; above it the answer carries `totalAproximado: true`.
 * @throws DomainError VALIDATION (`sorter`) for an unknown sort field
 */
export async function listProducts(db: Executor, query: ProductListQuery): Promise<PagedList<ProductListItem>> {
  const { filters, page } = toListRequest(query);
  const [{ rows, total, approximate, hasNext }, situationNames] = await Promise.all([findProductPage(db, filters, page), findSituationNames(db)]);
  return toPagedList(rows.map((row) => toProductListItem(row, situationNames)), page.page, page.size, total, approximate ? { hasNext } : undefined);
}

/**
 * `GET produto/{id}`: the full product.
 * @throws DomainError NOT_FOUND ('Não foi encontrado dados') when no product has this id
 */
export async function getProduct(db: Executor, id: number): Promise<ProductDetail> {
  const record = await findProductDetail(db, id);
  if (!record) throw notFound();
  return toProductDetail(record);
}
