import { describe, expect, it } from 'vitest';
import { codeWithLabel, languageLabel } from './product-codes.ts';

describe('product code labels', () => {
  it('names ONIX three-letter language codes in the interface language', () => {
    expect(languageLabel('por', 'Portuguese', 'pt-BR')).toBe('português');
    expect(languageLabel('eng', 'English', 'pt-BR')).toBe('inglês');
    expect(languageLabel('ger', 'German', 'en-US')).toBe('German');
  });

  it('falls back to the code list description, then to the code', () => {
    expect(languageLabel('zzz', 'Some language', 'pt-BR')).toBe('Some language');
    expect(languageLabel('zzz', null, 'pt-BR')).toBe('zzz');
    expect(languageLabel(null, null, 'pt-BR')).toBe('');
  });

  it('shows a code with its label, or alone', () => {
    expect(codeWithLabel('02', 'RRP including tax')).toBe('RRP including tax (02)');
    expect(codeWithLabel('99', null)).toBe('99');
  });
});
