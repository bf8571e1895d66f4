import { USER_SORT_FIELDS, type User } from '@acervo/contracts';
import { CaptionLine, ListPage, actionsColumn, activeColumn, nameColumn } from '../../../shared/list-page/list-page.tsx';
import { useListColumns, useListPage } from '../../../shared/list-page/use-list-page.ts';
import type { SortState } from '../../../shared/list-params/use-list-params.ts';
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
  const page = useListPage<User, (typeof USER_FILTER_KEYS)[number]>({ keyPrefix: 'users', filterKeys: USER_FILTER_KEYS, defaultSort: DEFAULT_SORT, sortFields: USER_SORT_FIELDS, remove: useDeleteUser(), toggle: useToggleUser() });
  const users = useUsers(page.list.query);
  const { t, actions } = page;

  const columns = useListColumns<User>(page, () => [
    nameColumn(page, {
      minWidth: 220,
      mobileMinWidth: 150,
      mobileLine: (row) => `${row.login} · ${row.email ?? ''}`,
      extra: (row) => <CaptionLine>{row.empresas.map((l) => `${l.nomeEmpresa}: ${l.nomePerfil}`).join(' · ')}</CaptionLine>,
    }),
    { field: 'login', headerName: t('users.fields.login'), flex: 1, minWidth: 130 },
    { field: 'email', headerName: t('users.fields.email'), flex: 1.3, minWidth: 180 },
    { field: 'vendedor', headerName: t('users.fields.vendedor'), width: 100, valueFormatter: (value: boolean) => (value ? t('users.yes') : t('users.no')) },
    activeColumn(page),
    actionsColumn(page),
  ]);

  return (
    <ListPage<User>
      state={page}
      query={users}
      columns={columns}
      mobileHidden={MOBILE_HIDDEN}
      form={<UserFormDialog open={actions.formOpen} user={actions.editing} onClose={actions.closeForm} />}
    />
  );
}
