import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { PUBLISHER_SORT_FIELDS, formatCnpj, type Publisher } from '@acervo/contracts';
import { ListPage, actionsColumn, activeColumn, nameColumn } from '../../../shared/list-page/list-page.tsx';
import { useListColumns, useListPage } from '../../../shared/list-page/use-list-page.ts';
import type { SortState } from '../../../shared/list-params/use-list-params.ts';
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
  const page = useListPage<Publisher, (typeof PUBLISHER_FILTER_KEYS)[number]>({ keyPrefix: 'publishers', filterKeys: PUBLISHER_FILTER_KEYS, defaultSort: DEFAULT_SORT, sortFields: PUBLISHER_SORT_FIELDS, remove: useDeletePublisher(), toggle: useTogglePublisher() });
  const publishers = usePublishers(page.list.query);
  const { t, actions } = page;
  const yesNo = (value: boolean) => (value ? t('publishers.yes') : t('publishers.no'));

  const columns = useListColumns<Publisher>(page, () => [
    nameColumn(page, {
      minWidth: 240,
      mobileMinWidth: 150,
      mobileLine: (row) => (row.cnpj ? formatCnpj(row.cnpj) : null),
      extra: (row) =>
        row.selos.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {row.selos.slice(0, 4).map((s) => (
              <Chip key={s.id} label={s.nome} title={s.nome} size="small" variant="outlined" sx={{ opacity: s.ativo ? 1 : 0.55, height: 20, fontSize: 11, maxWidth: '100%' }} />
            ))}
            {row.selos.length > 4 && <Chip label={`+${row.selos.length - 4}`} size="small" sx={{ height: 20, fontSize: 11 }} />}
          </Box>
        ),
    }),
    { field: 'cnpj', headerName: t('publishers.fields.cnpj'), width: 170, valueFormatter: (value: string | null) => (value ? formatCnpj(value) : '—') },
    { field: 'indMetabooks', headerName: t('publishers.fields.indMetabooksShort'), width: 110, valueFormatter: (value: boolean) => yesNo(value) },
    { field: 'indBookinfo', headerName: t('publishers.fields.indBookinfoShort'), width: 100, valueFormatter: (value: boolean) => yesNo(value) },
    { field: 'quantidadeProdutos', headerName: t('publishers.fields.quantidadeProdutos'), width: 100, type: 'number' },
    activeColumn(page, { width: 80 }),
    actionsColumn(page),
  ]);

  return (
    <ListPage<Publisher>
      state={page}
      query={publishers}
      columns={columns}
      mobileHidden={MOBILE_HIDDEN}
      form={<PublisherFormDialog open={actions.formOpen} publisher={actions.editing} onClose={actions.closeForm} />}
    />
  );
}
