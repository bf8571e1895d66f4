import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { PUBLISHER_SORT_FIELDS, formatCnpj, type Publisher } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { ConfirmDialog } from '../../../shared/confirm/confirm-dialog.tsx';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { ListFilters, activeStatusFilter } from '../../../shared/forms/list-filters.tsx';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { PageHeader } from '../../../shared/page-header/page-header.tsx';
import { ActiveSwitch, RowActions } from '../../../shared/register/register-cells.tsx';
import { useRegisterActions } from '../../../shared/register/use-register-actions.ts';
import { PUBLISHER_FILTER_KEYS, useDeletePublisher, usePublishers, useTogglePublisher } from '../api/publishers-api.ts';
import { PublisherFormDialog } from '../components/publisher-form-dialog.tsx';

const DEFAULT_SORT: SortState = { field: 'nome', direction: 'asc' };
/** Columns hidden on phones (the CNPJ and imprints show under the name instead). */
const MOBILE_HIDDEN: readonly string[] = ['cnpj', 'indMetabooks', 'indBookinfo', 'quantidadeProdutos'];

/**
 * Publishers (`/product/editoras`, ROLE_GERENCIAR_EDITORAS): search (name, imprint, CNPJ) and
 * status filter in the URL, a server-paged grid (name with its imprints, CNPJ, Metabooks,
 * Bookinfo, products, active switch), create/edit in `PublisherFormDialog`, delete after the SPEC 8
 * confirmation (a publisher with products answers 409: deactivate it instead).
 */
export function PublisherPage() {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const list = useListParams({ filterKeys: PUBLISHER_FILTER_KEYS, defaultSort: DEFAULT_SORT, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields: PUBLISHER_SORT_FIELDS });
  const publishers = usePublishers(list.query);
  const actions = useRegisterActions<Publisher>({ keyPrefix: 'publishers', remove: useDeletePublisher(), toggle: useTogglePublisher() });
  const yesNo = (value: boolean) => (value ? t('publishers.yes') : t('publishers.no'));

  const columns = useMemo<GridColDef<Publisher>[]>(
    () => [
      {
        field: 'nome',
        headerName: t('publishers.fields.nome'),
        flex: 2,
        minWidth: mobile ? 150 : 240,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.75, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'normal' }}>
              {row.nome}
            </Typography>
            {mobile && row.cnpj && (
              <Typography variant="caption" color="text.secondary" component="div">
                {formatCnpj(row.cnpj)}
              </Typography>
            )}
            {row.selos.length > 0 && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                {row.selos.slice(0, 4).map((s) => (
                  <Chip key={s.id} label={s.nome} size="small" variant="outlined" sx={{ opacity: s.ativo ? 1 : 0.55, height: 20, fontSize: 11 }} />
                ))}
                {row.selos.length > 4 && <Chip label={`+${row.selos.length - 4}`} size="small" sx={{ height: 20, fontSize: 11 }} />}
              </Box>
            )}
          </Box>
        ),
      },
      { field: 'cnpj', headerName: t('publishers.fields.cnpj'), width: 170, valueFormatter: (value: string | null) => (value ? formatCnpj(value) : '—') },
      { field: 'indMetabooks', headerName: t('publishers.fields.indMetabooksShort'), width: 110, valueFormatter: (value: boolean) => yesNo(value) },
      { field: 'indBookinfo', headerName: t('publishers.fields.indBookinfoShort'), width: 100, valueFormatter: (value: boolean) => yesNo(value) },
      { field: 'quantidadeProdutos', headerName: t('publishers.fields.quantidadeProdutos'), width: 100, type: 'number' },
      {
        field: 'ativo',
        headerName: t('publishers.fields.ativo'),
        width: 80,
        renderCell: ({ row }) => <ActiveSwitch checked={row.ativo} label={t('publishers.toggleLabel', { nome: row.nome })} disabled={actions.toggling} onToggle={() => void actions.toggleActive(row)} />,
      },
      {
        field: 'acoes',
        headerName: t('publishers.actions'),
        sortable: false,
        width: 100,
        renderCell: ({ row }) => <RowActions keyPrefix="publishers" values={{ nome: row.nome }} onEdit={() => actions.openForm(row)} onDelete={() => actions.askDelete(row)} />,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, mobile, actions.toggling],
  );

  return (
    <Box>
      <PageHeader
        title={t('publishers.title')}
        subtitle={t('publishers.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => actions.openForm(null)}>
            {t('publishers.new')}
          </Button>
        }
      />
      <ListFilters idPrefix="publishers" textsKey="publishers.filters" selects={[activeStatusFilter(t, 'publishers.filters')]} value={list.filters} onApply={(filters) => list.setFilters(filters)} onClear={list.reset} />
      <DataTable<Publisher>
        ariaLabel={t('publishers.title')}
        rows={publishers.data?.itens ?? []}
        rowCount={publishers.data?.totalItens}
        columns={columns}
        loading={publishers.isFetching}
        error={publishers.isError}
        onRetry={() => void publishers.refetch()}
        list={list}
        onRowClick={(row) => actions.openForm(row)}
        hiddenFields={mobile ? MOBILE_HIDDEN : []}
      />
      <PublisherFormDialog open={actions.formOpen} publisher={actions.editing} onClose={actions.closeForm} />
      <ConfirmDialog {...actions.deleteDialog} />
    </Box>
  );
}
