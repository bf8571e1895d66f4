import { useMemo } from 'react';
import { DataGrid, type GridPaginationModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { ptBR } from '@mui/x-data-grid/locales';
import Box from '@mui/material/Box';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import type { SortState } from '../list-params/use-list-params.ts';
import { LIST_MIN_HEIGHT, NO_DATA_MESSAGE, PAGE_SIZE_OPTIONS, type DataTableProps } from './data-table.tsx';

/**
 * Overlay of a failed list: only an icon, since the alert above the grid says what happened (a
 * grid may hold no buttons, so the retry lives in that alert) and the error toast says why.
 */
function ErrorOverlay() {
  return (
    <Box sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <ErrorOutlineIcon aria-hidden color="disabled" sx={{ fontSize: 48 }} />
    </Box>
  );
}

/**
 * The grid of `DataTable` (loaded on demand by it): MUI X Data Grid in server paging and sorting
 * mode, pt-BR texts, 'Não foi encontrado dados' when empty, no rows and an empty pager after a
 * failed call, single-column sort, Enter on a focused cell opens its row.
 */
export function DataGridView<R extends GridValidRowModel>({ rows, rowCount, columns, loading, list, onRowClick, ariaLabel, hiddenFields = [], error = false }: DataTableProps<R>) {
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
      rows={error ? [] : rows}
      columns={columns}
      rowCount={error ? 0 : (rowCount ?? -1)}
      loading={loading}
      slots={error ? { noRowsOverlay: ErrorOverlay } : undefined}
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
      onCellKeyDown={
        onRowClick
          ? (params, event) => {
              if (event.key !== 'Enter' || params.cellMode === 'edit') return;
              event.defaultMuiPrevented = true;
              onRowClick(params.row);
            }
          : undefined
      }
      sx={{
        backgroundColor: '#fff',
        minHeight: LIST_MIN_HEIGHT,
        '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' },
        '& .MuiDataGrid-cell': { py: 1, display: 'flex', alignItems: 'center' },
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700 },
        '& .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within, & .MuiDataGrid-columnHeader:focus, & .MuiDataGrid-columnHeader:focus-within': {
          outline: (theme) => `2px solid ${theme.palette.primary.main}`,
          outlineOffset: '-2px',
        },
      }}
    />
  );
}
