/**
 * Forecast accuracy on real intermittent demand (`npm run bench:forecast -w @acervo/bench`):
 * ../shared/data/demand/carparts-dev.csv (1,255 monthly series, 51 months; SOURCES.md there). For
 * each cut point (default: hold out the last 12 months; also 12 months ending 6 and 12 months
 * earlier, i.e. forecasting from month 51−24 and 51−18, data not used to design the methods), every
 * method and AUTOMATICO forecast the 12 held-out months from the months before, and the bench prints
 * MASE (seasonal naive scale, m = 12, averaged over series with scale > 0), WQL over 0.1…0.9, total
 * bias and q90 coverage (per month and for the 12-month total) beside the SOURCES.md baselines
 * computed in the same run. Metric formulas: docs/replenishment.md.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHistoryCsv } from '@acervo/server/src/replenishment/forecast/history-csv.ts';
import { countDistribution, quantiles, QUANTILE_LEVELS } from '@acervo/server/src/replenishment/forecast/distribution.ts';
import { FORECAST_METHODS, forecastSeries } from '@acervo/server/src/replenishment/forecast/forecast.ts';
import { holdoutAccuracy, type HoldoutPrediction as Prediction } from '@acervo/server/src/replenishment/forecast/accuracy.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const file = process.env.FORECAST_DATA ?? path.resolve(here, '../../shared/data/demand/carparts-dev.csv');
const H = 12;

const point = (value: number): Prediction => ({
  means: new Array<number>(H).fill(value),
  quantiles: new Array<number>(H).fill(0).map(() => QUANTILE_LEVELS.map(() => value)),
  totalQ90: value * H,
});

const baselines: [string, (train: number[]) => Prediction][] = [
  [
    'seasonal naive (baseline)',
    (train) => {
      const p = point(0);
      for (let h = 0; h < H; h++) {
        const v = train[train.length - 12 + (h % 12)];
        p.means[h] = v;
        p.quantiles[h] = QUANTILE_LEVELS.map(() => v);
      }
      p.totalQ90 = p.means.reduce((a, b) => a + b, 0);
      return p;
    },
  ],
  ['mean of last 12 (baseline)', (train) => point(train.slice(-12).reduce((a, b) => a + b, 0) / 12)],
  [
    'NB of last 12 (baseline)',
    (train) => {
      const last = train.slice(-12);
      const mu = last.reduce((a, b) => a + b, 0) / 12;
      const variance = last.reduce((a, v) => a + (v - mu) ** 2, 0) / 11;
      const q = quantiles(countDistribution(mu, variance));
      const total = quantiles(countDistribution(mu * H, variance * H));
      return { means: new Array<number>(H).fill(mu), quantiles: new Array<number[]>(H).fill(q), totalQ90: total[8] };
    },
  ],
];

function fromForecast(method: (typeof FORECAST_METHODS)[number]) {
  return (train: number[]): Prediction => {
    const f = forecastSeries(train, { method, horizon: H });
    return { means: f.months.map((m) => m.mean), quantiles: f.months.map((m) => m.quantiles), totalQ90: f.total.quantiles[8] };
  };
}

const parsed = parseHistoryCsv(readFileSync(file, 'utf8'));
if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
const series = parsed.series.map((s) => s.values);
const length = series[0].length;
const cuts = (process.env.FORECAST_CUTS ?? `${length - 12},${length - 24},${length - 18}`).split(',').map(Number);
const only = process.env.FORECAST_METHODS?.split(',');

const pct = (x: number): string => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;
for (const cut of cuts) {
  console.log(`\n${path.basename(file)}: ${series.length} series, training months 1–${cut}, evaluated ${cut + 1}–${cut + H}`);
  console.log('| method | MASE | WQL | bias | q90 cov. (month) | q90 cov. (12-month total) | s |');
  console.log('|---|---|---|---|---|---|---|');
  const rows: [string, (train: number[]) => Prediction][] = [
    ...baselines,
    ...FORECAST_METHODS.filter((m) => !only || only.includes(m)).map((m) => [m, fromForecast(m)] as [string, (train: number[]) => Prediction]),
  ];
  for (const [name, fn] of rows) {
    const t0 = performance.now();
    const r = holdoutAccuracy(series, cut, H, fn);
    const s = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(
      `| ${name} | ${r.mase.toFixed(3)} | ${r.wql.toFixed(4)} | ${pct(r.bias)} | ${(r.coverage90 * 100).toFixed(1)} % | ${(r.coverage90Total * 100).toFixed(1)} % | ${s} |`,
    );
  }
}
