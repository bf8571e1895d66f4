import { defineConfig } from 'vitest/config';

/**
 * Unit tests of the contracts. The date-time formatter's test also runs with TZ=UTC and with
 * TZ=Asia/Tokyo (issue 15, defect 5: what a user reads must not depend on the process's zone), so
 * `npm test` checks it in three zones.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['src/**/*.test.ts'] } },
      { test: { name: 'tz-utc', include: ['src/datetime.test.ts'], env: { TZ: 'UTC' } } },
      { test: { name: 'tz-tokyo', include: ['src/datetime.test.ts'], env: { TZ: 'Asia/Tokyo' } } },
    ],
  },
});
