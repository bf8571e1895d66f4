import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@acervo/contracts';

/** Sort order of a list: field name and direction. */
export interface SortState {
  field: string;
  direction: 'asc' | 'desc';
}

/** Page, page size, sort and filters of a list screen. */
export interface ListState<F extends string> {
  /** Zero-based page. */
  page: number;
  pageSize: number;
  sort: SortState | null;
  /** Only filters with a non-empty value are present. */
  filters: Partial<Record<F, string>>;
}

/** Configuration of `useListParams`. */
export interface ListParamsConfig<F extends string> {
  /** URL names of the filters (also their API query names). */
  filterKeys: readonly F[];
  /** Page size when the URL has none (default 10). */
  defaultPageSize?: number;
  /** Page sizes accepted from the URL; others fall back to the default. */
  pageSizeOptions?: readonly number[];
  /** Sort when the URL has none, or one the list cannot sort by. */
  defaultSort?: SortState | null;
  /**
   * Fields the list can sort by. A `sort` in the URL naming another field (a stale or edited
   * link, `?sort=bogus,asc`) falls back to `defaultSort` instead of reaching the server.
   */
  sortFields?: readonly string[];
  /**
   * Replace the current history entry on each change instead of pushing one (default false): for
   * filters written while the user types (the Terminal's box), so Back leaves the screen instead of
   * stepping through every prefix typed.
   */
  replace?: boolean;
}

/** `campo,asc|desc` (SPEC section 7 `sorter`) of a sort state. */
export function toSorter(sort: SortState | null): string | undefined {
  return sort ? `${sort.field},${sort.direction}` : undefined;
}

/**
 * The URL's `sort`: null for an explicit empty `sort=` (no order), `fallback` for a field not in
 * `sortFields` or a direction other than asc/desc.
 */
function parseSort(text: string, sortFields: readonly string[] | undefined, fallback: SortState | null): SortState | null {
  if (!text) return null;
  const [field, dir = 'asc', ...rest] = text.split(',');
  if (!field || rest.length > 0 || (dir !== 'asc' && dir !== 'desc')) return fallback;
  if (sortFields && !sortFields.includes(field)) return fallback;
  return { field, direction: dir };
}

function parseIntParam(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  return Number(text);
}

/**
 * Reads a list state from URL search parameters: `page` (zero-based), `pageSize`, `sort`
 * (`campo,asc|desc`) and one parameter per filter key. Missing or malformed values (a page that
 * is not a number, a page size not offered, a sort field the list does not have) take the defaults.
 */
export function parseListState<F extends string>(params: URLSearchParams, config: ListParamsConfig<F>): ListState<F> {
  const defaultPageSize = config.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const size = parseIntParam(params.get('pageSize'));
  const validSize = size !== null && size > 0 && (!config.pageSizeOptions || config.pageSizeOptions.includes(size));
  const filters: Partial<Record<F, string>> = {};
  for (const key of config.filterKeys) {
    const value = params.get(key);
    if (value !== null && value.trim() !== '') filters[key] = value;
  }
  return {
    page: parseIntParam(params.get('page')) ?? 0,
    pageSize: validSize && size !== null ? size : defaultPageSize,
    sort: params.has('sort') ? parseSort(params.get('sort') ?? '', config.sortFields, config.defaultSort ?? null) : (config.defaultSort ?? null),
    filters,
  };
}

/**
 * Writes a list state to URL search parameters, leaving out defaults (page 0, default page size,
 * default sort) so that the plain URL means the default list. Parameters that are not the list's
 * are kept.
 */
export function writeListState<F extends string>(state: ListState<F>, config: ListParamsConfig<F>, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of ['page', 'pageSize', 'sort', ...config.filterKeys]) params.delete(key);
  for (const key of config.filterKeys) {
    const value = state.filters[key];
    if (value !== undefined && value.trim() !== '') params.set(key, value.trim());
  }
  const defaultSort = toSorter(config.defaultSort ?? null);
  const sorter = toSorter(state.sort);
  if (sorter !== defaultSort) params.set('sort', sorter ?? '');
  if (state.page > 0) params.set('page', String(state.page));
  if (state.pageSize !== (config.defaultPageSize ?? DEFAULT_PAGE_SIZE)) params.set('pageSize', String(state.pageSize));
  return params;
}

/** What `useListParams` gives. */
export interface ListParams<F extends string> extends ListState<F> {
  /** `sort` as the API's `sorter`. */
  sorter: string | undefined;
  setPage: (page: number) => void;
  /** Changes the page size and goes back to the first page. */
  setPageSize: (pageSize: number) => void;
  /** Changes the sort and goes back to the first page. */
  setSort: (sort: SortState | null) => void;
  /** Replaces all filters and goes back to the first page. */
  setFilters: (filters: Partial<Record<F, string>>) => void;
  /** Clears filters, sort and paging (back to the defaults). */
  reset: () => void;
  /** Query for a paged API call: `page`, `pageSize`, `sorter` and the defined filters. */
  query: Record<string, string | number | undefined>;
}

/**
 * Keeps a list's page, page size, sort and filters in the URL (STYLE.md, react-admin's
 * `useListParams`), so that they survive a reload and can be shared as a link. Must run under a
 * React Router router.
 */
export function useListParams<F extends string>(config: ListParamsConfig<F>): ListParams<F> {
  const [searchParams, setSearchParams] = useSearchParams();
  const { filterKeys, defaultPageSize, pageSizeOptions, defaultSort, sortFields, replace = false } = config;
  // The config is usually an inline object: depend on its parts, not its identity.
  const filterKey = filterKeys.join('|');
  const stableConfig = useMemo<ListParamsConfig<F>>(
    () => ({ filterKeys, defaultPageSize, pageSizeOptions, defaultSort, sortFields }),
    [filterKey, defaultPageSize, pageSizeOptions?.join('|'), toSorter(defaultSort ?? null), sortFields?.join('|')],
  );
  const state = useMemo(() => parseListState(searchParams, stableConfig), [searchParams, stableConfig]);

  const update = useCallback(
    (change: (current: ListState<F>) => ListState<F>) => {
      setSearchParams((current) => writeListState(change(parseListState(current, stableConfig)), stableConfig, current), { replace });
    },
    [setSearchParams, stableConfig, replace],
  );

  return useMemo<ListParams<F>>(() => {
    const sorter = toSorter(state.sort);
    return {
      ...state,
      sorter,
      setPage: (page) => update((s) => ({ ...s, page })),
      setPageSize: (pageSize) => update((s) => ({ ...s, pageSize, page: 0 })),
      setSort: (sort) => update((s) => ({ ...s, sort, page: 0 })),
      setFilters: (filters) => update((s) => ({ ...s, filters, page: 0 })),
      reset: () => update(() => ({ page: 0, pageSize: stableConfig.defaultPageSize ?? DEFAULT_PAGE_SIZE, sort: stableConfig.defaultSort ?? null, filters: {} })),
      query: { page: state.page, pageSize: state.pageSize, sorter, ...state.filters },
    };
  }, [state, update, stableConfig]);
}
