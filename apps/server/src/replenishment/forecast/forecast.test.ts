import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runForecastCommand } from './forecast.cli.ts';
import { parseHistoryCsv } from './history-csv.ts';
import { correctStockouts } from './stockout.ts';
import { classifyDemand } from './demand-class.ts';
import { cdf, countDistribution, logGamma, quantiles } from './distribution.ts';
import { capSpikes, fitDispersion, forecastSeries, LEVEL_VARIANCE_PER_MONTH } from './forecast.ts';
import { croston, exponentialSmoothing, linearWeights, sba, seasonal, simpleMovingAverage, tsb, weightedMovingAverage } from './point-methods.ts';

describe('distribution', () => {
  it('log-gamma matches factorials and Γ(1/2) = √π', () => {
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(11)).toBeCloseTo(Math.log(3628800), 10);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
  });

  it('negative binomial with r = 1 is geometric: mean 2, variance 6 → p = 1/3, cdf(k) = 1 − (2/3)^(k+1)', () => {
    // r = μ²/(σ² − μ) = 4/4 = 1; p = r/(r+μ) = 1/3; P(X=k) = (1/3)(2/3)^k
    const d = countDistribution(2, 6);
    expect(d.family).toBe('NB');
    expect(d.size).toBeCloseTo(1, 12);
    for (let k = 0; k < 6; k++) expect(cdf(d, k)).toBeCloseTo(1 - (2 / 3) ** (k + 1), 12);
    // cdf: 0.333, 0.556, 0.704, 0.802, 0.868, 0.912 → smallest k with cdf ≥ q
    expect(quantiles(d)).toEqual([0, 0, 0, 1, 1, 2, 2, 3, 5]);
  });

  it('negative binomial quantiles equal a reference implementation (scipy.stats.nbinom.ppf)', () => {
    // scipy: nbinom.ppf([.1,…,.9], r, r/(r+μ))
    expect(quantiles(countDistribution(4, 4 + 16 / 2.5))).toEqual([1, 1, 2, 3, 3, 4, 5, 6, 8]);
    expect(cdf(countDistribution(4, 4 + 16 / 2.5), 6)).toBeCloseTo(0.8119419137826211, 12);
    expect(quantiles(countDistribution(0.8, 0.8 + 0.64 / 0.3))).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 3]);
    expect(quantiles(countDistribution(100, 700))).toEqual([68, 77, 85, 91, 98, 105, 112, 121, 135]);
  });

  it('Poisson when the variance is not above the mean: qpois(0.1…0.9, 3) = 1 2 2 2 3 3 4 4 5', () => {
    // cdf(0…5) = 0.0498, 0.1991, 0.4232, 0.6472, 0.8153, 0.9161
    const d = countDistribution(3, 2);
    expect(d.family).toBe('POISSON');
    expect(quantiles(d)).toEqual([1, 2, 2, 2, 3, 3, 4, 4, 5]);
  });

  it('a zero mean is a point mass at zero', () => {
    expect(quantiles(countDistribution(0, 0))).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('point methods', () => {
  const h = [2, 4, 6];
  it('simple moving average: (2 + 4 + 6) / 3 = 4', () => {
    expect(simpleMovingAverage(h, 2, { window: 3 }).means).toEqual([4, 4]);
  });

  it('weighted moving average: weights 1/6, 2/6, 3/6 → (2 + 8 + 18) / 6 = 4.667', () => {
    expect(linearWeights(3)).toEqual([1 / 6, 2 / 6, 3 / 6]);
    const f = weightedMovingAverage(h, 1, { window: 3 });
    expect(f.means[0]).toBeCloseTo(28 / 6, 12);
    expect(f.parameters.pesos).toEqual([0.1667, 0.3333, 0.5]);
  });

  it('exponential smoothing α = 0.5: ℓ0 = 4 (mean of the first months), 3, 3.5, 4.75', () => {
    // ℓ = 4 + 0.5(2 − 4) = 3; 3 + 0.5(4 − 3) = 3.5; 3.5 + 0.5(6 − 3.5) = 4.75
    const f = exponentialSmoothing(h, 1, { alpha: 0.5 });
    expect(f.means[0]).toBeCloseTo(4.75, 12);
    expect(f.fitted.slice(1)).toEqual([3, 3.5]);
  });

  it('exponential smoothing fits α on the grid by the one-step squared error', () => {
    // a level shift is followed best by a large α
    const f = exponentialSmoothing([1, 1, 1, 1, 1, 1, 9, 9, 9, 9, 9, 9], 1);
    expect(f.parameters.alpha).toBe(0.9);
    expect(f.parameters.alphaAjustado).toBe('sim');
  });

  const intermittent = [0, 3, 0, 0, 5, 0];
  it('Croston α = 0.1: z = 3, p = 2 at the first demand; then z = 3.2, p = 2.1 → 1.5238', () => {
    // first demand in month 2 → z = 3, p = 2; month 5: q = 3, z = 3 + 0.1(5 − 3) = 3.2, p = 2 + 0.1(3 − 2) = 2.1
    const f = croston(intermittent, 1);
    expect(f.means[0]).toBeCloseTo(3.2 / 2.1, 12);
    expect(f.fitted[2]).toBeCloseTo(1.5, 12);
  });

  it('SBA = Croston × (1 − α/2) = 1.5238 × 0.95 = 1.4476', () => {
    expect(sba(intermittent, 1).means[0]).toBeCloseTo((3.2 / 2.1) * 0.95, 12);
  });

  it('TSB α = β = 0.1: π0 = 2/6, z0 = 4 → π = 0.3327570, z = 4.01 → 1.33436', () => {
    // π: 1/3 → 0.3 → 0.37 → 0.333 → 0.2997 → 0.36973 → 0.332757; z: 4 → 3.9 (month 2) → 4.01 (month 5)
    const f = tsb(intermittent, 1);
    expect(f.parameters.probabilidade).toBeCloseTo(0.332757, 6);
    expect(f.parameters.tamanho).toBeCloseTo(4.01, 12);
    expect(f.means[0]).toBeCloseTo(0.332757 * 4.01, 6);
  });

  it('TSB decays for a title that stopped selling; Croston does not', () => {
    const stopped = [4, 5, 3, 4, 6, 0, 0, 0, 0, 0, 0, 0];
    expect(tsb(stopped, 1).means[0]).toBeLessThan(0.5 * croston(stopped, 1).means[0]);
  });

  it('seasonal method follows a yearly pattern with 24+ months and falls back to smoothing below', () => {
    const season = [10, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 20];
    const f = seasonal([...season, ...season, ...season], 12);
    expect(f.means[0]).toBeGreaterThan(7);
    expect(f.means[11]).toBeGreaterThan(15);
    expect(f.means[5]).toBeLessThan(4);
    expect(seasonal(season, 3).parameters.fallback).toBe('SUAVIZACAO_EXPONENCIAL');
  });
});

describe('Syntetos–Boylan classes (ADI cut 1.32, CV² cut 0.49)', () => {
  it('classifies the four patterns', () => {
    expect(classifyDemand([1, 1, 1, 1]).demandClass).toBe('SUAVE');
    // sizes 1 and 10: mean 5.5, variance 20.25, CV² = 20.25 / 30.25 = 0.669
    expect(classifyDemand([1, 10, 1, 10]).demandClass).toBe('ERRATICA');
    expect(classifyDemand([0, 1, 0, 1]).demandClass).toBe('INTERMITENTE');
    expect(classifyDemand([0, 1, 0, 10]).demandClass).toBe('IRREGULAR');
    expect(classifyDemand([0, 0]).demandClass).toBe('SEM_DEMANDA');
  });

  it('the cut points themselves belong to the lower class', () => {
    // 25 demands in 33 months: ADI = 1.32 exactly
    const history = [...new Array<number>(25).fill(2), ...new Array<number>(8).fill(0)];
    expect(classifyDemand(history).adi).toBe(1.32);
    expect(classifyDemand(history).demandClass).toBe('SUAVE');
    // sizes 3 and 17: mean 10, variance 49, CV² = 0.49 exactly
    const p = classifyDemand([3, 17]);
    expect(p.cv2).toBeCloseTo(0.49, 12);
    expect(p.demandClass).toBe('SUAVE');
    expect(classifyDemand([3, 18]).demandClass).toBe('ERRATICA');
  });
});

describe('forecastSeries', () => {
  it('a named method: NB around its mean, variance μ + μ²(1/r + λ²h), total with the shared level term', () => {
    // history 2, 4, 6: mean 4, sample variance 4 → 1/r = max(0, (4 − 4) / 16) = 0
    expect(fitDispersion([2, 4, 6])).toBe(0);
    const f = forecastSeries([2, 4, 6], { method: 'MEDIA_SIMPLES', horizon: 2, window: 3 });
    expect(f.chosen).toBe('MEDIA_SIMPLES');
    expect(f.months.map((m) => m.mean)).toEqual([4, 4]);
    // month 1: 4 + 16 λ²; month 2: 4 + 16·2λ²
    expect(f.months[0].variance).toBeCloseTo(4 + 16 * LEVEL_VARIANCE_PER_MONTH, 12);
    expect(f.months[1].variance).toBeCloseTo(4 + 32 * LEVEL_VARIANCE_PER_MONTH, 12);
    expect(f.months[0].quantiles).toEqual(quantiles(countDistribution(4, 4 + 16 / 6.5)));
    // total: Σμ = 8; Σ(μ + μ²/r) = 8; λ²·Σ_i Σ_j min(i, j)·16 = λ²·(1 + 1 + 1 + 2)·16 = 80λ²
    expect(f.total.mean).toBe(8);
    expect(f.total.variance).toBeCloseTo(8 + 80 / 6.5, 12);
    expect(f.total.quantiles).toEqual(quantiles(countDistribution(8, 8 + 80 / 6.5)));
  });

  it('dispersion by moments on the last 24 months: 1/r = (s² − m) / m²', () => {
    // 0, 0, 0, 8: m = 2, s² = (4 + 4 + 4 + 36) / 3 = 16 → (16 − 2) / 4 = 3.5
    expect(fitDispersion([0, 0, 0, 8])).toBeCloseTo(3.5, 12);
    // only the last 24 months count: the 100 of month 1 is left out
    const last24 = [0, 0, 0, 8, 0, 0, 0, 8, 0, 0, 0, 8, 0, 0, 0, 8, 0, 0, 0, 8, 0, 0, 0, 8];
    // m = 2, s² = (18·4 + 6·36) / 23 = 288/23 → (288/23 − 2) / 4
    expect(fitDispersion(last24)).toBeCloseTo((288 / 23 - 2) / 4, 12);
    expect(fitDispersion([100, ...last24])).toBe(fitDispersion(last24));
  });

  it('caps a spike at twice the median of the months with sales', () => {
    // non-zero months 1, 2, 30 → median 2 → cap 4
    expect(capSpikes([1, 2, 0, 30])).toEqual({ values: [1, 2, 0, 4], cap: 4, capped: 1 });
    expect(capSpikes([0, 0])).toEqual({ values: [0, 0], cap: Infinity, capped: 0 });
  });

  it('AUTOMATICO on an intermittent title: TSB with the median size, shrunk halfway to the last 12 months, and says why', () => {
    const history = [0, 2, 0, 0, 2, 0, 0, 0, 2, 0, 0, 2, 0, 0, 0, 2, 0, 0, 2, 0, 0, 0, 0, 2];
    const f = forecastSeries(history, { horizon: 3 });
    expect(f.method).toBe('AUTOMATICO');
    expect(f.pattern.demandClass).toBe('INTERMITENTE');
    expect(f.chosen).toBe('TSB');
    expect(f.reason).toContain('intermitente');
    const t = tsb(history, 1);
    // last 12 months: 3 sales of 2 → 6/12; TSB: π × median size 2
    const expected = 0.5 * (6 / 12) + 0.5 * (t.parameters.probabilidade as number) * 2;
    expect(f.months[0].mean).toBeCloseTo(expected, 12);
    expect(f.months.every((m) => m.quantiles.length === 9)).toBe(true);
  });

  it('AUTOMATICO forecasts zero for a title that never sold', () => {
    const f = forecastSeries([0, 0, 0, 0], { horizon: 2 });
    expect(f.pattern.demandClass).toBe('SEM_DEMANDA');
    expect(f.months.map((m) => m.quantiles)).toEqual([new Array(9).fill(0), new Array(9).fill(0)]);
    expect(f.total.mean).toBe(0);
  });

  it('AUTOMATICO on a smooth title uses smoothing (or Holt-Winters when it wins its hold-out) and stays near the level', () => {
    const history = Array.from({ length: 30 }, (_, i) => 20 + (i % 3) - 1);
    const f = forecastSeries(history, { horizon: 12 });
    expect(f.pattern.demandClass).toBe('SUAVE');
    expect(['SUAVIZACAO_EXPONENCIAL', 'SAZONAL']).toContain(f.chosen);
    expect(f.months[0].mean).toBeGreaterThan(18);
    expect(f.months[0].mean).toBeLessThan(22);
    expect(f.total.quantiles[0]).toBeLessThan(f.total.mean);
    expect(f.total.quantiles[8]).toBeGreaterThan(f.total.mean);
  });

  it('refuses an empty history or a bad horizon', () => {
    expect(() => forecastSeries([], { horizon: 1 })).toThrow('histórico vazio');
    expect(() => forecastSeries([1], { horizon: 0 })).toThrow('horizonte');
  });
});

describe('stockout correction', () => {
  it('adds registered lost sales and raises a month without stock to the mean of the 12 uncensored months before it', () => {
    const history = [4, 6, 5, 1, 0, 5];
    const stock = [undefined, undefined, undefined, { noStock: false, lostSales: 2 }, { noStock: true, lostSales: 0 }, undefined];
    const { values, corrections } = correctStockouts(history, stock);
    // month 4: 1 + 2 lost = 3; month 5 (no stock): mean of months 1–4 as sold = (4 + 6 + 5 + 1) / 4 = 4
    expect(values).toEqual([4, 6, 5, 3, 4, 5]);
    expect(corrections).toEqual([
      { index: 3, observed: 1, corrected: 3, reason: 'VENDA_PERDIDA' },
      { index: 4, observed: 0, corrected: 4, reason: 'SEM_ESTOQUE' },
    ]);
  });

  it('never lowers a month, and uses the months after when none before is uncensored', () => {
    const { values } = correctStockouts([9, 2, 2], [{ noStock: true, lostSales: 0 }]);
    // month 1 sold 9 although out of stock for part of it: the estimate 2 does not lower it
    expect(values).toEqual([9, 2, 2]);
    expect(correctStockouts([0, 2, 4], [{ noStock: true, lostSales: 0 }]).values).toEqual([3, 2, 4]);
  });
});

describe('history file and the forecast command', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'acervo-forecast-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string): string => {
    writeFileSync(path.join(dir, name), text);
    return name;
  };

  it('reads series in any row order and writes one row per series and future month', () => {
    const input = write('ok.csv', 'serie,periodo,quantidade\nA,2024-02,0\nA,2024-01,1\nA,2024-03,3\nB,2024-11,5\nB,2024-12,4\nB,2025-01,6\n');
    const r = runForecastCommand(['--input', input, '--horizon', '2', '--output', 'out.csv', '--method', 'MEDIA_SIMPLES'], dir);
    expect(r.code).toBe(0);
    const lines = readFileSync(path.join(dir, 'out.csv'), 'utf8').trim().split('\n');
    expect(lines[0]).toBe('serie,periodo,media,q10,q20,q30,q40,q50,q60,q70,q80,q90');
    expect(lines.map((l) => l.split(',').slice(0, 3).join(','))).toEqual([
      'serie,periodo,media',
      'A,2024-04,1.333',
      'A,2024-05,1.333',
      'B,2025-02,5',
      'B,2025-03,5',
    ]);
  });

  const bad: [string, string, string][] = [
    ['missing column', 'serie,periodo,qtd\nA,2024-01,1\n', 'linha 1: coluna obrigatória ausente: quantidade'],
    ['non-numeric quantity', 'serie,periodo,quantidade\nA,2024-01,1\nA,2024-02,dez\n', 'linha 3: quantidade "dez" não é um número'],
    ['gap in months', 'serie,periodo,quantidade\nA,2024-01,1\nA,2024-02,1\nA,2024-04,2\n', 'linha 4: serie A sem o mês entre 2024-02 e 2024-04'],
    ['bad period', 'serie,periodo,quantidade\nA,2024-13,1\n', 'linha 2: periodo "2024-13" inválido'],
    ['repeated month', 'serie,periodo,quantidade\nA,2024-01,1\nA,2024-01,2\n', 'linha 3: serie A repete o periodo 2024-01 (já na linha 2)'],
    ['empty file', '', 'linha 1: arquivo vazio'],
    ['header only', 'serie,periodo,quantidade\n', 'linha 1: arquivo sem dados'],
  ];
  for (const [what, text, message] of bad) {
    it(`stops with exit code 2 and the line on a bad file: ${what}`, () => {
      const input = write(`bad-${what.replace(/ /g, '-')}.csv`, text);
      const r = runForecastCommand(['--input', input, '--horizon', '3'], dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stdout).toBe('');
    });
  }

  it('answers 1 to a misused command', () => {
    expect(runForecastCommand(['--horizon', '3'], dir).code).toBe(1);
    expect(runForecastCommand(['--input', 'x.csv', '--horizon', 'doze'], dir).code).toBe(1);
    expect(runForecastCommand(['--input', 'x.csv', '--method', 'MAGIA'], dir).stderr).toContain('--method desconhecido');
  });

  it('the real process exits with code 2 on a gap', () => {
    const input = write('gap.csv', 'serie,periodo,quantidade\nX,2023-11,1\nX,2024-01,1\n');
    const cli = fileURLToPath(new URL('./forecast.cli.ts', import.meta.url));
    // run from the server folder (where `--import tsx` resolves); INIT_CWD says where paths are relative to
    const serverDir = fileURLToPath(new URL('../../../', import.meta.url));
    const r = spawnSync(process.execPath, ['--import', 'tsx', cli, '--input', input], { cwd: serverDir, env: { ...process.env, INIT_CWD: dir }, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('gap.csv: linha 3: serie X sem o mês entre 2023-11 e 2024-01');
  });

  it('reads quoted fields and a BOM', () => {
    const parsed = parseHistoryCsv('\uFEFFquantidade,serie,periodo\n"2","A,1",2024-01\n');
    expect(parsed).toEqual({ ok: true, series: [{ id: 'A,1', start: '2024-01', values: [2] }] });
  });
});
