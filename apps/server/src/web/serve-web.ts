import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** SPEC error body of a 404 for API paths, non-GET requests and any path when there is no web build. */
const NOT_FOUND_BODY = { message: 'Recurso não encontrado', messages: [{ field: '', message: 'Recurso não encontrado' }] };

/** Suffixes of the pre-compressed copies the web build writes beside each text file. */
const COMPRESSED_SUFFIX = /\.(?:br|gz)$/;

/** Options of {@link registerWebApp}. */
export interface WebAppOptions {
  /**
   * Folder of the built web app (`index.html`, `assets/`), with the build's brotli (`.br`) and gzip
   * (`.gz`) copies beside the files (apps/web/vite.config.ts writes them).
   */
  root: string;
  /** Path prefix of the API, e.g. `/api/core-api`: unknown paths under it answer the JSON 404, never the web app. */
  apiPrefix: string;
}

/**
 * `Cache-Control` of a served file, by the name of the uncompressed file (a `.br`/`.gz` copy gets
 * the header of its original): `no-cache` for HTML (revalidated, so a new build is picked up),
 * a year and `immutable` for Vite's content-hashed files under `assets/`, one hour for the rest.
 * @param file absolute path of the file sent (possibly the `.br`/`.gz` copy)
 */
function cacheControlFor(file: string): string {
  const original = file.replace(COMPRESSED_SUFFIX, '');
  if (original.endsWith('.html')) return 'no-cache';
  if (original.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * Serves the built web app at `/` and installs the app's not-found handler.
 * - when `<root>/index.html` exists: files are looked up per request (`wildcard`), so a rebuilt
 *   dist is served without a restart; the build's `.br`/`.gz` copy is sent when the request's
 *   `Accept-Encoding` allows it (`Content-Encoding: br`, else `gzip`, else the file as is, also
 *   when the copy is missing), always with `Vary: Accept-Encoding`; `Cache-Control` per
 *   {@link cacheControlFor}
 * - an unknown GET path outside `apiPrefix` answers 200 with `index.html` (SPA fallback, also
 *   compressed when allowed, `Cache-Control: no-cache`)
 * - an unknown API path, any other method, or any path when there is no web build answers 404 with
 *   the SPEC body `{message, messages}`
 * Call it once, after the API routes.
 * @param app the Fastify app
 * @param options where the build is and where the API lives
 * @returns whether a web build was found (checked once, at registration)
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<boolean> {
  const hasWeb = fs.existsSync(path.join(options.root, 'index.html'));
  if (hasWeb) {
    // wildcard: files are looked up per request, so a rebuilt dist/ is served without a restart;
    // a missing file falls through to the not-found handler below (SPA fallback).
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, file) => {
        res.setHeader('Cache-Control', cacheControlFor(file));
        // the body depends on Accept-Encoding, so shared caches must key on it
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(options.apiPrefix) || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send(NOT_FOUND_BODY);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  return hasWeb;
}
