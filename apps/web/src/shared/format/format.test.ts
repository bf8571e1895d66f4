import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format.ts';
import { formatScheduleTime } from '../../features/schedules/schedule-format.ts';

/** Issue 15, defect 5: the screens showed the browser's zone; every date-time is São Paulo time. */
describe('date-times on screen, in a browser in Tokyo or UTC', () => {
  const saved = process.env.TZ;
  afterAll(() => {
    process.env.TZ = saved;
  });

  for (const zone of ['Asia/Tokyo', 'UTC']) {
    describe(zone, () => {
      beforeAll(() => {
        process.env.TZ = zone;
      });
      it('shows the log, statistics, product and history times in America/Sao_Paulo', () => {
        expect(new Date(Date.UTC(2026, 0, 15, 12)).getTimezoneOffset()).toBe(zone === 'UTC' ? 0 : -540);
        expect(formatDateTime('2026-03-01T02:30:00Z')).toBe('28/02/2026 23:30');
        expect(formatDateTime('2026-11-26T14:05:00.000Z')).toBe('26/11/2026 11:05');
        expect(formatDate('2026-03-01T02:30:00Z')).toBe('28/02/2026');
        expect(formatDate('2026-03-01')).toBe('01/03/2026');
      });
      it('shows scheduled tasks with the same formatter', () => {
        expect(formatScheduleTime('2026-03-01T02:30:00Z')).toBe(formatDateTime('2026-03-01T02:30:00Z'));
      });
    });
  }
});
