import { Transform, pipeline, type Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, fieldError } from './errors.ts';

/**
 * File uploads (multipart/form-data, the file in one field, `arquivo` by default): the ONE reader
 * of the API, on @fastify/multipart, used by the cover upload, the product import and the BISAC
 * import. The file is streamed to the route's consumer (to memory or to a temporary file) and cut
 * at the route's cap without buffering the rest.
 */

/** pt-BR answers of one upload route. */
export interface UploadMessages {
  /** 400: the body is not multipart/form-data, or is malformed. */
  notMultipart: string;
  /** 400: no file in the field. */
  missing: string;
  /** 400: the file is empty (default: `missing`). */
  empty?: string;
  /** 413: the file is larger than the route's cap. */
  tooLarge: string;
}

/** Options of `receiveUpload`. */
export interface UploadOptions {
  /** Largest file taken, in bytes; larger answers 413 `messages.tooLarge`. */
  maxBytes: number;
  messages: UploadMessages;
  /** The multipart field that carries the file (default `arquivo`). */
  field?: string;
}

/** Error codes of @fastify/multipart (busboy's limits) that mean "too large" rather than malformed. */
const TOO_LARGE_CODES = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_ERR_CTP_BODY_TOO_LARGE']);

/**
 * Registers @fastify/multipart in `scope` (an encapsulated plugin scope: other routes keep their
 * body parsers), unless a multipart parser is already there. Files are limited to `maxBytes`; at
 * most 1 file and 10 small fields.
 */
export async function acceptUploads(scope: Pick<FastifyInstance, 'hasContentTypeParser'>, maxBytes: number): Promise<void> {
  if (scope.hasContentTypeParser('multipart/form-data')) return;
  await (scope as FastifyInstance).register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024 } });
}

/**
 * Receives the file of `options.field` of a multipart request (registered with `acceptUploads`):
 * `consume` reads its stream (to memory, to a temporary file) and its answer is returned once the
 * whole file was read within `maxBytes`. Other parts are drained and ignored.
 * @param consume reads the file stream to its end; called at most once
 * @returns what `consume` answered, with the file's name (`arquivo` when the client gave none)
 * @throws DomainError VALIDATION (400, field `arquivo` or `options.field`) when the body is not
 *   multipart or malformed (`notMultipart`), carries no file there (`missing`) or an empty one
 *   (`empty`);
 *   PAYLOAD_TOO_LARGE (413) when the file passes `maxBytes` (`tooLarge`); what `consume` throws
 */
export async function receiveUpload<T>(
  request: FastifyRequest,
  options: UploadOptions,
  consume: (file: Readable, fileName: string) => Promise<T>,
): Promise<{ fileName: string; value: T; bytes: number }> {
  const field = options.field ?? 'arquivo';
  const { messages } = options;
  const tooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', messages.tooLarge, [{ field, message: messages.tooLarge }]);
  if (!request.isMultipart()) throw fieldError(field, messages.notMultipart);
  let received: { fileName: string; value: T; bytes: number } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: 1 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field || received !== null) {
        part.file.resume();
        continue;
      }
      // counted on the way (a 'data' listener on the file itself would start it flowing early);
      // the file's errors (the size limit) reach the consumer through the pipeline
      let bytes = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      pipeline(part.file, counted, () => undefined);
      const value = await consume(counted, part.filename || 'arquivo');
      if (part.file.truncated) throw tooLarge();
      received = { fileName: part.filename || 'arquivo', value, bytes };
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (TOO_LARGE_CODES.has(code)) throw tooLarge();
    if (code.startsWith('FST_') || /form|multipart|boundary|unexpected end/i.test(String((error as Error).message))) throw fieldError(field, messages.notMultipart);
    throw error;
  }
  if (!received) throw fieldError(field, messages.missing);
  if (received.bytes === 0) throw fieldError(field, messages.empty ?? messages.missing);
  return received;
}
