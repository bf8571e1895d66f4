import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { INTERNAL_ERROR_MESSAGE, type ErrorBody, type FieldMessage } from '@acervo/contracts';
import { DomainError, STATUS_BY_CODE } from './errors.ts';

function body(messages: FieldMessage[], message?: string): ErrorBody {
  return { message: message ?? messages[0]?.message ?? INTERNAL_ERROR_MESSAGE, messages };
}

/**
 * Fastify's own request errors, all answered 400 naming `body` (a body over the 1 MiB limit too,
 * instead of Fastify's 413, so every malformed request gets the same treatment).
 */
const FASTIFY_MESSAGES: Record<string, { field: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { field: 'body', message: 'JSON inválido no corpo da requisição' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { field: 'body', message: 'Corpo da requisição vazio' },
  FST_ERR_CTP_BODY_TOO_LARGE: { field: 'body', message: 'Corpo da requisição grande demais' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { field: 'body', message: 'Tipo de conteúdo não suportado' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { field: 'body', message: 'Tamanho do corpo inválido' },
};

/**
 * Installs the single error mapping of issue 2 part 5: every 4xx answers
 * `{message, messages:[{field, message}]}` in pt-BR; validation errors name the field (`body`,
 * `querystring` and `params` paths joined with '.'); anything unexpected answers 500 with
 * SPEC's 'Erro interno comunique o administrador do sistema.' and is logged with the request id.
 * Also sets the 404 answer for unknown API paths.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const status = STATUS_BY_CODE[error.code];
      if (error.retryAfterSeconds) reply.header('Retry-After', String(error.retryAfterSeconds));
      const messages = error.fields.length ? error.fields : [{ field: '', message: error.message }];
      return reply.status(status).send(body(messages, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.flatMap((v): FieldMessage[] => {
        const path: string = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const params = v.params as { keys?: unknown };
        if (v.keyword === 'unrecognized_keys' && Array.isArray(params.keys) && params.keys.length) {
          // one entry per unknown field, named by its full path (e.g. `filtros.extra`)
          return params.keys.map((key) => {
            const name = String(key);
            return { field: path ? `${path}.${name}` : name, message: `Campo não permitido: ${name}` };
          });
        }
        return [{ field: path || error.validationContext || '', message: v.message ?? 'Campo inválido' }];
      });
      return reply.status(400).send(body(messages));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, reqId: request.id }, 'response serialization failed');
      return reply.status(500).send(body([{ field: '', message: INTERNAL_ERROR_MESSAGE }]));
    }
    const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
    if (known) return reply.status(400).send(body([known]));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(body([{ field: '', message: error.message }]));
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply.status(500).send(body([{ field: '', message: INTERNAL_ERROR_MESSAGE }]));
  });
}
