import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Vite configuration of the web app.
 * - builds to `apps/web/dist` (served by the API server at `/`)
 * - the dev server proxies `/api` to the API server on `http://localhost:3000`
 *   (`API_PROXY_TARGET` overrides it)
 * - MUI core and React go to their own long-cached chunks; MUI X Data Grid stays in the lazy
 *   chunks of the pages that use it
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: {
        manualChunks(id: string): string | undefined {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(@mui\/(material|system|utils|styled-engine|private-theming|core-downloads-tracker|icons-material)|@emotion)\//.test(id)) return 'mui';
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: process.env.API_PROXY_TARGET ?? 'http://localhost:3000', changeOrigin: true },
    },
  },
});
