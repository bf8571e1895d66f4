import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { businessDayWeight, defaultClosingDays, easterSunday, monthBusinessDays, projectMonthCents, type ClosingPeriod } from './business-days.ts';
import { changePercent, comparedDay, comparedMonthToDate, trendMonths } from './dashboard-periods.ts';

/** The seeded closing days of 2026 (migration 0016): Carnaval Monday closed, Ash Wednesday morning closed. */
const CLOSING_2026 = new Map<string, ClosingPeriod>([
  ['2026-02-16', 'INTEGRAL'],
  ['2026-02-18', 'MANHA'],
]);

/*
 * The 2026 calendar written by hand (not computed): weekdays of each month minus the weekday
 * holidays — 01/01 (Thu), Carnaval 16/02 (company) and 17/02 (library), Ash Wednesday 18/02 half,
 * Good Friday 03/04, Tiradentes 21/04 (Tue), 01/05 (Fri), Corpus Christi 04/06 (Thu), 07/09 (Mon),
 * 12/10 (Mon), 02/11 (Mon), 20/11 (Fri), 25/12 (Fri); 15/11 is a Sunday.
 */
const BUSINESS_DAYS_2026: Record<string, number> = {
  '01': 22 - 1,
  '02': 20 - 2 - 0.5,
  '03': 22,
  '04': 22 - 2,
  '05': 21 - 1,
  '06': 22 - 1,
  '07': 23,
  '08': 21,
  '09': 22 - 1,
  '10': 22 - 1,
  '11': 21 - 2,
  '12': 23 - 1,
};

describe('business days (national holidays of brazilian-utils + company closing days)', () => {
  it('counts each month of 2026 as the hand-written calendar', () => {
    for (const [month, expected] of Object.entries(BUSINESS_DAYS_2026)) {
      expect(monthBusinessDays(`2026-${month}-01`, CLOSING_2026).total, `2026-${month}`).toBe(expected);
    }
  });

  it('weighs Carnaval, Ash Wednesday, holidays, weekends and ordinary days', () => {
    expect(businessDayWeight('2026-02-13', CLOSING_2026)).toBe(1); // Friday before Carnaval
    expect(businessDayWeight('2026-02-16', CLOSING_2026)).toBe(0); // Carnaval Monday: the company's list
    expect(businessDayWeight('2026-02-16', new Map())).toBe(1); // the library alone works on it
    expect(businessDayWeight('2026-02-17', new Map())).toBe(0); // Carnaval Tuesday: the library's
    expect(businessDayWeight('2026-02-18', CLOSING_2026)).toBe(0.5); // Ash Wednesday morning
    expect(businessDayWeight('2026-04-03', CLOSING_2026)).toBe(0); // Good Friday
    expect(businessDayWeight('2026-06-04', CLOSING_2026)).toBe(0); // Corpus Christi
    expect(businessDayWeight('2026-11-20', CLOSING_2026)).toBe(0); // Consciência Negra
    expect(businessDayWeight('2026-11-21', CLOSING_2026)).toBe(0); // Saturday
    expect(businessDayWeight('2026-11-26', CLOSING_2026)).toBe(1);
  });

  it('splits the month at the reference day, which counts as elapsed', () => {
    expect(monthBusinessDays('2026-02-18', CLOSING_2026)).toEqual({ total: 17.5, elapsed: 10.5, remaining: 7 });
    expect(monthBusinessDays('2026-02-28', CLOSING_2026)).toEqual({ total: 17.5, elapsed: 17.5, remaining: 0 });
    expect(monthBusinessDays('2026-11-20', CLOSING_2026)).toEqual({ total: 19, elapsed: 13, remaining: 6 });
  });

  it('projects the month by its pace per business day over the days left (February 2026: Carnaval and Ash Wednesday)', () => {
    const days = monthBusinessDays('2026-02-18', CLOSING_2026);
    // R$ 21.000,00 in 10.5 business days = R$ 2.000,00 a day; 7 days left
    expect(projectMonthCents(2_100_000, days)).toBe(2_100_000 + 7 * 200_000);
    // April 2026 (Good Friday 03/04 and Tiradentes 21/04): to 22/04 → 14 days elapsed, 6 left
    const april = monthBusinessDays('2026-04-22', CLOSING_2026);
    expect(april).toEqual({ total: 20, elapsed: 14, remaining: 6 });
    expect(projectMonthCents(1_400_001, april)).toBe(1_400_001 + Math.round((1_400_001 / 14) * 6));
    // no business day yet (1 August 2026 is a Saturday): the projection is what was sold
    expect(projectMonthCents(5_000, monthBusinessDays('2026-08-01', CLOSING_2026))).toBe(5_000);
  });

  it('seeds Carnaval Monday and Ash Wednesday from Easter, and migration 0016 holds exactly those days', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(defaultClosingDays(2026).map((d) => [d.data, d.periodo])).toEqual([
      ['2026-02-16', 'INTEGRAL'],
      ['2026-02-18', 'MANHA'],
    ]);
    const sqlText = readFileSync(new URL('../../drizzle/0016_company_closing_days.sql', import.meta.url), 'utf8');
    const seeded = [...sqlText.matchAll(/\('(\d{4}-\d{2}-\d{2})', '([^']+)', '(INTEGRAL|MANHA)'\)/g)].map((m) => [m[1], m[2], m[3]]);
    const expected = [];
    for (let year = 2024; year <= 2030; year++) expected.push(...defaultClosingDays(year).map((d) => [d.data, d.descricao, d.periodo]));
    expect(seeded).toEqual(expected);
  });
});

describe('comparison periods', () => {
  it('compares the day with the same weekday last week, the same day last month or last year', () => {
    expect(comparedDay('2026-11-20', 'SEMANA_ANTERIOR')).toBe('2026-11-13');
    expect(comparedDay('2026-03-02', 'SEMANA_ANTERIOR')).toBe('2026-02-23');
    expect(comparedDay('2026-03-31', 'MES_ANTERIOR')).toBe('2026-02-28');
    expect(comparedDay('2026-01-15', 'MES_ANTERIOR')).toBe('2025-12-15');
    expect(comparedDay('2028-02-29', 'ANO_ANTERIOR')).toBe('2027-02-28');
    expect(comparedDay('2026-11-20', 'ANO_ANTERIOR')).toBe('2025-11-20');
  });

  it('compares the month to date with the same days of the previous month or of last year, a full month with a full month', () => {
    expect(comparedMonthToDate('2026-11-20', 'MES_ANTERIOR')).toEqual({ dataInicio: '2026-10-01', dataFim: '2026-10-20' });
    expect(comparedMonthToDate('2026-11-20', 'SEMANA_ANTERIOR')).toEqual({ dataInicio: '2026-10-01', dataFim: '2026-10-20' });
    expect(comparedMonthToDate('2026-11-20', 'ANO_ANTERIOR')).toEqual({ dataInicio: '2025-11-01', dataFim: '2025-11-20' });
    expect(comparedMonthToDate('2026-03-30', 'MES_ANTERIOR')).toEqual({ dataInicio: '2026-02-01', dataFim: '2026-02-28' });
    expect(comparedMonthToDate('2026-04-30', 'MES_ANTERIOR')).toEqual({ dataInicio: '2026-03-01', dataFim: '2026-03-31' });
    expect(comparedMonthToDate('2026-01-10', 'MES_ANTERIOR')).toEqual({ dataInicio: '2025-12-01', dataFim: '2025-12-10' });
    expect(comparedMonthToDate('2029-02-28', 'ANO_ANTERIOR')).toEqual({ dataInicio: '2028-02-01', dataFim: '2028-02-29' });
  });

  it('lists the trend months and the change in percent', () => {
    expect(trendMonths('2026-03-15')).toEqual(['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(1, 3)).toBe(-66.67);
    expect(changePercent(100, 0)).toBeNull();
    expect(changePercent(-50, -100)).toBe(50);
  });
});
