import type { Random } from './prng.ts';

/**
 * Check digits of the identifiers the data set carries, computed rather than looked up so that
 * every generated ISBN, CNPJ and CPF is valid (the tests check them with independent validators).
 */

/** GS1 / ISBN-13 check digit of 12 digits: weights 1,3,1,3…, (10 − Σ mod 10) mod 10. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (first12.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** The 13-digit EAN of 12 digits plus their check digit. */
export function ean13(first12: string): string {
  return first12 + String(ean13CheckDigit(first12));
}

/** Modulo-11 check digit used by CNPJ and CPF: remainder < 2 → 0, else 11 − remainder. */
function mod11(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += (digits.charCodeAt(i) - 48) * weights[i];
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** A numeric CNPJ (14 digits) from its 12-digit base (8 root + 4 branch), check digits appended. */
export function cnpj(base12: string): string {
  const d1 = mod11(base12, CNPJ_W1);
  const d2 = mod11(base12 + d1, CNPJ_W2);
  return `${base12}${d1}${d2}`;
}

/** A random valid CNPJ of a head office (branch 0001), never all digits equal. */
export function randomCnpj(random: Random): string {
  let root = '';
  for (let i = 0; i < 8; i++) root += String(random.int(0, 9));
  if (/^(\d)\1{7}$/.test(root)) root = `1${root.slice(1, 7)}2`;
  return cnpj(`${root}0001`);
}

/** A random valid CPF (11 digits), never all digits equal. */
export function randomCpf(random: Random): string {
  let base = '';
  for (let i = 0; i < 9; i++) base += String(random.int(0, 9));
  if (/^(\d)\1{8}$/.test(base)) base = `12${base.slice(2, 8)}9`;
  const d1 = mod11(base, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11(base + d1, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base}${d1}${d2}`;
}
