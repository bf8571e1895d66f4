/**
 * The forecaster on real intermittent demand: `demand/carparts-dev.csv` of the shared data folder
 * (`ACERVO_SHARED_DATA` or `../shared/data` beside the repository; 1,255 monthly series of 51
 * months, see its SOURCES.md). Reads it through the command's own parser, holds out the last 12
 * months and checks AUTOMATICO against the targets of issue 18 and the SOURCES.md baseline (a
 * negative binomial with the mean and variance of the last 12 months, WQL 0.892), and that every
 * month's quantiles are ordered integers. `npm run bench:forecast -w @acervo/bench` prints every method.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { holdoutAccuracy } from './accuracy.ts';
import { countDistribution, quantiles } from './distribution.ts';
import { forecastSeries } from './forecast.ts';
import { parseHistoryCsv } from './history-csv.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const file = path.join(process.env.ACERVO_SHARED_DATA ?? path.resolve(repoRoot, '../shared/data'), 'demand', 'carparts-dev.csv');

describe('forecast on carparts-dev.csv (last 12 months held out)', () => {
  const parsed = parseHistoryCsv(fs.readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const series = parsed.series.map((s) => s.values);

  it('reads 1,255 series of 51 months', () => {
    expect(series.length).toBe(1255);
    expect(new Set(series.map((s) => s.length))).toEqual(new Set([51]));
  });

  it('AUTOMATICO meets the targets and beats the negative binomial of the last 12 months', () => {
    const cut = 39;
    const auto = holdoutAccuracy(series, cut, 12, (train) => {
      const f = forecastSeries(train, { horizon: 12 });
      for (const m of f.months) {
        expect(m.quantiles.every((q, i) => Number.isInteger(q) && (i === 0 || q >= m.quantiles[i - 1]))).toBe(true);
      }
      return { means: f.months.map((m) => m.mean), quantiles: f.months.map((m) => m.quantiles), totalQ90: f.total.quantiles[8] };
    });
    const baseline = holdoutAccuracy(series, cut, 12, (train) => {
      const last = train.slice(-12);
      const mu = last.reduce((a, b) => a + b, 0) / 12;
      const variance = last.reduce((a, v) => a + (v - mu) ** 2, 0) / 11;
      return {
        means: new Array<number>(12).fill(mu),
        quantiles: new Array<number[]>(12).fill(quantiles(countDistribution(mu, variance))),
        totalQ90: quantiles(countDistribution(mu * 12, variance * 12))[8],
      };
    });
    // SOURCES.md: WQL 0.892, q90 coverage 93.6 %
    expect(baseline.wql).toBeCloseTo(0.892, 3);
    expect(baseline.coverage90).toBeCloseTo(0.936, 3);
    expect(auto.wql).toBeLessThanOrEqual(0.87);
    expect(auto.wql).toBeLessThan(baseline.wql);
    expect(auto.mase).toBeLessThanOrEqual(1.1);
    expect(Math.abs(auto.bias)).toBeLessThanOrEqual(0.1);
    expect(auto.coverage90).toBeGreaterThanOrEqual(0.85);
    expect(auto.coverage90).toBeLessThanOrEqual(0.95);
    expect(auto.coverage90Total).toBeGreaterThanOrEqual(0.85);
    expect(auto.coverage90Total).toBeLessThanOrEqual(0.95);
  });
});
