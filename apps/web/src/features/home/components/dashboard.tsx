import { Suspense, lazy } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_COMPARISONS, type DashboardComparison } from '@acervo/contracts';
import { formatDate } from '../../../shared/format/format.ts';
import { StaleDataNotice } from '../../../shared/reports/stale-data-notice.tsx';
import { useDashboard } from '../api/dashboard-api.ts';
import { PeriodCard } from './period-card.tsx';
import { GoalCard } from './goal-card.tsx';
import { TopTitles } from './top-titles.tsx';
import { CompanyBilling } from './company-billing.tsx';

let trendChartModule: Promise<typeof import('./trend-chart.tsx')> | null = null;
/**
 * Loads the trend chart's module once. The dashboard asks for it when it mounts, not when the
 * figures arrive: index.html's script has already downloaded it (ROUTE_LAZY_FILES) and the figures
 * often arrive with the app (the early request), so the chart draws in the same moment as the
 * cards. Lighthouse desktop on 5 million lines: last visual change 1.48 → 0.89 s (docs/dashboard.md).
 */
const loadTrendChart = () => (trendChartModule ??= import('./trend-chart.tsx'));
const TrendChart = lazy(async () => ({ default: (await loadTrendChart()).TrendChart }));

/** Props of `Dashboard`. */
export interface DashboardProps {
  /** The selected company (the query key holds it: a switch fetches its figures). */
  idEmpresa: number;
  /** The signed-in user's name, for the welcome heading. */
  userName: string;
  /** The selected company's name (undefined while the list loads). */
  companyName: string | undefined;
}

/** The comparison in the address (`?comparacao=`), SEMANA_ANTERIOR when absent or unknown. */
function useComparison(): [DashboardComparison, (next: DashboardComparison) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('comparacao');
  const value = (DASHBOARD_COMPARISONS as readonly string[]).includes(raw ?? '') ? (raw as DashboardComparison) : 'SEMANA_ANTERIOR';
  return [value, (next) => setParams((p) => ({ ...Object.fromEntries(p), comparacao: next }), { replace: true })];
}

/**
 * Home's dashboard (issue 19; docs/dashboard.md): the selected company's day and month to date
 * with the chosen comparison, the month's goal and projection, billing per company, the 12-month
 * trend (chart loaded lazily) and the month's best-selling titles. Refreshes every 60 s.
 */
export function Dashboard({ idEmpresa, userName, companyName }: DashboardProps) {
  const { t } = useTranslation();
  void loadTrendChart(); // once per page load (memoised): the module is evaluated by the time the figures render
  const [comparacao, setComparacao] = useComparison();
  const query = useDashboard(idEmpresa, comparacao, true);
  const d = query.data;
  const empty = d !== undefined && d.mes.notas === 0 && d.dia.notas === 0 && d.tendencia.every((m) => m.valorCentavos === 0 && m.valorAnoAnteriorCentavos === 0);
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="dashboard" aria-busy={query.isFetching}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Box>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, color: 'primary.main' }}>
            {t('home.welcome', { name: userName })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('home.dashboard.heading')} ·{' '}
            <Box component="span" data-testid="home-company" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {companyName ?? '…'}
            </Box>
            {d ? ` · ${t('home.dashboard.subtitle', { date: formatDate(d.data) })}` : ''}
          </Typography>
        </Box>
        <TextField
          select
          size="small"
          label={t('home.dashboard.compareWith')}
          value={comparacao}
          onChange={(e) => setComparacao(e.target.value as DashboardComparison)}
          sx={{ minWidth: 240 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'dashboard-comparison' } as object } }}
        >
          {DASHBOARD_COMPARISONS.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`home.dashboard.comparison.${c}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      <StaleDataNotice />
      {query.isError && <Alert severity="error">{t('home.dashboard.error')}</Alert>}
      {empty && (
        <Alert severity="info" data-testid="dashboard-empty">
          {t('home.dashboard.empty')}
        </Alert>
      )}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
        {d ? (
          <>
            <PeriodCard title={t('home.dashboard.today')} period={d.dia} testId="dashboard-day" />
            <PeriodCard title={t('home.dashboard.monthToDate')} period={d.mes} testId="dashboard-month" />
            <GoalCard meta={d.meta} />
          </>
        ) : (
          [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={210} />)
        )}
      </Box>

      {d && d.porEmpresa.length > 1 && <CompanyBilling companies={d.porEmpresa} selectedId={d.idEmpresa} />}

      {d && !empty && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
          <Card variant="outlined">
            <CardContent>
              <Suspense fallback={<Skeleton variant="rounded" height={290} />}>
                <TrendChart tendencia={d.tendencia} />
              </Suspense>
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <TopTitles titles={d.maisVendidos} />
            </CardContent>
          </Card>
        </Box>
      )}
    </Box>
  );
}
