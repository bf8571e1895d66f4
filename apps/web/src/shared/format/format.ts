import { DISPLAY_DATE_FORMAT, DISPLAY_TIME_FORMAT, DISPLAY_TIME_ZONE, formatDate, formatDateTime, isoDayInDisplayZone } from '@acervo/contracts';

/** Date format of SPEC section 9 (also the date pickers' format). */
export const DATE_FORMAT = DISPLAY_DATE_FORMAT;
/** Time format of SPEC section 9. */
export const TIME_FORMAT = DISPLAY_TIME_FORMAT;

/**
 * The one date-time formatter of the screens (issue 15, defect 5), shared with the server's
 * exports: `formatDateTime` shows an instant as `DD/MM/YYYY HH:mm` in America/Sao_Paulo whatever
 * the browser's zone, `formatDate` a calendar date as it is (an instant as its São Paulo day);
 * both give '' for null/invalid. See `@acervo/contracts` datetime.ts.
 */
export { DISPLAY_TIME_ZONE, formatDate, formatDateTime, isoDayInDisplayZone };

/**
 * Formats an amount in minor units (cents) of an ISO 4217 currency with `Intl` in pt-BR, using the
 * currency's own number of minor digits (2 for BRL/USD/EUR, 0 for JPY).
 * @param cents amount in minor units
 * @param currency ISO 4217 code (e.g. BRL)
 */
export function formatMoneyFromCents(cents: number, currency: string): string {
  let formatter: Intl.NumberFormat;
  try {
    formatter = new Intl.NumberFormat('pt-BR', { style: 'currency', currency });
  } catch {
    return `${currency} ${(cents / 100).toFixed(2)}`;
  }
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(cents / 10 ** digits);
}

/**
 * Text in lower case without accents (NFD with the combining marks U+0300–U+036F removed), for
 * matching what a user types against a name whatever its spelling: `foldText('Histórias')` → `historias`.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}
