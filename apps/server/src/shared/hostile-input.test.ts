import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE, FORBIDDEN_MESSAGE, UNAUTHORIZED_MESSAGE, errorBodySchema, hasRole, type SessionUser } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { RegisteredRoute } from '../app.ts';

/**
 * Hostile input against EVERY registered API route, derived from the routes the app registered and
 * the OpenAPI document generated from their schemas, so a route added later is covered without a
 * new test (issue 5 items 11-14; an OpenAPI-driven fuzzer found them):
 * - ids past 32 bits and other bad ids in path parameters answer 400/404, never 500;
 * - NUL bytes, 2 MB strings and unknown fields in the query and the body answer 400 naming the field;
 * - a bad percent-encoding in the path answers 400 with the SPEC body;
 * - without a token, or with a garbage one, an authenticated route answers 401 even to invalid
 *   input; a caller without the route's role answers 403 even to invalid input;
 * - every 4xx is `{message, messages:[{field, message}]}` with no English validator text.
 */

interface OpenApiSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, OpenApiSchema>;
  allOf?: OpenApiSchema[];
}
interface OpenApiOperation {
  parameters?: { in: 'query' | 'path' | 'header'; name: string; schema: OpenApiSchema }[];
  requestBody?: { content: Record<string, { schema: OpenApiSchema }> };
}
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/** One route with what its schema says it takes. */
interface RouteCase extends RegisteredRoute {
  pathParams: string[];
  /** Query parameters whose schema type is string. */
  stringQuery: string[];
  /** Of those, the free texts (no enum): their message must be CONTROL_CHARACTER_MESSAGE. */
  freeTextQuery: string[];
  /** Query parameters of any type. */
  query: string[];
  /** Body properties whose schema type is string. */
  stringBody: string[];
  hasBody: boolean;
}

let t: TestApp;
let cases: RouteCase[];
let admin: SessionUser;
let seller: SessionUser;

/** Words of zod's English messages; none may reach a user. */
const ENGLISH = /\b(too small|too big|expected|invalid input|required|must be|string|number)\b/i;

function isString(schema: OpenApiSchema | undefined): boolean {
  return schema?.type === 'string' || Boolean(schema?.allOf?.some((s) => s.type === 'string'));
}

/** Fills `:param` placeholders: `value` for `param`, '1' for the others. */
function fill(url: string, param?: string, value?: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => (name === param && value !== undefined ? value : '1'));
}

interface Sent {
  statusCode: number;
  body: string;
}

async function send(route: RouteCase, options: { url?: string; query?: Record<string, string>; payload?: unknown; token?: string | null }): Promise<Sent> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await t.app.inject({
    method: route.method as 'GET',
    url: options.url ?? fill(route.url),
    query: options.query,
    headers,
    ...(route.hasBody || options.payload !== undefined ? { payload: (options.payload ?? {}) as object } : {}),
  });
  return { statusCode: res.statusCode, body: res.body };
}

/** Asserts a 4xx in the SPEC shape with pt-BR text; returns the body. */
function expectErrorBody(res: Sent, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
  const parsed = errorBodySchema.safeParse(JSON.parse(res.body));
  expect(parsed.success, `${what}: not the SPEC error body: ${res.body}`).toBe(true);
  const body = errorBodySchema.parse(JSON.parse(res.body));
  for (const m of [body.message, ...body.messages.map((x) => x.message)]) expect(m, `${what}: English text`).not.toMatch(ENGLISH);
  return body;
}

/** The token a route needs to get past its access guard (admin holds every role). */
function tokenFor(route: RouteCase): string | null {
  return route.auth === 'none' ? null : admin.token;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin');
  seller = await t.login('vendedor', 'vendedor');
  const doc = (t.app as unknown as { swagger(): OpenApiDocument }).swagger();
  cases = t.routes
    .filter((r) => r.url !== '/api/core-api/health')
    .map((route) => {
      const op = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()] ?? {};
      const params = op.parameters ?? [];
      const bodySchema = op.requestBody?.content['application/json']?.schema;
      const props = bodySchema?.properties ?? {};
      return {
        ...route,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => p.name),
        stringQuery: params.filter((p) => p.in === 'query' && isString(p.schema)).map((p) => p.name),
        freeTextQuery: params.filter((p) => p.in === 'query' && isString(p.schema) && !p.schema.enum).map((p) => p.name),
        stringBody: Object.entries(props).filter(([, s]) => isString(s)).map(([name]) => name),
        hasBody: bodySchema !== undefined,
      };
    });
});
afterAll(async () => {
  await t?.close();
});

describe('every registered API route resists hostile input', () => {
  it('finds the routes and their inputs (the table is not empty)', () => {
    expect(cases.length).toBeGreaterThanOrEqual(9);
    expect(cases.some((c) => c.pathParams.length > 0)).toBe(true);
    expect(cases.some((c) => c.freeTextQuery.length > 0)).toBe(true);
    expect(cases.some((c) => c.stringBody.length > 0)).toBe(true);
    expect(cases.some((c) => c.role !== undefined)).toBe(true);
  });

  it('ids past 32 bits, negative, fractional or not numbers answer 400 or 404, never 500', async () => {
    for (const route of cases) {
      for (const param of route.pathParams) {
        for (const bad of ['2147483648', '99999999999999999999', '-1', '0', '1.5', 'abc', '1e3']) {
          const res = await send(route, { url: fill(route.url, param, bad), token: tokenFor(route) });
          const body = expectErrorBody(res, `${route.method} ${route.url} ${param}=${bad}`);
          if (res.statusCode === 400) expect(body.messages.map((m) => m.field)).toContain(param);
        }
      }
    }
  });

  it('a bad percent-encoding in the path answers 400 with the SPEC body', async () => {
    for (const route of cases) {
      const url = route.pathParams.length ? fill(route.url, route.pathParams[0], '%zz') : `${route.url}%zz`;
      const res = await send(route, { url, token: tokenFor(route) });
      expect(res.statusCode, `${route.method} ${url}`).toBe(400);
      expectErrorBody(res, `${route.method} ${url}`);
    }
  });

  it('a NUL byte or another control character in any text of the query answers 400 naming the field', async () => {
    for (const route of cases) {
      for (const name of route.stringQuery) {
        for (const bad of ['a\u0000b', 'x\u001by', 'linha\nquebrada']) {
          const res = await send(route, { query: { [name]: bad }, token: tokenFor(route) });
          const body = expectErrorBody(res, `${route.method} ${route.url}?${name}=${JSON.stringify(bad)}`);
          expect(res.statusCode).toBe(400);
          expect(body.messages.map((m) => m.field)).toContain(name);
          if (route.freeTextQuery.includes(name)) expect(body.messages).toContainEqual({ field: name, message: CONTROL_CHARACTER_MESSAGE });
        }
      }
    }
  });

  it('a NUL byte in any text of the body answers 400 naming the field', async () => {
    for (const route of cases) {
      for (const name of route.stringBody) {
        const res = await send(route, { payload: { [name]: 'a\u0000b' }, token: tokenFor(route) });
        const body = expectErrorBody(res, `${route.method} ${route.url} body.${name}`);
        expect(res.statusCode).toBe(400);
        expect(body.messages.map((m) => m.field)).toContain(name);
      }
    }
  });

  it('2 MB strings in the query and the body answer 400, never 500', async () => {
    const huge = 'x'.repeat(2 * 1024 * 1024);
    for (const route of cases) {
      for (const name of route.stringQuery) {
        const res = await send(route, { query: { [name]: huge }, token: tokenFor(route) });
        expect(res.statusCode, `${route.url}?${name}`).toBe(400);
        expectErrorBody(res, `${route.url}?${name}=<2 MB>`);
      }
      for (const name of route.stringBody) {
        const res = await send(route, { payload: { [name]: huge }, token: tokenFor(route) });
        expect(res.statusCode, `${route.url} body.${name}`).toBe(400);
        expectErrorBody(res, `${route.url} body.${name}=<2 MB>`);
      }
    }
  });

  it('unknown body fields answer 400 naming them', async () => {
    for (const route of cases.filter((c) => c.hasBody)) {
      const res = await send(route, { payload: { campoDesconhecido: 1 }, token: tokenFor(route) });
      const body = expectErrorBody(res, `${route.url} unknown field`);
      expect(res.statusCode).toBe(400);
      expect(body.messages.map((m) => m.field)).toContain('campoDesconhecido');
    }
  });

  it('authenticated routes answer 401 to a missing or garbage token even when the input is invalid', async () => {
    const guarded = cases.filter((c) => c.auth !== 'none');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const invalid = {
        url: route.pathParams.length ? fill(route.url, route.pathParams[0], '2147483648') : undefined,
        query: route.query.length ? { [route.query[0]]: '\u0000' } : undefined,
        payload: route.hasBody ? { campoDesconhecido: '\u0000' } : undefined,
      };
      for (const token of route.auth === 'optional' ? ['lixo.lixo.lixo'] : [null, 'lixo.lixo.lixo']) {
        const res = await send(route, { ...invalid, token });
        expect(res.statusCode, `${route.method} ${route.url} token=${token}: ${res.body}`).toBe(401);
        expect(errorBodySchema.parse(JSON.parse(res.body)).message).toBe(UNAUTHORIZED_MESSAGE);
      }
    }
  });

  it('a signed-in caller without the route’s role gets 403 even when the input is invalid', async () => {
    const forbidden = cases.filter((c) => c.role !== undefined && !hasRole(seller.roles, c.role));
    expect(forbidden.length).toBeGreaterThan(0);
    for (const route of forbidden) {
      const res = await send(route, {
        url: route.pathParams.length ? fill(route.url, route.pathParams[0], '99999999999999999999') : undefined,
        query: route.query.length ? { [route.query[0]]: 'a\u0000b' } : undefined,
        payload: route.hasBody ? { campoDesconhecido: 1 } : undefined,
        token: seller.token,
      });
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(403);
      expect(errorBodySchema.parse(JSON.parse(res.body)).message).toBe(FORBIDDEN_MESSAGE);
    }
  });
});
