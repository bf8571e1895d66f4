import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Unit tests of the web app: jsdom, test files under src ending in .test.ts or .test.tsx. */
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 15_000,
  },
});
