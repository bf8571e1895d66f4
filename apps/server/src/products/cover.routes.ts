import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COVER_MAX_BYTES, COVER_MISSING_MESSAGE, COVER_TOO_LARGE_MESSAGE, REQUIRED, coverQuerySchema, errorBodySchema, idParams, productDetailSchema } from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { requireAuth } from '../auth/auth-guard.ts';
import { buffer } from 'node:stream/consumers';
import { acceptUploads, receiveUpload, type UploadOptions } from '../shared/upload.ts';
import { deleteCover, readCover, saveCover } from './cover.service.ts';
import { getProduct } from './products.service.ts';

/** 400 message of a cover request that is not `multipart/form-data` or is malformed. */
export const COVER_NOT_MULTIPART_MESSAGE = 'Envie a imagem como multipart/form-data no campo arquivo';

/** The cover upload's cap and pt-BR answers (`shared/upload.ts`). */
const COVER_UPLOAD: UploadOptions = {
  maxBytes: COVER_MAX_BYTES,
  messages: { notMultipart: COVER_NOT_MULTIPART_MESSAGE, missing: COVER_MISSING_MESSAGE, tooLarge: COVER_TOO_LARGE_MESSAGE },
};

/**
 * Cover routes (role VISUALIZAR_PRODUTOS_CADASTRAR; reading a cover also with VISUALIZAR_TERMINAL):
 * - `POST produto/{id}/capa` — multipart with the image in the field `arquivo` (one file, at most
 *   COVER_MAX_BYTES = 5 MiB: larger answers 413); JPEG, PNG or WebP by the content's magic bytes
 *   (the declared type and file name are ignored), otherwise 400; re-encoded into WebP renditions
 *   (see `cover-image.ts`); 200 with the product detail (`arquivoCapa` = `capa-<id>-<version>.webp`);
 *   404 unknown product
 * - `GET produto/{id}/capa?tamanho=original|m|p` — the WebP rendition (`Content-Type:
 *   image/webp`, `ETag`); with `v` equal to the current `arquivoCapa` (the URL `coverPath`
 *   builds) it is cacheable for a year (`private, max-age=31536000, immutable`), otherwise
 *   `private, no-cache`; `If-None-Match` answers 304; 404 without a cover. The web fetches it with
 *   the bearer token as a blob (like `proxy/imagem`).
 * - `DELETE produto/{id}/capa` — removes the cover; 204; 404 unknown product
 * Multipart parsing is registered only in this scope (it does not change how other routes read
 * their bodies), unless the app already has a multipart parser.
 */
export const coverRoutes: DomainRoutes = (api, ctx) => {
  const config = { role: REQUIRED.produtos };
  const tags = ['produtos'];
  const security = [{ bearer: [] }];

  api.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await acceptUploads(plain, COVER_MAX_BYTES);

    scope.post(
      '/produto/:id/capa',
      {
        schema: { tags, summary: 'Envia a capa do produto (multipart, campo arquivo; JPEG, PNG ou WebP até 5 MB)', security, params: idParams(), response: { 200: productDetailSchema, ...AUTH_ERRORS, 404: errorBodySchema, 413: errorBodySchema } },
        config,
      },
      async (request) => {
        const auth = requireAuth(request);
        const { value: bytes } = await receiveUpload(request, COVER_UPLOAD, (file) => buffer(file));
        await saveCover(ctx.db, ctx.config.dataDir, auth, request.params.id, bytes);
        return getProduct(ctx.db, request.params.id);
      },
    );

    scope.get(
      '/produto/:id/capa',
      {
        schema: { tags, summary: 'Capa do produto (WebP)', security, params: idParams(), querystring: coverQuerySchema, response: { ...AUTH_ERRORS, 404: errorBodySchema } },
        // the Terminal shows covers too (its `capaUrl`, issue 16): either role reads them
        config: { role: [REQUIRED.produtos, REQUIRED.terminal] },
      },
      async (request, reply) => {
        const { data, arquivoCapa } = await readCover(ctx.db, ctx.config.dataDir, request.params.id, request.query.tamanho);
        const etag = `"${arquivoCapa.replace(/\.webp$/, '')}-${request.query.tamanho}"`;
        reply
          .header('ETag', etag)
          .header('Cache-Control', request.query.v === arquivoCapa ? 'private, max-age=31536000, immutable' : 'private, no-cache')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'");
        if (request.headers['if-none-match'] === etag) return (reply as FastifyReply).status(304).send();
        // a Buffer is sent as is (no serializer); typed replies only know the JSON error bodies
        return (reply as FastifyReply).type('image/webp').send(data);
      },
    );

    scope.delete(
      '/produto/:id/capa',
      {
        schema: { tags, summary: 'Remove a capa do produto', security, params: idParams(), response: { 204: z.null(), ...AUTH_ERRORS, 404: errorBodySchema } },
        config,
      },
      async (request, reply) => {
        await deleteCover(ctx.db, ctx.config.dataDir, requireAuth(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  });
};
