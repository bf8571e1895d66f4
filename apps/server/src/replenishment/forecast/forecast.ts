/**
 * Probabilistic monthly forecast of one demand series: a point method (or AUTOMATICO's choice) gives
 * the mean of each future month; a negative binomial (Poisson when not over-dispersed) around it
 * gives the quantiles 0.1 … 0.9 per month and over the whole horizon. Pure functions; the method,
 * the distribution and the calibration are explained in docs/replenishment.md.
 */
import { classifyDemand, type DemandPattern } from './demand-class.ts';
import { countDistribution, quantiles, QUANTILE_LEVELS, type CountDistribution } from './distribution.ts';
import { POINT_METHODS, exponentialSmoothing, median, pointForecast, seasonal, tsb, type PointForecast, type PointMethod, type PointOptions } from './point-methods.ts';

/** `metodoPonderacao`: a point method or AUTOMATICO (chosen per series). */
export type ForecastMethod = PointMethod | 'AUTOMATICO';

/** Every value `metodoPonderacao` accepts. */
export const FORECAST_METHODS: readonly ForecastMethod[] = [...POINT_METHODS, 'AUTOMATICO'];

/** Options of {@link forecastSeries}. */
export interface ForecastOptions extends PointOptions {
  /** Method (default AUTOMATICO). */
  method?: ForecastMethod;
  /** Months to forecast (≥ 1). */
  horizon: number;
}

/** The forecast of one month, or of the horizon's total. */
export interface QuantileForecast {
  /** Expected demand (units, not rounded). */
  mean: number;
  /** Variance of the distribution (units²). */
  variance: number;
  /** Integer quantiles at 0.1, 0.2, …, 0.9 (units). */
  quantiles: number[];
}

/** The result of {@link forecastSeries}. */
export interface SeriesForecast {
  /** The method asked for. */
  method: ForecastMethod;
  /** The point method used (AUTOMATICO's choice, or the method asked for). */
  chosen: PointMethod;
  /** Why this method (pt-BR sentence; for AUTOMATICO, the class and the numbers behind the choice). */
  reason: string;
  /** Syntetos–Boylan class of the history. */
  pattern: DemandPattern;
  /** Parameters of the point method, plus the distribution's (dispersao, kappa, familia). */
  parameters: Record<string, number | string | number[]>;
  /** One entry per future month. */
  months: QuantileForecast[];
  /** Demand over the whole horizon (sum of the months, with the level uncertainty shared by all). */
  total: QuantileForecast;
}

/**
 * Level uncertainty per month of horizon, λ²: the mean itself is uncertain and drifts (titles go out
 * of print, a school adoption ends), like a random walk, so month h of the horizon gets λ²·h·μ² on top of
 * the negative binomial's variance, and the horizon total the covariance λ²·min(i, j)·μ_i·μ_j between
 * months i and j. λ² = 1/6.5 (the level's standard deviation reaches the mean at month 6.5), chosen
 * on the carparts hold-outs ending at months 27 and 33, not on the last 12 months (docs/replenishment.md).
 */
export const LEVEL_VARIANCE_PER_MONTH = 1 / 6.5;

/** AUTOMATICO's weight of the recent (last 12 months) mean when it shrinks TSB or smoothing toward it. */
export const RECENT_MEAN_WEIGHT = 0.5;

/** A month above this multiple of the median non-zero month (last 24 months) is capped there by AUTOMATICO. */
export const SPIKE_CAP_MULTIPLE = 2;

const mean = (xs: readonly number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/**
 * Over-dispersion of the history as a negative binomial's 1/r, by the method of moments on the last
 * 24 months (all of them when shorter): with m their mean and s² their sample variance (n − 1),
 *   1/r = max(0, (s² − m) / m²)   (Var = μ + μ²/r);  0 when m = 0 or fewer than 2 months.
 * @param history monthly demand, oldest first
 */
export function fitDispersion(history: readonly number[]): number {
  const recent = history.slice(-24);
  if (recent.length < 2) return 0;
  const m = mean(recent);
  if (!(m > 0)) return 0;
  const s2 = recent.reduce((a, v) => a + (v - m) ** 2, 0) / (recent.length - 1);
  return Math.max(0, (s2 - m) / (m * m));
}

/**
 * AUTOMATICO's spike cap: months above {@link SPIKE_CAP_MULTIPLE} × the median of the non-zero
 * months of the last 24 are lowered to that value (a single large order, a stocking order, is not
 * repeated demand); with no non-zero month nothing changes.
 * @param history monthly demand, oldest first
 * @returns the capped series, the cap (Infinity when none) and the number of months capped
 */
export function capSpikes(history: readonly number[]): { values: number[]; cap: number; capped: number } {
  const nonZero = history
    .slice(-24)
    .filter((v) => v > 0)
    .sort((a, b) => a - b);
  if (nonZero.length === 0) return { values: [...history], cap: Infinity, capped: 0 };
  const cap = SPIKE_CAP_MULTIPLE * median(nonZero);
  let capped = 0;
  const values = history.map((v) => {
    if (v <= cap) return v;
    capped++;
    return cap;
  });
  return { values, cap, capped };
}

/** AUTOMATICO's choice for one series: the point method, the mean per month, the parameters and why. */
interface AutomaticChoice {
  chosen: PointMethod;
  means: number[];
  parameters: Record<string, number | string | number[]>;
  reason: string;
}

function meanAbsoluteHoldout(history: readonly number[], method: PointMethod, months: number): number {
  const train = history.slice(0, history.length - months);
  const test = history.slice(history.length - months);
  const f = pointForecast(method, train, months);
  return mean(test.map((y, i) => Math.abs(y - f.means[i])));
}

function chooseAutomatic(history: readonly number[], pattern: DemandPattern, horizon: number, detail = true): AutomaticChoice {
  // `detail` false (bulk: only the method and the means are used): no reason text, no parameters
  const numbers = () => `ADI ${pattern.adi.toFixed(2)}, CV² ${pattern.cv2.toFixed(2)}`;
  const { values, cap, capped } = capSpikes(history);
  const recent = mean(values.slice(-12));
  const capNote = () => (capped > 0 ? `; ${capped} ${capped === 1 ? 'mês acima' : 'meses acima'} de ${cap} (2 × mediana dos meses com venda) limitado${capped === 1 ? '' : 's'} a ${cap}` : '');
  const capParameters = () => ({ limitePico: Number.isFinite(cap) ? cap : 0, mesesLimitados: capped });
  const shrink = (point: PointForecast): number[] =>
    point.means.map((m) => (1 - RECENT_MEAN_WEIGHT) * m + RECENT_MEAN_WEIGHT * recent);
  const shrinkParameters = { mediaRecente12: recent, pesoMediaRecente: RECENT_MEAN_WEIGHT };
  switch (pattern.demandClass) {
    case 'SEM_DEMANDA':
      return { chosen: 'TSB', means: new Array<number>(horizon).fill(0), parameters: {}, reason: 'sem venda no histórico: previsão zero' };
    case 'INTERMITENTE':
    case 'IRREGULAR': {
      const point = tsb(history, horizon, { size: 'MEDIANA' });
      if (!detail) return { chosen: 'TSB', means: shrink(point), parameters: {}, reason: '' };
      const name = pattern.demandClass === 'INTERMITENTE' ? 'intermitente' : 'irregular';
      return {
        chosen: 'TSB',
        means: shrink(point),
        parameters: { ...point.parameters, ...shrinkParameters, ...capParameters() },
        reason: `demanda ${name} (${numbers()}): TSB (probabilidade de venda atualizada todo mês, que cai quando o título para de vender, × mediana das vendas dos últimos 24 meses), com média 50 % TSB e 50 % média dos últimos 12 meses${capNote()}`,
      };
    }
    case 'SUAVE':
    case 'ERRATICA': {
      const name = pattern.demandClass === 'SUAVE' ? 'suave' : 'errática';
      // With three years, a hold-out of its last 12 months (fitted on the months before) says whether
      // the yearly season forecasts better than smoothing.
      if (values.length >= 36 && meanAbsoluteHoldout(values, 'SAZONAL', 12) < meanAbsoluteHoldout(values, 'SUAVIZACAO_EXPONENCIAL', 12)) {
        const point = seasonal(values, horizon);
        if (!detail) return { chosen: 'SAZONAL', means: point.means, parameters: {}, reason: '' };
        return {
          chosen: 'SAZONAL',
          means: point.means,
          parameters: { ...point.parameters, ...capParameters() },
          reason: `demanda ${name} (${numbers()}) com sazonalidade: Holt-Winters errou menos que a suavização exponencial nos últimos 12 meses do histórico${capNote()}`,
        };
      }
      const point = exponentialSmoothing(values, horizon);
      if (!detail) return { chosen: 'SUAVIZACAO_EXPONENCIAL', means: shrink(point), parameters: {}, reason: '' };
      return {
        chosen: 'SUAVIZACAO_EXPONENCIAL',
        means: shrink(point),
        parameters: { ...point.parameters, ...shrinkParameters, ...capParameters() },
        reason: `demanda ${name} (${numbers()}): suavização exponencial, com média 50 % suavização e 50 % média dos últimos 12 meses${capNote()}`,
      };
    }
  }
}

function monthForecast(mu: number, dispersion: number, h: number): QuantileForecast {
  const variance = mu + mu * mu * (dispersion + LEVEL_VARIANCE_PER_MONTH * h);
  const d: CountDistribution = countDistribution(mu, variance);
  return { mean: mu, variance: d.variance, quantiles: quantiles(d, QUANTILE_LEVELS) };
}

/**
 * Forecasts one monthly series.
 * Mean: the point method's; AUTOMATICO chooses by the Syntetos–Boylan class (see docs): no demand →
 * 0; intermittent or lumpy → TSB with the median size, shrunk halfway to the last-12-month mean; smooth or erratic →
 * Holt-Winters when it wins a 12-month hold-out inside the history (36+ months), else exponential
 * smoothing shrunk the same way; AUTOMATICO first caps spikes ({@link capSpikes}).
 * Distribution of month h (1-based): negative binomial with mean μ_h and
 *   Var_h = μ_h + μ_h²·(1/r + λ²·h),
 * 1/r from {@link fitDispersion} on the history, λ² = {@link LEVEL_VARIANCE_PER_MONTH}; Poisson when
 * that is not above μ_h. Horizon total: negative binomial with mean Σμ_h and variance
 * Σ(μ_h + μ_h²/r) + λ²·Σ_i Σ_j min(i, j)·μ_i·μ_j (moment-matched).
 * @param history monthly demand, oldest first, ≥ 1 month, values ≥ 0 (stockout-corrected if needed)
 * @param options method (default AUTOMATICO), horizon, method options
 * @throws Error when the history is empty or the horizon is not a positive integer
 */
export function forecastSeries(history: readonly number[], options: ForecastOptions): SeriesForecast {
  const core = forecastCore(history, options, true);
  const { choice, dispersion } = core;
  const parameters = { ...choice.parameters, dispersao: dispersion, variacaoNivelMes: LEVEL_VARIANCE_PER_MONTH };
  const months = choice.means.map((mu, i) => monthForecast(mu, dispersion, i + 1));
  const td = countDistribution(core.totalMean, core.totalVariance);
  return {
    method: core.method,
    chosen: choice.chosen,
    reason: choice.reason,
    pattern: core.pattern,
    parameters,
    months,
    total: { mean: core.totalMean, variance: td.variance, quantiles: quantiles(td) },
  };
}

/** The horizon total of {@link forecastTotal}: the point method used and the distribution. */
export interface HorizonForecast {
  /** The point method used (AUTOMATICO's choice, or the method asked for). */
  chosen: PointMethod;
  /** The distribution of the demand over the whole horizon (as `forecastSeries(…).total`). */
  total: CountDistribution;
}

/**
 * The horizon total of {@link forecastSeries} alone — the same method, mean and variance, without
 * the monthly distributions and the quantiles 0.1 … 0.9 that only an explanation shows (each is a
 * sum of probability masses: most of the cost of a series). For bulk calculations.
 * @param history monthly demand, oldest first, ≥ 1 month, values ≥ 0
 * @param options method (default AUTOMATICO), horizon, method options
 * @throws Error as {@link forecastSeries}
 */
export function forecastTotal(history: readonly number[], options: ForecastOptions): HorizonForecast {
  const core = forecastCore(history, options, false);
  return { chosen: core.choice.chosen, total: countDistribution(core.totalMean, core.totalVariance) };
}

/** The method, the monthly means and the moments of the horizon total (shared by the two above). */
function forecastCore(history: readonly number[], options: ForecastOptions, detail: boolean) {
  const horizon = options.horizon;
  if (!Number.isInteger(horizon) || horizon < 1) throw new Error('horizonte deve ser um inteiro ≥ 1');
  if (history.length === 0) throw new Error('histórico vazio');
  const method = options.method ?? 'AUTOMATICO';
  const pattern = classifyDemand(history);
  let choice: AutomaticChoice;
  if (method === 'AUTOMATICO') choice = chooseAutomatic(history, pattern, horizon, detail);
  else {
    const point = pointForecast(method, history, horizon, options);
    choice = { chosen: method, means: point.means, parameters: { ...point.parameters }, reason: 'método escolhido pelo usuário' };
  }
  const dispersion = fitDispersion(history);
  const means = choice.means;
  let totalMean = 0;
  let totalVariance = 0;
  for (let i = 0; i < horizon; i++) {
    totalMean += means[i];
    totalVariance += means[i] + means[i] * means[i] * dispersion;
    for (let j = 0; j < horizon; j++) totalVariance += LEVEL_VARIANCE_PER_MONTH * Math.min(i + 1, j + 1) * means[i] * means[j];
  }
  return { method, pattern, choice, dispersion, totalMean, totalVariance };
}
