import { useMemo } from 'react';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { enUS, ptBR } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import type { SortState } from '../list-params/use-list-params.ts';
import { CellText } from './cell-text.tsx';
import { LIST_MIN_HEIGHT, PAGE_SIZE_OPTIONS, type DataTableProps } from './data-table.tsx';
import { dataTableText } from './i18n.ts';
import type { Language } from '../i18n-types.ts';

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
 * Overlay while a list loads: a thin bar along the top, named for screen readers (the grid's own
 * progress bar has no accessible name, which axe reports as `aria-progressbar-name`).
 */
function LoadingOverlay() {
  const { t } = useTranslation();
  return (
    <Box sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}>
      <LinearProgress aria-label={t('dataTable.loading')} />
    </Box>
  );
}

const INTEGER: Record<Language, Intl.NumberFormat> = { 'pt-BR': new Intl.NumberFormat('pt-BR'), 'en-US': new Intl.NumberFormat('en-US') };

/** MUI X Data Grid's own texts of each language ("Linhas por página" / "Rows per page", …). */
const GRID_TEXT = { 'pt-BR': ptBR.components.MuiDataGrid.defaultProps.localeText, 'en-US': enUS.components.MuiDataGrid.defaultProps.localeText } as const;

/**
 * The columns with a `CellText` for every plain cell (no `renderCell` of its own): text wider
 * than its column ends in an ellipsis and shows whole on hover, instead of being cut off. A
 * `number` column without a formatter of its own shows its value in the interface language
 * (5.757 in pt-BR, 5,757 in en-US): MUI X would use the browser's locale.
 * @param language interface language (default pt-BR)
 */
export function withCellText<R extends GridValidRowModel>(columns: readonly GridColDef<R>[], language: Language = 'pt-BR'): GridColDef<R>[] {
  return columns.map((column) => {
    const formatted: GridColDef<R> =
      column.type === 'number' && !column.valueFormatter
        ? { ...column, valueFormatter: (value: unknown) => (typeof value === 'number' ? INTEGER[language].format(value) : value) }
        : column;
    return formatted.renderCell || formatted.type === 'actions' || formatted.type === 'boolean'
      ? formatted
      : { ...formatted, renderCell: ({ formattedValue }) => <CellText text={formattedValue === null || formattedValue === undefined ? '' : String(formattedValue)} /> };
  });
}

/**
 * Pager text: '1–10 de 25', or with a count that stopped early '1–10 de mais de 1.000' (the
 * server's lower bound, or the last row shown when the page is already past it); in English
 * '1–10 of 25' and '1–10 of more than 1,000'.
 * @param language interface language (default pt-BR)
 */
export function displayedRows({ from, to, count, estimated }: { from: number; to: number; count: number; estimated?: number }, language: Language = 'pt-BR'): string {
  const integer = INTEGER[language];
  const values = { from: integer.format(from), to: integer.format(to) };
  if (count !== -1) return dataTableText(language, 'range', { ...values, count: integer.format(count) });
  return dataTableText(language, 'rangeMore', { ...values, count: integer.format(Math.max(estimated ?? 0, to)) });
}

/**
 * The grid of `DataTable` (loaded on demand by it): MUI X Data Grid in server paging and sorting
 * mode, MUI X's pt-BR or en-US texts following i18next's language, 'Não foi encontrado dados' ('No data found') when empty, no rows and an empty pager after a
 * failed call, 'mais de N' when the server's count stopped early, single-column sort, Enter on a focused cell opens its row.
 */
export function DataGridView<R extends GridValidRowModel>({
  rows,
  rowCount,
  rowCountApproximate = false,
  hasNextPage = false,
  columns,
  loading,
  list,
  onRowClick,
  ariaLabel,
  hiddenFields = [],
  error = false,
}: DataTableProps<R>) {
  const { i18n } = useTranslation();
  const language: Language = (i18n.resolvedLanguage ?? i18n.language) === 'en-US' ? 'en-US' : 'pt-BR';
  const localeText = useMemo(() => {
    const noData = dataTableText(language, 'noData');
    return { ...GRID_TEXT[language], noRowsLabel: noData, noResultsOverlayLabel: noData, paginationDisplayedRows: (params: Parameters<typeof displayedRows>[0]) => displayedRows(params, language) };
  }, [language]);
  // Stable identities: a new sortModel array on every render makes the grid emit sortModelChange,
  // which sends it back to page 0 and would drop the page read from the URL.
  const paginationModel = useMemo<GridPaginationModel>(() => ({ page: list.page, pageSize: list.pageSize }), [list.page, list.pageSize]);
  const sortField = list.sort?.field;
  const sortDirection = list.sort?.direction;
  const sortModel = useMemo<GridSortModel>(() => (sortField && sortDirection ? [{ field: sortField, sort: sortDirection }] : []), [sortField, sortDirection]);

  const cellColumns = useMemo(() => withCellText(columns, language), [columns, language]);
  const hiddenKey = hiddenFields.join('|');
  const columnVisibilityModel = useMemo(() => Object.fromEntries(hiddenKey.split('|').filter(Boolean).map((field) => [field, false])), [hiddenKey]);

  // A count that stopped early: unknown to the grid (-1) with the lower bound as its estimate,
  // unless this page is the last one, whose end is then the exact count.
  const approximate = !error && rowCountApproximate && rowCount !== undefined;
  const exactEnd = approximate && !hasNextPage ? list.page * list.pageSize + rows.length : undefined;
  const gridRowCount = error ? 0 : exactEnd !== undefined ? exactEnd : approximate ? -1 : (rowCount ?? -1);
  const paginationMeta = useMemo(() => (approximate ? { hasNextPage } : undefined), [approximate, hasNextPage]);

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
      columns={cellColumns}
      rowCount={gridRowCount}
      estimatedRowCount={approximate ? rowCount : undefined}
      paginationMeta={paginationMeta}
      loading={loading}
      slots={error ? { noRowsOverlay: ErrorOverlay, loadingOverlay: LoadingOverlay } : { loadingOverlay: LoadingOverlay }}
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
