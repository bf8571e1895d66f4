import { useMemo } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { MOBILE_QUERY } from '../app-id.ts';
import { PAGE_SIZE_OPTIONS } from '../data-table/data-table.tsx';
import { useListParams, type ListParams, type SortState } from '../list-params/use-list-params.ts';
import { useRegisterActions, type IdMutation, type RegisterActions } from '../register/use-register-actions.ts';

/** Options of `useListPage`. */
export interface ListPageOptions<F extends string> {
  /**
   * i18n prefix of the screen (e.g. 'companies', 'registers.faixa-etaria'): `.title`, `.subtitle`,
   * `.new` (the "Novo" button), and the toasts and confirmation of `useRegisterActions`
   * (`.deleted`, `.deleteTitle`, `.activated`, `.deactivated`).
   */
  keyPrefix: string;
  /** Filters kept in the URL and sent as the list's query (e.g. `['term', 'status']`). */
  filterKeys: readonly F[];
  /** Sort when the URL names none. */
  defaultSort: SortState;
  /** Columns the server sorts by; a URL naming another falls back to `defaultSort`. */
  sortFields: readonly string[];
  /** The delete mutation (`DELETE …/{id}`). */
  remove: IdMutation<unknown>;
  /** The active toggle mutation (`PUT …/inativa/{id}`, answers the new state); none = no switch. */
  toggle?: IdMutation<{ ativo: boolean }>;
}

/** State of a list page, from `useListPage`; hand it to `ListPage` and read it in the columns. */
export interface ListPageState<R extends { id: number }, F extends string = string> {
  t: TFunction;
  /** The screen is a phone's (`MOBILE_QUERY`): columns fold under the first one. */
  mobile: boolean;
  keyPrefix: string;
  /** Page, page size, sort and filters in the URL; `list.query` is the list call's query. */
  list: ListParams<F>;
  /** The create/edit dialog, delete confirmation and active switch state. */
  actions: RegisterActions<R>;
}

/**
 * The state every admin list page shares (the `<List>` of react-admin's pair): the URL list
 * parameters (`useListParams` with the app's page sizes), the phone breakpoint, and the register
 * actions (`useRegisterActions`: form dialog, delete after confirmation, active switch). The page
 * calls its own list query with `state.list.query` and builds its columns with `state`.
 * @param options the screen's i18n prefix, filters, sort and its delete/toggle mutations
 * @returns the state `ListPage` renders
 */
export function useListPage<R extends { id: number }, F extends string>(options: ListPageOptions<F>): ListPageState<R, F> {
  const { keyPrefix, filterKeys, defaultSort, sortFields, remove, toggle } = options;
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const list = useListParams({ filterKeys, defaultSort, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields });
  const actions = useRegisterActions<R>({ keyPrefix, remove, toggle });
  return { t, mobile, keyPrefix, list, actions };
}

/**
 * The columns of a list page memoised on what they read: the language, the phone breakpoint,
 * whether a toggle runs (the switches are disabled meanwhile), and `deps` of the page's own.
 * @param state the page's `useListPage` state
 * @param build the columns, from the state
 * @param deps more values the columns read (e.g. a running "Executar agora")
 */
export function useListColumns<R extends GridValidRowModel & { id: number }>(state: ListPageState<R>, build: () => GridColDef<R>[], deps: readonly unknown[] = []): GridColDef<R>[] {
  // the deps are listed by hand (build is a new closure each render; `deps` is the page's own list)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(build, [state.t, state.mobile, state.actions.toggling, ...deps]);
}
