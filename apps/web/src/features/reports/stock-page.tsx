import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { STOCK_REPORT_ORIGIN, STOCK_REPORT_SORT_FIELDS, type StockReportRow, type StockReportTotals } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../shared/app-id.ts';
import { formatMoneyFromCents } from '../../shared/format/format.ts';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../shared/data-table/data-table.tsx';
import { useListParams, type SortState } from '../../shared/list-params/use-list-params.ts';
import { PageHeader } from '../../shared/page-header/page-header.tsx';
import { ExportButton } from '../../shared/exports/export-button.tsx';
import { StaleDataNotice } from '../../shared/reports/stale-data-notice.tsx';
import { STOCK_FILTER_KEYS, stockApiFilters, useStockOptions, useStockReport, useStockTotals } from './stock-api.ts';
import { StockFilters } from './stock-filters.tsx';

const DEFAULT_SORT: SortState = { field: 'titulo', direction: 'asc' };
const MOBILE_HIDDEN: readonly string[] = ['ean', 'editora', 'assunto', 'situacao', 'tipoProduto', 'precoCentavos', 'custoCentavos', 'reservado', 'consignado', 'bloqueado', 'pedidoCompra', 'proprio', 'valorCustoCentavos', 'valorCapaCentavos'];

const brl = (cents: number | null) => (cents === null ? '—' : formatMoneyFromCents(cents, 'BRL'));

/** The totals strip: units per stock kind and the two values (SPEC 2 "Shows totals"). */
function StockTotalsCard({ totals }: { totals: StockReportTotals | undefined }) {
  const { t, i18n } = useTranslation();
  const n = (value: number | undefined) => (value === undefined ? '—' : value.toLocaleString(i18n.language));
  const items: [string, string][] = [
    [t('stockReport.totals.produtos'), n(totals?.produtos)],
    [t('stockReport.totals.fisico'), n(totals?.fisico)],
    [t('stockReport.totals.reservado'), n(totals?.reservado)],
    [t('stockReport.totals.consignado'), n(totals?.consignado)],
    [t('stockReport.totals.bloqueado'), n(totals?.bloqueado)],
    [t('stockReport.totals.pedidoCompra'), n(totals?.pedidoCompra)],
    [t('stockReport.totals.proprio'), n(totals?.proprio)],
    [t('stockReport.totals.disponivel'), n(totals?.disponivel)],
    [t('stockReport.totals.valorCusto'), totals ? brl(totals.valorCustoCentavos) : '—'],
    [t('stockReport.totals.valorCapa'), totals ? brl(totals.valorCapaCentavos) : '—'],
  ];
  return (
    <Paper variant="outlined" component="section" aria-label={t('stockReport.totals.title')} sx={{ p: 2, mb: 2 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)', lg: 'repeat(10, auto)' } }}>
        {items.map(([label, value]) => (
          <Box key={label} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {label}
            </Typography>
            <Typography component="dd" variant="subtitle1" sx={{ m: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid={`stock-total-${label}`}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/**
 * Stock report (`/reports/stock`, ROLE_VISUALIZAR_RELATORIO_ESTOQUE; issue 17 part 3): the
 * selected company's stock by product, filters in the URL (SPEC 2: barcode, description,
 * publisher, categories, situation, product type, physical stock less/greater than, stock types),
 * the totals of those filters, a paged grid sortable by every column, and "Exportar" (CSV/Excel
 * through the export queue, same filters and sort; the file then appears in Downloads).
 */
export function StockPage() {
  const { t, i18n } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const list = useListParams({ filterKeys: STOCK_FILTER_KEYS, defaultSort: DEFAULT_SORT, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields: STOCK_REPORT_SORT_FIELDS });
  const filters = useMemo(() => stockApiFilters(list.filters), [list.filters]);
  const report = useStockReport({ page: list.page, pageSize: list.pageSize, sorter: list.sorter, ...filters });
  const totals = useStockTotals(filters);
  const options = useStockOptions();
  // the grid keys rows by `id`
  const rows = useMemo(() => (report.data?.itens ?? []).map((row) => ({ ...row, id: row.idProduto })), [report.data]);
  const exportFilters = useMemo(() => ({ ...filters, ...(list.sorter ? { sorter: list.sorter } : {}) }), [filters, list.sorter]);

  const columns = useMemo<GridColDef<StockReportRow>[]>(() => {
    const units = (field: keyof StockReportRow, width = 96): GridColDef<StockReportRow> => ({
      field,
      headerName: t(`stockReport.fields.${field}`),
      width,
      type: 'number',
      valueFormatter: (value: number) => value.toLocaleString(i18n.language),
    });
    const money = (field: keyof StockReportRow, width = 124): GridColDef<StockReportRow> => ({ field, headerName: t(`stockReport.fields.${field}`), width, type: 'number', valueFormatter: (value: number | null) => brl(value) });
    return [
      { field: 'ean', headerName: t('stockReport.fields.ean'), width: 140 },
      {
        field: 'titulo',
        headerName: t('stockReport.fields.titulo'),
        flex: 1,
        minWidth: mobile ? 170 : 240,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={row.titulo}>
              {row.titulo}
            </Typography>
            {mobile && (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {row.ean} · {row.editora ?? '—'}
              </Typography>
            )}
          </Box>
        ),
      },
      { field: 'editora', headerName: t('stockReport.fields.editora'), width: 170 },
      { field: 'assunto', headerName: t('stockReport.fields.assunto'), width: 130 },
      { field: 'situacao', headerName: t('stockReport.fields.situacao'), width: 130 },
      { field: 'tipoProduto', headerName: t('stockReport.fields.tipoProduto'), width: 110 },
      money('precoCentavos'),
      money('custoCentavos', 110),
      units('fisico', 84),
      units('reservado'),
      units('consignado'),
      units('bloqueado'),
      units('pedidoCompra'),
      units('proprio', 88),
      units('disponivel'),
      money('valorCustoCentavos', 136),
      money('valorCapaCentavos', 136),
    ];
  }, [t, i18n.language, mobile]);

  return (
    <Box>
      <PageHeader title={t('stockReport.title')} subtitle={t('stockReport.subtitle')} actions={<ExportButton origem={STOCK_REPORT_ORIGIN} filtros={exportFilters} disabled={report.isError} />} />
      <StaleDataNotice />
      <StockFilters value={list.filters} options={options.data} onApply={(next) => list.setFilters(next)} onClear={list.reset} />
      <StockTotalsCard totals={totals.data} />
      <DataTable<StockReportRow>
        ariaLabel={t('stockReport.title')}
        rows={rows}
        rowCount={report.data?.totalItens}
        columns={columns}
        loading={report.isFetching}
        error={report.isError}
        onRetry={() => void report.refetch()}
        list={list}
        hiddenFields={mobile ? MOBILE_HIDDEN : []}
      />
    </Box>
  );
}
