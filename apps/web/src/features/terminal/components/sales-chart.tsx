import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import type { TerminalSales } from '@acervo/contracts';
import { formatDate } from '../../../shared/format/format.ts';

/** Props of `SalesChart`. */
export interface SalesChartProps {
  vendas: TerminalSales;
}

/** `YYYY-MM` → short month and year in the interface language (`jan. 26`). */
export function monthLabel(mes: string, language: string): string {
  const [year, month] = mes.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/**
 * The title's net monthly sales in the selected company (MUI X bar chart, units), with the total
 * of the period and the last sale (DD/MM/YYYY). Loaded on demand with the detail (its own chunk).
 * For assistive technology the chart is one image whose label lists every month's units.
 */
export function SalesChart({ vendas }: SalesChartProps) {
  const { t, i18n } = useTranslation();
  const integer = new Intl.NumberFormat(i18n.language);
  const labels = vendas.porMes.map((m) => monthLabel(m.mes, i18n.language));
  const title = t('terminal.sales.title', { count: vendas.meses });
  const summary = vendas.porMes.map((m, i) => `${labels[i]}: ${integer.format(m.quantidade)}`).join('; ');
  // a title without sales still gets a 0–1 axis instead of a single squeezed tick; a month whose
  // returns exceed its sales (net below zero) keeps its bar below the axis
  const highest = Math.max(0, ...vendas.porMes.map((m) => m.quantidade));
  const lowest = Math.min(0, ...vendas.porMes.map((m) => m.quantidade));
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', columnGap: 2 }}>
        <Typography component="figcaption" variant="subtitle2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="terminal-sales-summary">
          {t('terminal.sales.total', { total: integer.format(vendas.total) })} · {vendas.ultimaVenda ? t('terminal.sales.lastSale', { date: formatDate(vendas.ultimaVenda) }) : t('terminal.sales.noSale')}
        </Typography>
      </Box>
      <Box role="img" aria-label={t('terminal.sales.chartLabel', { summary })} data-testid="terminal-sales-chart" sx={{ width: '100%', minWidth: 0 }}>
        <BarChart
          height={170}
          xAxis={[{ scaleType: 'band', data: labels, tickLabelStyle: { fontSize: 10 } }]}
          yAxis={[{ width: 36, tickMinStep: 1, min: lowest < 0 ? undefined : 0, max: highest === 0 && lowest === 0 ? 1 : undefined, valueFormatter: (value: number) => integer.format(value) }]}
          series={[{ data: vendas.porMes.map((m) => m.quantidade), label: t('terminal.sales.units'), color: '#2793CE' }]}
          hideLegend
          margin={{ left: 4, right: 8, top: 12, bottom: 4 }}
        />
      </Box>
    </Box>
  );
}
