import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { parseListState, useListParams, writeListState, type ListParams, type ListParamsConfig } from './use-list-params.ts';

type F = 'titulo' | 'editora';
const config: ListParamsConfig<F> = { filterKeys: ['titulo', 'editora'], defaultSort: { field: 'titulo', direction: 'asc' }, pageSizeOptions: [10, 25, 50] };

describe('parseListState / writeListState', () => {
  it('round-trips page, page size, sort and filters through the URL', () => {
    const state = { page: 3, pageSize: 25, sort: { field: 'editora', direction: 'desc' as const }, filters: { titulo: 'dom casmurro', editora: 'Ática' } };
    const params = writeListState(state, config);
    expect(params.get('page')).toBe('3');
    expect(params.get('pageSize')).toBe('25');
    expect(params.get('sort')).toBe('editora,desc');
    expect(parseListState(new URLSearchParams(params.toString()), config)).toEqual(state);
  });

  it('leaves defaults out of the URL and reads an empty URL as the defaults', () => {
    const params = writeListState({ page: 0, pageSize: 10, sort: { field: 'titulo', direction: 'asc' }, filters: {} }, config);
    expect(params.toString()).toBe('');
    expect(parseListState(new URLSearchParams(''), config)).toEqual({ page: 0, pageSize: 10, sort: { field: 'titulo', direction: 'asc' }, filters: {} });
  });

  it('ignores malformed values and unknown page sizes', () => {
    expect(parseListState(new URLSearchParams('page=-1&pageSize=7&titulo=%20'), config)).toEqual({ page: 0, pageSize: 10, sort: { field: 'titulo', direction: 'asc' }, filters: {} });
  });

  it('falls back to the default sort for a field the list cannot sort by or a bad direction', () => {
    const sortable = { ...config, sortFields: ['titulo', 'editora'] };
    const defaultSort = { field: 'titulo', direction: 'asc' };
    expect(parseListState(new URLSearchParams('sort=bogus,asc'), sortable).sort).toEqual(defaultSort);
    expect(parseListState(new URLSearchParams('sort=editora,sideways'), sortable).sort).toEqual(defaultSort);
    expect(parseListState(new URLSearchParams('sort=editora,desc,x'), sortable).sort).toEqual(defaultSort);
    expect(parseListState(new URLSearchParams('sort=editora,desc'), sortable).sort).toEqual({ field: 'editora', direction: 'desc' });
    expect(parseListState(new URLSearchParams('sort=editora'), sortable).sort).toEqual({ field: 'editora', direction: 'asc' });
    // an explicit empty sort still means "no order"
    expect(parseListState(new URLSearchParams('sort='), sortable).sort).toBeNull();
  });

  it('keeps parameters that are not the list’s', () => {
    const params = writeListState({ page: 1, pageSize: 10, sort: null, filters: {} }, config, new URLSearchParams('tab=2&titulo=x'));
    expect(params.get('tab')).toBe('2');
    expect(params.has('titulo')).toBe(false);
  });
});

describe('useListParams', () => {
  function mount(url: string) {
    let current: ListParams<F> | null = null;
    function Probe() {
      current = useListParams(config);
      return null;
    }
    const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: [url] });
    render(<RouterProvider router={router} />);
    return { router, get: () => current as unknown as ListParams<F> };
  }

  it('reads the URL and writes changes back to it', () => {
    const { router, get } = mount('/list?page=2&titulo=machado');
    expect(get().page).toBe(2);
    expect(get().filters).toEqual({ titulo: 'machado' });
    expect(get().query).toEqual({ page: 2, pageSize: 10, sorter: 'titulo,asc', titulo: 'machado' });

    act(() => get().setSort({ field: 'editora', direction: 'desc' }));
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('editora,desc');
    expect(get().page).toBe(0);

    act(() => get().setPage(4));
    act(() => get().setFilters({ editora: 'Rocco' }));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('editora')).toBe('Rocco');
    expect(search.has('titulo')).toBe(false);
    expect(search.has('page')).toBe(false);
    expect(get().sorter).toBe('editora,desc');

    act(() => get().setPage(1));
    act(() => get().setPageSize(50));
    expect(get().pageSize).toBe(50);
    expect(get().page).toBe(0);

    act(() => get().reset());
    expect(router.state.location.search).toBe('');
    expect(get().query).toEqual({ page: 0, pageSize: 10, sorter: 'titulo,asc' });
  });
});
