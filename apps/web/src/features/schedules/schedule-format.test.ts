import { describe, expect, it } from 'vitest';
import { formatDuration, formatScheduleTime } from './schedule-format.ts';

describe('schedule formats', () => {
  it('shows instants as DD/MM/YYYY HH:mm in Brasília time', () => {
    expect(formatScheduleTime('2026-03-03T05:00:00.000Z')).toBe('03/03/2026 02:00');
    expect(formatScheduleTime('2026-12-31T23:59:00.000Z')).toBe('31/12/2026 20:59');
    expect(formatScheduleTime(null)).toBe('');
    expect(formatScheduleTime('não')).toBe('');
  });

  it('shows durations in ms, s or min', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_340)).toBe('12,3 s');
    expect(formatDuration(125_000)).toBe('2 min 05 s');
    expect(formatDuration(null)).toBe('');
  });
});
