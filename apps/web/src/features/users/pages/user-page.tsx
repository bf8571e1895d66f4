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
import { USER_SORT_FIELDS, type User } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { ConfirmDialog } from '../../../shared/confirm/confirm-dialog.tsx';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { toast } from '../../../shared/toast/toast.tsx';
import { USER_FILTER_KEYS, useUsers } from '../api/get-users.ts';
import { useDeleteUser, useToggleUser } from '../api/save-user.ts';
import { UserFilters } from '../components/user-filters.tsx';
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
  const toggle = useToggleUser();
  const [editing, setEditing] = useState<User | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const remove = useDeleteUser();
  const [deleting, setDeleting] = useState<User | null>(null);
  const onDelete = async () => {
    if (!deleting) return;
    const ok = await remove.mutateAsync(deleting.id).then(
      () => true,
      () => false,
    );
    setDeleting(null);
    if (ok) toast.success(t('users.deleted'));
  };

  const openForm = (user: User | null) => {
    setEditing(user);
    setFormOpen(true);
  };
  const onToggle = async (user: User) => {
    const state = await toggle.mutateAsync(user.id).catch(() => null);
    if (state) toast.success(state.ativo ? t('users.activated') : t('users.deactivated'));
  };

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
        renderCell: ({ row }) => (
          <Switch
            checked={row.ativo}
            disabled={toggle.isPending}
            onClick={(event) => event.stopPropagation()}
            onKeyDown={(event) => event.stopPropagation()}
            onChange={() => void onToggle(row)}
            slotProps={{ input: { 'aria-label': t('users.toggleLabel', { nome: row.nome }) } }}
          />
        ),
      },
      {
        field: 'acoes',
        headerName: t('users.actions'),
        sortable: false,
        width: 100,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex' }} onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
            <Tooltip title={t('users.edit')}>
              <IconButton size="small" aria-label={t('users.editLabel', { nome: row.nome })} onClick={() => openForm(row)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('users.delete')}>
              <IconButton size="small" color="error" aria-label={t('users.deleteLabel', { nome: row.nome })} onClick={() => setDeleting(row)}>
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
            {t('users.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('users.subtitle')}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => openForm(null)}>
          {t('users.new')}
        </Button>
      </Box>
      <UserFilters value={list.filters} onApply={(filters) => list.setFilters(filters)} onClear={list.reset} />
      <DataTable<User>
        ariaLabel={t('users.title')}
        rows={users.data?.itens ?? []}
        rowCount={users.data?.totalItens}
        columns={columns}
        loading={users.isFetching}
        error={users.isError}
        onRetry={() => void users.refetch()}
        list={list}
        onRowClick={(row) => openForm(row)}
        hiddenFields={mobile ? MOBILE_HIDDEN : []}
      />
      <UserFormDialog open={formOpen} user={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog open={deleting !== null} title={t('users.deleteTitle')} busy={remove.isPending} onConfirm={() => void onDelete()} onClose={() => setDeleting(null)} />
    </Box>
  );
}
