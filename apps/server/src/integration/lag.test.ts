import { describe, expect, it } from 'vitest';
import { ERP_ENTITIES } from '@acervo/contracts';
import { inTimePercent, isInTime, lagMinutes, periodMinutes, syncTaskKind } from './lag.ts';

const now = new Date('2026-11-23T15:02:30.000Z'); // 12:02:30 in São Paulo
const minutesAgo = (n: number) => new Date(now.getTime() - n * 60_000);

describe('periodMinutes', () => {
  it('is the gap between the next two due times of the cron', () => {
    expect(periodMinutes({ period: '*/5 * * * *', repeatMinutes: null }, now)).toBe(5);
    expect(periodMinutes({ period: '*/15 * * * *', repeatMinutes: null }, now)).toBe(15);
    expect(periodMinutes({ period: '0 * * * *', repeatMinutes: null }, now)).toBe(60);
    expect(periodMinutes({ period: '0 2 * * *', repeatMinutes: 0 }, now)).toBe(1440);
  });

  it('is the repetition interval when one is set', () => {
    expect(periodMinutes({ period: '0 2 * * *', repeatMinutes: 30 }, now)).toBe(30);
  });

  it('follows the cron in Brasília time: weekdays 8-17 at 17:xx Friday waits for Monday', () => {
    const fridayLate = new Date('2026-11-27T20:30:00.000Z'); // Fri 17:30 in São Paulo
    // next due Mon 08:00, then Mon 09:00: 60 minutes between them
    expect(periodMinutes({ period: '0 8-17 * * 1-5', repeatMinutes: null }, fridayLate)).toBe(60);
  });
});

describe('lag and in time', () => {
  it('counts whole minutes since the last success, null when never synced', () => {
    expect(lagMinutes(minutesAgo(7.9), now)).toBe(7);
    expect(lagMinutes(null, now)).toBeNull();
    expect(lagMinutes(new Date(now.getTime() + 60_000), now)).toBe(0);
  });

  it('is in time up to twice the period, late past it', () => {
    expect(isInTime(minutesAgo(10), 5, now)).toBe(true); // exactly 2 × 5
    expect(isInTime(new Date(now.getTime() - 10 * 60_000 - 1), 5, now)).toBe(false);
    expect(isInTime(minutesAgo(119), 60, now)).toBe(true);
    expect(isInTime(minutesAgo(121), 60, now)).toBe(false);
  });

  it('is never in time without a sync or without a task (no period)', () => {
    expect(isInTime(null, 5, now)).toBe(false);
    expect(isInTime(minutesAgo(1), null, now)).toBe(false);
  });

  it('uses the repetition interval as the period', () => {
    const period = periodMinutes({ period: '0 2 * * *', repeatMinutes: 30 }, now);
    expect(isInTime(minutesAgo(59), period, now)).toBe(true);
    expect(isInTime(minutesAgo(61), period, now)).toBe(false);
  });
});

describe('inTimePercent', () => {
  it('is the share of the 13 entity types, 2 decimals', () => {
    expect(inTimePercent([])).toBe(0);
    expect(inTimePercent(ERP_ENTITIES)).toBe(100);
    expect(inTimePercent(ERP_ENTITIES.slice(0, 7))).toBe(53.85);
    expect(inTimePercent(['VENDA', 'VENDA', 'ESTOQUE'])).toBe(15.38);
  });

  it('names the task kind of an entity', () => {
    expect(syncTaskKind('VENDA')).toBe('SINCRONIZAR_ERP_VENDA');
  });
});
