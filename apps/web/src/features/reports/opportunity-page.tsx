import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import {
  OPPORTUNITY_REPORT_SORT_FIELDS,
  opportunityReportOrigin,
  type OpportunityAnalyticRow,
  type OpportunityReportView,
  type OpportunitySyntheticRow,
} from '@acervo/contracts';
import { MOBILE_QUERY } from '../../shared/app-id.ts';
import { formatDateTime } from '../../shared/format/format.ts';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../shared/data-table/data-table.tsx';
import { useListParams, type SortState } from '../../shared/list-params/use-list-params.ts';
import { PageHeader } from '../../shared/page-header/page-header.tsx';
import { ExportButton } from '../../shared/exports/export-button.tsx';
import { StaleDataNotice } from '../../shared/reports/stale-data-notice.tsx';
import { useSession } from '../../shared/session/session-context.tsx';
import { useUserCompanies } from '../../shared/api/get-user-companies.ts';
import { DateLocalization } from '../../shared/date-picker/date-localization.tsx';
import { OPPORTUNITY_FILTER_KEYS, OPPORTUNITY_TABS, opportunityApiFilters, tabOf, useOpportunityAnalytic, useOpportunitySynthetic, viewOf } from './opportunity-api.ts';
import { OpportunityFilters } from './opportunity-filters.tsx';

/** Default sort of each view (as the API's). */
const DEFAULT_SORT: Record<OpportunityReportView, SortState> = {
  sintetica: { field: 'registros', direction: 'desc' },
  analitica: { field: 'data', direction: 'desc' },
};
/** Columns hidden on phones (the title cell shows the essentials under it). */
const MOBILE_HIDDEN: Record<OpportunityReportView, readonly string[]> = {
  sintetica: ['ean', 'registros', 'ultimaData'],
  analitica: ['data', 'empresa', 'ean', 'motivo', 'usuario', 'observacao'],
};

/** A text cell with a second line on phones. */
function TitleCell({ title, detail }: { title: string; detail?: string }) {
  return (
    <Box sx={{ py: 0.5, minWidth: 0 }}>
      <Typography variant="body2" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={title}>
        {title}
      </Typography>
      {detail && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
}

/**
 * Opportunities report (`/reports/opportunity`, open to every signed-in user; issue 17 part 4):
 * the Terminal's registrations of the user's companies. Tabs purchase suggestion / lost
 * opportunity; a synthetic view (one row per title: registrations, copies, last registration,
 * current available stock of the filtered companies) or an analytic one (each registration with
 * date, company, user, reason and observation); filters company (several), dates and product;
 * paged and sortable by every column; tab, view, filters, page and sort in the URL; "Exportar"
 * (CSV/Excel through the export queue, same tab, view, filters and sort).
 */
export function OpportunityPage() {
  const { t, i18n } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const { user } = useSession();
  const companies = useUserCompanies(user?.id ?? 0);
  const [searchParams, setSearchParams] = useSearchParams();
  const view = viewOf({ visao: searchParams.get('visao') ?? undefined });
  const list = useListParams({ filterKeys: OPPORTUNITY_FILTER_KEYS, defaultSort: DEFAULT_SORT[view], pageSizeOptions: PAGE_SIZE_OPTIONS, sortFields: OPPORTUNITY_REPORT_SORT_FIELDS[view] });
  const tab = tabOf(list.filters);
  const filters = useMemo(() => opportunityApiFilters(list.filters), [list.filters]);
  const query = { ...filters, tipo: tab, page: list.page, pageSize: list.pageSize, sorter: list.sorter };
  const synthetic = useOpportunitySynthetic(query, view === 'sintetica');
  const analytic = useOpportunityAnalytic(query, view === 'analitica');
  const report = view === 'sintetica' ? synthetic : analytic;
  const exportFilters = useMemo(() => ({ ...filters, tipo: tab, visao: view, ...(list.sorter ? { sorter: list.sorter } : {}) }), [filters, tab, view, list.sorter]);
  const n = (value: number | null) => (value === null ? '—' : value.toLocaleString(i18n.language));

  /** Changes the view: the other view's columns, so its default sort and the first page. */
  const setView = (next: OpportunityReportView) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next === 'sintetica') params.delete('visao');
      else params.set('visao', next);
      params.delete('sort');
      params.delete('page');
      return params;
    });
  const setTab = (next: string) => list.setFilters({ ...list.filters, tipo: next === OPPORTUNITY_TABS[0] ? undefined : next });

  const syntheticColumns = useMemo<GridColDef<OpportunitySyntheticRow>[]>(
    () => [
      { field: 'ean', headerName: t('opportunityReport.fields.ean'), width: 140, valueFormatter: (v: string | null) => v ?? '—' },
      {
        field: 'descricao',
        headerName: t('opportunityReport.fields.titulo'),
        flex: 1,
        minWidth: mobile ? 150 : 260,
        renderCell: ({ row }) => (
          <TitleCell title={row.descricao} detail={mobile ? `${t('opportunityReport.registrations', { count: row.registros })} · ${formatDateTime(row.ultimaData)}` : undefined} />
        ),
      },
      { field: 'registros', headerName: t('opportunityReport.fields.registros'), width: 130, type: 'number', valueFormatter: (v: number) => n(v) },
      { field: 'quantidade', headerName: t(mobile ? 'opportunityReport.fields.quantidadeCurta' : 'opportunityReport.fields.quantidade'), width: mobile ? 76 : 120, type: 'number', valueFormatter: (v: number) => n(v) },
      { field: 'ultimaData', headerName: t('opportunityReport.fields.ultimaData'), width: 150, valueFormatter: (v: string) => formatDateTime(v) },
      { field: 'estoqueDisponivel', headerName: t(mobile ? 'opportunityReport.fields.estoqueCurto' : 'opportunityReport.fields.estoqueDisponivel'), width: mobile ? 90 : 170, type: 'number', valueFormatter: (v: number | null) => n(v) },
    ],
    [t, i18n.language, mobile],
  );
  const analyticColumns = useMemo<GridColDef<OpportunityAnalyticRow>[]>(
    () => [
      { field: 'data', headerName: t('opportunityReport.fields.data'), width: 140, valueFormatter: (v: string) => formatDateTime(v) },
      { field: 'empresa', headerName: t('opportunityReport.fields.empresa'), width: 170 },
      { field: 'ean', headerName: t('opportunityReport.fields.ean'), width: 140, valueFormatter: (v: string | null) => v ?? '—' },
      {
        field: 'descricao',
        headerName: t('opportunityReport.fields.descricao'),
        flex: 1,
        minWidth: mobile ? 150 : 220,
        renderCell: ({ row }) => <TitleCell title={row.descricao} detail={mobile ? `${formatDateTime(row.data)} · ${row.motivo} · ${row.usuario ?? '—'}` : undefined} />,
      },
      { field: 'quantidade', headerName: t(mobile ? 'opportunityReport.fields.quantidadeCurta' : 'opportunityReport.fields.quantidade'), width: mobile ? 76 : 120, type: 'number', valueFormatter: (v: number) => n(v) },
      { field: 'motivo', headerName: t('opportunityReport.fields.motivo'), width: 160 },
      { field: 'usuario', headerName: t('opportunityReport.fields.usuario'), width: 180, valueFormatter: (v: string | null) => v ?? '—' },
      { field: 'observacao', headerName: t('opportunityReport.fields.observacao'), width: 220, valueFormatter: (v: string | null) => v ?? '' },
    ],
    [t, i18n.language, mobile],
  );

  const syntheticRows = useMemo(() => (synthetic.data?.itens ?? []).map((row) => ({ ...row, id: row.chave })), [synthetic.data]);
  const empty = report.isSuccess && report.data.totalItens === 0;

  return (
    <DateLocalization>
      <PageHeader
        title={t('opportunityReport.title')}
        subtitle={t('opportunityReport.subtitle')}
        actions={<ExportButton origem={opportunityReportOrigin(tab, view)} filtros={exportFilters} disabled={report.isError || empty} />}
      />
      <StaleDataNotice />
      <OpportunityFilters
        value={list.filters}
        companies={companies.data ?? []}
        defaultCompanyId={user?.idEmpresa ?? null}
        onApply={(next) => list.setFilters({ tipo: list.filters.tipo, visao: list.filters.visao, ...next })}
        onClear={() => list.setFilters({ tipo: list.filters.tipo, visao: list.filters.visao })}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Tabs value={tab} onChange={(_, next: string) => setTab(next)} aria-label={t('opportunityReport.tabs.label')} variant={mobile ? 'fullWidth' : 'standard'} sx={{ flex: mobile ? '1 1 100%' : undefined }}>
          {OPPORTUNITY_TABS.map((type) => (
            <Tab key={type} value={type} label={t(`opportunityReport.tabs.${type}`)} id={`opportunity-tab-${type}`} aria-controls="opportunity-grid" />
          ))}
        </Tabs>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, next: OpportunityReportView | null) => next && setView(next)}
          aria-label={t('opportunityReport.views.label')}
          // the default grey text on the page background is under 4.5:1; the chosen view in the primary colours
          sx={{ '& .MuiToggleButton-root': { color: 'text.primary', px: 1.5, '&.Mui-selected, &.Mui-selected:hover': { color: 'primary.contrastText', bgcolor: 'primary.main' } } }}
        >
          <ToggleButton value="sintetica">{t('opportunityReport.views.sintetica')}</ToggleButton>
          <ToggleButton value="analitica">{t('opportunityReport.views.analitica')}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {empty && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('opportunityReport.empty')}
        </Alert>
      )}
      <Box id="opportunity-grid" role="tabpanel" aria-labelledby={`opportunity-tab-${tab}`}>
        {view === 'sintetica' ? (
          <DataTable<OpportunitySyntheticRow & { id: string }>
            ariaLabel={t('opportunityReport.gridSynthetic', { tab: t(`opportunityReport.tabs.${tab}`) })}
            rows={syntheticRows}
            rowCount={synthetic.data?.totalItens}
            columns={syntheticColumns as GridColDef<OpportunitySyntheticRow & { id: string }>[]}
            loading={synthetic.isFetching}
            error={synthetic.isError}
            onRetry={() => void synthetic.refetch()}
            list={list}
            hiddenFields={mobile ? MOBILE_HIDDEN.sintetica : []}
          />
        ) : (
          <DataTable<OpportunityAnalyticRow>
            ariaLabel={t('opportunityReport.gridAnalytic', { tab: t(`opportunityReport.tabs.${tab}`) })}
            rows={analytic.data?.itens ?? []}
            rowCount={analytic.data?.totalItens}
            columns={analyticColumns}
            loading={analytic.isFetching}
            error={analytic.isError}
            onRetry={() => void analytic.refetch()}
            list={list}
            hiddenFields={mobile ? MOBILE_HIDDEN.analitica : []}
          />
        )}
      </Box>
    </DateLocalization>
  );
}
