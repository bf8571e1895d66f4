import { describe, expect, it } from 'vitest';
import { availableCodelists, CODELISTS_ATTRIBUTION, codeDescription } from './codelists.ts';

describe('codeDescription', () => {
  it('gives EDItEUR English descriptions for the lists the app shows', () => {
    expect(codeDescription(17, 'A01')).toBe('By (author)');
    expect(codeDescription(65, '21')).toBe('In stock');
    expect(codeDescription(64, '04')).toBe('Active');
    expect(codeDescription(74, 'por')).toBe('Portuguese');
    expect(codeDescription(150, 'BC')).toBe('Paperback / softback');
    expect(codeDescription(5, '15')).toBe('ISBN-13');
    expect(codeDescription(58, '01')).toBe('RRP excluding tax');
  });

  it('resolves list 26 through list 27 and pads one-digit codes', () => {
    expect(codeDescription(26, '10')).toBe('BISAC Subject Heading');
    expect(codeDescription(65, '1')).toBe('Cancelled');
  });

  it('returns null for unknown lists, codes and empty input', () => {
    expect(codeDescription(17, 'ZZZ')).toBeNull();
    expect(codeDescription(9999, '01')).toBeNull();
    expect(codeDescription(17, null)).toBeNull();
    expect(codeDescription(17, undefined)).toBeNull();
    expect(codeDescription(17, '  ')).toBeNull();
  });

  it('covers the lists other screens rely on and carries the attribution', () => {
    expect(availableCodelists()).toEqual(expect.arrayContaining([5, 15, 17, 26, 44, 49, 58, 64, 65, 74, 150, 175, 196]));
    expect(CODELISTS_ATTRIBUTION).toMatch(/ONIX Code Lists Issue 70, © EDItEUR, used under EDItEUR's terms/);
  });
});
