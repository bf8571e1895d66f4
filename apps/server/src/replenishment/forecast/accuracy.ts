/**
 * Hold-out accuracy of monthly forecasts over many series, as the fev benchmark and
 * ../shared/data/demand/SOURCES.md measure it (used by bench/forecast.bench.ts and the data test):
 *   MASE = mean over series with scale > 0 of (mean |y − ŷ| over the held-out months) / scale,
 *          scale = mean |y_t − y_{t−12}| over the training months (seasonal naive error, m = 12);
 *   WQL  = Σ_q Σ 2·|(y − ŷ_q)(1[y ≤ ŷ_q] − q)| / (9 · Σ|y|), q = 0.1 … 0.9, summed over every series and month;
 *   bias = Σŷ / Σy − 1 (point forecast = the mean);
 *   q90 coverage = share of (series, month) with y ≤ ŷ_0.9, and share of series whose held-out total
 *          is ≤ the total's q90.
 */
import { QUANTILE_LEVELS } from './distribution.ts';

/** What a forecaster returns for one series over the held-out months. */
export interface HoldoutPrediction {
  /** Mean (point forecast) per month. */
  means: number[];
  /** Quantiles 0.1 … 0.9 per month. */
  quantiles: number[][];
  /** q90 of the total over the held-out months. */
  totalQ90: number;
}

/** The measured figures (fractions, not percentages). */
export interface HoldoutMetrics {
  mase: number;
  wql: number;
  bias: number;
  coverage90: number;
  coverage90Total: number;
  /** Series whose MASE scale is above 0 (the ones MASE averages). */
  maseSeries: number;
}

/**
 * Forecasts the `horizon` months after `cut` of every series from its first `cut` months and
 * measures the result.
 * @param series monthly values, oldest first, each at least cut + horizon long (cut > 12 for MASE)
 * @param cut number of training months
 * @param horizon held-out months
 * @param predict the forecaster: training months → prediction of the next `horizon` months
 */
export function holdoutAccuracy(
  series: readonly (readonly number[])[],
  cut: number,
  horizon: number,
  predict: (train: number[]) => HoldoutPrediction,
): HoldoutMetrics {
  let maseSum = 0;
  let maseSeries = 0;
  let pinball = 0;
  let absY = 0;
  let sumF = 0;
  let sumY = 0;
  let covered = 0;
  let months = 0;
  let coveredTotal = 0;
  for (const s of series) {
    const train = s.slice(0, cut);
    const test = s.slice(cut, cut + horizon);
    const p = predict(train);
    let scale = 0;
    for (let t = 12; t < train.length; t++) scale += Math.abs(train[t] - train[t - 12]);
    scale /= train.length - 12;
    let absError = 0;
    for (let h = 0; h < horizon; h++) {
      const y = test[h];
      absError += Math.abs(y - p.means[h]);
      absY += Math.abs(y);
      sumF += p.means[h];
      sumY += y;
      QUANTILE_LEVELS.forEach((q, i) => {
        const f = p.quantiles[h][i];
        pinball += 2 * Math.abs((y - f) * ((y <= f ? 1 : 0) - q));
      });
      if (y <= p.quantiles[h][QUANTILE_LEVELS.length - 1]) covered++;
      months++;
    }
    if (scale > 0) {
      maseSum += absError / horizon / scale;
      maseSeries++;
    }
    if (test.reduce((a, b) => a + b, 0) <= p.totalQ90) coveredTotal++;
  }
  return {
    mase: maseSum / maseSeries,
    wql: pinball / QUANTILE_LEVELS.length / absY,
    bias: sumF / sumY - 1,
    coverage90: covered / months,
    coverage90Total: coveredTotal / series.length,
    maseSeries,
  };
}
