import { isValidCnpj as isValidCnpjV2 } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { text } from './common.ts';

/**
 * CNPJ (Brazilian company registry number) in both formats the Receita Federal accepts from July
 * 2026: the numeric one (`11.222.333/0001-81`) and the alphanumeric one (official example
 * `12.ABC.345/01DE-35`): 12 characters 0-9/A-Z, then 2 numeric check digits. Each character counts
 * as its ASCII code minus 48 (so '0'-'9' are 0-9 and 'A' is 17), weighted 5,4,3,2,9,8,7,6,5,4,3,2
 * (then 6,5,4,…,2 for the second digit), modulo 11 (remainder < 2 → 0, else 11 − remainder): the
 * same rule as before, which is why a numeric CNPJ stays valid. The check is
 * `@brazilian-utils/brazilian-utils` 2.x `isValidCnpj(value, { version: 2 })` (numeric and
 * alphanumeric; reserved numeric numbers such as 00000000000000 refused). Source: Receita Federal,
 * "Manual de cálculo do DV do CNPJ alfanumérico" (manual-dv-cnpj.pdf).
 */

/** Characters of a stored CNPJ (after `normalizeCnpj`). */
export const CNPJ_LENGTH = 14;
/** Length of a masked CNPJ (`XX.XXX.XXX/XXXX-XX`). */
export const CNPJ_MASKED_LENGTH = 18;
/** Message of a CNPJ that is not 14 characters with valid check digits. */
export const INVALID_CNPJ_MESSAGE = 'CNPJ inválido';

/** A stored CNPJ: 12 upper-case letters or digits, then 2 check digits. */
export const CNPJ_PATTERN = /^[0-9A-Z]{12}[0-9]{2}$/;

/**
 * The stored form of a typed CNPJ: the mask characters (`.`, `/`, `-`) and white space removed,
 * letters in upper case (`12.abc.345/01de-35` → `12ABC34501DE35`). Other characters are kept, so
 * `isValidCnpj` refuses them.
 */
export function normalizeCnpj(value: string): string {
  return value.replace(/[.\-/\s]/g, '').toUpperCase();
}

/**
 * True when `value` (masked or not, any letter case) is a valid numeric or alphanumeric CNPJ.
 * @example isValidCnpj('12.ABC.345/01DE-35') // true (the Receita Federal's example)
 */
export function isValidCnpj(value: string): boolean {
  const cnpj = normalizeCnpj(value);
  return CNPJ_PATTERN.test(cnpj) && isValidCnpjV2(cnpj, { version: 2 });
}

/**
 * Masks a CNPJ as `XX.XXX.XXX/XXXX-XX`, also while it is being typed: only letters and digits are
 * kept (upper-cased), at most 14, and the punctuation appears as the groups fill
 * (`12ABC3` → `12.ABC.3`). Used for display and for the form input.
 */
export function formatCnpj(value: string): string {
  const raw = value.replace(/[^0-9A-Za-z]/g, '').toUpperCase().slice(0, CNPJ_LENGTH);
  const groups: [number, number, string][] = [
    [0, 2, ''],
    [2, 5, '.'],
    [5, 8, '.'],
    [8, 12, '/'],
    [12, 14, '-'],
  ];
  let out = '';
  for (const [start, end, separator] of groups) {
    if (raw.length <= start) break;
    out += separator + raw.slice(start, end);
  }
  return out;
}

/**
 * Request field of a CNPJ: text of at most 18 characters (masked), normalised to the stored form
 * (`normalizeCnpj`) and refused with 'CNPJ inválido' unless `isValidCnpj`.
 */
export function cnpjField() {
  return text({ min: 1, max: CNPJ_MASKED_LENGTH })
    .overwrite(normalizeCnpj)
    .refine(isValidCnpj, INVALID_CNPJ_MESSAGE);
}
