import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE, parseSorter, toPagedList, type ListQuery, type PagedList } from '@acervo/contracts';
import { fieldError } from './errors.ts';

/** Message of a `sorter` naming a field that cannot be sorted on (400 on field `sorter`). */
export const INVALID_SORTER_MESSAGE = 'Ordenação inválida';

/** Where one list reads its page: zero-based page, page size, SQL offset and ORDER BY terms. */
export interface PageRequest {
  page: number;
  size: number;
  offset: number;
  /** ORDER BY terms: the sorted column, then the tie-breaker (stable paging). */
  orderBy: SQL[];
}

/** Options of `pageRequest`. */
export interface PageRequestOptions<F extends string> {
  /** Wire sort field → column or SQL expression (every visible column of the list). */
  sortable: Record<F, AnyColumn | SQL>;
  /** Sort used when `sorter` is absent. */
  defaultSort: { field: F; direction: 'asc' | 'desc' };
  /** Column appended to every ORDER BY so equal values page stably (usually the id). */
  tieBreaker: AnyColumn;
}

/**
 * Turns the SPEC list query (`page`, `pageSize` | `size`, `sorter` | `sort`) into a page request.
 * `sorter` is `campo,asc`, `campo,desc`, `campo` or `-campo` (see `parseSorter`); text columns
 * should be given as `lower(col)` expressions by the caller when case must not matter.
 * @throws DomainError VALIDATION on field `sorter` ('Ordenação inválida') for a field not in `sortable`
 */
export function pageRequest<F extends string>(query: Pick<ListQuery, 'page' | 'pageSize' | 'size' | 'sorter' | 'sort'>, options: PageRequestOptions<F>): PageRequest {
  let sort;
  try {
    sort = parseSorter(query.sorter ?? query.sort, Object.keys(options.sortable) as F[]);
  } catch {
    throw fieldError('sorter', INVALID_SORTER_MESSAGE);
  }
  const { field, direction } = sort ?? options.defaultSort;
  const size = query.pageSize ?? query.size ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 0;
  const column = options.sortable[field];
  const order = direction === 'desc' ? desc : asc;
  return { page, size, offset: page * size, orderBy: [order(column), order(options.tieBreaker)] };
}

/**
 * The list `status` filter (`true`/`ATIVO` = active, `false`/`INATIVO` = inactive).
 * @returns true, false, or undefined when no status filter was sent
 */
export function statusFilter(status: ListQuery['status']): boolean | undefined {
  if (status === undefined) return undefined;
  return status === 'true' || status === 'ATIVO';
}

/**
 * A free-text `term` as an accent- and case-insensitive ILIKE pattern (`%term%`, with `%`, `_`
 * and `\` escaped), to compare with `unaccent(lower(col))`; undefined for a blank term.
 */
export function termPattern(term: string | undefined): string | undefined {
  const trimmed = term?.trim();
  if (!trimmed) return undefined;
  return `%${trimmed.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `unaccent(lower(col)) LIKE unaccent(pattern)`: the accent-insensitive match of `termPattern`. */
export function matchesTerm(column: AnyColumn | SQL, pattern: string): SQL {
  return sql`unaccent(lower(${column})) LIKE unaccent(${pattern})`;
}

/**
 * Runs a page query and its count together and shapes the SPEC paged list. Count with
 * `db.$count(table, where)`.
 * @param rows the page's rows (already limited by `request.size` and offset)
 * @param count the total number of rows matching the filters
 */
export async function pagedResult<T>(request: PageRequest, rows: Promise<T[]>, count: Promise<number>): Promise<PagedList<T>> {
  const [itens, total] = await Promise.all([rows, count]);
  return toPagedList(itens, request.page, request.size, total);
}
