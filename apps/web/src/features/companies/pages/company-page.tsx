import { COMPANY_SORT_FIELDS, formatCnpj, type Company } from '@acervo/contracts';
import { ListPage, actionsColumn, activeColumn, nameColumn } from '../../../shared/list-page/list-page.tsx';
import type { SortState } from '../../../shared/list-params/use-list-params.ts';
import { useListColumns, useListPage } from '../../../shared/list-page/use-list-page.ts';
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
  const page = useListPage<Company, (typeof COMPANY_FILTER_KEYS)[number]>({ keyPrefix: 'companies', filterKeys: COMPANY_FILTER_KEYS, defaultSort: DEFAULT_SORT, sortFields: COMPANY_SORT_FIELDS, remove: useDeleteCompany(), toggle: useToggleCompany() });
  const companies = useCompanies(page.list.query);
  const { t, actions } = page;

  const columns = useListColumns<Company>(page, () => [
    nameColumn(page, { minWidth: 220, mobileMinWidth: 140, mobileLine: (row) => formatCnpj(row.cnpj) }),
    { field: 'cnpj', headerName: t('companies.fields.cnpj'), width: 180, valueFormatter: (value: string) => formatCnpj(value) },
    { field: 'codigoErp', headerName: t('companies.fields.codigoErp'), width: 130 },
    { field: 'acessoApi', headerName: t('companies.fields.acessoApi'), width: 120, valueFormatter: (value: boolean) => (value ? t('companies.yes') : t('companies.no')) },
    activeColumn(page),
    actionsColumn(page),
  ]);

  return (
    <ListPage<Company>
      state={page}
      query={companies}
      columns={columns}
      mobileHidden={MOBILE_HIDDEN}
      form={<CompanyFormDialog open={actions.formOpen} company={actions.editing} onClose={actions.closeForm} />}
    />
  );
}
