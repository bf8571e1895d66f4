import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';

dayjs.locale('pt-br');

/** Date format of SPEC section 9. */
export const DATE_FORMAT = 'DD/MM/YYYY';
/** Time format of SPEC section 9. */
export const TIME_FORMAT = 'HH:mm';

/**
 * Formats an ISO date (`YYYY-MM-DD`) or timestamp as DD/MM/YYYY; '' for null/invalid.
 * Date-only values are read as calendar dates (no time-zone shift).
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(DATE_FORMAT) : '';
}

/** Formats an ISO timestamp as `DD/MM/YYYY HH:mm` in the browser's time zone; '' for null/invalid. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(`${DATE_FORMAT} ${TIME_FORMAT}`) : '';
}

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
