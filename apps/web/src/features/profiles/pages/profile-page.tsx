import { PROFILE_SORT_FIELDS, type ProfileListItem } from '@acervo/contracts';
import { CellText } from '../../../shared/data-table/cell-text.tsx';
import { ListPage, actionsColumn, activeColumn, nameColumn } from '../../../shared/list-page/list-page.tsx';
import { useListColumns, useListPage } from '../../../shared/list-page/use-list-page.ts';
import type { SortState } from '../../../shared/list-params/use-list-params.ts';
import { PROFILE_FILTER_KEYS, useProfiles } from '../api/get-profiles.ts';
import { useDeleteProfile, useToggleProfile } from '../api/save-profile.ts';
import { ProfileFormDialog } from '../components/profile-form-dialog.tsx';

const DEFAULT_SORT: SortState = { field: 'nome', direction: 'asc' };
/** Columns hidden on phones: the description and counts show under the name instead. */
const MOBILE_HIDDEN: readonly string[] = ['descricao', 'totalPermissoes', 'totalUsuarios'];

/**
 * Profiles (`/system/profile`, ROLE_VISUALIZAR_PERFIL): search and status filter in the URL, a
 * server-paged grid sortable by every column (name, description, permission and user counts,
 * active), an active switch per row (the server answers the new state; deactivating the last
 * administrators' profile answers 409 and the error toast says why), create/edit in
 * `ProfileFormDialog` (a row click or Enter opens it), delete after the SPEC 8 confirmation
 * ('Perfil excluído com sucesso!'; a profile in use answers 409).
 */
export function ProfilePage() {
  const page = useListPage<ProfileListItem, (typeof PROFILE_FILTER_KEYS)[number]>({ keyPrefix: 'profiles', filterKeys: PROFILE_FILTER_KEYS, defaultSort: DEFAULT_SORT, sortFields: PROFILE_SORT_FIELDS, remove: useDeleteProfile(), toggle: useToggleProfile() });
  const profiles = useProfiles(page.list.query);
  const { t, actions } = page;

  const columns = useListColumns<ProfileListItem>(page, () => [
    nameColumn(page, {
      flex: 1.2,
      minWidth: 200,
      mobileMinWidth: 150,
      mobileLine: (row) => `${t('profiles.fields.totalPermissoes')}: ${row.totalPermissoes} · ${t('profiles.fields.totalUsuarios')}: ${row.totalUsuarios}`,
    }),
    { field: 'descricao', headerName: t('profiles.fields.descricao'), flex: 2, minWidth: 200, renderCell: ({ row }) => <CellText text={row.descricao ?? ''} lines={2} sx={{ py: 0.5 }} /> },
    { field: 'totalPermissoes', headerName: t('profiles.fields.totalPermissoes'), width: 120, type: 'number' },
    { field: 'totalUsuarios', headerName: t('profiles.fields.totalUsuarios'), width: 100, type: 'number' },
    activeColumn(page),
    actionsColumn(page),
  ]);

  return (
    <ListPage<ProfileListItem>
      state={page}
      query={profiles}
      columns={columns}
      mobileHidden={MOBILE_HIDDEN}
      form={<ProfileFormDialog open={actions.formOpen} profileId={actions.editing?.id ?? null} onClose={actions.closeForm} />}
      confirm={{ message: t('profiles.deleteMessage'), confirmLabel: t('profiles.delete'), cancelLabel: t('profiles.cancel') }}
    />
  );
}
