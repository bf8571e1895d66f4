import { useMemo, type ComponentType } from 'react';
import { REGISTERS, REGISTER_SORT_FIELDS, type RegisterDefinition, type RegisterKey, type RegisterRecord } from '@acervo/contracts';
import { CellText } from '../../../shared/data-table/cell-text.tsx';
import { ListPage, actionsColumn, activeColumn } from '../../../shared/list-page/list-page.tsx';
import { useListColumns, useListPage } from '../../../shared/list-page/use-list-page.ts';
import type { SortState } from '../../../shared/list-params/use-list-params.ts';
import { REGISTER_FILTER_KEYS, useDeleteRegister, useRegisterPage, useToggleRegister } from '../api/registers-api.ts';
import { RegisterFormDialog } from '../components/register-form-dialog.tsx';

/** Props of `RegisterPage`. */
export interface RegisterPageProps {
  /** The register shown (contracts `REGISTERS` entry). */
  definition: RegisterDefinition;
}

/**
 * The one screen of every simple register (age range, target audience, content rating, product
 * line, and the contributor role / binding / product situation lookups): search and status filter
 * in the URL, a server-paged grid sortable by code (coded registers), name and active, an active
 * switch per row (the server answers the new state), create/edit in `RegisterFormDialog` (a row
 * click opens it), delete after the SPEC 8 confirmation (a record in use answers 409 and the error
 * toast says to deactivate it instead). Texts: `registers.<routeId>.*` and `registers.*`.
 */
export function RegisterPage({ definition }: RegisterPageProps) {
  const sortFields = definition.hasCode ? REGISTER_SORT_FIELDS : REGISTER_SORT_FIELDS.filter((f) => f !== 'codigo');
  const defaultSort = useMemo<SortState>(() => ({ field: definition.hasCode ? 'codigo' : 'nome', direction: 'asc' }), [definition.hasCode]);
  const page = useListPage<RegisterRecord, (typeof REGISTER_FILTER_KEYS)[number]>({
    keyPrefix: `registers.${definition.routeId}`,
    filterKeys: REGISTER_FILTER_KEYS,
    defaultSort,
    sortFields,
    remove: useDeleteRegister(definition),
    toggle: useToggleRegister(definition),
  });
  const records = useRegisterPage(definition, page.list.query);
  const { t, mobile, actions } = page;

  const columns = useListColumns<RegisterRecord>(
    page,
    () => [
      ...(definition.hasCode ? [{ field: 'codigo', headerName: mobile ? t('registers.fields.codigoShort') : t('registers.fields.codigo'), width: mobile ? 94 : 100 }] : []),
      { field: 'nome', headerName: t('registers.fields.nome'), flex: 1, minWidth: mobile ? 96 : 160, renderCell: ({ row }) => <CellText text={row.nome} lines={2} strong sx={{ py: 0.5 }} /> },
      activeColumn(page, { textsKey: 'registers', width: mobile ? 72 : 90 }),
      actionsColumn(page, { textsKey: 'registers', width: mobile ? 84 : 100 }),
    ],
    [definition],
  );

  return (
    <ListPage<RegisterRecord>
      state={page}
      query={records}
      columns={columns}
      filters={{ idPrefix: `register-${definition.apiPath}`, textsKey: 'registers.filters' }}
      form={<RegisterFormDialog definition={definition} open={actions.formOpen} record={actions.editing} onClose={actions.closeForm} />}
    />
  );
}

const PAGES = new Map<RegisterKey, ComponentType>();

/**
 * The page component of one register, for the route table (`route-modules.ts`): a component
 * per key, made once, so React keeps its identity between renders.
 */
export function registerPageComponent(key: RegisterKey): ComponentType {
  let page = PAGES.get(key);
  if (!page) {
    const definition = REGISTERS[key] as RegisterDefinition;
    page = function RegisterRoutePage() {
      return <RegisterPage key={key} definition={definition} />;
    };
    PAGES.set(key, page);
  }
  return page;
}
