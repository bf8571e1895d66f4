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
