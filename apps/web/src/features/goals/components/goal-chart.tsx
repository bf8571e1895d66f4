import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { MONTHS } from '../goal-sheet.ts';
import { formatCents } from '../money.ts';

/** Props of `GoalChart`. */
export interface GoalChartProps {
  ano: number;
  /** Total of each month over the companies, in cents (index 0 = January). */
  byMonth: readonly number[];
}

/** Compact BRL axis label (`R$ 1,2 mi`); display only, the amounts stay integer cents. */
const compact = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact', maximumFractionDigits: 1 });

/**
 * Bar chart of the year's monthly totals (MUI X Charts), following the grid as it is typed.
 * Loaded on demand by the goals page only (its own chunk). For assistive technology it is one
 * image whose label lists the totals (the same figures as the grid's total row).
 */
export function GoalChart({ ano, byMonth }: GoalChartProps) {
  const { t } = useTranslation();
  const labels = MONTHS.map((mes) => t(`goals.months.short.${mes}`));
  const title = t('goals.chartTitle', { ano });
  const summary = MONTHS.map((mes, i) => `${t(`goals.months.long.${mes}`)}: ${formatCents(byMonth[i])}`).join('; ');
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Box role="img" aria-label={`${title}. ${summary}`} sx={{ width: '100%', minWidth: 0 }}>
        <BarChart
          height={240}
          xAxis={[{ scaleType: 'band', data: labels }]}
          yAxis={[{ valueFormatter: (value: number) => compact.format(value / 100), width: 72 }]}
          series={[{ data: [...byMonth], label: t('goals.chartSeries'), valueFormatter: (value: number | null) => formatCents(value ?? 0), color: '#2793CE' }]}
          hideLegend
          margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
        />
      </Box>
    </Box>
  );
}
