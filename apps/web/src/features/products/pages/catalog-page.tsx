import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import type { GridColDef } from '@mui/x-data-grid';
import type { ProductListItem } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/data-table/data-table.tsx';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { PRODUCT_FILTER_KEYS, useProducts } from '../api/get-products.ts';
import { ProductFilters } from '../components/product-filters.tsx';
import { situationLabel, situationTone } from '../product-situations.ts';

const DEFAULT_SORT: SortState = { field: 'titulo', direction: 'asc' };
/** Columns hidden at widths up to 768 px. */
const MOBILE_HIDDEN: readonly string[] = ['autores', 'editora', 'anoEdicao', 'idErp'];

/**
 * Product catalogue (`/product/catalog`): filter bar, and a server-paged, server-sorted grid over
 * `GET produto`. Filters, page, page size and sort live in the URL. A row opens `/product/{id}`.
 */
export function CatalogPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams({ filterKeys: PRODUCT_FILTER_KEYS, defaultSort: DEFAULT_SORT, pageSizeOptions: PAGE_SIZE_OPTIONS });
  const products = useProducts(list.query);
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });

  const columns = useMemo<GridColDef<ProductListItem>[]>(
    () => [
      { field: 'isbn13', headerName: t('products.columns.isbn13'), width: 150 },
      {
        field: 'titulo',
        headerName: t('products.columns.titulo'),
        flex: 2,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'normal' }}>
              {row.titulo}
            </Typography>
            {row.subtitulo && (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal' }}>
                {row.subtitulo}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'autores',
        headerName: t('products.columns.autores'),
        flex: 1.2,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => <Typography variant="body2" sx={{ whiteSpace: 'normal' }}>{row.autores ?? ''}</Typography>,
      },
      { field: 'editora', headerName: t('products.columns.editora'), flex: 1, minWidth: 150 },
      {
        field: 'situacao',
        headerName: t('products.columns.situacao'),
        width: 190,
        renderCell: ({ row }) =>
          row.situacao ? (
            <Chip size="small" variant="outlined" color={situationTone(row.situacao)} label={situationLabel(row.situacao)} title={`${row.situacao}${row.descricaoSituacao ? ` – ${row.descricaoSituacao}` : ''}`} />
          ) : null,
      },
      { field: 'anoEdicao', headerName: t('products.columns.anoEdicao'), width: 80, valueFormatter: (value: number | null) => (value === null ? '' : String(value)) },
      { field: 'idErp', headerName: t('products.columns.idErp'), width: 110 },
    ],
    [t],
  );

  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, color: 'primary.main' }}>
          {t('products.catalogTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('products.catalogSubtitle')}
        </Typography>
      </Box>
      <ProductFilters value={list.filters} onApply={list.setFilters} onClear={list.reset} />
      <DataTable<ProductListItem>
        ariaLabel={t('products.catalogTitle')}
        rows={products.data?.itens ?? []}
        rowCount={products.data?.totalItens}
        columns={columns}
        loading={products.isFetching}
        list={list}
        onRowClick={(row) => void navigate(`/product/${row.id}`)}
        hiddenFields={mobile ? MOBILE_HIDDEN : []}
      />
    </Box>
  );
}
