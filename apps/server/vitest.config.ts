import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (unit and API tests on fixtures the project owns; `npm test`) and `data`
 * (tests that read ../shared/data real files; `npm run test:data`).
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'], exclude: ['src/**/*.data.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        extends: true,
        test: { name: 'data', include: ['src/**/*.data.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 },
      },
    ],
  },
});
