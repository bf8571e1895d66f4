import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { ConfirmDialog } from '../confirm/confirm-dialog.tsx';
import { CellText } from '../data-table/cell-text.tsx';
import { DataTable } from '../data-table/data-table.tsx';
import { ListFilters, activeStatusFilter, type SelectFilter } from '../forms/list-filters.tsx';
import { PageHeader } from '../page-header/page-header.tsx';
import { ActiveSwitch, RowActions } from '../register/register-cells.tsx';
import type { ListPageState } from './use-list-page.ts';

/** What `ListPage` reads of the list's TanStack query (a `GET …?page&pageSize&sorter…` answer). */
export interface ListQueryResult<R> {
  data?: { itens: readonly R[]; totalItens: number };
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** Props of `ListPage`. */
export interface ListPageProps<R extends GridValidRowModel & { id: number }> {
  /** From `useListPage`. */
  state: ListPageState<R>;
  /** The page's list query, called with `state.list.query`. */
  query: ListQueryResult<R>;
  columns: readonly GridColDef<R>[];
  /** Fields hidden on phones (they fold under the first column instead). */
  mobileHidden?: readonly string[];
  /**
   * The filter bar: ids start with `idPrefix` (default the key prefix), texts under `textsKey`
   * (default `${keyPrefix}.filters`), and its selects (default the active status select).
   */
  filters?: { idPrefix?: string; textsKey?: string; selects?: readonly SelectFilter[] };
  /** The create/edit dialog, driven by `state.actions` (`formOpen`, `editing`, `closeForm`). */
  form: ReactNode;
  /** Texts of the delete confirmation other than the defaults (SPEC 8 message, Excluir, Cancelar). */
  confirm?: { message?: string; confirmLabel?: string; cancelLabel?: string };
  /** More dialogs of the screen (e.g. a run history). */
  children?: ReactNode;
}

/**
 * One admin list page (react-admin's `<List>` with its `<Datagrid>`): the title, subtitle and
 * "Novo" button (`${keyPrefix}.title|subtitle|new`), the filter bar (`ListFilters`, in the URL),
 * the server-paged grid (`DataTable`; a row click or Enter opens the form), the create/edit dialog
 * (which holds the record's Histórico) and the SPEC 8 delete confirmation. The state comes from
 * `useListPage`; the columns from the page (with `activeColumn` and `actionsColumn`).
 */
export function ListPage<R extends GridValidRowModel & { id: number }>({ state, query, columns, mobileHidden = [], filters = {}, form, confirm, children }: ListPageProps<R>) {
  const { t, mobile, keyPrefix, list, actions } = state;
  const textsKey = filters.textsKey ?? `${keyPrefix}.filters`;
  const title = t(`${keyPrefix}.title`);
  return (
    <Box>
      <PageHeader
        title={title}
        subtitle={t(`${keyPrefix}.subtitle`)}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => actions.openForm(null)}>
            {t(`${keyPrefix}.new`)}
          </Button>
        }
      />
      <ListFilters idPrefix={filters.idPrefix ?? keyPrefix} textsKey={textsKey} selects={filters.selects ?? [activeStatusFilter(t, textsKey)]} value={list.filters} onApply={(next) => list.setFilters(next)} onClear={list.reset} />
      <DataTable<R>
        ariaLabel={title}
        rows={query.data?.itens ?? []}
        rowCount={query.data?.totalItens}
        columns={columns}
        loading={query.isFetching}
        error={query.isError}
        onRetry={() => void query.refetch()}
        list={list}
        onRowClick={(row) => actions.openForm(row)}
        hiddenFields={mobile ? mobileHidden : []}
      />
      {form}
      <ConfirmDialog {...actions.deleteDialog} {...confirm} />
      {children}
    </Box>
  );
}

/** Options of `activeColumn` and `actionsColumn`. */
export interface RegisterColumnOptions {
  /** Where `fields.ativo`, `toggleLabel` and `actions` live; default the page's key prefix. */
  textsKey?: string;
  /** Column width in px. */
  width?: number;
}

/**
 * The "Ativo" column: a switch per row (`${textsKey}.toggleLabel` names it with the row's `nome`)
 * that toggles through `state.actions` and is disabled while a toggle runs.
 */
export function activeColumn<R extends GridValidRowModel & { id: number; nome: string; ativo: boolean }>(state: ListPageState<R>, { textsKey = state.keyPrefix, width = 90 }: RegisterColumnOptions = {}): GridColDef<R> {
  const { t, actions } = state;
  return {
    field: 'ativo',
    headerName: t(`${textsKey}.fields.ativo`),
    width,
    renderCell: ({ row }) => <ActiveSwitch checked={row.ativo} label={t(`${textsKey}.toggleLabel`, { nome: row.nome })} disabled={actions.toggling} onToggle={() => void actions.toggleActive(row)} />,
  };
}

/**
 * The "Ações" column: Editar (opens the form) and Excluir (asks to confirm) per row, with
 * `${keyPrefix}.edit|delete|editLabel|deleteLabel` texts; `extra` renders buttons before them, and
 * `canDelete` false hides Excluir for a row (e.g. a system task).
 */
export function actionsColumn<R extends GridValidRowModel & { id: number; nome: string }>(
  state: ListPageState<R>,
  { textsKey = state.keyPrefix, width = 100, extra, canDelete, sx }: RegisterColumnOptions & { extra?: (row: R) => ReactNode; canDelete?: (row: R) => boolean; sx?: Parameters<typeof RowActions>[0]['sx'] } = {},
): GridColDef<R> {
  const { t, actions, keyPrefix } = state;
  return {
    field: 'acoes',
    headerName: t(`${textsKey}.actions`),
    sortable: false,
    width,
    renderCell: ({ row }) => (
      <RowActions keyPrefix={keyPrefix} values={{ nome: row.nome }} onEdit={() => actions.openForm(row)} onDelete={canDelete && !canDelete(row) ? undefined : () => actions.askDelete(row)} sx={sx}>
        {extra?.(row)}
      </RowActions>
    ),
  };
}

/** Props of `NameCell`. */
export interface NameCellProps {
  /** The row's name: bold, at most two lines, whole on hover. */
  name: string;
  /** Lines under the name (folded columns on phones, chips, links). */
  children?: ReactNode;
}

/** The first cell of a list row: its name in bold (two lines, then "…") and any lines under it. */
export function NameCell({ name, children }: NameCellProps) {
  return (
    <Box sx={{ py: 0.5, minWidth: 0 }}>
      <CellText text={name} lines={2} strong />
      {children}
    </Box>
  );
}

/** A secondary line under a row's name (caption size, wraps anywhere). */
export function CaptionLine({ children }: { children: ReactNode }) {
  return (
    <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}

/** Options of `nameColumn`. */
export interface NameColumnOptions<R> {
  /** Share of the free width; default 2. */
  flex?: number;
  /** Least width in px on wide screens and on phones. */
  minWidth: number;
  mobileMinWidth: number;
  /** The line of folded columns shown under the name on phones (none when it returns null). */
  mobileLine?: (row: R) => ReactNode;
  /** More under the name on every screen (companies and profiles of a user, imprints, chips). */
  extra?: (row: R) => ReactNode;
}

/**
 * The "Nome" column (`${keyPrefix}.fields.nome`): the name in bold (`NameCell`), on phones the
 * folded columns' line under it, then `extra`.
 */
export function nameColumn<R extends GridValidRowModel & { id: number; nome: string }>(state: ListPageState<R>, { flex = 2, minWidth, mobileMinWidth, mobileLine, extra }: NameColumnOptions<R>): GridColDef<R> {
  const { t, mobile, keyPrefix } = state;
  return {
    field: 'nome',
    headerName: t(`${keyPrefix}.fields.nome`),
    flex,
    minWidth: mobile ? mobileMinWidth : minWidth,
    renderCell: ({ row }) => {
      const line = mobile && mobileLine ? mobileLine(row) : null;
      return (
        <NameCell name={row.nome}>
          {line ? <CaptionLine>{line}</CaptionLine> : null}
          {extra?.(row)}
        </NameCell>
      );
    },
  };
}
