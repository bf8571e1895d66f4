import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { COMPANY_SORT_FIELDS, formatCnpj, type Company } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { ConfirmDialog } from '../../../shared/confirm/confirm-dialog.tsx';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { ListFilters, activeStatusFilter } from '../../../shared/forms/list-filters.tsx';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { PageHeader } from '../../../shared/page-header/page-header.tsx';
import { ActiveSwitch, RowActions } from '../../../shared/register/register-cells.tsx';
import { useRegisterActions } from '../../../shared/register/use-register-actions.ts';
import { COMPANY_FILTER_KEYS, useCompanies } from '../api/get-companies.ts';
import { useDeleteCompany, useToggleCompany } from '../api/save-company.ts';
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
  const actions = useRegisterActions<Company>({ keyPrefix: 'companies', remove: useDeleteCompany(), toggle: useToggleCompany() });

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
        renderCell: ({ row }) => <ActiveSwitch checked={row.ativo} label={t('companies.toggleLabel', { nome: row.nome })} disabled={actions.toggling} onToggle={() => void actions.toggleActive(row)} />,
      },
      {
        field: 'acoes',
        headerName: t('companies.actions'),
        sortable: false,
        width: 100,
        renderCell: ({ row }) => <RowActions keyPrefix="companies" values={{ nome: row.nome }} onEdit={() => actions.openForm(row)} onDelete={() => actions.askDelete(row)} />,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, mobile, actions.toggling],
  );

  return (
    <Box>
      <PageHeader
        title={t('companies.title')}
        subtitle={t('companies.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => actions.openForm(null)}>
            {t('companies.new')}
          </Button>
        }
      />
      <ListFilters idPrefix="companies" textsKey="companies.filters" selects={[activeStatusFilter(t, 'companies.filters')]} value={list.filters} onApply={(filters) => list.setFilters(filters)} onClear={list.reset} />
      <DataTable<Company>
        ariaLabel={t('companies.title')}
        rows={companies.data?.itens ?? []}
        rowCount={companies.data?.totalItens}
        columns={columns}
        loading={companies.isFetching}
        error={companies.isError}
        onRetry={() => void companies.refetch()}
        list={list}
        onRowClick={(row) => actions.openForm(row)}
        hiddenFields={mobile ? MOBILE_HIDDEN : []}
      />
      <CompanyFormDialog open={actions.formOpen} company={actions.editing} onClose={actions.closeForm} />
      <ConfirmDialog {...actions.deleteDialog} />
    </Box>
  );
}
