import { describe, expect, it } from 'vitest';
import { cnpjField, formatCnpj, isValidCnpj, normalizeCnpj } from './cnpj.ts';

describe('CNPJ (numeric and 2026 alphanumeric)', () => {
  it('accepts the Receita Federal example 12.ABC.345/01DE-35, masked or not, any case', () => {
    for (const value of ['12.ABC.345/01DE-35', '12ABC34501DE35', '12.abc.345/01de-35', ' 12 ABC 345 01DE 35 ']) expect(isValidCnpj(value), value).toBe(true);
  });

  it('computes the alphanumeric check digits as ASCII minus 48 with the numeric weights (35 for 12ABC34501DE)', () => {
    const weights1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const weights2 = [6, ...weights1];
    const digit = (base: string, weights: number[]) => {
      const sum = [...base].reduce((acc, ch, i) => acc + (ch.charCodeAt(0) - 48) * weights[i], 0);
      return sum % 11 < 2 ? 0 : 11 - (sum % 11);
    };
    const base = '12ABC34501DE';
    const first = digit(base, weights1);
    const second = digit(base + first, weights2);
    expect(`${first}${second}`).toBe('35');
    for (let d = 0; d <= 99; d++) {
      const tail = String(d).padStart(2, '0');
      expect(isValidCnpj(base + tail), tail).toBe(tail === '35');
    }
  });

  it('keeps accepting numeric CNPJs and refuses wrong check digits, reserved numbers, letters in the check digits and odd lengths', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    expect(isValidCnpj('12ABC34501DE3')).toBe(false);
    expect(isValidCnpj('12ABC34501DE355')).toBe(false);
    expect(isValidCnpj('12ABC34501DE#5')).toBe(false);
  });

  it('normalises to 14 upper-case characters and masks as typed', () => {
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12')).toBe('12');
    expect(formatCnpj('12A')).toBe('12.A');
    expect(formatCnpj('12ABC3')).toBe('12.ABC.3');
    expect(formatCnpj('12ABC34501')).toBe('12.ABC.345/01');
    expect(formatCnpj('12.ABC.345/01DE-35999')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('')).toBe('');
  });

  it('the request field stores the normalised form and answers CNPJ inválido otherwise', () => {
    expect(cnpjField().parse('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    const bad = cnpjField().safeParse('12.ABC.345/01DE-36');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('CNPJ inválido');
  });
});
