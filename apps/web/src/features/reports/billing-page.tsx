import { useMemo } from 'react';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { BILLING_SORT_FIELDS, BILLING_TABS, isBillingTab, type BillingRow, type BillingTab, type BillingTotals, type IdNome } from '@acervo/contracts';
import { MOBILE_QUERY } from '../../shared/app-id.ts';
import { formatDate, formatMoneyFromCents } from '../../shared/format/format.ts';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../shared/data-table/data-table.tsx';
import { DateLocalization } from '../../shared/date-picker/date-localization.tsx';
import { useListParams, type SortState } from '../../shared/list-params/use-list-params.ts';
import { PageHeader } from '../../shared/page-header/page-header.tsx';
import { ExportButton } from '../../shared/exports/export-button.tsx';
import { StaleDataNotice } from '../../shared/reports/stale-data-notice.tsx';
import { useSignedUser } from '../../shared/session/session-context.tsx';
import { useUserCompanies } from '../../shared/api/get-user-companies.ts';
import { BILLING_FILTER_KEYS, billingApiFilters, useBillingTab, useBillingTotals } from './billing-api.ts';
import { BillingFilters } from './billing-filters.tsx';

const FILTER_KEYS = [...BILLING_FILTER_KEYS, 'aba'] as const;
const DEFAULT_SORT: SortState = { field: 'liquidoCentavos', direction: 'desc' };
const MOBILE_HIDDEN: readonly string[] = ['chave', 'devolucoesCentavos', 'brutoCentavos', 'notas'];
const brl = (cents: number) => formatMoneyFromCents(cents, 'BRL');
const compact = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact', maximumFractionDigits: 1 });

/** The totalizer cards (gross, returns, net, quantity, invoices, average ticket). */
function BillingTotalsCards({ totals, companies }: { totals: BillingTotals | undefined; companies: readonly IdNome[] }) {
  const { t, i18n } = useTranslation();
  const n = (value: number | undefined) => (value === undefined ? '—' : value.toLocaleString(i18n.language));
  const m = (value: number | undefined) => (value === undefined ? '—' : brl(value));
  const items: [string, string, string][] = [
    ['bruto', t('billingReport.totals.bruto'), m(totals?.brutoCentavos)],
    ['devolucoes', t('billingReport.totals.devolucoes'), m(totals?.devolucoesCentavos)],
    ['liquido', t('billingReport.totals.liquido'), m(totals?.liquidoCentavos)],
    ['quantidade', t('billingReport.totals.quantidade'), n(totals?.quantidade)],
    ['notas', t('billingReport.totals.notas'), n(totals?.notas)],
    ['ticketMedio', t('billingReport.totals.ticketMedio'), m(totals?.ticketMedioCentavos)],
  ];
  const several = (totals?.porEmpresa.length ?? 0) > 1;
  const name = (id: number) => companies.find((c) => c.id === id)?.nome ?? `#${id}`;
  return (
    <Box component="section" aria-label={t('billingReport.totals.title')} sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' } }}>
      {items.map(([key, label, value]) => (
        <Paper key={key} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="div">
            {label}
          </Typography>
          <Typography variant="subtitle1" component="div" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere', lineHeight: 1.3 }} data-testid={`billing-total-${key}`}>
            {value}
          </Typography>
          {several && key === 'liquido' &&
            totals?.porEmpresa.map((c) => (
              <Typography key={c.idEmpresa} variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                {name(c.idEmpresa)}: {brl(c.liquidoCentavos)}
              </Typography>
            ))}
        </Paper>
      ))}
    </Box>
  );
}

/** Label of a row's key as shown: a day DD/MM/YYYY, a month MM/YYYY, else the description. */
function rowLabel(tab: BillingTab, row: BillingRow, none: string): string {
  if (tab === 'data') return row.chave.length === 7 ? `${row.chave.slice(5, 7)}/${row.chave.slice(0, 4)}` : formatDate(row.chave);
  return row.descricao || row.chave || none;
}

/** Bar chart of the net per day/month or per state, above those two tabs (MUI X Charts). */
function BillingChart({ tab, rows }: { tab: BillingTab; rows: readonly BillingRow[] }) {
  const { t } = useTranslation();
  const none = t('billingReport.none');
  const title = t('billingReport.chartTitle', { aba: t(`billingReport.tabs.${tab}`).toLowerCase() });
  const labels = rows.map((r) => rowLabel(tab, r, none));
  return (
    <Paper variant="outlined" component="figure" sx={{ m: 0, mb: 2, p: 2 }}>
      <Typography component="figcaption" variant="subtitle2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Box role="img" aria-label={`${title}. ${rows.map((r, i) => `${labels[i]}: ${brl(r.liquidoCentavos)}`).join('; ')}`} sx={{ width: '100%', minWidth: 0 }}>
        <BarChart
          height={220}
          xAxis={[{ scaleType: 'band', data: labels }]}
          yAxis={[{ valueFormatter: (value: number) => compact.format(value / 100), width: 72 }]}
          series={[{ data: rows.map((r) => r.liquidoCentavos), label: t('billingReport.chartSeries'), valueFormatter: (value: number | null) => brl(value ?? 0), color: '#2793CE' }]}
          hideLegend
          margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
        />
      </Box>
    </Paper>
  );
}

/**
 * Billing report (`/reports/billing`, ROLE_VISUALIZAR_RELATORIO_FATURAMENTO; issue 17 part 2):
 * filters in the URL (SPEC 2), totalizer cards, seven tabs (date by day or month, client,
 * publisher, subject, seller, state, product) each a paged grid sortable by every column, a bar
 * chart of the net above the date and state tabs, and "Exportar" per tab (CSV/Excel through the
 * export queue, same filters and sort). With several companies chosen, the totals and each row
 * show the net of each company too. Rules (cancelled left out, returns on their own date) are the
 * server's (docs/reports.md).
 */
export function BillingPage() {
  const { t, i18n } = useTranslation();
  const user = useSignedUser();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const companies = useUserCompanies(user.id);
  const list = useListParams({ filterKeys: FILTER_KEYS, defaultSort: DEFAULT_SORT, pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields: BILLING_SORT_FIELDS });
  const tab: BillingTab = list.filters.aba && isBillingTab(list.filters.aba) ? list.filters.aba : 'data';
  const defaults = useMemo(() => ({ dataInicio: dayjs().startOf('month').format('YYYY-MM-DD'), dataFim: dayjs().format('YYYY-MM-DD') }), []);
  const filters = useMemo(() => billingApiFilters({ ...defaults, ...list.filters }, user.idEmpresa ?? null), [list.filters, defaults, user.idEmpresa]);
  const badRange = String(filters.dataFim) < String(filters.dataInicio);
  const sorter = list.sorter ?? (tab === 'data' ? 'chave,asc' : undefined);
  const rowsQuery = useBillingTab(tab, { page: list.page, pageSize: list.pageSize, sorter, ...filters }, !badRange);
  const chartOn = tab === 'data' || tab === 'estado';
  const chartQuery = useBillingTab(tab, { page: 0, pageSize: 200, sorter: tab === 'data' ? 'chave,asc' : 'liquidoCentavos,desc', ...filters }, chartOn && !badRange);
  const totals = useBillingTotals(filters);
  const chosen = Array.isArray(filters.idEmpresa) ? filters.idEmpresa.map(Number) : [];
  const several = chosen.length > 1;
  const companyList = companies.data ?? [];
  const none = t('billingReport.none');
  const rows = useMemo(() => (rowsQuery.data?.itens ?? []).map((row) => ({ ...row, id: row.chave })), [rowsQuery.data]);
  const exportFilters = useMemo(() => ({ ...filters, ...(sorter ? { sorter } : {}) }), [filters, sorter]);

  const columns = useMemo<GridColDef<BillingRow & { id: string }>[]>(() => {
    const num = (field: keyof BillingRow, width: number, format: (value: number) => string): GridColDef<BillingRow & { id: string }> => ({
      field,
      headerName: t(`billingReport.fields.${field}`),
      width,
      type: 'number',
      valueFormatter: (value: number) => format(value),
    });
    const count = (value: number) => value.toLocaleString(i18n.language);
    const perCompany: GridColDef<BillingRow & { id: string }>[] = several
      ? chosen.map((id) => ({
          field: `empresa-${id}`,
          headerName: t('billingReport.companyColumn', { empresa: companyList.find((c) => c.id === id)?.nome ?? `#${id}` }),
          width: 170,
          type: 'number',
          sortable: false,
          valueGetter: (_: unknown, row: BillingRow) => row.porEmpresa.find((c) => c.idEmpresa === id)?.liquidoCentavos ?? 0,
          valueFormatter: (value: number) => brl(value),
        }))
      : [];
    return [
      { field: 'chave', headerName: t(`billingReport.keyHeaders.${tab}`), width: tab === 'cliente' || tab === 'produto' ? 150 : 110, valueFormatter: (_: string, row: BillingRow) => (tab === 'data' ? rowLabel(tab, row, none) : row.chave || none) },
      { field: 'descricao', headerName: t('billingReport.fields.descricao'), flex: 1, minWidth: mobile ? 150 : 220, valueFormatter: (_: string, row: BillingRow) => rowLabel(tab, row, none) },
      num('quantidade', 90, count),
      num('brutoCentavos', 130, brl),
      num('devolucoesCentavos', 120, brl),
      num('liquidoCentavos', 130, brl),
      ...perCompany,
      num('notas', 80, count),
      num('participacao', 90, (value) => `${value.toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`),
    ];
  }, [t, i18n.language, mobile, tab, several, chosen.join(','), companyList, none]);

  return (
    <DateLocalization>
      <Box>
        <PageHeader title={t('billingReport.title')} subtitle={t('billingReport.subtitle')} actions={<ExportButton origem={`relatorio/faturamento/${tab}`} filtros={exportFilters} disabled={rowsQuery.isError || badRange} />} />
        <StaleDataNotice />
        <BillingFilters
          value={list.filters}
          defaults={defaults}
          companies={companyList}
          companyIds={filters.idEmpresa}
          onApply={(next) => list.setFilters({ ...next, aba: list.filters.aba })}
          onClear={list.reset}
        />
        <BillingTotalsCards totals={badRange ? undefined : totals.data} companies={companyList} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Tabs value={tab} onChange={(_, next: BillingTab) => list.setFilters({ ...list.filters, aba: next === 'data' ? undefined : next })} variant="scrollable" allowScrollButtonsMobile aria-label={t('billingReport.tabs.label')} sx={{ flex: 1, minWidth: 0 }}>
            {BILLING_TABS.map((key) => (
              <Tab key={key} value={key} label={t(`billingReport.tabs.${key}`)} id={`billing-tab-${key}`} />
            ))}
          </Tabs>
          {tab === 'data' && (
            <ToggleButtonGroup size="small" exclusive value={list.filters.agrupamento ?? 'dia'} onChange={(_, next: string | null) => next && list.setFilters({ ...list.filters, agrupamento: next === 'dia' ? undefined : next })} sx={{ mb: 0.5, '& .MuiToggleButton-root': { color: 'text.primary' }, '& .MuiToggleButton-root.Mui-selected': { color: 'primary.main' } }}>
              <ToggleButton value="dia">{t('billingReport.grouping.dia')}</ToggleButton>
              <ToggleButton value="mes">{t('billingReport.grouping.mes')}</ToggleButton>
            </ToggleButtonGroup>
          )}
        </Box>
        {chartOn && chartQuery.data && chartQuery.data.itens.length > 0 && <BillingChart tab={tab} rows={chartQuery.data.itens} />}
        <DataTable<BillingRow & { id: string }>
          ariaLabel={`${t('billingReport.title')}: ${t(`billingReport.tabs.${tab}`)}`}
          rows={badRange ? [] : rows}
          rowCount={badRange ? 0 : rowsQuery.data?.totalItens}
          columns={columns}
          loading={rowsQuery.isFetching}
          error={rowsQuery.isError}
          onRetry={() => void rowsQuery.refetch()}
          list={list}
          hiddenFields={mobile ? MOBILE_HIDDEN : []}
        />
      </Box>
    </DateLocalization>
  );
}
