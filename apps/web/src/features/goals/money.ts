/**
 * BRL money text of the goals grid, in integer cents, with no floating point: typed text is read
 * digit by digit as a string and formatted back from the integer's reais and centavos.
 */

/** Outcome of `parseMoneyText`: cents, `null` for an empty cell (no goal), or `invalid`. */
export type ParsedMoney = number | null | 'invalid';

/** Most reais digits read (R$ 9.999.999.999): keeps the integer exact; the goal bound is far lower. */
const MAX_REAIS_DIGITS = 10;

/** `1.234.567` — reais with pt-BR thousands dots in groups of three. */
const GROUPED = /^\d{1,3}(?:\.\d{3})+$/;

/**
 * Reads pt-BR money text as integer cents, by string handling only (never `parseFloat`):
 * `R$ 1.234,56` → 123456; `1234,5` → 123450; `1.234` → 123400 (dots group thousands); `,5` → 50;
 * `1234.56` → 123456 (a lone dot before 1-2 final digits is taken as the decimal mark, as a
 * keyboard's numeric pad types it); `R$`, spaces and non-breaking spaces are ignored; '' → null.
 * Anything else (letters, a minus sign, 3+ decimals, two commas, badly grouped dots) → 'invalid'.
 */
export function parseMoneyText(text: string): ParsedMoney {
  const compact = text.replace(/R\$/gi, '').replace(/[\s\u00A0\u202F]/g, '');
  if (compact === '') return null;
  let reais: string;
  let centavos: string;
  const decimalDot = /^(\d+)\.(\d{1,2})$/.exec(compact);
  if (decimalDot && !GROUPED.test(compact)) {
    [, reais, centavos] = decimalDot;
  } else {
    const parts = compact.split(',');
    if (parts.length > 2) return 'invalid';
    [reais, centavos = ''] = parts;
    if (GROUPED.test(reais)) reais = reais.replace(/\./g, '');
    if (!/^\d*$/.test(reais) || !/^\d{0,2}$/.test(centavos)) return 'invalid';
    if (reais === '' && centavos === '') return 'invalid';
  }
  reais = reais.replace(/^0+(?=\d)/, '');
  if (reais.length > MAX_REAIS_DIGITS) return 'invalid';
  const digits = `${reais || '0'}${centavos.padEnd(2, '0')}`;
  return Number(digits); // at most 12 decimal digits: an exact integer
}

/** Groups an integer's decimal digits in threes with dots: 1234567 → '1.234.567'. */
function groupThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * Formats integer cents as `R$ 1.234,56` (a plain space after R$, so the text is typed back as it
 * is shown); '' for null. Reais and centavos come from integer division, never from `cents / 100`.
 */
export function formatCents(cents: number | null): string {
  if (cents === null) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const centavos = abs % 100;
  const reais = (abs - centavos) / 100;
  return `${sign}R$ ${groupThousands(reais)},${String(centavos).padStart(2, '0')}`;
}
