import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ErpEntity, ErpRecord } from '@acervo/contracts';
import type { Db } from '../db/client.ts';
import { applyErpRecords } from '../erp/data/index.ts';
import { call } from '../auth/auth.test-helpers.ts';

/** Test-only helpers of the matching tests. */

/** A multipart/form-data body holding `content` as the file `name` in `field` (default `arquivo`). */
export async function multipartBody(name: string, content: Uint8Array | string, field = 'arquivo'): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append(field, new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') as string } };
}

/** `POST categoria-bisac/importacao` with `content` uploaded as `name`. */
export async function uploadBisac(app: FastifyInstance, token: string, name: string, content: Uint8Array | string): Promise<LightMyRequestResponse> {
  const body = await multipartBody(name, content);
  return call(app, 'POST', 'categoria-bisac/importacao', { token, payload: body.payload, headers: body.headers });
}

/** Applies one page of ERP records for a company in its own transaction (as the sync would). */
export async function applyPage<E extends ErpEntity>(db: Db, companyId: number, entity: E, records: ErpRecord<E>[]): Promise<void> {
  const { rejected } = await db.transaction((tx) => applyErpRecords(tx, companyId, entity, records));
  if (rejected.length > 0) throw new Error(`rejected: ${JSON.stringify(rejected)}`);
}
