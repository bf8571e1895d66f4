import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../list-params/use-list-params.ts';

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
  /**
   * The server stopped counting (`totalAproximado`): `rowCount` is a lower bound, the pager says
   * "mais de N" and `hasNextPage` (the answer's `proxima`) decides whether next is enabled.
   */
  rowCountApproximate?: boolean;
  /** Whether a page follows the current one; read only when `rowCountApproximate`. */
  hasNextPage?: boolean;
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

/** Minimum height (px) of a list, also of the placeholder shown while the grid loads. */
export const LIST_MIN_HEIGHT = 320;

/**
 * The grid, in a chunk of its own (MUI X Data Grid is the largest part of a list screen): the
 * screen's title and filters render and paint while it downloads, instead of waiting for it.
 * `lazy` loses the component's row-type parameter; `DataTable` restores it.
 */
const LazyDataGridView = lazy(async () => {
  const view = (await import('./data-grid-view.tsx')).DataGridView as ComponentType<DataTableProps<GridValidRowModel>>;
  gridLoaded = true;
  return { default: view };
});
/** True once the grid's chunk has loaded in this page: later lists render it at once. */
let gridLoaded = false;

/**
 * One list component for every screen (STYLE.md): MUI X Data Grid in server paging and server
 * sorting mode, pt-BR or en-US texts (`dataTable.*` and MUI X's locale text), 'Não foi encontrado dados' when empty, an error state with a retry
 * after a failed call, single-column sort. A plain cell's text wider than its column ends in an
 * ellipsis and shows whole on hover (`CellText`; custom cells use it for their long texts). Keyboard: Tab reaches the grid, the arrow keys move
 * between cells and Enter opens the focused row (`onRowClick`). The grid loads on demand, in a
 * placeholder of its size, so the rest of the screen paints first (Lighthouse LCP on phones).
 */
export function DataTable<R extends GridValidRowModel>(props: DataTableProps<R>) {
  const { t } = useTranslation();
  // a progress bar the size of the list until its chunk arrives (a plain div may not carry a label)
  const placeholder = <Box role="progressbar" aria-busy="true" aria-label={t('dataTable.loading')} data-list-placeholder="" sx={{ minHeight: LIST_MIN_HEIGHT, backgroundColor: '#fff', border: 1, borderColor: 'divider', borderRadius: 1 }} />;
  // The first list of a page asks for the grid's chunk only once the screen has been shown (two
  // animation frames after the commit: React may run effects before the paint, and the first frame's
  // callbacks run before it is presented), so the title, filters and shell paint without waiting
  // for the grid's download and its render (Lighthouse LCP).
  const [gridWanted, setGridWanted] = useState(gridLoaded);
  useEffect(() => {
    if (gridWanted) return undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setGridWanted(true));
    });
    return () => cancelAnimationFrame(frame);
  }, [gridWanted]);
  return (
    <>
      {props.error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            props.onRetry && (
              <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={props.onRetry}>
                {t('dataTable.retry')}
              </Button>
            )
          }
        >
          {t('dataTable.error')}
        </Alert>
      )}
      {gridWanted ? (
        <Suspense fallback={placeholder}>
          {/* the props are this list's own: only the row type parameter was erased by `lazy` */}
          <LazyDataGridView {...(props as unknown as DataTableProps<GridValidRowModel>)} />
        </Suspense>
      ) : (
        placeholder
      )}
    </>
  );
}
