/**
 * ISBN / EAN-13 check-digit helpers for the ONIX reader (ISO 2108: ISBN-10 weights 10…2 mod 11
 * with X = 10; ISBN-13 = GTIN-13, weights 1,3 alternating mod 10). The math lives once, in
 * `@acervo/contracts` (the product form validates with the same functions in the browser); this
 * module only re-exports it under the names the ONIX code has always imported.
 */
export { cleanIsbn, ean13CheckDigit, isbn10CheckDigit, isbn10To13, isbn13To10, isValidEan13, isValidIsbn10, isValidIsbn13 } from '@acervo/contracts';
