import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { USER_SORT_FIELDS, type User } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { ConfirmDialog } from '../../../shared/confirm/confirm-dialog.tsx';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { ListFilters, activeStatusFilter } from '../../../shared/forms/list-filters.tsx';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { PageHeader } from '../../../shared/page-header/page-header.tsx';
import { ActiveSwitch, RowActions } from '../../../shared/register/register-cells.tsx';
import { useRegisterActions } from '../../../shared/register/use-register-actions.ts';
import { USER_FILTER_KEYS, useUsers } from '../api/get-users.ts';
import { useDeleteUser, useToggleUser } from '../api/save-user.ts';
import { UserFormDialog } from '../components/user-form-dialog.tsx';

const DEFAULT_SORT: SortState = { field: 'nome', direction: 'asc' };
/** Columns hidden on phones: login and e-mail show under the name instead. */
const MOBILE_HIDDEN: readonly string[] = ['login', 'email', 'vendedor'];

/**
 * Users (`/system/user`, ROLE_VISUALIZAR_USUARIO): search and status filter in the URL, a
 * server-paged grid sortable by every column, with each user's companies and profiles under the
 * name, an active switch per row (the server answers the new state; deactivating ends the user's
 * sessions at once), create/edit in `UserFormDialog` (row click or Enter), delete after the SPEC 8
 * confirmation (409 for oneself or a user other records refer to: the error toast says why).
 */
export function UserPage() {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const list = useListParams({ filterKeys: USER_FILTER_KEYS, defaultSort: DEFAULT_SORT, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields: USER_SORT_FIELDS });
  const users = useUsers(list.query);
  const actions = useRegisterActions<User>({ keyPrefix: 'users', remove: useDeleteUser(), toggle: useToggleUser() });

  const columns = useMemo<GridColDef<User>[]>(
    () => [
      {
        field: 'nome',
        headerName: t('users.fields.nome'),
        flex: 2,
        minWidth: mobile ? 150 : 220,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'normal' }}>
              {row.nome}
            </Typography>
            {mobile && (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                {row.login} · {row.email ?? ''}
              </Typography>
            )}
            <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal' }}>
              {row.empresas.map((l) => `${l.nomeEmpresa}: ${l.nomePerfil}`).join(' · ')}
            </Typography>
          </Box>
        ),
      },
      { field: 'login', headerName: t('users.fields.login'), flex: 1, minWidth: 130 },
      { field: 'email', headerName: t('users.fields.email'), flex: 1.3, minWidth: 180 },
      { field: 'vendedor', headerName: t('users.fields.vendedor'), width: 100, valueFormatter: (value: boolean) => (value ? t('users.yes') : t('users.no')) },
      {
        field: 'ativo',
        headerName: t('users.fields.ativo'),
        width: 90,
        renderCell: ({ row }) => <ActiveSwitch checked={row.ativo} label={t('users.toggleLabel', { nome: row.nome })} disabled={actions.toggling} onToggle={() => void actions.toggleActive(row)} />,
      },
      {
        field: 'acoes',
        headerName: t('users.actions'),
        sortable: false,
        width: 100,
        renderCell: ({ row }) => <RowActions keyPrefix="users" values={{ nome: row.nome }} onEdit={() => actions.openForm(row)} onDelete={() => actions.askDelete(row)} />,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, mobile, actions.toggling],
  );

  return (
    <Box>
      <PageHeader
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => actions.openForm(null)}>
            {t('users.new')}
          </Button>
        }
      />
      <ListFilters idPrefix="users" textsKey="users.filters" selects={[activeStatusFilter(t, 'users.filters')]} value={list.filters} onApply={(filters) => list.setFilters(filters)} onClear={list.reset} />
      <DataTable<User>
        ariaLabel={t('users.title')}
        rows={users.data?.itens ?? []}
        rowCount={users.data?.totalItens}
        columns={columns}
        loading={users.isFetching}
        error={users.isError}
        onRetry={() => void users.refetch()}
        list={list}
        onRowClick={(row) => actions.openForm(row)}
        hiddenFields={mobile ? MOBILE_HIDDEN : []}
      />
      <UserFormDialog open={actions.formOpen} user={actions.editing} onClose={actions.closeForm} />
      <ConfirmDialog {...actions.deleteDialog} />
    </Box>
  );
}
