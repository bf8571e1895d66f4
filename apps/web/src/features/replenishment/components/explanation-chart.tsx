import Box from '@mui/material/Box';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import type { ReplenishmentExplanation } from '@acervo/contracts';

/** Props of `ExplanationChart`. */
export interface ExplanationChartProps {
  explanation: ReplenishmentExplanation;
  /** Accessible summary of the chart (the same figures the panel lists). */
  summary: string;
}

/** Index of quantile q10 and q90 in `quantis` (0.1 … 0.9). */
const Q10 = 0;
const Q90 = 8;

/**
 * The explanation's chart (MUI X Charts, its own chunk): the monthly demand of the history
 * (observed, and the stockout-corrected value where it differs), then the forecast's mean and its
 * q10–q90 band for each future month. The band is two stacked areas (q10 invisible, q90 − q10
 * filled); the tooltip shows q90 itself. For assistive technology one image labelled `summary`.
 */
export function ExplanationChart({ explanation, summary }: ExplanationChartProps) {
  const { t, i18n } = useTranslation();
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' });
  // "nov/25": short enough for every month to keep its tick on a phone
  const label = (mes: string) => `${monthName.format(new Date(`${mes.slice(0, 7)}-15T12:00:00Z`)).replace('.', '')}/${mes.slice(2, 4)}`;
  const history = explanation.historico;
  const forecast = explanation.previsao;
  const labels = [...history, ...forecast].map((m) => label(m.mes));
  const pad = (n: number) => Array<null>(n).fill(null);
  const observed = [...history.map((m) => m.quantidade), ...pad(forecast.length)];
  const anyCorrected = history.some((m) => m.corrigido !== m.quantidade);
  const corrected = [...history.map((m) => m.corrigido), ...pad(forecast.length)];
  const mean = [...pad(history.length), ...forecast.map((m) => m.media)];
  const q10 = [...pad(history.length), ...forecast.map((m) => m.quantis[Q10] ?? 0)];
  const q90 = forecast.map((m) => m.quantis[Q90] ?? m.media);
  const width = [...pad(history.length), ...forecast.map((m, i) => Math.max(0, (q90[i] ?? 0) - (m.quantis[Q10] ?? 0)))];
  const fmt = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const value = (v: number | null) => (v === null ? '' : fmt.format(v));
  return (
    <Box role="img" aria-label={summary} sx={{ width: '100%', minWidth: 0 }}>
      <LineChart
        height={220}
        xAxis={[{ scaleType: 'point', data: labels, tickLabelStyle: { fontSize: 10 } }]}
        yAxis={[{ width: 36, min: 0 }]}
        series={[
          { id: 'q10', data: q10, stack: 'band', area: true, showMark: false, color: 'transparent', valueFormatter: value },
          {
            id: 'band',
            data: width,
            stack: 'band',
            area: true,
            showMark: false,
            color: '#B3D9EF',
            label: t('replenishment.explain.band'),
            valueFormatter: (_v, { dataIndex }) => value(dataIndex >= history.length ? (q90[dataIndex - history.length] ?? null) : null),
          },
          { id: 'mean', data: mean, showMark: true, color: '#1565C0', label: t('replenishment.explain.mean'), valueFormatter: value },
          ...(anyCorrected ? [{ id: 'corrected', data: corrected, showMark: false, color: '#C77700', label: t('replenishment.explain.corrected'), valueFormatter: value }] : []),
          { id: 'history', data: observed, showMark: true, color: '#37474F', label: t('replenishment.explain.history'), valueFormatter: value },
        ]}
        slotProps={{ legend: { sx: { fontSize: 11 } } }}
        margin={{ left: 4, right: 20, top: 8, bottom: 4 }}
      />
    </Box>
  );
}
