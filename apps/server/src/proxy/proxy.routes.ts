import type { FastifyReply } from 'fastify';
import { errorBodySchema, imageProxyQuerySchema } from '@acervo/contracts';
import { DEFAULT_IMAGE_PROXY_HOSTS } from '../config.ts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { ImageFetchError, fetchRemoteImage, type ImageFetchOptions } from './image-fetch.ts';

/**
 * `GET proxy/imagem?url=` (SPEC section 7: "binary image; on failure logs 'Erro ao buscar
 * imagem:' and yields nothing"): fetches a remote cover for the product form, so the browser
 * never loads third-party images itself (no mixed content, no tracking, one allow-list). Open to
 * every signed-in user (the SPEC lists it without a role: the product form and the Terminal's
 * covers for vendedor); 401 without a session.
 * - 200: the image bytes as received, `Content-Type` from the magic bytes (JPEG, PNG, WebP),
 *   `Cache-Control: private, max-age=86400`, `X-Content-Type-Options: nosniff`,
 *   `Content-Security-Policy: default-src 'none'`
 * - 400 (field `url`): not an http(s) URL, credentials, a port other than 80/443, a host outside
 *   the allow-list (`config.imageProxyHosts`, env `IMAGE_PROXY_HOSTS`), an address that is not
 *   public (also after a redirect); 502: the remote answered an error, too many redirects, over
 *   5 MB, not an image; 504: over the 10 s time-out. Rules in `image-fetch.ts`.
 * @param overrides fetch options for tests (resolver, address policy, ports, time-out)
 */
export function imageProxyRoutes(overrides: Partial<ImageFetchOptions> = {}): DomainRoutes {
  return (api, ctx) => {
    api.get(
      '/proxy/imagem',
      {
        schema: {
          tags: ['produtos'],
          summary: 'Busca uma imagem remota (capa) por um servidor permitido',
          security: [{ bearer: [] }],
          querystring: imageProxyQuerySchema,
          response: { ...AUTH_ERRORS, 502: errorBodySchema, 504: errorBodySchema },
        },
      },
      async (request, reply) => {
        const raw = reply as FastifyReply;
        try {
          const image = await fetchRemoteImage(request.query.url, { allowHosts: ctx.config.imageProxyHosts ?? DEFAULT_IMAGE_PROXY_HOSTS, ...overrides });
          return raw
            .type(image.contentType)
            .header('Cache-Control', 'private, max-age=86400')
            .header('X-Content-Type-Options', 'nosniff')
            .header('Content-Security-Policy', "default-src 'none'")
            .send(image.data);
        } catch (error) {
          if (!(error instanceof ImageFetchError)) throw error;
          request.log.warn({ url: request.query.url, status: error.status }, `Erro ao buscar imagem: ${error.message}`);
          return raw.status(error.status).send({ message: error.message, messages: [{ field: 'url', message: error.message }] });
        }
      },
    );
  };
}
