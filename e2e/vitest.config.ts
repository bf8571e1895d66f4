import { defineConfig } from 'vitest/config';

/** End-to-end tests: one server for the run (global setup), Chromium per file, files in sequence. */
export default defineConfig({
  test: {
    include: ['*.e2e.test.ts'],
    globalSetup: ['./src/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
