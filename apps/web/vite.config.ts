import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/**
 * Vite configuration of the web app.
 * - builds to `apps/web/dist` (served by the API server at `/`)
 * - writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of
 *   the build (JS, CSS, HTML, SVG, JSON), unless the copy would not be smaller; the server sends
 *   them with `@fastify/static`'s `preCompressed` (issue 15: the app went out uncompressed).
 *   Compressing once at build time lets us use the slowest, smallest settings at no cost per request.
 * - the dev server proxies `/api` to the API server on `http://localhost:3000`
 *   (`API_PROXY_TARGET` overrides it)
 * - no manual chunks: the bundler splits by use, so the login page downloads only what the login
 *   area needs (React, the MUI parts of its form, i18n, zod) and the signed-in app, the router and
 *   MUI X come in lazy chunks (issue 5: login route JS at most 200 KB compressed)
 */
export default defineConfig({
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })],
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
