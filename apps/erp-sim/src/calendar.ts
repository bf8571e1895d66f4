/**
 * Local dates and instants of the simulated ERP, in America/Sao_Paulo. Since 2019 Brazil has no
 * daylight saving time, so local time is UTC−3 all year (the data set covers recent months only).
 * A local date is held as the UTC midnight of the same calendar day (`dayMs`), so day arithmetic
 * is plain addition of 86 400 000 ms.
 */

/** Milliseconds in a day. */
export const DAY_MS = 86_400_000;
/** São Paulo's offset from UTC, ms (UTC−3). */
export const SAO_PAULO_OFFSET_MS = -3 * 3_600_000;

/** The local calendar day (as UTC midnight ms) of an instant. */
export function localDay(instantMs: number): number {
  const shifted = instantMs + SAO_PAULO_OFFSET_MS;
  return shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS);
}

/** The instant of a local time: day (UTC midnight ms of the local date) plus hours after local midnight. */
export function localInstant(dayMs: number, hours: number): number {
  return Math.round(dayMs + hours * 3_600_000 - SAO_PAULO_OFFSET_MS);
}

/** `YYYY-MM-DD` of a local day. */
export function isoDate(dayMs: number): string {
  return new Date(dayMs).toISOString().slice(0, 10);
}

/** ISO 8601 UTC instant with milliseconds (`2026-11-23T18:00:00.000Z`). */
export function isoInstant(ms: number): string {
  return new Date(ms).toISOString();
}

/** The same local day `months` months earlier (day of month clamped to the month's length). */
export function monthsBefore(dayMs: number, months: number): number {
  const d = new Date(dayMs);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() - months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d.getUTCDate(), last));
}

/** Black Friday of a year: the day after the fourth Thursday of November (UTC midnight ms). */
export function blackFriday(year: number): number {
  const first = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  const firstThursday = 1 + ((4 - first + 7) % 7);
  return Date.UTC(year, 10, firstThursday + 21 + 1);
}
