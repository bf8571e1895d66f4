import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { runImport } from './import.service.ts';

/** Multipart boundary of the uploads the import tests send. */
export const IMPORT_BOUNDARY = '----acervo-import-test';

const IMPORT_URL = '/api/core-api/produto/importacao';

/** A multipart body with `content` as the file `fileName` in field `field` (the route reads `arquivo`). */
export function multipart(content: Buffer, fileName = 'produtos.csv', field = 'arquivo'): Buffer {
  return Buffer.concat([
    Buffer.from(`--${IMPORT_BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${IMPORT_BOUNDARY}--\r\n`),
  ]);
}

/**
 * The product import's calls as a signed user makes them (`POST /produto/importacao`, the preview
 * `GET /produto/importacao/:id`, `POST .../confirmar`), for the route tests (`npm test`, fixtures)
 * and the data tests (`npm run test:data`, real feeds).
 * @param app the test app (read when called: tests open it in `beforeAll`)
 * @param token the bearer token used when a call is not given one
 */
export function importCalls(app: () => TestApp, token: () => string) {
  /** Uploads a file; the raw answer (201 with `{ id }`, or the refusal). */
  const upload = (content: Buffer, fileName?: string, as = token()) =>
    app().app.inject({
      method: 'POST',
      url: IMPORT_URL,
      headers: { authorization: `Bearer ${as}`, 'content-type': `multipart/form-data; boundary=${IMPORT_BOUNDARY}` },
      payload: multipart(content, fileName),
    });
  /** Uploads a file that must be accepted; its preview id. */
  const uploadOk = async (content: Buffer, fileName?: string): Promise<number> => {
    const res = await upload(content, fileName);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  /** The preview (totals, warnings, rows) of an upload; `query` filters or pages its rows. */
  const preview = async (id: number, query = '') => {
    const res = await app().app.inject({ method: 'GET', url: `${IMPORT_URL}/${id}${query}`, headers: { authorization: `Bearer ${token()}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Confirms an upload (202) and runs its job here, as the queue's worker would (no poller runs in tests). */
  const confirmAndRun = async (id: number): Promise<void> => {
    const res = await app().app.inject({ method: 'POST', url: `${IMPORT_URL}/${id}/confirmar`, headers: { authorization: `Bearer ${token()}` } });
    expect(res.statusCode, res.body).toBe(202);
    await runImport(app().database.db, id);
  };
  return { upload, uploadOk, preview, confirmAndRun };
}
