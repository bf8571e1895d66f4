import { describe, expect, it } from 'vitest';
import { erpIndicatorColor, formatErpPercent } from './erp-indicator-color.ts';

describe('erpIndicatorColor', () => {
  it('is success above 75', () => {
    expect(erpIndicatorColor(75.01)).toBe('success');
    expect(erpIndicatorColor(100)).toBe('success');
  });
  it('is warning from 50 to 75 inclusive', () => {
    expect(erpIndicatorColor(75)).toBe('warning');
    expect(erpIndicatorColor(62.3)).toBe('warning');
    expect(erpIndicatorColor(50)).toBe('warning');
  });
  it('is error below 50', () => {
    expect(erpIndicatorColor(49.99)).toBe('error');
    expect(erpIndicatorColor(0)).toBe('error');
  });
  it('is neutral without a value', () => {
    expect(erpIndicatorColor(null)).toBe('default');
    expect(erpIndicatorColor(Number.NaN)).toBe('default');
  });
});

describe('formatErpPercent', () => {
  it('shows 2 decimals with the pt-BR separator', () => {
    expect(formatErpPercent(87.5)).toBe('87,50');
    expect(formatErpPercent(49.999)).toBe('50,00');
    expect(formatErpPercent(3)).toBe('3,00');
  });
});
