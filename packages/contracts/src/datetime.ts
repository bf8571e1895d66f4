/**
 * The one date-time formatter of everything a user reads or downloads (issue 15, defect 5): every
 * instant is shown in the company's time zone, America/Sao_Paulo (a constant until companies have
 * zones of their own), as `DD/MM/YYYY HH:mm` (SPEC section 9), whatever the zone of the browser or
 * of the server. Pure functions over `Intl.DateTimeFormat` with an explicit `timeZone`, so the web
 * and the server's exports share them.
 */

/** Time zone every date-time is shown in (the company's zone; Brasília time, no DST since 2019). */
export const DISPLAY_TIME_ZONE = 'America/Sao_Paulo';

/** Date format shown to users (SPEC section 9). */
export const DISPLAY_DATE_FORMAT = 'DD/MM/YYYY';
/** Time format shown to users (SPEC section 9). */
export const DISPLAY_TIME_FORMAT = 'HH:mm';

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An instant as a Date, or null for null/undefined/'' and anything that is not a valid instant. */
function toInstant(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The São Paulo wall-clock fields of an instant. */
function wallClock(date: Date): { day: string; month: string; year: string; hour: string; minute: string } {
  const parts: Record<string, string> = {};
  for (const part of PARTS.formatToParts(date)) parts[part.type] = part.value;
  return { day: parts.day!, month: parts.month!, year: parts.year!, hour: parts.hour!, minute: parts.minute! };
}

/**
 * An instant as `DD/MM/YYYY HH:mm` in America/Sao_Paulo.
 * @param value ISO 8601 timestamp (with `Z` or an offset), epoch milliseconds or a Date
 * @returns '' for null, undefined, '' or an invalid instant
 * @example formatDateTime('2026-03-01T02:30:00Z') // '28/02/2026 23:30'
 */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toInstant(value);
  if (!date) return '';
  const p = wallClock(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/**
 * A date as `DD/MM/YYYY`. A calendar date (`YYYY-MM-DD`, e.g. a publication date) is shown as it
 * is, with no zone shift; an instant is shown as its São Paulo day.
 * @param value `YYYY-MM-DD`, ISO 8601 timestamp, epoch milliseconds or a Date
 * @returns '' for null, undefined, '' or an invalid value
 * @example formatDate('2026-03-01') // '01/03/2026'
 * @example formatDate('2026-03-01T02:30:00Z') // '28/02/2026'
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (typeof value === 'string') {
    const match = DATE_ONLY.exec(value);
    if (match) {
      const [, y, m, d] = match;
      const check = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
      return check.getUTCMonth() === Number(m) - 1 && check.getUTCDate() === Number(d) ? `${d}/${m}/${y}` : '';
    }
  }
  const date = toInstant(value);
  if (!date) return '';
  const p = wallClock(date);
  return `${p.day}/${p.month}/${p.year}`;
}

/**
 * The São Paulo calendar day of an instant as `YYYY-MM-DD` (for file names, day filters and
 * grouping by the company's day); '' for an invalid value.
 * @example isoDayInDisplayZone('2026-03-01T02:30:00Z') // '2026-02-28'
 */
export function isoDayInDisplayZone(value: string | number | Date | null | undefined): string {
  const date = toInstant(value);
  if (!date) return '';
  const p = wallClock(date);
  return `${p.year}-${p.month}-${p.day}`;
}

const STAMP = new Intl.DateTimeFormat('en-GB', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/**
 * An instant as `YYYYMMDD-HHMMSS` São Paulo time, for the names of downloaded files (a user reads
 * the time of the export in the name); '' for an invalid value.
 * @example fileStampInDisplayZone(new Date('2026-03-01T02:30:05Z')) // '20260228-233005'
 */
export function fileStampInDisplayZone(value: string | number | Date): string {
  const date = toInstant(value);
  if (!date) return '';
  const p: Record<string, string> = {};
  for (const part of STAMP.formatToParts(date)) p[part.type] = part.value;
  return `${p.year}${p.month}${p.day}-${p.hour}${p.minute}${p.second}`;
}
