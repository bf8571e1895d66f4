import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { PROFILE_SORT_FIELDS, type ProfileListItem } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { ConfirmDialog } from '../../../shared/confirm/confirm-dialog.tsx';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { toast } from '../../../shared/toast/toast.tsx';
import { PROFILE_FILTER_KEYS, useProfiles } from '../api/get-profiles.ts';
import { useDeleteProfile, useToggleProfile } from '../api/save-profile.ts';
import { ProfileFilters } from '../components/profile-filters.tsx';
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
  const toggle = useToggleProfile();
  const remove = useDeleteProfile();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<ProfileListItem | null>(null);

  const openForm = (id: number | null) => {
    setEditingId(id);
    setFormOpen(true);
  };

  const onToggle = async (row: ProfileListItem) => {
    const state = await toggle.mutateAsync(row.id).catch(() => null);
    if (state) toast.success(state.ativo ? t('profiles.activated') : t('profiles.deactivated'));
  };

  const onDelete = async () => {
    if (!deleting) return;
    const ok = await remove.mutateAsync(deleting.id).then(
      () => true,
      () => false,
    );
    setDeleting(null);
    if (ok) toast.success(t('profiles.deleted'));
  };

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
        renderCell: ({ row }) => (
          <Switch
            checked={row.ativo}
            disabled={toggle.isPending}
            onClick={(event) => event.stopPropagation()}
            onKeyDown={(event) => event.stopPropagation()}
            onChange={() => void onToggle(row)}
            slotProps={{ input: { 'aria-label': t('profiles.toggleLabel', { nome: row.nome }) } }}
          />
        ),
      },
      {
        field: 'acoes',
        headerName: t('profiles.actions'),
        sortable: false,
        width: 100,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex' }} onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
            <Tooltip title={t('profiles.edit')}>
              <IconButton size="small" aria-label={t('profiles.editLabel', { nome: row.nome })} onClick={() => openForm(row.id)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('profiles.delete')}>
              <IconButton size="small" color="error" aria-label={t('profiles.deleteLabel', { nome: row.nome })} onClick={() => setDeleting(row)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, mobile, toggle.isPending],
  );

  return (
    <Box>
      <Box sx={{ mb: 2, display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Box>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, color: 'primary.main' }}>
            {t('profiles.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('profiles.subtitle')}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => openForm(null)}>
          {t('profiles.new')}
        </Button>
      </Box>
      <ProfileFilters value={list.filters} onApply={(filters) => list.setFilters(filters)} onClear={list.reset} />
      <DataTable<ProfileListItem>
        ariaLabel={t('profiles.title')}
        rows={profiles.data?.itens ?? []}
        rowCount={profiles.data?.totalItens}
        columns={columns}
        loading={profiles.isFetching}
        error={profiles.isError}
        onRetry={() => void profiles.refetch()}
        list={list}
        onRowClick={(row) => openForm(row.id)}
        hiddenFields={mobile ? MOBILE_HIDDEN : []}
      />
      <ProfileFormDialog open={formOpen} profileId={editingId} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('profiles.deleteTitle')}
        message={t('profiles.deleteMessage')}
        confirmLabel={t('profiles.delete')}
        cancelLabel={t('profiles.cancel')}
        busy={remove.isPending}
        onConfirm={() => void onDelete()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
