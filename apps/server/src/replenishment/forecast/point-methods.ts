/**
 * Point forecasting methods for monthly demand series (units per month, oldest first). Each method
 * returns the mean demand of every future month, its one-step-ahead in-sample forecasts (for the
 * error variance and the hold-out checks) and the parameters it used, so an explanation can show
 * them. Pure functions; formulas and sources in docs/replenishment.md.
 */

/** The weighting methods of `metodoPonderacao` that produce a forecast by themselves. */
export type PointMethod =
  | 'MEDIA_SIMPLES'
  | 'MEDIA_PONDERADA'
  | 'SUAVIZACAO_EXPONENCIAL'
  | 'CROSTON'
  | 'SBA'
  | 'TSB'
  | 'SAZONAL';

/** Every point method, in the order the docs and the bench list them. */
export const POINT_METHODS: readonly PointMethod[] = [
  'MEDIA_SIMPLES',
  'MEDIA_PONDERADA',
  'SUAVIZACAO_EXPONENCIAL',
  'CROSTON',
  'SBA',
  'TSB',
  'SAZONAL',
];

/** A method's output. */
export interface PointForecast {
  /** The method that produced it (SAZONAL may report the method it fell back to in `parameters.fallback`). */
  method: PointMethod;
  /** Mean demand per future month, `horizon` entries (units/month, ≥ 0). */
  means: number[];
  /**
   * One-step-ahead in-sample forecasts: `fitted[t]` forecasts `history[t]` from `history[0..t-1]`;
   * NaN where the method has no forecast yet (the first month(s)).
   */
  fitted: number[];
  /** The parameters used (smoothing constants, window, weights…), for the explanation. */
  parameters: Record<string, number | string | number[]>;
}

/** Options shared by the methods; each reads the ones it uses. */
export interface PointOptions {
  /** Window of the moving averages in months (default 12, capped at the history length). */
  window?: number;
  /** Smoothing constant of exponential smoothing, Croston, SBA and TSB's size; fitted when absent (SES) or 0.1. */
  alpha?: number;
  /** TSB's smoothing constant of the demand probability (default 0.1). */
  beta?: number;
  /** Season length for SAZONAL (default 12). */
  seasonLength?: number;
  /**
   * TSB's size: 'SUAVIZADO' (default, smoothed with α when the title sells) or 'MEDIANA' (median of
   * the non-zero months of the last 24, robust to one large order; AUTOMATICO's choice).
   */
  size?: 'SUAVIZADO' | 'MEDIANA';
}

/**
 * Median of a list (mean of the two middle values for an even count); 0 for an empty list.
 * @param values numbers in any order
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = (s.length - 1) / 2;
  return (s[Math.floor(mid)] + s[Math.ceil(mid)]) / 2;
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
const repeat = (value: number, horizon: number): number[] => new Array<number>(horizon).fill(Math.max(0, value));

function windowOf(history: readonly number[], options: PointOptions): number {
  return Math.max(1, Math.min(options.window ?? 12, history.length));
}

/**
 * Simple moving average: ŷ = (y_{T−n+1} + … + y_T) / n, the same for every future month.
 * @param history monthly demand, oldest first (at least one month)
 * @param horizon months to forecast
 * @param options `window` n (default 12)
 */
export function simpleMovingAverage(history: readonly number[], horizon: number, options: PointOptions = {}): PointForecast {
  const n = windowOf(history, options);
  const fitted = history.map((_, t) => (t === 0 ? NaN : sum(history.slice(Math.max(0, t - n), t)) / Math.min(n, t)));
  const level = sum(history.slice(history.length - n)) / n;
  return { method: 'MEDIA_SIMPLES', means: repeat(level, horizon), fitted, parameters: { janela: n } };
}

/**
 * Linear weights of the weighted moving average over n months, oldest first: w_i = i / (n(n+1)/2),
 * so the latest month weighs n times the oldest. Example n = 3: [1/6, 2/6, 3/6].
 * @param n window length ≥ 1
 */
export function linearWeights(n: number): number[] {
  const total = (n * (n + 1)) / 2;
  return Array.from({ length: n }, (_, i) => (i + 1) / total);
}

function weightedMean(values: readonly number[]): number {
  const w = linearWeights(values.length);
  return values.reduce((acc, v, i) => acc + v * w[i], 0);
}

/**
 * Weighted moving average with linear weights (see {@link linearWeights}): ŷ = Σ w_i · y_{T−n+i}.
 * The weights are returned in `parameters.pesos` (oldest first).
 * @param history monthly demand, oldest first
 * @param horizon months to forecast
 * @param options `window` n (default 12)
 */
export function weightedMovingAverage(history: readonly number[], horizon: number, options: PointOptions = {}): PointForecast {
  const n = windowOf(history, options);
  const fitted = history.map((_, t) => (t === 0 ? NaN : weightedMean(history.slice(Math.max(0, t - n), t))));
  const level = weightedMean(history.slice(history.length - n));
  return {
    method: 'MEDIA_PONDERADA',
    means: repeat(level, horizon),
    fitted,
    parameters: { janela: n, pesos: linearWeights(n).map((w) => Math.round(w * 10000) / 10000) },
  };
}

/** The grid of smoothing constants searched when alpha is fitted. */
export const ALPHA_GRID: readonly number[] = [0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.7, 0.9];

function sesRun(history: readonly number[], alpha: number): { level: number; fitted: number[]; sse: number } {
  // Initial level: mean of the first (up to) 6 months, so one odd first month does not set it.
  let level = sum(history.slice(0, Math.min(6, history.length))) / Math.min(6, history.length);
  const fitted: number[] = [];
  let sse = 0;
  for (let t = 0; t < history.length; t++) {
    fitted.push(t === 0 ? NaN : level);
    if (t > 0) sse += (history[t] - level) ** 2;
    level += alpha * (history[t] - level);
  }
  return { level, fitted, sse };
}

/**
 * Simple exponential smoothing (Brown 1959; Hyndman et al. 2008, ETS(A,N,N)):
 *   ℓ_t = α·y_t + (1 − α)·ℓ_{t−1},  ŷ_{T+h} = ℓ_T;  ℓ_0 = mean of the first 6 months.
 * α is the given one, or the value of {@link ALPHA_GRID} with the least one-step squared error.
 * @param history monthly demand, oldest first
 * @param horizon months to forecast
 * @param options `alpha` in (0, 1] (fitted when absent)
 */
export function exponentialSmoothing(history: readonly number[], horizon: number, options: PointOptions = {}): PointForecast {
  let alpha = options.alpha;
  let fittedAlpha = false;
  if (alpha === undefined) {
    fittedAlpha = true;
    let best = Infinity;
    for (const a of ALPHA_GRID) {
      const { sse } = sesRun(history, a);
      if (sse < best - 1e-9) {
        best = sse;
        alpha = a;
      }
    }
  }
  const run = sesRun(history, alpha!);
  return {
    method: 'SUAVIZACAO_EXPONENCIAL',
    means: repeat(run.level, horizon),
    fitted: run.fitted,
    parameters: { alpha: alpha!, alphaAjustado: fittedAlpha ? 'sim' : 'não' },
  };
}

interface CrostonState {
  size: number;
  interval: number;
  fitted: number[];
}

function crostonRun(history: readonly number[], alpha: number): CrostonState | null {
  const first = history.findIndex((v) => v > 0);
  if (first < 0) return null;
  // Initialisation (Croston 1972 as usually implemented): the first demand and its interval.
  let size = history[first];
  let interval = first + 1;
  let since = 0;
  const fitted: number[] = history.map(() => NaN);
  for (let t = first + 1; t < history.length; t++) {
    fitted[t] = size / interval;
    since++;
    if (history[t] > 0) {
      size += alpha * (history[t] - size);
      interval += alpha * (since - interval);
      since = 0;
    }
  }
  return { size, interval, fitted };
}

/**
 * Croston's method (Croston 1972): demand sizes z and intervals p between demands are smoothed
 * separately, only in months with demand:
 *   if y_t > 0: z_t = z + α(y_t − z), p_t = p + α(q − p) (q = months since the last demand); else unchanged;
 *   ŷ = z / p.  Initialisation: z = first demand, p = its month number (1-based).
 * A series with no demand forecasts 0.
 * @param history monthly demand, oldest first
 * @param horizon months to forecast
 * @param options `alpha` (default 0.1)
 */
export function croston(history: readonly number[], horizon: number, options: PointOptions = {}): PointForecast {
  const alpha = options.alpha ?? 0.1;
  const run = crostonRun(history, alpha);
  if (!run) return { method: 'CROSTON', means: repeat(0, horizon), fitted: history.map(() => 0), parameters: { alpha } };
  return {
    method: 'CROSTON',
    means: repeat(run.size / run.interval, horizon),
    fitted: run.fitted,
    parameters: { alpha, tamanho: run.size, intervalo: run.interval },
  };
}

/**
 * Syntetos–Boylan approximation (Syntetos & Boylan 2005): Croston's forecast times (1 − α/2),
 * which removes Croston's positive bias: ŷ = (1 − α/2) · z / p.
 * @param history monthly demand, oldest first
 * @param horizon months to forecast
 * @param options `alpha` (default 0.1)
 */
export function sba(history: readonly number[], horizon: number, options: PointOptions = {}): PointForecast {
  const alpha = options.alpha ?? 0.1;
  const c = croston(history, horizon, { alpha });
  const factor = 1 - alpha / 2;
  return {
    method: 'SBA',
    means: c.means.map((m) => m * factor),
    fitted: c.fitted.map((f) => f * factor),
    parameters: { ...c.parameters, fator: factor },
  };
}

/**
 * Teunter–Syntetos–Babai (TSB, 2011): the demand probability π is updated every month, so it decays
 * while a title does not sell; the size z only when it sells:
 *   π_t = π + β(1[y_t > 0] − π);  if y_t > 0: z_t = z + α(y_t − z);  ŷ = π · z.
 * Initialisation: π = share of months with demand, z = mean of the non-zero months. With
 * `size: 'MEDIANA'` the size is instead the median of the non-zero months of the last 24 (a single
 * large order does not raise it; the one-step `fitted` values still use the smoothed size).
 * @param history monthly demand, oldest first
 * @param horizon months to forecast
 * @param options `alpha` for the size (default 0.1), `beta` for the probability (default 0.1), `size`
 */
export function tsb(history: readonly number[], horizon: number, options: PointOptions = {}): PointForecast {
  const alpha = options.alpha ?? 0.1;
  const beta = options.beta ?? 0.1;
  const nonZero = history.filter((v) => v > 0);
  if (nonZero.length === 0) return { method: 'TSB', means: repeat(0, horizon), fitted: history.map(() => 0), parameters: { alpha, beta } };
  let prob = nonZero.length / history.length;
  let size = sum(nonZero) / nonZero.length;
  const fitted: number[] = [];
  for (let t = 0; t < history.length; t++) {
    fitted.push(t === 0 ? NaN : prob * size);
    if (history[t] > 0) {
      prob += beta * (1 - prob);
      size += alpha * (history[t] - size);
    } else prob += beta * (0 - prob);
  }
  if (options.size === 'MEDIANA') {
    size = median(history.slice(-24).filter((v) => v > 0));
    return { method: 'TSB', means: repeat(prob * size, horizon), fitted, parameters: { beta, probabilidade: prob, tamanho: size, tamanhoPor: 'mediana 24 meses' } };
  }
  return { method: 'TSB', means: repeat(prob * size, horizon), fitted, parameters: { alpha, beta, probabilidade: prob, tamanho: size } };
}

interface HoltWintersParams {
  alpha: number;
  beta: number;
  gamma: number;
  phi: number;
}

function holtWintersRun(
  history: readonly number[],
  m: number,
  p: HoltWintersParams,
  horizon: number,
): { sse: number; fitted: number[]; means: number[] } {
  // Additive damped Holt-Winters (Hyndman et al. 2008, ETS(A,Ad,A)); initial level = mean of the first
  // season, trend = (mean of the second season − mean of the first) / m, seasonal = first season − level.
  const first = sum(history.slice(0, m)) / m;
  const second = sum(history.slice(m, 2 * m)) / m;
  let level = first;
  let trend = (second - first) / m;
  const season = history.slice(0, m).map((v) => v - first);
  const fitted: number[] = history.map(() => NaN);
  let sse = 0;
  for (let t = 0; t < history.length; t++) {
    const s = season[t % m];
    const f = level + p.phi * trend + s;
    if (t >= m) {
      fitted[t] = Math.max(0, f);
      sse += (history[t] - fitted[t]) ** 2;
    }
    const prevLevel = level;
    level = p.alpha * (history[t] - s) + (1 - p.alpha) * (prevLevel + p.phi * trend);
    trend = p.beta * (level - prevLevel) + (1 - p.beta) * p.phi * trend;
    season[t % m] = p.gamma * (history[t] - prevLevel - p.phi * trend) + (1 - p.gamma) * s;
  }
  const means: number[] = [];
  let damp = 0;
  for (let h = 1; h <= horizon; h++) {
    damp += p.phi ** h;
    means.push(Math.max(0, level + damp * trend + season[(history.length + h - 1) % m]));
  }
  return { sse, fitted, means };
}

/**
 * Seasonal method: additive damped Holt-Winters with a yearly season (m = 12) when the history has
 * at least 24 months (two seasons to initialise), with α, β, γ, φ chosen on a small grid by the
 * one-step squared error from the second year on; negative forecasts are cut to 0. With less than 24
 * months it falls back to exponential smoothing (`parameters.fallback`).
 * @param history monthly demand, oldest first
 * @param horizon months to forecast
 * @param options `seasonLength` (default 12)
 */
export function seasonal(history: readonly number[], horizon: number, options: PointOptions = {}): PointForecast {
  const m = options.seasonLength ?? 12;
  if (history.length < 2 * m) {
    const ses = exponentialSmoothing(history, horizon, options);
    return { ...ses, method: 'SAZONAL', parameters: { ...ses.parameters, fallback: 'SUAVIZACAO_EXPONENCIAL' } };
  }
  let best: { params: HoltWintersParams; sse: number } | null = null;
  for (const alpha of [0.05, 0.1, 0.2, 0.4])
    for (const beta of [0, 0.05])
      for (const gamma of [0.05, 0.1, 0.3])
        for (const phi of [0.8, 0.95]) {
          const params = { alpha, beta, gamma, phi };
          const { sse } = holtWintersRun(history, m, params, 0);
          if (!best || sse < best.sse - 1e-9) best = { params, sse };
        }
  const run = holtWintersRun(history, m, best!.params, horizon);
  return { method: 'SAZONAL', means: run.means, fitted: run.fitted, parameters: { ...best!.params, periodo: m } };
}

/**
 * Runs one point method by name.
 * @param method the method
 * @param history monthly demand, oldest first (at least one month)
 * @param horizon months to forecast (≥ 1)
 * @param options method options
 */
export function pointForecast(method: PointMethod, history: readonly number[], horizon: number, options: PointOptions = {}): PointForecast {
  switch (method) {
    case 'MEDIA_SIMPLES':
      return simpleMovingAverage(history, horizon, options);
    case 'MEDIA_PONDERADA':
      return weightedMovingAverage(history, horizon, options);
    case 'SUAVIZACAO_EXPONENCIAL':
      return exponentialSmoothing(history, horizon, options);
    case 'CROSTON':
      return croston(history, horizon, options);
    case 'SBA':
      return sba(history, horizon, options);
    case 'TSB':
      return tsb(history, horizon, options);
    case 'SAZONAL':
      return seasonal(history, horizon, options);
  }
}
