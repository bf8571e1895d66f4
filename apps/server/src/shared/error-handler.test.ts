import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { INTERNAL_ERROR_MESSAGE, errorBodySchema, hashPassword } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { buildApp } from '../app.ts';
import type { DomainRoutes } from './context.ts';
import {
  BAD_URL_MESSAGE,
  EXPECTATION_FAILED_MESSAGE,
  HEADERS_TOO_LARGE_MESSAGE,
  MALFORMED_REQUEST_MESSAGE,
  MISSING_HOST_MESSAGE,
  PARAM_TOO_LONG_MESSAGE,
  statusMessage,
} from './error-handler.ts';
import { call } from '../auth/auth.test-helpers.ts';

let t: TestApp;
let app: FastifyInstance;
const logged: { level: string; obj: Record<string, unknown>; msg: string }[] = [];

function recordingLogger(): FastifyBaseLogger {
  const record = (level: string) => (obj: Record<string, unknown>, msg: string) => logged.push({ level, obj, msg });
  const logger = { info: record('info'), warn: record('warn'), error: record('error'), fatal: record('fatal'), debug: record('debug'), trace: record('trace'), level: 'info' };
  return logger as unknown as FastifyBaseLogger;
}

/** Test-only routes: one that throws an unexpected error, one that answers a shape its schema forbids. */
const throwingRoutes: DomainRoutes = (api) => {
  api.get(
    '/test/boom',
    {
      config: { auth: 'none' },
      onRequest: async (request) => {
        request.log = recordingLogger();
      },
    },
    async () => {
      throw new Error('segredo interno: conexão recusada');
    },
  );
  api.get('/test/biblioteca', { config: { auth: 'none' } }, async () => {
    // what a library or plugin throws: a 4xx status with its own English text
    throw Object.assign(new Error('Range Not Satisfiable'), { statusCode: 416 });
  });
  api.get(
    '/test/bad-answer',
    { config: { auth: 'none' }, schema: { response: { 200: z.object({ n: z.number() }) } } },
    async () => ({ n: 'not a number' }) as unknown as { n: number },
  );
};

beforeAll(async () => {
  t = await createTestApp();
  ({ app } = await buildApp(t.ctx.config, t.database, [throwingRoutes]));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

function expect400(res: { statusCode: number; json(): unknown }, field: string) {
  expect(res.statusCode).toBe(400);
  const body = errorBodySchema.parse(res.json());
  expect(body.messages.length).toBeGreaterThan(0);
  expect(body.messages.map((m) => m.field)).toContain(field);
  expect(body.message).toBe(body.messages[0].message);
  return body;
}

describe('request errors answer 400 {message, messages:[{field, message}]}, never 500', () => {
  it('bad JSON', async () => {
    const res = await call(t.app, 'POST', 'auth/login', { payload: '{"userName": "admin", ', headers: { 'content-type': 'application/json' } });
    const body = expect400(res, 'body');
    expect(body.message).toBe('JSON inválido no corpo da requisição');
  });

  it('empty JSON body', async () => {
    const res = await call(t.app, 'POST', 'auth/login', { payload: '', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).messages[0].field).toBe('body');
  });

  it('wrong types name the field', async () => {
    expect400(await call(t.app, 'POST', 'auth/login', { payload: { userName: 123, password: hashPassword('x') } }), 'userName');
    expect400(await call(t.app, 'POST', 'auth/login', { payload: { userName: 'admin', password: 'plain-text' } }), 'password');
    expect400(await call(t.app, 'POST', 'auth/login', { payload: { userName: 'admin' } }), 'password');
    expect400(await call(t.app, 'POST', 'auth/login', { payload: [1, 2] }), 'body');
  });

  it('unknown fields of strict objects are refused, naming the field', async () => {
    const body = expect400(await call(t.app, 'POST', 'auth/login', { payload: { userName: 'admin', password: hashPassword('admin'), admin: true } }), 'admin');
    expect(body.message).toBe('Campo não permitido: admin');
    const admin = await t.login('admin', 'admin'); // refresh is authenticated before its body is validated
    const two = expect400(await call(t.app, 'POST', 'auth/refresh', { token: admin.token, payload: { idEmpresa: 1, x: 1, y: 2 } }), 'x');
    expect(two.messages.map((m) => m.field)).toContain('y');
  });

  it('a body over 1 MiB', async () => {
    const huge = JSON.stringify({ userName: 'a'.repeat(1024 * 1024 + 10), password: hashPassword('x') });
    const body = expect400(await call(t.app, 'POST', 'auth/login', { payload: huge, headers: { 'content-type': 'application/json' } }), 'body');
    expect(body.message).toBe('Corpo da requisição grande demais');
  });

  it('an unsupported content type', async () => {
    const res = await call(t.app, 'POST', 'auth/login', { payload: 'userName=admin', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect400(res, 'body');
  });

  it('an unknown API path answers 404 in the same shape', async () => {
    const res = await call(t.app, 'GET', 'nao/existe');
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.parse(res.json()).message).toBe('Recurso não encontrado');
  });
});

describe('a library\'s 4xx keeps its status and answers pt-BR', () => {
  it('replaces the English text by the message of the status', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/core-api/test/biblioteca' });
    expect(res.statusCode).toBe(416);
    expect(res.json()).toEqual({ message: statusMessage(416), messages: [{ field: '', message: statusMessage(416) }] });
    expect(res.body).not.toContain('Range');
    expect(statusMessage(418)).toBe('Requisição inválida');
  });
});

describe('unexpected errors', () => {
  it('answer 500 with INTERNAL_ERROR_MESSAGE, hide the cause and log it with the request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/core-api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: INTERNAL_ERROR_MESSAGE, messages: [{ field: '', message: INTERNAL_ERROR_MESSAGE }] });
    expect(res.body).not.toContain('segredo');
    const entry = logged.find((l) => l.level === 'error');
    expect(entry).toBeDefined();
    expect(entry?.msg).toBe('unexpected error');
    expect((entry?.obj.err as Error).message).toBe('segredo interno: conexão recusada');
    expect(entry?.obj.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a response that breaks its schema answers 500, not the bad data', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/core-api/test/bad-answer' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe(INTERNAL_ERROR_MESSAGE);
  });
});

/**
 * Sends raw bytes to a listening server and reads the whole answer: Node's HTTP parser rejects
 * some requests before Fastify (and `inject`, which bypasses the parser) ever sees them.
 */
function rawRequest(port: number, request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' && data ? undefined : reject(error)));
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      resolve({ status, body: data.slice(data.indexOf('\r\n\r\n') + 4) });
    });
  });
}

describe('errors raised before routing answer the SPEC body in pt-BR (real socket)', () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it('headers over 16 KB: 431', async () => {
    const res = await rawRequest(port, `GET /api/core-api/health HTTP/1.1\r\nHost: x\r\nX-Grande: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ message: HEADERS_TOO_LARGE_MESSAGE, messages: [{ field: '', message: HEADERS_TOO_LARGE_MESSAGE }] });
  });

  it('a URL over 16 KB: 431', async () => {
    const res = await rawRequest(port, `GET /api/core-api/produto?titulo=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(errorBodySchema.parse(JSON.parse(res.body)).message).toBe(HEADERS_TOO_LARGE_MESSAGE);
  });

  it('a request the parser cannot read: 400', async () => {
    const res = await rawRequest(port, 'NAO-E-HTTP\r\n\r\n');
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(JSON.parse(res.body)).message).toBe(MALFORMED_REQUEST_MESSAGE);
  });

  it('an HTTP/1.1 request without Host: 400 naming the header (HTTP/1.0 needs none)', async () => {
    const res = await rawRequest(port, 'GET /api/core-api/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ message: MISSING_HOST_MESSAGE, messages: [{ field: 'host', message: MISSING_HOST_MESSAGE }] });
    const old = await rawRequest(port, 'GET /api/core-api/health HTTP/1.0\r\n\r\n');
    expect(old.status).toBe(200);
  });

  it('an Expect header other than 100-continue: 417', async () => {
    const res = await rawRequest(port, 'POST /api/core-api/auth/login HTTP/1.1\r\nHost: x\r\nExpect: algo\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
    expect(res.status).toBe(417);
    expect(JSON.parse(res.body)).toEqual({ message: EXPECTATION_FAILED_MESSAGE, messages: [{ field: '', message: EXPECTATION_FAILED_MESSAGE }] });
  });

  it('a path parameter over 100 characters: 400', async () => {
    const res = await rawRequest(port, `GET /api/core-api/produto/${'9'.repeat(200)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(JSON.parse(res.body)).message).toBe(PARAM_TOO_LONG_MESSAGE);
  });

  it('a bad percent-encoding: 400', async () => {
    const res = await rawRequest(port, 'GET /api/core-api/produto/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ message: BAD_URL_MESSAGE, messages: [{ field: '', message: BAD_URL_MESSAGE }] });
  });
});
