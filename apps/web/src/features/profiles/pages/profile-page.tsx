import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { PROFILE_SORT_FIELDS, type ProfileListItem } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { ConfirmDialog } from '../../../shared/confirm/confirm-dialog.tsx';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { ListFilters, activeStatusFilter } from '../../../shared/forms/list-filters.tsx';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { PageHeader } from '../../../shared/page-header/page-header.tsx';
import { ActiveSwitch, RowActions } from '../../../shared/register/register-cells.tsx';
import { useRegisterActions } from '../../../shared/register/use-register-actions.ts';
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
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const list = useListParams({ filterKeys: PROFILE_FILTER_KEYS, defaultSort: DEFAULT_SORT, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields: PROFILE_SORT_FIELDS });
  const profiles = useProfiles(list.query);
  const actions = useRegisterActions<ProfileListItem>({ keyPrefix: 'profiles', remove: useDeleteProfile(), toggle: useToggleProfile() });

  const columns = useMemo<GridColDef<ProfileListItem>[]>(
    () => [
      {
        field: 'nome',
        headerName: t('profiles.fields.nome'),
        flex: 1.2,
        minWidth: mobile ? 150 : 200,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'normal' }}>
              {row.nome}
            </Typography>
            {mobile && (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal' }}>
                {`${t('profiles.fields.totalPermissoes')}: ${row.totalPermissoes} · ${t('profiles.fields.totalUsuarios')}: ${row.totalUsuarios}`}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'descricao',
        headerName: t('profiles.fields.descricao'),
        flex: 2,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Typography variant="body2" sx={{ whiteSpace: 'normal', py: 0.5 }}>
            {row.descricao ?? ''}
          </Typography>
        ),
      },
      { field: 'totalPermissoes', headerName: t('profiles.fields.totalPermissoes'), width: 120, type: 'number' },
      { field: 'totalUsuarios', headerName: t('profiles.fields.totalUsuarios'), width: 100, type: 'number' },
      {
        field: 'ativo',
        headerName: t('profiles.fields.ativo'),
        width: 90,
        renderCell: ({ row }) => <ActiveSwitch checked={row.ativo} label={t('profiles.toggleLabel', { nome: row.nome })} disabled={actions.toggling} onToggle={() => void actions.toggleActive(row)} />,
      },
      {
        field: 'acoes',
        headerName: t('profiles.actions'),
        sortable: false,
        width: 100,
        renderCell: ({ row }) => <RowActions keyPrefix="profiles" values={{ nome: row.nome }} onEdit={() => actions.openForm(row)} onDelete={() => actions.askDelete(row)} />,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, mobile, actions.toggling],
  );

  return (
    <Box>
      <PageHeader
        title={t('profiles.title')}
        subtitle={t('profiles.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => actions.openForm(null)}>
            {t('profiles.new')}
          </Button>
        }
      />
      <ListFilters idPrefix="profiles" textsKey="profiles.filters" selects={[activeStatusFilter(t, 'profiles.filters')]} value={list.filters} onApply={(filters) => list.setFilters(filters)} onClear={list.reset} />
      <DataTable<ProfileListItem>
        ariaLabel={t('profiles.title')}
        rows={profiles.data?.itens ?? []}
        rowCount={profiles.data?.totalItens}
        columns={columns}
        loading={profiles.isFetching}
        error={profiles.isError}
        onRetry={() => void profiles.refetch()}
        list={list}
        onRowClick={(row) => actions.openForm(row)}
        hiddenFields={mobile ? MOBILE_HIDDEN : []}
      />
      <ProfileFormDialog open={actions.formOpen} profileId={actions.editing?.id ?? null} onClose={actions.closeForm} />
      <ConfirmDialog {...actions.deleteDialog} message={t('profiles.deleteMessage')} confirmLabel={t('profiles.delete')} cancelLabel={t('profiles.cancel')} />
    </Box>
  );
}
