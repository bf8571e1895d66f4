import { describe, expect, it } from 'vitest';
import { formatCents, parseMoneyText } from './money.ts';

describe('parseMoneyText (pt-BR text to integer cents, no floating point)', () => {
  it.each([
    ['R$ 1.234,56', 123456],
    ['R$\u00A01.234,56', 123456],
    ['1234,56', 123456],
    ['1234,5', 123450],
    ['1234,', 123400],
    ['1234', 123400],
    ['1.234', 123400],
    ['1.234.567,89', 123456789],
    [',5', 50],
    ['0,01', 1],
    ['0', 0],
    ['  007,10 ', 710],
    ['1234.56', 123456],
    ['1234.5', 123450],
    ['0.29', 29], // 0.29 * 100 is 28.999999999999996 in floating point
    ['1.1', 110],
    ['20.000.000,00', 2_000_000_000],
    ['9999999999,99', 999_999_999_999],
  ])('%s → %d cents', (text, cents) => {
    expect(parseMoneyText(text)).toBe(cents);
  });

  it('reads an empty cell as no goal', () => {
    expect(parseMoneyText('')).toBeNull();
    expect(parseMoneyText('  R$  ')).toBeNull();
  });

  it.each(['abc', '-10', '1,234', '12,345', '1,2,3', '1.23.456', '12.34.56', ',', '.', '1e3', '10,00 reais', '1 2 3,4a', '12345678901,00', '0x10'])('refuses %s', (text) => {
    expect(parseMoneyText(text)).toBe('invalid');
  });
});

describe('formatCents', () => {
  it.each([
    [123456, 'R$ 1.234,56'],
    [0, 'R$ 0,00'],
    [5, 'R$ 0,05'],
    [100, 'R$ 1,00'],
    [2_000_000_000, 'R$ 20.000.000,00'],
    [-150, '-R$ 1,50'],
  ])('%d → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('gives an empty text for no goal, and its text reads back as the same cents', () => {
    expect(formatCents(null)).toBe('');
    for (const cents of [0, 1, 29, 99, 100, 123456, 1_999_999_999]) expect(parseMoneyText(formatCents(cents))).toBe(cents);
  });
});
