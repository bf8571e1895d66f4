import type { DashboardComparison } from '@acervo/contracts';
import { addDays, daysInMonth } from './business-days.ts';

/**
 * The periods of the dashboard (docs/dashboard.md "Comparisons"), as inclusive `YYYY-MM-DD` ranges.
 */

/** An inclusive range of days. */
export interface DayRange {
  dataInicio: string;
  dataFim: string;
}

/** `YYYY-MM-DD` of year/month/day, the day clamped to the month's last day (31/03 → 28/02 or 29/02). */
function clampedDay(year: number, month: number, day: number): string {
  const d = Math.min(day, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The month `months` before year/month, as [year, month]. */
function shiftMonth(year: number, month: number, months: number): [number, number] {
  const index = year * 12 + (month - 1) - months;
  return [Math.floor(index / 12), (index % 12) + 1];
}

/** The first day of `day`'s month. */
export function monthStart(day: string): string {
  return `${day.slice(0, 8)}01`;
}

/**
 * The day `day` is compared with: SEMANA_ANTERIOR → `day` − 7 days (same weekday); MES_ANTERIOR →
 * the same day number of the previous month (clamped to its last day); ANO_ANTERIOR → the same
 * date of the previous year (29/02 → 28/02).
 */
export function comparedDay(day: string, comparison: DashboardComparison): string {
  const [y, m, d] = day.split('-').map(Number);
  if (comparison === 'SEMANA_ANTERIOR') return addDays(day, -7);
  if (comparison === 'MES_ANTERIOR') {
    const [py, pm] = shiftMonth(y, m, 1);
    return clampedDay(py, pm, d);
  }
  return clampedDay(y - 1, m, d);
}

/**
 * The days the month to date (1st → `day`) is compared with: the same days of the previous month
 * (SEMANA_ANTERIOR and MES_ANTERIOR) or of the same month of the previous year (ANO_ANTERIOR),
 * from its 1st to the same day number clamped to its last day; when `day` is its month's last
 * day, the whole compared month (a full month against a full month).
 */
export function comparedMonthToDate(day: string, comparison: DashboardComparison): DayRange {
  const [y, m, d] = day.split('-').map(Number);
  const [cy, cm] = comparison === 'ANO_ANTERIOR' ? [y - 1, m] : shiftMonth(y, m, 1);
  const lastDay = d === daysInMonth(y, m) ? daysInMonth(cy, cm) : d;
  return { dataInicio: clampedDay(cy, cm, 1), dataFim: clampedDay(cy, cm, lastDay) };
}

/** The twelve months ending in `day`'s month, oldest first, as `YYYY-MM`. */
export function trendMonths(day: string): string[] {
  const [y, m] = day.split('-').map(Number);
  const out: string[] = [];
  for (let i = 11; i >= 0; i--) {
    const [py, pm] = shiftMonth(y, m, i);
    out.push(`${String(py).padStart(4, '0')}-${String(pm).padStart(2, '0')}`);
  }
  return out;
}

/** `YYYY-MM` one year before. */
export function yearBefore(month: string): string {
  return `${String(Number(month.slice(0, 4)) - 1).padStart(4, '0')}${month.slice(4)}`;
}

/** Change from `before` to `now` in % (2 decimals); null when `before` is 0 (no base). */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / Math.abs(before)) * 10_000) / 100;
}
