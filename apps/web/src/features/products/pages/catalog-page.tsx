import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import type { GridColDef } from '@mui/x-data-grid';
import { PRODUCT_SORT_FIELDS, type ProductListItem } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/data-table/data-table.tsx';
import { useListParams, type SortState } from '../../../shared/list-params/use-list-params.ts';
import { PAGE_SIZE_OPTIONS } from '../../../shared/data-table/data-table.tsx';
import { PRODUCT_FILTER_KEYS, useProducts } from '../api/get-products.ts';
import { ProductFilters } from '../components/product-filters.tsx';
import { CoverThumb } from '../components/product-form/cover-thumb.tsx';
import { ExportOnixButton } from '../components/export-onix-button.tsx';
import { situationLabel, situationTone } from '../product-situations.ts';

const DEFAULT_SORT: SortState = { field: 'titulo', direction: 'asc' };
/**
 * Columns hidden at widths up to 768 px: a phone shows the title (with ISBN-13 and authors under
 * it) and the situation, the two things a user scanning the list needs.
 */
const MOBILE_HIDDEN: readonly string[] = ['capaUrl', 'isbn13', 'autores', 'editora', 'anoEdicao', 'idErp'];

/**
 * Product catalogue (`/product/catalog`): filter bar, and a server-paged, server-sorted grid over
 * `GET produto`. Filters, page, page size and sort live in the URL (an unknown sort falls back to
 * title ascending). A row opens `/product/{id}` by click or by Enter on a focused cell. A failed
 * call shows an error with a retry instead of rows.
 */
export function CatalogPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams({ filterKeys: PRODUCT_FILTER_KEYS, defaultSort: DEFAULT_SORT, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields: PRODUCT_SORT_FIELDS });
  const products = useProducts(list.query);
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });

  const columns = useMemo<GridColDef<ProductListItem>[]>(
    () => [
      {
        field: 'capaUrl',
        headerName: t('products.form.fields.arquivoCapa'),
        width: 64,
        sortable: false,
        renderCell: ({ row }) => (row.capaUrl ? <CoverThumb path={row.capaUrl} alt={row.titulo} /> : null),
      },
      { field: 'isbn13', headerName: t('products.columns.isbn13'), width: 150 },
      {
        field: 'titulo',
        headerName: t('products.columns.titulo'),
        flex: 2,
        minWidth: mobile ? 150 : 200,
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
            {mobile && (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal' }}>
                {[row.isbn13, row.autores].filter(Boolean).join(' · ')}
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
        width: mobile ? 124 : 190,
        renderCell: ({ row }) =>
          row.situacao ? (
            <Chip
              size="small"
              variant="outlined"
              color={situationTone(row.situacao)}
              label={row.descricaoSituacao ?? situationLabel(row.situacao)}
              title={`${row.situacao} – ${row.descricaoSituacao ?? situationLabel(row.situacao)}`}
              sx={{ maxWidth: '100%', height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
            />
          ) : null,
      },
      { field: 'anoEdicao', headerName: t('products.columns.anoEdicao'), width: 80, valueFormatter: (value: number | null) => (value === null ? '' : String(value)) },
      { field: 'idErp', headerName: t('products.columns.idErp'), width: 110 },
    ],
    [t, mobile],
  );

  return (
    <Box>
      <Box sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, color: 'primary.main' }}>
            {t('products.catalogTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('products.catalogSubtitle')}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <ExportOnixButton filters={list.filters} />
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => void navigate('/product/produto-import')}>
            {t('productImport.importButton')}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => void navigate('/product/produto-cadastrar')}>
            {t('products.form.newButton')}
          </Button>
        </Box>
      </Box>
      <ProductFilters value={list.filters} onApply={list.setFilters} onClear={list.reset} />
      <DataTable<ProductListItem>
        ariaLabel={t('products.catalogTitle')}
        rows={products.data?.itens ?? []}
        rowCount={products.data?.totalItens}
        rowCountApproximate={products.data?.totalAproximado === true}
        hasNextPage={products.data?.proxima}
        columns={columns}
        loading={products.isFetching}
        error={products.isError}
        onRetry={() => void products.refetch()}
        list={list}
        onRowClick={(row) => void navigate(`/product/${row.id}`)}
        hiddenFields={mobile ? MOBILE_HIDDEN : []}
      />
    </Box>
  );
}
