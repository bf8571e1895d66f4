import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { API_ACCESS_SORT_FIELDS, type ApiAccess } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { ConfirmDialog } from '../../../shared/confirm/confirm-dialog.tsx';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { useFilterDraft } from '../../../shared/forms/use-filter-draft.ts';
import { RowActions } from '../../../shared/register/register-cells.tsx';
import { useRegisterActions } from '../../../shared/register/use-register-actions.ts';
import { useSignedUser } from '../../../shared/session/session-context.tsx';
import { useUserCompanies } from '../../../shared/api/get-user-companies.ts';
import { API_ACCESS_FILTER_KEYS, useApiAccessList, useDeleteApiAccess } from '../api/api-access.ts';
import { ApiAccessFormDialog } from './api-access-form-dialog.tsx';

const DEFAULT_SORT: SortState = { field: 'email', direction: 'asc' };

/**
 * "Acesso à API" of the parameters screen: the SELECTED company's API logins in a server-paged
 * grid (search by e-mail, page and sort in the URL), "Definida" for the password (never shown),
 * create/edit in `ApiAccessFormDialog` (row click or Enter), delete after the SPEC 8
 * confirmation ('API excluída com sucesso!').
 */
export function ApiAccessSection() {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const user = useSignedUser();
  const companies = useUserCompanies(user.id);
  const companyName = companies.data?.find((c) => c.id === user.idEmpresa)?.nome;
  const list = useListParams({ filterKeys: API_ACCESS_FILTER_KEYS, defaultSort: DEFAULT_SORT, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields: API_ACCESS_SORT_FIELDS });
  const accesses = useApiAccessList(list.query);
  const actions = useRegisterActions<ApiAccess>({ keyPrefix: 'parameters.api', remove: useDeleteApiAccess() });
  const term = useFilterDraft(list.filters.term);

  const columns = useMemo<GridColDef<ApiAccess>[]>(
    () => [
      {
        field: 'email',
        headerName: t('parameters.api.email'),
        flex: 1,
        minWidth: mobile ? 140 : 180,
        renderCell: ({ row }) => (
          <Typography variant="body2" sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.5 }}>
            {row.email}
          </Typography>
        ),
      },
      {
        field: 'senhaDefinida',
        headerName: t('parameters.api.senhaDefinida'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip size="small" variant="outlined" color={row.senhaDefinida ? 'success' : 'warning'} label={row.senhaDefinida ? t('parameters.secret.defined') : t('parameters.secret.notDefined')} />
        ),
      },
      {
        field: 'acoes',
        headerName: t('parameters.api.actions'),
        sortable: false,
        width: 100,
        renderCell: ({ row }) => <RowActions keyPrefix="parameters.api" values={{ email: row.email }} onEdit={() => actions.openForm(row)} onDelete={() => actions.askDelete(row)} />,
      },
    ],
    [t, mobile, actions.openForm, actions.askDelete],
  );

  return (
    <Paper variant="outlined" component="section" aria-labelledby="param-api-title" sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id="param-api-title" component="h2" variant="h6" sx={{ fontWeight: 700, color: 'primary.main' }}>
            {t('parameters.sections.api')}
            {companyName ? ` — ${companyName}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('parameters.sections.apiHelp')}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => actions.openForm(null)}>
          {t('parameters.api.new')}
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr auto' }, mb: 2 }}>
        <TextField
          id="api-access-term"
          label={t('parameters.api.term')}
          value={term.value}
          onChange={(event) => term.setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              list.setFilters({ term: term.submit() });
            }
          }}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { maxLength: 200 }, inputLabel: { shrink: true } }}
        />
        <Button variant="outlined" startIcon={<SearchIcon />} onClick={() => list.setFilters({ term: term.submit() })}>
          {t('parameters.api.apply')}
        </Button>
      </Box>
      {/* a block wrapper: the grid's percentage height must not resolve against the stretched Paper */}
      <Box>
        <DataTable<ApiAccess>
          ariaLabel={t('parameters.sections.api')}
          rows={accesses.data?.itens ?? []}
          rowCount={accesses.data?.totalItens}
          columns={columns}
          loading={accesses.isFetching}
          error={accesses.isError}
          onRetry={() => void accesses.refetch()}
          list={list}
          onRowClick={(row) => actions.openForm(row)}
          hiddenFields={mobile ? ['senhaDefinida'] : []}
        />
      </Box>
      <ApiAccessFormDialog open={actions.formOpen} access={actions.editing} companyName={companyName} onClose={actions.closeForm} />
      <ConfirmDialog {...actions.deleteDialog} message={t('parameters.api.deleteMessage')} confirmLabel={t('parameters.api.delete')} cancelLabel={t('parameters.api.cancel')} />
    </Paper>
  );
}
