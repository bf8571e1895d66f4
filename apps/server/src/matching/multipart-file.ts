import type { FastifyRequest } from 'fastify';
import { fieldError } from '../shared/errors.ts';

/** Largest upload a matching import takes (bytes): 20 MB, about 20 times the full BISAC list. */
export const MATCHING_UPLOAD_LIMIT = 20 * 1024 * 1024;
/** 400 (field `arquivo`): the request carries no file in `arquivo` (SPEC's "insert the file" message). */
export const FILE_REQUIRED_MESSAGE = 'O campo é obrigatório, insira o arquivo';
/** 400 (field `arquivo`): the body is not a multipart form. */
export const NOT_MULTIPART_MESSAGE = 'Envie o arquivo como multipart/form-data no campo arquivo';

/** One uploaded file: its name and bytes. */
export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/**
 * The file of the multipart field `field` of a request whose body the route's content-type
 * parser kept as a Buffer (`multipart/form-data`, at most MATCHING_UPLOAD_LIMIT bytes). Parsed
 * with the WHATWG `FormData` reader Node ships (no extra dependency).
 * @throws DomainError 400 on `field` when the body is not multipart, is malformed, or has no file there
 */
export async function uploadedFile(request: FastifyRequest, field = 'arquivo'): Promise<UploadedFile> {
  const contentType = request.headers['content-type'] ?? '';
  if (!Buffer.isBuffer(request.body) || !/^multipart\/form-data\b/i.test(contentType)) throw fieldError(field, NOT_MULTIPART_MESSAGE);
  let form: FormData;
  try {
    form = await new Response(request.body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw fieldError(field, NOT_MULTIPART_MESSAGE);
  }
  const file = form.get(field);
  if (file === null || typeof file === 'string') throw fieldError(field, FILE_REQUIRED_MESSAGE);
  return { name: file.name || 'arquivo', bytes: new Uint8Array(await file.arrayBuffer()) };
}
