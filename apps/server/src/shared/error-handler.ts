import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { FORBIDDEN_MESSAGE, INTERNAL_ERROR_MESSAGE, UNAUTHORIZED_MESSAGE, type ErrorBody, type FieldMessage } from '@acervo/contracts';
import { DomainError, STATUS_BY_CODE, fieldError } from './errors.ts';

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

/** Message of a path that cannot be decoded (bad percent-encoding such as `%zz`). */
export const BAD_URL_MESSAGE = 'Endereço da requisição inválido';
/** Message of a path segment longer than Fastify's `maxParamLength` (100 characters), e.g. a 200-digit id. */
export const PARAM_TOO_LONG_MESSAGE = 'Parâmetro do endereço longo demais';
/** Message of an HTTP/1.1 request without the Host header (RFC 9112 section 3.2: answered 400). */
export const MISSING_HOST_MESSAGE = 'Cabeçalho Host ausente';
/** Message of a request whose `Expect` header the server cannot meet (HTTP 417). */
export const EXPECTATION_FAILED_MESSAGE = 'Expectativa do cabeçalho Expect não suportada';
/** Message of a request whose headers (the URL included) exceed Node's 16 KB limit (HTTP 431). */
export const HEADERS_TOO_LARGE_MESSAGE = 'Cabeçalhos ou endereço da requisição grandes demais';
/** Message of a request Node's HTTP parser could not read at all (HTTP 400). */
export const MALFORMED_REQUEST_MESSAGE = 'Requisição malformada';
/** Message of a request that took too long to arrive (HTTP 408). */
export const REQUEST_TIMEOUT_MESSAGE = 'Tempo da requisição esgotado';

/** pt-BR message of each 4xx status an error may carry without one of ours (a library's English text). */
const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Requisição inválida',
  401: UNAUTHORIZED_MESSAGE,
  403: FORBIDDEN_MESSAGE,
  404: 'Recurso não encontrado',
  405: 'Método não permitido',
  406: 'Formato de resposta não aceito',
  408: REQUEST_TIMEOUT_MESSAGE,
  409: 'Conflito com o estado atual do recurso',
  411: 'Tamanho do corpo obrigatório',
  412: 'Pré-condição não atendida',
  413: 'Corpo da requisição grande demais',
  414: 'Endereço da requisição longo demais',
  415: 'Tipo de conteúdo não suportado',
  416: 'Intervalo solicitado indisponível',
  417: EXPECTATION_FAILED_MESSAGE,
  429: 'Muitas requisições. Aguarde e tente novamente.',
  431: HEADERS_TOO_LARGE_MESSAGE,
};

/**
 * The pt-BR message of a 4xx status (`Requisição inválida` for a status without its own).
 * @param status HTTP status from 400 to 499
 */
export function statusMessage(status: number): string {
  return STATUS_MESSAGES[status] ?? STATUS_MESSAGES[400];
}

/**
 * Fastify's `frameworkErrors`: errors raised before routing answer 400 with the SPEC body in pt-BR
 * instead of Fastify's own English body: FST_ERR_BAD_URL (a path that is not valid
 * percent-encoding) BAD_URL_MESSAGE, FST_ERR_MAX_PARAM_LENGTH (a path parameter over 100
 * characters, e.g. a 200-digit id: bad input like any bad id) PARAM_TOO_LONG_MESSAGE, anything else
 * (FST_ERR_ASYNC_CONSTRAINT) MALFORMED_REQUEST_MESSAGE.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_BAD_URL' ? BAD_URL_MESSAGE : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? PARAM_TOO_LONG_MESSAGE : MALFORMED_REQUEST_MESSAGE;
  void reply.status(400).header('Content-Type', 'application/json; charset=utf-8').send(body([{ field: '', message }]));
}

/**
 * Listener of Node's `checkExpectation` (a request whose `Expect` header is not `100-continue`):
 * Node would answer 417 with an empty body; this answers 417 with the SPEC body in pt-BR and
 * closes the connection (the request body, if any, is not read).
 */
export function expectationFailedHandler(_request: IncomingMessage, response: ServerResponse): void {
  const payload = JSON.stringify(body([{ field: '', message: EXPECTATION_FAILED_MESSAGE }]));
  response.writeHead(417, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload), Connection: 'close' });
  response.end(payload);
}

/**
 * `onRequest` hook of the whole app: an HTTP/1.1 request without a Host header answers 400
 * MISSING_HOST_MESSAGE (RFC 9112 section 3.2). Node's own check (`requireHostHeader`, turned off in
 * `buildApp`) would answer 400 with an empty body.
 * @throws DomainError VALIDATION naming the header `host`
 */
export async function requireHostHeader(request: FastifyRequest): Promise<void> {
  if (request.raw.httpVersion === '1.1' && !request.headers.host) throw fieldError('host', MISSING_HOST_MESSAGE);
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser rejects before Fastify sees them
 * (headers or URL over 16 KB: 431; a request that timed out: 408; anything unreadable: 400). The
 * socket gets a complete HTTP answer with the SPEC body in pt-BR, then is closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', HEADERS_TOO_LARGE_MESSAGE]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', REQUEST_TIMEOUT_MESSAGE]
        : [400, 'Bad Request', MALFORMED_REQUEST_MESSAGE];
  const payload = JSON.stringify(body([{ field: '', message }]));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.destroy(error);
}

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
      // a library's 4xx (Fastify, a plugin): its status stands, its English text does not
      request.log.info({ err: error, reqId: request.id }, 'request refused by a library');
      return reply.status(error.statusCode).send(body([{ field: '', message: statusMessage(error.statusCode) }]));
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply.status(500).send(body([{ field: '', message: INTERNAL_ERROR_MESSAGE }]));
  });
}
