import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Unit tests of the web app: jsdom, test files under src ending in .test.ts or .test.tsx, and the build's own plugins' tests under build/. */
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 15_000,
    // Vitest's default is one worker less than the cores: ONE on CI's 2 cores. As many as the
    // cores, at most 4 (docs/ci.md).
    maxWorkers: Math.min(Math.max(availableParallelism(), 1), 4),
  },
});
