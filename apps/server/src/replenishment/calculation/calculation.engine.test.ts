import { describe, expect, it } from 'vitest';
import { REPLENISHMENT_METHODS } from '@acervo/contracts';
import { computeLine, lineForecast, roundSuggestion, serviceLevelQuantile, type LineInput, type LineSettings } from './calculation.engine.ts';

const settings = (method: LineSettings['method']): LineSettings => ({ method, leadTimeMonths: 1, projectionMonths: 2, serviceLevel: 95, multiple: 4, minStock: 6 });

describe('calculation engine', () => {
  it('the no-demand shortcut gives what the full forecast gives, for every method', () => {
    const input: LineInput = { history: new Array(24).fill(0), available: 1, covered: 0, productMinStock: 9, productMaxStock: null };
    for (const method of REPLENISHMENT_METHODS) {
      const s = settings(method);
      const { forecast } = lineForecast(input, s);
      expect(forecast.total.mean, method).toBe(0);
      expect(serviceLevelQuantile(forecast, s.serviceLevel), method).toBe(0);
      // level = max(0, asked 6, product 9) = 9; need 9 − 1 = 8 → 8 (multiple 4)
      expect(computeLine(input, s), method).toEqual({ method: forecast.chosen, meanDemand: 0, quantile: 0, minStock: 9, level: 9, need: 8, suggested: 8, rounding: 'MULTIPLO' });
    }
  });

  it('the bulk path (horizon total only) gives what the full forecast gives, for every method', () => {
    // deterministic series of every class: smooth, erratic, intermittent, lumpy, seasonal (36+ months), with lost sales
    let seed = 7;
    const draw = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const inputs: LineInput[] = [];
    for (const length of [6, 24, 40]) {
      for (const sells of [0.1, 0.4, 0.95]) {
        for (const size of [1, 8, 60]) {
          const history = Array.from({ length }, (_, i) => (draw() < sells ? Math.round(1 + draw() * size * (1 + (length >= 36 ? Math.sin((i * Math.PI) / 6) : 0))) : 0));
          const lostSales = draw() < 0.3 ? history.map(() => (draw() < 0.2 ? Math.round(draw() * 5) : 0)) : null;
          inputs.push({ history, lostSales, available: Math.round(draw() * 20) - 3, covered: draw() < 0.2 ? 4 : 0, productMinStock: draw() < 0.3 ? 5 : null, productMaxStock: draw() < 0.3 ? 40 : null });
        }
      }
    }
    for (const method of REPLENISHMENT_METHODS) {
      const s = settings(method);
      for (const input of inputs) {
        const { forecast } = lineForecast(input, s);
        const line = computeLine(input, s);
        expect(line.method, method).toBe(forecast.chosen);
        expect(line.meanDemand, method).toBe(forecast.total.mean / 3);
        expect(line.quantile, `${method} ${input.history.join(',')}`).toBe(serviceLevelQuantile(forecast, s.serviceLevel));
      }
    }
  });

  it('a lost sale alone is demand: no shortcut', () => {
    const history = new Array(12).fill(0);
    const lostSales = [...history];
    lostSales[11] = 5;
    expect(computeLine({ history, lostSales, available: 0, covered: 0, productMinStock: null, productMaxStock: null }, settings('MEDIA_SIMPLES')).meanDemand).toBeGreaterThan(0);
  });

  it('rounds up to the multiple, caps at the maximum including what is covered', () => {
    // need 7, multiple 5 → 10
    expect(roundSuggestion(7, 5, 3, 0, null)).toEqual({ suggested: 10, rounding: 'MULTIPLO' });
    // 3 available + 2 covered + 10 = 15 > 12 → ⌊(12 − 3 − 2)/5⌋·5 = 5
    expect(roundSuggestion(7, 5, 3, 2, 12)).toEqual({ suggested: 5, rounding: 'MAXIMO' });
    // no room: 0
    expect(roundSuggestion(7, 5, 12, 0, 12)).toEqual({ suggested: 0, rounding: 'MAXIMO' });
    expect(roundSuggestion(0, 5, 3, 0, null)).toEqual({ suggested: 0, rounding: null });
  });
});
