import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@acervo/contracts';
import { formatMoneyFromCents } from '../../../shared/format/format.ts';

/** Props of `TrendChart`. */
export interface TrendChartProps {
  tendencia: Dashboard['tendencia'];
}

/** Compact BRL axis label (`R$ 1,2 mi`); display only, the amounts stay integer cents. */
const compact = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact', maximumFractionDigits: 1 });

/**
 * The 12-month trend (MUI X Charts): net billing per month, this year's bars beside the same
 * month of the previous year. Loaded lazily by Home (its own chunk, shared with the goals chart).
 * For assistive technology one image whose label lists the months and both values. Drawn without
 * the bars' growing animation: the figures are the point, they refresh every 60 s, and the
 * animation held the screen's last paint 0.3 s past the data (issue 19, docs/dashboard.md).
 */
export function TrendChart({ tendencia }: TrendChartProps) {
  const { t, i18n } = useTranslation();
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'short', year: '2-digit', timeZone: 'UTC' });
  const labels = tendencia.map((m) => monthName.format(new Date(`${m.mes}-15T12:00:00Z`)));
  const title = t('home.dashboard.trendTitle');
  const summary = tendencia
    .map((m, i) => `${labels[i]}: ${formatMoneyFromCents(m.valorCentavos, 'BRL')} / ${formatMoneyFromCents(m.valorAnoAnteriorCentavos, 'BRL')}`)
    .join('; ');
  const money = (value: number | null) => formatMoneyFromCents(value ?? 0, 'BRL');
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Box role="img" aria-label={`${title}. ${summary}`} sx={{ width: '100%', minWidth: 0 }}>
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: labels }]}
          yAxis={[{ valueFormatter: (value: number) => compact.format(value / 100), width: 72 }]}
          series={[
            { data: tendencia.map((m) => m.valorAnoAnteriorCentavos), label: t('home.dashboard.lastYear'), valueFormatter: money, color: '#B0BEC5' },
            { data: tendencia.map((m) => m.valorCentavos), label: t('home.dashboard.thisYear'), valueFormatter: money, color: '#2793CE' },
          ]}
          margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
          skipAnimation
        />
      </Box>
    </Box>
  );
}
