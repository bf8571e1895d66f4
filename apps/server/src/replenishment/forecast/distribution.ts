/**
 * Count distributions for monthly demand: negative binomial (over-dispersed, variance > mean) and
 * Poisson (variance ≤ mean), built from a mean and a variance. Quantiles and the cdf are exact: the
 * probability mass function is computed from log-gamma (Lanczos approximation, ~15 significant digits)
 * and summed from 0 upwards. No database, no I/O.
 *
 * Negative binomial parametrisation (Hilbe 2011, "NB2"): mean μ, variance σ² = μ + μ²/r, so
 *   r = μ² / (σ² − μ),  p = r / (r + μ),  P(X = k) = Γ(k + r) / (Γ(r) k!) · p^r · (1 − p)^k.
 */

/** The quantile levels every forecast reports: 0.1, 0.2, …, 0.9. */
export const QUANTILE_LEVELS: readonly number[] = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

const LANCZOS_G = 7;
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/**
 * Natural logarithm of the gamma function for x > 0 (Lanczos, g = 7, n = 9; reflection below 0.5).
 * @param x a positive real number
 * @returns ln Γ(x); ln Γ(n + 1) = ln n!
 */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0];
  const t = z + LANCZOS_G + 0.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i] / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** A discrete demand distribution described by its family and moments. */
export interface CountDistribution {
  /** 'NB' (negative binomial), 'POISSON', or 'ZERO' (mean 0: all mass at 0). */
  family: 'NB' | 'POISSON' | 'ZERO';
  /** Mean (units per period). */
  mean: number;
  /** Variance (units²); for POISSON equals the mean. */
  variance: number;
  /** NB size r (μ² / (σ² − μ)); Infinity for Poisson, 0 for ZERO. */
  size: number;
}

/**
 * Builds the distribution with the given mean and variance: negative binomial when the variance
 * exceeds the mean, Poisson otherwise (a count cannot be less dispersed than Poisson here), a point
 * mass at 0 when the mean is 0.
 * @param mean expected demand ≥ 0 (units); non-finite or negative is treated as 0
 * @param variance variance ≥ 0 (units²)
 */
export function countDistribution(mean: number, variance: number): CountDistribution {
  if (!(mean > 0)) return { family: 'ZERO', mean: 0, variance: 0, size: 0 };
  if (!(variance > mean * (1 + 1e-9))) return { family: 'POISSON', mean, variance: mean, size: Infinity };
  return { family: 'NB', mean, variance, size: (mean * mean) / (variance - mean) };
}

/**
 * Log of the probability mass at k (k a non-negative integer).
 * @param d the distribution
 * @param k the count
 */
export function logPmf(d: CountDistribution, k: number): number {
  return logMass(d)(k);
}

/** ln k! of the counts seen so far (`logGamma(k + 1)`, the same values, computed once each). */
const LOG_FACTORIAL: number[] = [];
const LOG_FACTORIAL_CACHED = 100_000;

function logFactorial(k: number): number {
  if (!(Number.isInteger(k) && k >= 0 && k < LOG_FACTORIAL_CACHED)) return logGamma(k + 1);
  let v = LOG_FACTORIAL[k];
  if (v === undefined) LOG_FACTORIAL[k] = v = logGamma(k + 1);
  return v;
}

/**
 * The log mass function of `d`, with the terms that do not depend on k computed once (the same
 * operations in the same order as the formula, so the same values): a quantile sums it for every
 * count up to the quantile, for each of 100,000 titles in a calculation.
 */
function logMass(d: CountDistribution): (k: number) => number {
  if (d.family === 'ZERO') return (k) => (k === 0 ? 0 : -Infinity);
  if (d.family === 'POISSON') {
    const logMean = Math.log(d.mean);
    return (k) => k * logMean - d.mean - logFactorial(k);
  }
  const r = d.size;
  const logP = Math.log(r / (r + d.mean));
  const log1mP = Math.log(d.mean / (r + d.mean));
  const logGammaR = logGamma(r);
  const rLogP = r * logP;
  return (k) => logGamma(k + r) - logGammaR - logFactorial(k) + rLogP + k * log1mP;
}

/**
 * Cumulative probability P(X ≤ k), summing the mass from 0 to ⌊k⌋.
 * @param d the distribution
 * @param k the count (values below 0 give 0)
 */
export function cdf(d: CountDistribution, k: number): number {
  if (k < 0) return 0;
  let sum = 0;
  const top = Math.floor(k);
  const mass = logMass(d);
  for (let i = 0; i <= top; i++) {
    sum += Math.exp(mass(i));
    if (sum >= 1) return 1;
  }
  return Math.min(1, sum);
}

/**
 * Quantiles of the distribution: for each level q the smallest integer k with P(X ≤ k) ≥ q
 * (a tolerance of 1e-12 absorbs rounding). Levels must be ascending in (0, 1).
 * @param d the distribution
 * @param levels ascending probabilities (default 0.1 … 0.9)
 * @returns one integer count per level
 */
export function quantiles(d: CountDistribution, levels: readonly number[] = QUANTILE_LEVELS): number[] {
  const out: number[] = new Array<number>(levels.length).fill(0);
  if (d.family === 'ZERO' || levels.length === 0) return out;
  let k = 0;
  let sum = 0;
  let j = 0;
  // Far tails cost nothing here: the sum stops at the highest level asked for.
  const limit = d.mean + 50 * Math.sqrt(d.variance) + 100;
  const mass = logMass(d);
  while (j < levels.length) {
    sum += Math.exp(mass(k));
    while (j < levels.length && sum >= levels[j] - 1e-12) out[j++] = k;
    if (k > limit) {
      while (j < levels.length) out[j++] = k;
    }
    k++;
  }
  return out;
}
