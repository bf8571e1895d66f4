import { useMemo } from 'react';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { ptBR } from '@mui/x-data-grid/locales';
import type { ListParams, SortState } from '../list-params/use-list-params.ts';

/** Text of an empty list (SPEC section 8). */
export const NO_DATA_MESSAGE = 'Não foi encontrado dados';

/** Page sizes offered by every list. */
export const PAGE_SIZE_OPTIONS: readonly number[] = [10, 25, 50, 100];

/** The list state a `DataTable` reads and changes (from `useListParams`). */
export type DataTableList = Pick<ListParams<string>, 'page' | 'pageSize' | 'sort' | 'setPage' | 'setPageSize' | 'setSort'>;

/** Props of `DataTable`. */
export interface DataTableProps<R extends GridValidRowModel> {
  /** Rows of the current page. */
  rows: readonly R[];
  /**
   * Total number of rows on the server (`totalItens`), or undefined before the first answer (the
   * grid then treats the count as unknown instead of clamping the page from the URL to 0).
   */
  rowCount: number | undefined;
  columns: readonly GridColDef<R>[];
  loading: boolean;
  /** Paging and sort state, kept in the URL by `useListParams`. */
  list: DataTableList;
  /** Called with the clicked row. */
  onRowClick?: (row: R) => void;
  /** Accessible label of the grid. */
  ariaLabel: string;
  /** Fields to hide (e.g. secondary columns on narrow screens). */
  hiddenFields?: readonly string[];
}

/**
 * One list component for every screen (STYLE.md): MUI X Data Grid in server paging and server
 * sorting mode, pt-BR texts, 'Não foi encontrado dados' when empty, single-column sort.
 */
export function DataTable<R extends GridValidRowModel>({ rows, rowCount, columns, loading, list, onRowClick, ariaLabel, hiddenFields = [] }: DataTableProps<R>) {
  const localeText = useMemo(() => ({ ...ptBR.components.MuiDataGrid.defaultProps.localeText, noRowsLabel: NO_DATA_MESSAGE, noResultsOverlayLabel: NO_DATA_MESSAGE }), []);
  // Stable identities: a new sortModel array on every render makes the grid emit sortModelChange,
  // which sends it back to page 0 and would drop the page read from the URL.
  const paginationModel = useMemo<GridPaginationModel>(() => ({ page: list.page, pageSize: list.pageSize }), [list.page, list.pageSize]);
  const sortField = list.sort?.field;
  const sortDirection = list.sort?.direction;
  const sortModel = useMemo<GridSortModel>(() => (sortField && sortDirection ? [{ field: sortField, sort: sortDirection }] : []), [sortField, sortDirection]);

  const hiddenKey = hiddenFields.join('|');
  const columnVisibilityModel = useMemo(() => Object.fromEntries(hiddenKey.split('|').filter(Boolean).map((field) => [field, false])), [hiddenKey]);

  const onPaginationModelChange = (model: GridPaginationModel) => {
    if (model.pageSize !== list.pageSize) list.setPageSize(model.pageSize);
    else if (model.page !== list.page) list.setPage(model.page);
  };
  const onSortModelChange = (model: GridSortModel) => {
    const first = model[0];
    const next: SortState | null = first?.sort ? { field: first.field, direction: first.sort } : null;
    list.setSort(next);
  };

  return (
    <DataGrid<R>
      aria-label={ariaLabel}
      rows={rows}
      columns={columns}
      rowCount={rowCount ?? -1}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      sortModel={sortModel}
      onSortModelChange={onSortModelChange}
      columnVisibilityModel={columnVisibilityModel}
      pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
      disableColumnMenu
      disableColumnFilter
      disableRowSelectionOnClick
      getRowHeight={() => 'auto'}
      localeText={localeText}
      onRowClick={onRowClick ? (params) => onRowClick(params.row) : undefined}
      sx={{
        backgroundColor: '#fff',
        minHeight: 320,
        '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' },
        '& .MuiDataGrid-cell': { py: 1, display: 'flex', alignItems: 'center' },
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700 },
      }}
    />
  );
}
