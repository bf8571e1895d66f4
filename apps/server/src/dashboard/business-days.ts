import { isBusinessDay } from '@brazilian-utils/brazilian-utils';

/**
 * Brazilian business days of a company (docs/dashboard.md "Business days"): Monday to Friday,
 * minus the national holidays of @brazilian-utils/brazilian-utils (its `isBusinessDay` with the
 * default `includeOptional: true`, so Carnaval Tuesday and Corpus Christi, "pontos facultativos",
 * are closed too), minus the company's own closing days (`empresa_dia_fechamento`): a day closed
 * INTEGRAL counts 0, a day closed in the MANHA (morning, e.g. Ash Wednesday until 14h) counts ½.
 * Days are `YYYY-MM-DD` calendar days; no time zone is involved.
 */

/** How a company closes on one of its closing days. */
export type ClosingPeriod = 'INTEGRAL' | 'MANHA';

/** A company's closing days: day `YYYY-MM-DD` → how it closes. */
export type ClosingDays = ReadonlyMap<string, ClosingPeriod>;

/** `YYYY-MM-DD` of a UTC date. */
function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** `day` (`YYYY-MM-DD`) plus `days` (may be negative). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

/** Number of days of the month `year`-`month` (1-12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Business-day weight of `day`: 0 on Saturday, Sunday or a national holiday (library), 0 on a
 * company closing day INTEGRAL, ½ on one closed in the MANHA, 1 otherwise.
 */
export function businessDayWeight(day: string, closing: ClosingDays): number {
  const [y, m, d] = day.split('-').map(Number);
  // the library reads the LOCAL calendar day: build it from local parts, at noon (no DST edge)
  if (!isBusinessDay(new Date(y, m - 1, d, 12))) return 0;
  const closed = closing.get(day);
  return closed === 'INTEGRAL' ? 0 : closed === 'MANHA' ? 0.5 : 1;
}

/** Business days of the month of `day`: the whole month, those up to and including `day`, those after it. */
export interface MonthBusinessDays {
  total: number;
  elapsed: number;
  remaining: number;
}

/**
 * Counts the business days of `day`'s month (weights of `businessDayWeight`): `elapsed` = the 1st
 * through `day` inclusive (the reference day counts as worked: its sales are in the month to date),
 * `remaining` = the days after `day` to the month's end, `total` = both.
 */
export function monthBusinessDays(day: string, closing: ClosingDays): MonthBusinessDays {
  const [y, m, d] = day.split('-').map(Number);
  let elapsed = 0;
  let remaining = 0;
  for (let i = 1; i <= daysInMonth(y, m); i++) {
    const w = businessDayWeight(`${day.slice(0, 8)}${String(i).padStart(2, '0')}`, closing);
    if (i <= d) elapsed += w;
    else remaining += w;
  }
  return { total: elapsed + remaining, elapsed, remaining };
}

/**
 * Projection to month end in cents (docs/dashboard.md "Projection"): the month to date plus its
 * pace per business day so far times the business days left,
 * `realised + round(realised / elapsed × remaining)`. With no business day elapsed yet (the 1st is
 * a Saturday or a holiday) there is no pace: the projection is what was realised.
 */
export function projectMonthCents(realisedCents: number, days: MonthBusinessDays): number {
  if (days.elapsed <= 0) return realisedCents;
  return realisedCents + Math.round((realisedCents / days.elapsed) * days.remaining);
}

/** Easter Sunday of `year` (`YYYY-MM-DD`), by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(new Date(Date.UTC(year, month - 1, day)));
}

/**
 * The closing days every company starts with (migration 0016 seeds these literals for 2024-2030):
 * Carnaval Monday (Easter − 48 days, closed) and Ash Wednesday (Easter − 46 days, closed in the morning).
 */
export function defaultClosingDays(year: number): { data: string; descricao: string; periodo: ClosingPeriod }[] {
  const easter = easterSunday(year);
  return [
    { data: addDays(easter, -48), descricao: 'Carnaval (segunda-feira)', periodo: 'INTEGRAL' },
    { data: addDays(easter, -46), descricao: 'Quarta-feira de Cinzas (manhã)', periodo: 'MANHA' },
  ];
}
