import { useMemo, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { REGISTERS, REGISTER_SORT_FIELDS, type RegisterDefinition, type RegisterKey, type RegisterRecord } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { ConfirmDialog } from '../../../shared/confirm/confirm-dialog.tsx';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { ListFilters, activeStatusFilter } from '../../../shared/forms/list-filters.tsx';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { PageHeader } from '../../../shared/page-header/page-header.tsx';
import { ActiveSwitch, RowActions } from '../../../shared/register/register-cells.tsx';
import { useRegisterActions } from '../../../shared/register/use-register-actions.ts';
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
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const prefix = `registers.${definition.routeId}`;
  const sortFields = definition.hasCode ? REGISTER_SORT_FIELDS : REGISTER_SORT_FIELDS.filter((f) => f !== 'codigo');
  const defaultSort = useMemo<SortState>(() => ({ field: definition.hasCode ? 'codigo' : 'nome', direction: 'asc' }), [definition.hasCode]);
  const list = useListParams({ filterKeys: REGISTER_FILTER_KEYS, defaultSort, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields });
  const page = useRegisterPage(definition, list.query);
  const actions = useRegisterActions<RegisterRecord>({ keyPrefix: prefix, remove: useDeleteRegister(definition), toggle: useToggleRegister(definition) });

  const columns = useMemo<GridColDef<RegisterRecord>[]>(
    () => [
      ...(definition.hasCode ? [{ field: 'codigo', headerName: mobile ? t('registers.fields.codigoShort') : t('registers.fields.codigo'), width: mobile ? 94 : 100 } satisfies GridColDef<RegisterRecord>] : []),
      {
        field: 'nome',
        headerName: t('registers.fields.nome'),
        flex: 1,
        minWidth: mobile ? 96 : 160,
        renderCell: ({ row }) => (
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'normal', py: 0.5 }}>
            {row.nome}
          </Typography>
        ),
      },
      {
        field: 'ativo',
        headerName: t('registers.fields.ativo'),
        width: mobile ? 72 : 90,
        renderCell: ({ row }) => <ActiveSwitch checked={row.ativo} label={t('registers.toggleLabel', { nome: row.nome })} disabled={actions.toggling} onToggle={() => void actions.toggleActive(row)} />,
      },
      {
        field: 'acoes',
        headerName: t('registers.actions'),
        sortable: false,
        width: mobile ? 84 : 100,
        renderCell: ({ row }) => <RowActions keyPrefix={prefix} values={{ nome: row.nome }} onEdit={() => actions.openForm(row)} onDelete={() => actions.askDelete(row)} />,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, mobile, definition, actions.toggling],
  );

  return (
    <Box>
      <PageHeader
        title={t(`${prefix}.title`)}
        subtitle={t(`${prefix}.subtitle`)}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => actions.openForm(null)}>
            {t(`${prefix}.new`)}
          </Button>
        }
      />
      <ListFilters idPrefix={`register-${definition.apiPath}`} textsKey="registers.filters" selects={[activeStatusFilter(t, 'registers.filters')]} value={list.filters} onApply={(filters) => list.setFilters(filters)} onClear={list.reset} />
      <DataTable<RegisterRecord>
        ariaLabel={t(`${prefix}.title`)}
        rows={page.data?.itens ?? []}
        rowCount={page.data?.totalItens}
        columns={columns}
        loading={page.isFetching}
        error={page.isError}
        onRetry={() => void page.refetch()}
        list={list}
        onRowClick={(row) => actions.openForm(row)}
      />
      <RegisterFormDialog definition={definition} open={actions.formOpen} record={actions.editing} onClose={actions.closeForm} />
      <ConfirmDialog {...actions.deleteDialog} />
    </Box>
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
