import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_MAX_BYTES, COVER_MISSING_MESSAGE, COVER_TOO_LARGE_MESSAGE, COVER_TYPE_MESSAGE, coverPath, type ErrorBody, type ProductDetail } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call } from '../auth/auth.test-helpers.ts';
import { auditLog } from '../audit/audit.schema.ts';
import { products } from './products.schema.ts';
import { sniffImageType } from './cover-image.ts';

let t: TestApp;
let dataDir: string;
let admin: string;
let seller: string;
let id: number;

/** A multipart body with one file part (field, file name, declared type) and optional text fields. */
function multipart(parts: { field: string; filename?: string; type?: string; data: Buffer | string }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----acervo-test-boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename === undefined ? `form-data; name="${p.field}"` : `form-data; name="${p.field}"; filename="${p.filename}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads `data` as the cover of product `productId`. */
function upload(productId: number, data: Buffer | string, opts: { token?: string; field?: string; filename?: string; type?: string } = {}) {
  const body = multipart([{ field: opts.field ?? 'arquivo', filename: opts.filename ?? 'capa.jpg', type: opts.type ?? 'image/jpeg', data }]);
  const headers: Record<string, string> = { ...body.headers };
  const token = opts.token === undefined ? admin : opts.token;
  if (token) headers.authorization = `Bearer ${token}`;
  return t.app.inject({ method: 'POST', url: `/api/core-api/produto/${productId}/capa`, headers, payload: body.payload });
}

/** A synthetic cover of `width` × `height` in `format`. */
function image(format: 'jpeg' | 'png' | 'webp', width = 600, height = 900, alpha = false): Promise<Buffer> {
  return sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 200, g: 30, b: 30, alpha: 0.5 } : { r: 14, g: 41, b: 86 } } })
    [format]()
    .toBuffer();
}

/** A PNG whose header declares `width` × `height` pixels, with one tiny compressed row: a decompression bomb's header. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.alloc(1 + width * 3))), chunk('IEND', Buffer.alloc(0))]);
}

function getCover(productId: number, query = '', headers: Record<string, string> = {}, token: string | null = admin) {
  return t.app.inject({ method: 'GET', url: `/api/core-api/produto/${productId}/capa${query}`, headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'acervo-cover-'));
  t = await createTestApp({ dataDir });
  admin = (await t.login('admin', 'admin')).token;
  seller = (await t.login('vendedor', 'vendedor')).token;
  const [row] = await t.database.db.insert(products).values({ isbn13: '9788535902778', title: 'Com capa' }).returning({ id: products.id });
  id = row.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('cover roles', () => {
  it('401 without a session and 403 without VISUALIZAR_PRODUTOS_CADASTRAR for POST and DELETE; GET also with the Terminal role', async () => {
    const jpeg = await image('jpeg');
    expect((await upload(id, jpeg, { token: '' })).statusCode).toBe(401);
    expect((await upload(id, jpeg, { token: seller })).statusCode).toBe(403);
    expect((await getCover(id, '', {}, null)).statusCode).toBe(401);
    // the vendedor holds ROLE_VISUALIZAR_TERMINAL, whose results show covers (issue 16): past the role check, no cover yet
    expect((await getCover(id, '', {}, seller)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `produto/${id}/capa`)).statusCode).toBe(401);
    expect((await call(t.app, 'DELETE', `produto/${id}/capa`, { token: seller })).statusCode).toBe(403);
    expect(existsSync(path.join(dataDir, 'capas'))).toBe(false);
  });
});

describe('POST produto/{id}/capa', () => {
  let first: string;

  it('re-encodes a JPEG into a WebP cover and 320/80 px thumbnails, served with caching headers', async () => {
    const res = await upload(id, await image('jpeg', 1200, 1800));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, titulo: 'Com capa', isbn13: '9788535902778' }); // the product detail
    first = (res.json() as ProductDetail).arquivoCapa!;
    expect(first).toMatch(new RegExp(`^capa-${id}-[0-9a-f]{12}\\.webp$`));
    const detail = (await call(t.app, 'GET', `produto/${id}`, { token: admin })).json() as ProductDetail;
    expect(detail.arquivoCapa).toBe(first);

    const sizes: Record<string, [number, number]> = { original: [1067, 1600], m: [320, 480], p: [80, 120] };
    for (const [tamanho, [w, h]] of Object.entries(sizes)) {
      const got = await getCover(id, `?tamanho=${tamanho}`);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/webp');
      expect(sniffImageType(got.rawPayload)).toBe('image/webp');
      const meta = await sharp(got.rawPayload).metadata();
      expect([meta.width, meta.height], tamanho).toEqual([w, h]);
      expect(got.headers['cache-control']).toBe('private, no-cache');
    }
    const versioned = await t.app.inject({ method: 'GET', url: `/api/core-api/${coverPath(id, first, 'p')}`, headers: { authorization: `Bearer ${admin}` } });
    expect(versioned.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const etag = String(versioned.headers.etag);
    const again = await getCover(id, '?tamanho=p', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await getCover(id, '?tamanho=grande')).statusCode).toBe(400);
  });

  it('accepts PNG (alpha flattened) and WebP whatever their declared type and name, and replaces the previous cover files', async () => {
    const png = await upload(id, await image('png', 400, 600, true), { filename: 'capa.gif', type: 'text/plain' });
    expect(png.statusCode, png.body).toBe(200);
    const second = (png.json() as { arquivoCapa: string }).arquivoCapa;
    expect(second).not.toBe(first);
    const webp = await upload(id, await image('webp', 300, 450), { filename: 'x', type: 'application/octet-stream' });
    expect(webp.statusCode).toBe(200);
    const third = (webp.json() as { arquivoCapa: string }).arquivoCapa;
    const files = await readdir(path.join(dataDir, 'capas', String(id)));
    const version = third.slice(`capa-${id}-`.length, -'.webp'.length);
    expect(files.sort()).toEqual([`${version}-m.webp`, `${version}-original.webp`, `${version}-p.webp`]);
    // smaller than 320 px: not enlarged
    expect((await sharp((await getCover(id, '?tamanho=m')).rawPayload).metadata()).width).toBe(300);
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'produto'));
    expect(trail.filter((r) => r.recordId === String(id) && r.action === 'ALTERACAO')).toHaveLength(3);
  });

  it('refuses by content: GIF, text, HTML, junk and an empty file are 400 naming arquivo, whatever they claim to be', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const bad: [Buffer | string, string][] = [
      [gif, COVER_TYPE_MESSAGE],
      ['não é uma imagem', COVER_TYPE_MESSAGE],
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', COVER_TYPE_MESSAGE],
      [Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff]), COVER_TYPE_MESSAGE],
      [Buffer.alloc(0), COVER_MISSING_MESSAGE],
    ];
    const before = (await t.database.db.select({ coverFile: products.coverFile }).from(products).where(eq(products.id, id)))[0].coverFile;
    for (const [data, message] of bad) {
      const res = await upload(id, data, { type: 'image/jpeg', filename: 'capa.jpg' });
      expect(res.statusCode).toBe(400);
      expect((res.json() as ErrorBody).messages).toEqual([{ field: 'arquivo', message }]);
    }
    const after = (await t.database.db.select({ coverFile: products.coverFile }).from(products).where(eq(products.id, id)))[0].coverFile;
    expect(after).toBe(before);
  });

  it('refuses a corrupt JPEG and a decompression bomb (PNG header of 20000 × 20000 px) with 400', async () => {
    const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const res = await upload(id, corrupt);
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorBody).messages[0].field).toBe('arquivo');
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(2_000_000);
    const started = Date.now();
    const res2 = await upload(id, bomb, { type: 'image/png' });
    expect(res2.statusCode).toBe(400);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('answers 413 over 5 MB, 400 without the arquivo field or when not multipart, 404 for an unknown product', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(COVER_MAX_BYTES, 1)]);
    const tooBig = await upload(id, big);
    expect(tooBig.statusCode).toBe(413);
    expect((tooBig.json() as ErrorBody).messages).toEqual([{ field: 'arquivo', message: COVER_TOO_LARGE_MESSAGE }]);
    const wrongField = await upload(id, await image('jpeg'), { field: 'imagem' });
    expect(wrongField.statusCode).toBe(400);
    expect((wrongField.json() as ErrorBody).messages[0].field).toBe('arquivo');
    const json = await call(t.app, 'POST', `produto/${id}/capa`, { token: admin, payload: { arquivo: 'x' } });
    expect(json.statusCode).toBe(400);
    expect((await upload(999_999, await image('jpeg'))).statusCode).toBe(404);
    expect(existsSync(path.join(dataDir, 'capas', '999999'))).toBe(false);
  });
});

describe('a 200 MB upload', () => {
  it('is cut at 5 MB and answered 413 without buffering it, writing nothing', async () => {
    const boundary = '----acervo-big';
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    async function* body() {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="enorme.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
      yield Buffer.from([0xff, 0xd8, 0xff]);
      for (let i = 0; i < 200; i++) yield chunk;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const [before] = await t.database.db.select({ coverFile: products.coverFile }).from(products).where(eq(products.id, id));
    const rssBefore = process.memoryUsage().rss;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/core-api/produto/${id}/capa`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${admin}` },
      payload: Readable.from(body()),
    });
    expect(res.statusCode).toBe(413);
    expect((res.json() as ErrorBody).messages).toEqual([{ field: 'arquivo', message: COVER_TOO_LARGE_MESSAGE }]);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    const [after] = await t.database.db.select({ coverFile: products.coverFile }).from(products).where(eq(products.id, id));
    expect(after.coverFile).toBe(before.coverFile);
  });
});

describe('cover in the catalogue list', () => {
  it('the list row carries capaUrl (80 px thumbnail, versioned) for a product with a cover, none otherwise', async () => {
    await t.database.db.insert(products).values({ isbn13: '9780306406157', title: 'Sem capa' });
    const page = (await call(t.app, 'GET', 'produto?sorter=titulo,asc', { token: admin })).json() as { itens: { id: number; capaUrl?: string | null }[] };
    const withCover = page.itens.find((r) => r.id === id)!;
    const [row] = await t.database.db.select({ coverFile: products.coverFile }).from(products).where(eq(products.id, id));
    expect(withCover.capaUrl).toBe(coverPath(id, row.coverFile!, 'p'));
    expect(page.itens.find((r) => r.id !== id)!.capaUrl ?? null).toBeNull();
  });
});

describe('DELETE produto/{id}/capa', () => {
  it('removes the cover and its files (204), then GET is 404; unknown product 404', async () => {
    const res = await call(t.app, 'DELETE', `produto/${id}/capa`, { token: admin });
    expect(res.statusCode).toBe(204);
    expect(await readdir(path.join(dataDir, 'capas', String(id)))).toEqual([]);
    expect((await getCover(id)).statusCode).toBe(404);
    expect(((await call(t.app, 'GET', `produto/${id}`, { token: admin })).json() as ProductDetail).arquivoCapa).toBeNull();
    expect((await call(t.app, 'DELETE', `produto/${id}/capa`, { token: admin })).statusCode).toBe(204);
    expect((await call(t.app, 'DELETE', 'produto/999999/capa', { token: admin })).statusCode).toBe(404);
  });

  it('an imported arquivo_capa that is a URL or a path is never read as a file', async () => {
    await t.database.db.update(products).set({ coverFile: '../../../etc/passwd' }).where(eq(products.id, id));
    expect((await getCover(id)).statusCode).toBe(404);
    await t.database.db.update(products).set({ coverFile: 'https://exemplo.com/capa.jpg' }).where(eq(products.id, id));
    expect((await getCover(id)).statusCode).toBe(404);
  });
});
