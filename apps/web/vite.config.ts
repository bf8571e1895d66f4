import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { signedInPreload } from './build/signed-in-preload.ts';
import { fileURLToPath } from 'node:url';
import { API_BASE, TOKEN_STORAGE_KEY } from './src/shared/app-id.ts';
import { EARLY_ANSWERS_GLOBAL, EARLY_REQUESTS, EARLY_REQUEST_KEY_PREFIX } from './src/shared/api/early-request.ts';
import { ROUTE_LAZY_FILES, ROUTE_PAGE_FILES } from './src/app/route-pages.ts';
import { APP_ROUTES } from '../../packages/contracts/src/routes.ts';

/**
 * Vite configuration of the web app.
 * - builds to `apps/web/dist` (served by the API server at `/`)
 * - writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of
 *   the build (JS, CSS, HTML, SVG, JSON), unless the copy would not be smaller; the server sends
 *   them with `@fastify/static`'s `preCompressed` (issue 15: the app went out uncompressed).
 *   Compressing once at build time lets us use the slowest, smallest settings at no cost per request.
 * - the dev server proxies `/api` to the API server on `http://localhost:3000`
 *   (`API_PROXY_TARGET` overrides it)
 * - chunks: the bundler splits by use (the login page downloads only what the login area needs:
 *   React, the MUI parts of its form, i18n, zod; the signed-in app, the router and MUI X come in
 *   lazy chunks; issue 5: login route JS at most 200 KB brotli), with two groups so a screen does
 *   not download dozens of 1-KB files (issue 15: 91 requests before the catalogue's first paint on
 *   a phone, each a round trip on a slow link): the packages the entry needs in one `entry-vendor`
 *   chunk, and the MUI parts any lazy screen uses in one `mui` chunk (MUI X stays per screen)
 * - `signedInPreload`: an inline script in index.html preloads the signed-in app and the screen at
 *   the address when a session token is stored, and sends Home's dashboard request before the app
 *   runs (build/signed-in-preload.ts, src/shared/api/early-request.ts)
 */
export default defineConfig({
  plugins: [react(), signedInPreload(TOKEN_STORAGE_KEY, { routes: APP_ROUTES, pageFiles: ROUTE_PAGE_FILES, lazyFiles: ROUTE_LAZY_FILES, srcDir: fileURLToPath(new URL('./src', import.meta.url)) }, { requests: EARLY_REQUESTS, apiBase: API_BASE, keyPrefix: EARLY_REQUEST_KEY_PREFIX, global: EARLY_ANSWERS_GLOBAL }), compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'entry-vendor', tags: ['$initial'], test: /node_modules/, priority: 2 },
            { name: 'mui', test: /node_modules[\\/]@mui[\\/](material|system|utils|icons-material|styled-engine)[\\/]/, priority: 1 },
          ],
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
