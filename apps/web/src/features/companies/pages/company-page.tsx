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
import { COMPANY_SORT_FIELDS, formatCnpj, type Company } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { ConfirmDialog } from '../../../shared/confirm/confirm-dialog.tsx';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { toast } from '../../../shared/toast/toast.tsx';
import { COMPANY_FILTER_KEYS, useCompanies } from '../api/get-companies.ts';
import { useDeleteCompany, useToggleCompany } from '../api/save-company.ts';
import { CompanyFilters } from '../components/company-filters.tsx';
import { CompanyFormDialog } from '../components/company-form-dialog.tsx';

const DEFAULT_SORT: SortState = { field: 'nome', direction: 'asc' };
/** Columns hidden on phones: the CNPJ shows under the name instead. */
const MOBILE_HIDDEN: readonly string[] = ['cnpj', 'codigoErp', 'acessoApi'];

/**
 * Companies (`/system/company`, ROLE_VISUALIZAR_EMPRESA): search and status filter in the URL, a
 * server-paged grid sortable by every column, an active switch per row (the server answers the
 * new state), create/edit in `CompanyFormDialog` (a row click or Enter opens it), delete after the
 * SPEC 8 confirmation ('Empresa excluída com sucesso!'; a company with users answers 409 and the
 * error toast says why).
 */
export function CompanyPage() {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const list = useListParams({ filterKeys: COMPANY_FILTER_KEYS, defaultSort: DEFAULT_SORT, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields: COMPANY_SORT_FIELDS });
  const companies = useCompanies(list.query);
  const toggle = useToggleCompany();
  const remove = useDeleteCompany();
  const [editing, setEditing] = useState<Company | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Company | null>(null);

  const openForm = (company: Company | null) => {
    setEditing(company);
    setFormOpen(true);
  };

  const onToggle = async (company: Company) => {
    const state = await toggle.mutateAsync(company.id).catch(() => null);
    if (state) toast.success(state.ativo ? t('companies.activated') : t('companies.deactivated'));
  };

  const onDelete = async () => {
    if (!deleting) return;
    const ok = await remove.mutateAsync(deleting.id).then(
      () => true,
      () => false,
    );
    setDeleting(null);
    if (ok) toast.success(t('companies.deleted'));
  };

  const columns = useMemo<GridColDef<Company>[]>(
    () => [
      {
        field: 'nome',
        headerName: t('companies.fields.nome'),
        flex: 2,
        minWidth: mobile ? 140 : 220,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'normal' }}>
              {row.nome}
            </Typography>
            {mobile && (
              <Typography variant="caption" color="text.secondary" component="div">
                {formatCnpj(row.cnpj)}
              </Typography>
            )}
          </Box>
        ),
      },
      { field: 'cnpj', headerName: t('companies.fields.cnpj'), width: 180, valueFormatter: (value: string) => formatCnpj(value) },
      { field: 'codigoErp', headerName: t('companies.fields.codigoErp'), width: 130 },
      { field: 'acessoApi', headerName: t('companies.fields.acessoApi'), width: 120, valueFormatter: (value: boolean) => (value ? t('companies.yes') : t('companies.no')) },
      {
        field: 'ativo',
        headerName: t('companies.fields.ativo'),
        width: 90,
        renderCell: ({ row }) => (
          <Switch
            checked={row.ativo}
            disabled={toggle.isPending}
            onClick={(event) => event.stopPropagation()}
            onKeyDown={(event) => event.stopPropagation()}
            onChange={() => void onToggle(row)}
            slotProps={{ input: { 'aria-label': t('companies.toggleLabel', { nome: row.nome }) } }}
          />
        ),
      },
      {
        field: 'acoes',
        headerName: t('companies.actions'),
        sortable: false,
        width: 100,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex' }} onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
            <Tooltip title={t('companies.edit')}>
              <IconButton size="small" aria-label={t('companies.editLabel', { nome: row.nome })} onClick={() => openForm(row)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('companies.delete')}>
              <IconButton size="small" color="error" aria-label={t('companies.deleteLabel', { nome: row.nome })} onClick={() => setDeleting(row)}>
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
            {t('companies.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('companies.subtitle')}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => openForm(null)}>
          {t('companies.new')}
        </Button>
      </Box>
      <CompanyFilters value={list.filters} onApply={(filters) => list.setFilters(filters)} onClear={list.reset} />
      <DataTable<Company>
        ariaLabel={t('companies.title')}
        rows={companies.data?.itens ?? []}
        rowCount={companies.data?.totalItens}
        columns={columns}
        loading={companies.isFetching}
        error={companies.isError}
        onRetry={() => void companies.refetch()}
        list={list}
        onRowClick={(row) => openForm(row)}
        hiddenFields={mobile ? MOBILE_HIDDEN : []}
      />
      <CompanyFormDialog open={formOpen} company={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog open={deleting !== null} title={t('companies.deleteTitle')} busy={remove.isPending} onConfirm={() => void onDelete()} onClose={() => setDeleting(null)} />
    </Box>
  );
}
