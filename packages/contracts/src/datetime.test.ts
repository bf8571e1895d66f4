import { describe, expect, it } from 'vitest';
import { DISPLAY_TIME_ZONE, fileStampInDisplayZone, formatDate, formatDateTime, isoDayInDisplayZone } from './datetime.ts';

/** The process's TZ (the contracts compile without Node's types). */
const TZ = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.TZ;

/**
 * vitest.config.ts runs this file three times: in the machine's zone, with TZ=UTC and with
 * TZ=Asia/Tokyo (projects `tz-utc` and `tz-tokyo`); the output must not change (issue 15, defect 5).
 */
describe(`date-times in ${DISPLAY_TIME_ZONE} (process TZ=${TZ ?? 'unset'})`, () => {
  it('runs in the zone its project asked for', () => {
    const offset = new Date(Date.UTC(2026, 0, 15, 12)).getTimezoneOffset();
    if (TZ === 'UTC') expect(offset).toBe(0);
    if (TZ === 'Asia/Tokyo') expect(offset).toBe(-540);
  });

  it('shows an instant as DD/MM/YYYY HH:mm São Paulo time, whatever the process zone', () => {
    expect(formatDateTime('2026-03-01T02:30:00Z')).toBe('28/02/2026 23:30');
    expect(formatDateTime('2026-11-26T05:40:38.123Z')).toBe('26/11/2026 02:40');
    expect(formatDateTime('2026-11-26T00:00:00-03:00')).toBe('26/11/2026 00:00');
    expect(formatDateTime(new Date(Date.UTC(2026, 11, 31, 23, 59)))).toBe('31/12/2026 20:59');
    expect(formatDateTime(Date.UTC(2027, 0, 1, 3, 0))).toBe('01/01/2027 00:00');
    // midnight is 00, not 24
    expect(formatDateTime('2026-06-10T03:05:00Z')).toBe('10/06/2026 00:05');
  });

  it('shows a calendar date as it is and an instant as its São Paulo day', () => {
    expect(formatDate('2026-03-01')).toBe('01/03/2026');
    expect(formatDate('2026-02-30')).toBe('');
    expect(formatDate('2026-03-01T02:30:00Z')).toBe('28/02/2026');
    expect(isoDayInDisplayZone('2026-03-01T02:30:00Z')).toBe('2026-02-28');
    expect(isoDayInDisplayZone('2026-03-01T12:00:00Z')).toBe('2026-03-01');
  });

  it('stamps downloaded files with São Paulo time', () => {
    expect(fileStampInDisplayZone(new Date('2026-03-01T02:30:05Z'))).toBe('20260228-233005');
    expect(fileStampInDisplayZone('2026-07-04T15:00:00Z')).toBe('20260704-120000');
  });

  it('shows nothing for a missing or invalid value', () => {
    for (const value of [null, undefined, '', 'ontem', Number.NaN]) {
      expect(formatDateTime(value)).toBe('');
      expect(formatDate(value)).toBe('');
    }
  });
});
