import { useMemo } from 'react';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { ptBR } from '@mui/x-data-grid/locales';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { ListParams, SortState } from '../list-params/use-list-params.ts';

/** Text of an empty list (SPEC section 8). */
export const NO_DATA_MESSAGE = 'Não foi encontrado dados';

/** Text of a list whose call failed. */
export const LIST_ERROR_MESSAGE = 'Não foi possível carregar a lista.';
/** Label of the retry button of a failed list. */
export const RETRY_LABEL = 'Tentar novamente';

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
  /** Called with the row clicked, or the row of the focused cell when Enter is pressed. */
  onRowClick?: (row: R) => void;
  /**
   * The last call failed: an alert above the grid says LIST_ERROR_MESSAGE with a retry button
   * (the error toast has already said why), the grid shows no rows, and the pager shows none
   * (0 of 0, no next page) instead of the previous answer's count.
   */
  error?: boolean;
  /** Retries the failed call (the retry button). */
  onRetry?: () => void;
  /** Accessible label of the grid. */
  ariaLabel: string;
  /** Fields to hide (e.g. secondary columns on narrow screens). */
  hiddenFields?: readonly string[];
}

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
 * One list component for every screen (STYLE.md): MUI X Data Grid in server paging and server
 * sorting mode, pt-BR texts, 'Não foi encontrado dados' when empty, an error state with a retry
 * after a failed call, single-column sort. Keyboard: Tab reaches the grid, the arrow keys move
 * between cells and Enter opens the focused row (`onRowClick`).
 */
export function DataTable<R extends GridValidRowModel>({ rows, rowCount, columns, loading, list, onRowClick, ariaLabel, hiddenFields = [], error = false, onRetry }: DataTableProps<R>) {
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
    <>
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            onRetry && (
              <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={onRetry}>
                {RETRY_LABEL}
              </Button>
            )
          }
        >
          {LIST_ERROR_MESSAGE}
        </Alert>
      )}
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
          minHeight: 320,
          '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' },
          '& .MuiDataGrid-cell': { py: 1, display: 'flex', alignItems: 'center' },
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700 },
          '& .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within, & .MuiDataGrid-columnHeader:focus, & .MuiDataGrid-columnHeader:focus-within': {
            outline: (theme) => `2px solid ${theme.palette.primary.main}`,
            outlineOffset: '-2px',
          },
        }}
      />
    </>
  );
}
