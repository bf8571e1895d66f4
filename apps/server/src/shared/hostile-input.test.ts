import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CONTROL_CHARACTER_MESSAGE,
  FORBIDDEN_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  auditRequestSchema,
  errorBodySchema,
  hasRole,
  type RequestJsonSchema,
  type SessionUser,
} from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { buildApp, type RegisteredRoute } from '../app.ts';
import type { DomainRoutes } from './context.ts';
import { BAD_URL_MESSAGE, PARAM_TOO_LONG_MESSAGE } from './error-handler.ts';

/**
 * Hostile input against EVERY registered API route, derived from the routes the app registered
 * (the `onRoute` hook of `buildApp`) and the zod request schemas they validate with, so a route
 * added later is covered without a new test (issue 5 items 11-14; an OpenAPI-driven fuzzer found
 * them):
 * - every request schema passes `auditRequestSchema` (texts built by `text()`, integers bounded by
 *   PostgreSQL's `integer`, objects strict, nothing that accepts any value);
 * - ids past 32 bits and other bad ids in path parameters answer 400/404, never 500;
 * - NUL bytes, control characters, 2 MB strings, non-integers and unknown fields in the query and
 *   the body (nested fields included) answer 400 naming the field;
 * - a bad percent-encoding in the path answers 400 with the SPEC body;
 * - without a token, or with a garbage one, an authenticated route answers 401 even to invalid
 *   input; a caller without the route's role answers 403 even to invalid input;
 * - every 4xx is `{message, messages:[{field, message}]}` with no English validator text.
 */

/** One leaf of a request part: where it sits and its JSON Schema. */
interface Leaf {
  path: (string | number)[];
  schema: RequestJsonSchema;
  /**
   * Constant siblings on the way to the leaf (the discriminator of a discriminated union, e.g.
   * `maisVendidos.tipo: 'ABC'`), sent with the bad value so the union validates the leaf's branch.
   */
  fixed?: { path: (string | number)[]; value: unknown }[];
}

/** One route with what its schemas say it takes. */
interface RouteCase extends RegisteredRoute {
  /** Path parameter names, from the URL. */
  pathParams: string[];
  /** JSON Schema of each request part the route validates. */
  json: { params?: RequestJsonSchema; querystring?: RequestJsonSchema; body?: RequestJsonSchema };
  /** Query fields (top level). */
  query: Leaf[];
  /** Body fields at any depth (objects and arrays walked). */
  body: Leaf[];
}

/**
 * Budget of a test that sends requests to every route (hundreds of injects): it grows with the API.
 * The unit default of 60 s only guards against a hang; CI run 15 cut off a correct sweep of the
 * integer fields at 60.3 s on a loaded machine (the 2 MB sweep beside it took 57 s).
 */
const SWEEP_BUDGET = 300_000;

let t: TestApp;
let cases: RouteCase[];
let admin: SessionUser;
let seller: SessionUser;

/** Words of zod's and Fastify's English messages; none may reach a user. */
const ENGLISH = /\b(too small|too big|expected|invalid input|invalid|required|must be|string|number|not found|bad request|unrecognized)\b/i;

/** The JSON Schema (input side) of a zod request schema. */
function toJson(schema: unknown): RequestJsonSchema | undefined {
  if (schema === undefined) return undefined;
  if (!(schema instanceof z.ZodType)) throw new Error('a route validates with a schema that is not zod (use packages/contracts)');
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as RequestJsonSchema;
}

/** The fields of an object schema, walking nested objects and arrays (array items at index 0). */
function leaves(schema: RequestJsonSchema | undefined, path: (string | number)[] = []): Leaf[] {
  if (!schema) return [];
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (branches.length) return branches.flatMap((branch) => leaves(branch, path));
  if (schema.type === 'object') {
    const entries = Object.entries(schema.properties ?? {});
    const fixed = entries.filter(([, property]) => property.const !== undefined).map(([name, property]) => ({ path: [...path, name], value: property.const }));
    return entries.flatMap(([name, property]) =>
      leaves(property, [...path, name]).map((leaf) => (fixed.length ? { ...leaf, fixed: [...fixed.filter((f) => f.path.join('.') !== leaf.path.join('.')), ...(leaf.fixed ?? [])] } : leaf)),
    );
  }
  if (schema.type === 'array' && schema.items && !Array.isArray(schema.items)) return leaves(schema.items, [...path, 0]);
  return path.length ? [{ path, schema }] : [];
}

function isText(leaf: Leaf): boolean {
  const { schema } = leaf;
  return schema.type === 'string' || (schema.type === undefined && Boolean(schema.allOf?.some((part) => part.type === 'string')));
}

function isFreeText(leaf: Leaf): boolean {
  return isText(leaf) && leaf.schema.enum === undefined && leaf.schema.const === undefined;
}

/** A payload holding `value` at `path` (`['filtros', 'nome']` → `{filtros: {nome: value}}`). */
function payloadAt(path: (string | number)[], value: unknown): unknown {
  return path.reduceRight<unknown>((inner, key) => (typeof key === 'number' ? [inner] : { [key]: inner }), value);
}

/** `payloadAt(leaf.path, value)` plus the leaf's constant siblings (`Leaf.fixed`). */
function leafPayload(leaf: Leaf, value: unknown): unknown {
  const payload = payloadAt(leaf.path, value);
  for (const f of leaf.fixed ?? []) {
    let node = payload as Record<string | number, unknown>;
    for (const key of f.path.slice(0, -1)) node = (Array.isArray(node) && typeof key === 'string' ? node[0] : node[key]) as Record<string | number, unknown>;
    node[f.path[f.path.length - 1]] = f.value;
  }
  return payload;
}

/** How the error body names a field (`error-handler.ts` joins the path with '.'). */
function fieldName(path: (string | number)[]): string {
  return path.join('.');
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
    ...(route.json.body || options.payload !== undefined ? { payload: (options.payload ?? {}) as object } : {}),
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

/** True when an error names `field` itself or one of its items (`situacao` or `situacao.0`). */
function names(messageField: string | undefined, field: string): boolean {
  return messageField === field || Boolean(messageField?.startsWith(`${field}.`));
}

/** Asserts a 400 in the SPEC shape naming `field` (or an item of it); returns the body. */
function expect400Naming(res: Sent, field: string, what: string) {
  const body = expectErrorBody(res, what);
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  expect(body.messages.some((m) => names(m.field, field)), `${what}: ${res.body}`).toBe(true);
  return body;
}

/**
 * The query key of a leaf: its top-level field. A query array (`situacao`, `idEmpresa`) is sent as
 * a repeated key, so its item leaf (`situacao.0`) is tried as `situacao=<bad>`.
 */
function queryKey(path: (string | number)[]): string {
  return String(path[0]);
}

/** The token a route needs to get past its access guard (admin holds every role). */
function tokenFor(route: RouteCase): string | null {
  return route.auth === 'none' ? null : admin.token;
}

/** Builds the table of cases from the routes an app registered. */
function routeCases(routes: RegisteredRoute[]): RouteCase[] {
  return routes
    .filter((r) => r.url !== '/api/core-api/health')
    .map((route) => {
      const json = { params: toJson(route.request.params), querystring: toJson(route.request.querystring), body: toJson(route.request.body) };
      return {
        ...route,
        json,
        pathParams: [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]),
        query: leaves(json.querystring),
        body: leaves(json.body),
      };
    });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin');
  seller = await t.login('vendedor', 'vendedor');
  cases = routeCases(t.routes);
});
afterAll(async () => {
  await t?.close();
});

describe('every registered API route resists hostile input', () => {
  it('finds the routes and their inputs (the table is not empty)', () => {
    expect(cases.length).toBeGreaterThanOrEqual(9);
    expect(cases.some((c) => c.pathParams.length > 0)).toBe(true);
    expect(cases.some((c) => c.query.some(isFreeText))).toBe(true);
    expect(cases.some((c) => c.body.some(isFreeText))).toBe(true);
    expect(cases.some((c) => c.role !== undefined)).toBe(true);
  });

  it('every request schema bounds its texts and integers and refuses unknown fields (auditRequestSchema)', () => {
    for (const route of cases) {
      if (route.pathParams.length) expect(route.json.params, `${route.method} ${route.url} has no params schema`).toBeDefined();
      for (const part of ['params', 'querystring', 'body'] as const) {
        const schema = route.json[part];
        if (schema) expect(auditRequestSchema(schema, `${route.method} ${route.url} ${part}`)).toEqual([]);
      }
    }
  });

  it('ids past 32 bits, negative, fractional, signed, hex, exponent or not numbers answer 400 or 404, never 500', { timeout: SWEEP_BUDGET }, async () => {
    for (const route of cases) {
      for (const param of route.pathParams) {
        for (const bad of ['2147483648', '99999999999999999999', '-1', '0', '1.5', 'abc', '1e3', '0x10', '+1', '%201', 'true', '%00']) {
          const res = await send(route, { url: fill(route.url, param, bad), token: tokenFor(route) });
          const body = expectErrorBody(res, `${route.method} ${route.url} ${param}=${bad}`);
          if (res.statusCode === 400) expect(body.messages.map((m) => m.field)).toContain(param);
        }
        const long = await send(route, { url: fill(route.url, param, '9'.repeat(200)), token: tokenFor(route) });
        expect(long.statusCode).toBe(400);
        expect(expectErrorBody(long, `${route.url} ${param}=<200 digits>`).message).toBe(PARAM_TOO_LONG_MESSAGE);
      }
    }
  });

  it('a bad percent-encoding in the path answers 400 with the SPEC body', async () => {
    for (const route of cases) {
      const url = route.pathParams.length ? fill(route.url, route.pathParams[0], '%zz') : `${route.url}%zz`;
      const res = await send(route, { url, token: tokenFor(route) });
      expect(res.statusCode, `${route.method} ${url}`).toBe(400);
      expect(expectErrorBody(res, `${route.method} ${url}`).message).toBe(BAD_URL_MESSAGE);
    }
  });

  it('a NUL byte or another control character in any text of the query answers 400 naming the field', { timeout: SWEEP_BUDGET }, async () => {
    for (const route of cases) {
      for (const leaf of route.query.filter(isText)) {
        const name = queryKey(leaf.path);
        for (const bad of ['a\u0000b', 'x\u001by', 'linha\nquebrada']) {
          const res = await send(route, { query: { [name]: bad }, token: tokenFor(route) });
          const body = expect400Naming(res, name, `${route.method} ${route.url}?${name}=${JSON.stringify(bad)}`);
          if (isFreeText(leaf)) {
            expect(body.messages.some((m) => names(m.field, name) && m.message === CONTROL_CHARACTER_MESSAGE), `${route.url}?${name}: ${JSON.stringify(body.messages)}`).toBe(true);
          }
        }
      }
    }
  });

  it('a NUL byte or ESC in any text of the body, nested ones included, answers 400 naming the field', { timeout: SWEEP_BUDGET }, async () => {
    for (const route of cases) {
      for (const leaf of route.body.filter(isText)) {
        const name = fieldName(leaf.path);
        for (const bad of ['a\u0000b', 'x\u001by']) {
          const res = await send(route, { payload: leafPayload(leaf, bad), token: tokenFor(route) });
          const body = expect400Naming(res, name, `${route.method} ${route.url} body.${name}=${JSON.stringify(bad)}`);
          if (isFreeText(leaf)) expect(body.messages).toContainEqual({ field: name, message: CONTROL_CHARACTER_MESSAGE });
        }
      }
    }
  });

  it('an integer field given past 32 bits, as a boolean, hex or exponent text answers 400 naming the field', { timeout: SWEEP_BUDGET }, async () => {
    for (const route of cases) {
      for (const leaf of route.body.filter((l) => l.schema.type === 'integer')) {
        const name = fieldName(leaf.path);
        for (const bad of [2147483648, 1e20, true, '0x10', '1e3', [], 1.5]) {
          const res = await send(route, { payload: leafPayload(leaf, bad), token: tokenFor(route) });
          expect400Naming(res, name, `${route.method} ${route.url} body.${name}=${JSON.stringify(bad)}`);
        }
      }
      for (const leaf of route.query.filter((l) => l.schema.type === 'integer')) {
        const name = queryKey(leaf.path);
        for (const bad of ['2147483648', 'true', '0x10', '1e3', '', '1.5']) {
          const res = await send(route, { query: { [name]: bad }, token: tokenFor(route) });
          expect400Naming(res, name, `${route.method} ${route.url}?${name}=${bad}`);
        }
      }
    }
  });

  it('2 MB strings in the query and the body answer 400, never 500', async () => {
    const huge = 'x'.repeat(2 * 1024 * 1024);
    for (const route of cases) {
      for (const leaf of route.query.filter(isText)) {
        const name = queryKey(leaf.path);
        const res = await send(route, { query: { [name]: huge }, token: tokenFor(route) });
        expect(res.statusCode, `${route.url}?${name}`).toBe(400);
        expectErrorBody(res, `${route.url}?${name}=<2 MB>`);
      }
      for (const leaf of route.body.filter(isText)) {
        const res = await send(route, { payload: leafPayload(leaf, huge), token: tokenFor(route) });
        expect(res.statusCode, `${route.url} body.${fieldName(leaf.path)}`).toBe(400);
        expectErrorBody(res, `${route.url} body.${fieldName(leaf.path)}=<2 MB>`);
      }
    }
  }, SWEEP_BUDGET); // one 2 MB request per text field of every route (about 400 requests)

  it('unknown body and query fields answer 400 naming them', { timeout: SWEEP_BUDGET }, async () => {
    for (const route of cases.filter((c) => c.json.body)) {
      const res = await send(route, { payload: { campoDesconhecido: 1 }, token: tokenFor(route) });
      expect400Naming(res, 'campoDesconhecido', `${route.url} unknown body field`);
    }
    for (const route of cases.filter((c) => c.json.querystring)) {
      const res = await send(route, { query: { campoDesconhecido: '1' }, token: tokenFor(route) });
      expect400Naming(res, 'campoDesconhecido', `${route.url} unknown query field`);
    }
  });

  it('authenticated routes answer 401 to a missing or garbage token even when the input is invalid', { timeout: SWEEP_BUDGET }, async () => {
    const guarded = cases.filter((c) => c.auth !== 'none');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const invalid = {
        url: route.pathParams.length ? fill(route.url, route.pathParams[0], '2147483648') : undefined,
        query: route.json.querystring ? { campoDesconhecido: '\u0000' } : undefined,
        payload: route.json.body ? { campoDesconhecido: '\u0000' } : undefined,
      };
      for (const token of route.auth === 'optional' ? ['lixo.lixo.lixo'] : [null, 'lixo.lixo.lixo']) {
        const res = await send(route, { ...invalid, token });
        expect(res.statusCode, `${route.method} ${route.url} token=${token}: ${res.body}`).toBe(401);
        expect(errorBodySchema.parse(JSON.parse(res.body)).message).toBe(UNAUTHORIZED_MESSAGE);
      }
    }
  });

  it('a signed-in caller without the route’s role gets 403 even when the input is invalid', { timeout: SWEEP_BUDGET }, async () => {
    const forbidden = cases.filter((c) => c.role !== undefined && !hasRole(seller.roles, c.role));
    expect(forbidden.length).toBeGreaterThan(0);
    for (const route of forbidden) {
      const res = await send(route, {
        url: route.pathParams.length ? fill(route.url, route.pathParams[0], '99999999999999999999') : undefined,
        query: route.json.querystring ? { campoDesconhecido: 'a\u0000b' } : undefined,
        payload: route.json.body ? { campoDesconhecido: 1 } : undefined,
        token: seller.token,
      });
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(403);
      expect(errorBodySchema.parse(JSON.parse(res.body)).message).toBe(FORBIDDEN_MESSAGE);
    }
  });
});

describe('the route table covers a route added later', () => {
  it('collects an extra route with its schemas, and the audit names its careless fields', async () => {
    const careless: DomainRoutes = (api) => {
      api.post(
        '/test/descuidada/:codigo',
        { config: { auth: 'none' }, schema: { params: z.object({ codigo: z.coerce.number() }), body: z.object({ nome: z.string(), filtros: z.object({ termo: z.string().max(10) }) }) } },
        async () => ({ ok: true }),
      );
    };
    const { app, routes } = await buildApp(t.ctx.config, t.database, [careless]);
    try {
      const [route] = routeCases(routes).filter((r) => r.url.endsWith('/test/descuidada/:codigo'));
      expect(route).toBeDefined();
      expect(route.body.map((l) => fieldName(l.path))).toEqual(['nome', 'filtros.termo']);
      const problems = [...auditRequestSchema(route.json.params ?? {}, 'params'), ...auditRequestSchema(route.json.body ?? {}, 'body')];
      expect(problems).toEqual(
        expect.arrayContaining([
          'params: object accepts unknown properties (use z.strictObject)',
          'params.codigo: number without minimum and maximum (build it with integer() or idSchema)',
          'body.nome: string accepts the control character U+0000 (build it with text())',
          'body.filtros.termo: string accepts the control character U+0000 (build it with text())',
        ]),
      );
    } finally {
      await app.close();
    }
  });
});
