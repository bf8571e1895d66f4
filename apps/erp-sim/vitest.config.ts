import { defineConfig } from 'vitest/config';

/** Simulator tests: small data sets (500 titles, 3 months) generated in-process, real HTTP on a free port. */
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 },
});
