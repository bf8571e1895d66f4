import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Vite configuration of the web app.
 * - builds to `apps/web/dist` (served by the API server at `/`)
 * - the dev server proxies `/api` to the API server on `http://localhost:3000`
 *   (`API_PROXY_TARGET` overrides it)
 * - no manual chunks: the bundler splits by use, so the login page downloads only what the login
 *   area needs (React, the MUI parts of its form, i18n, zod) and the signed-in app, the router and
 *   MUI X come in lazy chunks (issue 5: login route JS at most 200 KB compressed)
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: {
      '/api': { target: process.env.API_PROXY_TARGET ?? 'http://localhost:3000', changeOrigin: true },
    },
  },
});
