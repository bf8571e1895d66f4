/**
 * ISBN / EAN-13 check-digit helpers (ISO 2108: ISBN-10 weights 10…2 mod 11 with X = 10;
 * ISBN-13 = GTIN-13, weights 1,3 alternating mod 10).
 */

/** Strips hyphens and spaces, upper-cases an `x`. */
export function cleanIsbn(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** GTIN-13 / ISBN-13 check digit of the first 12 digits. */
export function ean13CheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

/** ISBN-10 check character (`0`–`9` or `X`) of the first 9 digits. */
export function isbn10CheckDigit(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(first9[i]) * (10 - i);
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? 'X' : String(c);
}

/** True for 13 digits with a correct GTIN-13 check digit. */
export function isValidEan13(value: string): boolean {
  return /^\d{13}$/.test(value) && ean13CheckDigit(value.slice(0, 12)) === value[12];
}

/** True for a valid ISBN-13: a valid EAN-13 in the Bookland prefixes 978 or 979. */
export function isValidIsbn13(value: string): boolean {
  return /^97[89]/.test(value) && isValidEan13(value);
}

/** True for 9 digits plus a correct check character (digit or X). */
export function isValidIsbn10(value: string): boolean {
  return /^\d{9}[\dX]$/.test(value) && isbn10CheckDigit(value.slice(0, 9)) === value[9];
}

/** ISBN-10 → ISBN-13 (prefix 978, new check digit). Input must be a valid ISBN-10. */
export function isbn10To13(isbn10: string): string {
  const body = `978${isbn10.slice(0, 9)}`;
  return body + ean13CheckDigit(body);
}

/** ISBN-13 → ISBN-10, or null when the prefix is 979 (no ISBN-10 exists). */
export function isbn13To10(isbn13: string): string | null {
  if (!isbn13.startsWith('978')) return null;
  const body = isbn13.slice(3, 12);
  return body + isbn10CheckDigit(body);
}
