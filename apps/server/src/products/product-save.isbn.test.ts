import ISBN from 'isbn3';
import { describe, expect, it } from 'vitest';
import { isValidIsbn10, isValidIsbn13, isbn10To13, isbn13To10, normalizeIsbn13 } from '@acervo/contracts';

/**
 * The product form's check-digit math lives in `packages/contracts` (it runs in the browser too);
 * this cross-checks it against isbn3 (the server's ISBN library) on generated ISBNs: every
 * five registration groups (85, 65, 0, 1, 84), random bodies, all eleven check characters.
 */
describe('contracts ISBN math agrees with isbn3', () => {
  it('on 2,000 generated ISBN-10/13 pairs with every possible last digit', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    let checked = 0;
    for (let n = 0; n < 2000; n++) {
      // Brazilian (85, 65), English (0, 1), Spanish (84) groups
      const group = ['85', '65', '0', '1', '84'][n % 5];
      let body = group;
      while (body.length < 9) body += String(Math.floor(random() * 10));
      for (const last of '0123456789X') {
        const isbn10 = body + last;
        const lib = ISBN.parse(isbn10);
        // isbn3 also refuses unassigned ranges; only compare where it answers
        if (lib === null) {
          if (ISBN.audit(isbn10).clues.some((c) => /checksum/.test(c.message))) expect(isValidIsbn10(isbn10), isbn10).toBe(false);
          continue;
        }
        checked++;
        expect(isValidIsbn10(isbn10), isbn10).toBe(true);
        expect(isbn10To13(isbn10), isbn10).toBe(lib.isbn13);
        expect(isValidIsbn13(lib.isbn13!), lib.isbn13).toBe(true);
        expect(isbn13To10(lib.isbn13!), lib.isbn13).toBe(lib.isbn10);
        expect(normalizeIsbn13(lib.isbn13h!), lib.isbn13h).toBe(lib.isbn13);
        // a wrong 13th digit is refused by both
        const wrong = lib.isbn13!.slice(0, 12) + String((Number(lib.isbn13![12]) + 1) % 10);
        expect(ISBN.parse(wrong)).toBeNull();
        expect(normalizeIsbn13(wrong), wrong).toBeNull();
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
