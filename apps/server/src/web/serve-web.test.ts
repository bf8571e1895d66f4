import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { registerWebApp } from './serve-web.ts';

const API = '/api/core-api';
const INDEX = '<!doctype html><title>Acervo</title><div id="root"></div>'.repeat(20);
const SCRIPT = 'export const livros = ["Dom Casmurro", "Memórias Póstumas de Brás Cubas"];\n'.repeat(50);
const NOT_FOUND = { message: 'Recurso não encontrado', messages: [{ field: '', message: 'Recurso não encontrado' }] };

/** Writes `file` and, like the web build, its brotli and gzip copies. */
function writeWithCopies(file: string, text: string): void {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

/** The body of a response decoded by its Content-Encoding (br, gzip or none). */
function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
}

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  writeWithCopies(path.join(dist, 'index.html'), INDEX);
  writeWithCopies(path.join(dist, 'assets', 'app-abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(dist, 'assets', 'logo-def456.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify();
  app.get(`${API}/health`, async () => ({ status: 'ok' }));
  await registerWebApp(app, { root: dist, apiPrefix: API });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('pre-compressed web assets', () => {
  it('sends the brotli copy when the client accepts br, with the type and cache headers of the original', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(dist, 'assets', 'app-abc123.js.br')).size);
    expect(Number(res.headers['content-length'])).toBeLessThan(SCRIPT.length / 10);
    expect(decoded(res)).toBe(SCRIPT);
  });

  it('sends the gzip copy when the client accepts only gzip, or refuses br', async () => {
    for (const acceptEncoding of ['gzip', 'gzip, deflate', 'br;q=0, gzip']) {
      const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': acceptEncoding } });
      expect(res.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(res)).toBe(SCRIPT);
    }
  });

  it('sends the file as is when the client accepts neither br nor gzip', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers });
      const label = JSON.stringify(headers);
      expect(res.statusCode, label).toBe(200);
      expect(res.headers['content-encoding'], label).toBeUndefined();
      expect(res.headers.vary, label).toMatch(/Accept-Encoding/i);
      expect(res.headers['content-type'], label).toMatch(/javascript/);
      expect(res.body, label).toBe(SCRIPT);
    }
  });

  it('sends a file that has no compressed copy as is, whatever the client accepts', async () => {
    const png = await app.inject({ method: 'GET', url: '/assets/logo-def456.png', headers: { 'accept-encoding': 'br, gzip' } });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const svg = await app.inject({ method: 'GET', url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(svg.headers['content-encoding']).toBeUndefined();
    expect(svg.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves index.html at / compressed and never cached', async () => {
    const br = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/text\/html/);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(decoded(br)).toBe(INDEX);
    const plain = await app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(INDEX);
  });

  it('answers unknown non-API GET paths with index.html (SPA fallback), compressed when allowed', async () => {
    for (const [acceptEncoding, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['', undefined]] as const) {
      for (const url of ['/product/catalog', '/system/user?x=1', '/assets/missing-000000.js']) {
        const res = await app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
        const label = `${url} [${acceptEncoding}]`;
        expect(res.statusCode, label).toBe(200);
        expect(res.headers['content-encoding'], label).toBe(encoding);
        expect(res.headers['content-type'], label).toMatch(/text\/html/);
        expect(res.headers['cache-control'], label).toBe('no-cache');
        expect(res.headers.vary, label).toMatch(/Accept-Encoding/i);
        expect(decoded(res), label).toBe(INDEX);
      }
    }
  });

  it('keeps the JSON 404 body for unknown API paths and for other methods', async () => {
    const api = await app.inject({ method: 'GET', url: `${API}/nao-existe`, headers: { 'accept-encoding': 'br' } });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/application\/json/);
    expect(api.json()).toEqual(NOT_FOUND);
    const post = await app.inject({ method: 'POST', url: '/product/catalog', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual(NOT_FOUND);
    const health = await app.inject({ method: 'GET', url: `${API}/health` });
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('picks up a rebuilt dist without a restart: new assets and a new index.html, with their copies', async () => {
    const script = 'export const edicao = 2;\n'.repeat(100);
    writeWithCopies(path.join(dist, 'assets', 'late-0a1b2c.js'), script);
    const late = await app.inject({ method: 'GET', url: '/assets/late-0a1b2c.js', headers: { 'accept-encoding': 'br' } });
    expect(late.statusCode).toBe(200);
    expect(late.headers['content-encoding']).toBe('br');
    expect(decoded(late)).toBe(script);

    const rebuilt = INDEX.replace('<title>Acervo</title>', '<title>Acervo 2</title>');
    writeWithCopies(path.join(dist, 'index.html'), rebuilt);
    try {
      for (const url of ['/', '/product/catalog']) {
        const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
        expect(decoded(res), url).toBe(rebuilt);
      }
    } finally {
      writeWithCopies(path.join(dist, 'index.html'), INDEX);
    }
  });
});

describe('without a web build', () => {
  it('answers every unknown path with the JSON 404 body', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-no-web-'));
    const bare = Fastify();
    try {
      expect(await registerWebApp(bare, { root: empty, apiPrefix: API })).toBe(false);
      for (const url of ['/', '/product/catalog', `${API}/nao-existe`]) {
        const res = await bare.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual(NOT_FOUND);
      }
    } finally {
      await bare.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('the app built by buildApp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the web build pre-compressed beside the API', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(js.headers['content-encoding']).toBe('br');
    expect(decoded(js)).toBe(SCRIPT);
    const spa = await t.app.inject({ method: 'GET', url: '/product/catalog', headers: { 'accept-encoding': 'gzip' } });
    expect(spa.headers['content-encoding']).toBe('gzip');
    expect(decoded(spa)).toBe(INDEX);
    const api = await t.app.inject({ method: 'GET', url: `${API}/nao-existe` });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual(NOT_FOUND);
  });
});
