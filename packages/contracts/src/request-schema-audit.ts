import { MAX_INT4 } from './common.ts';

/**
 * The part of a JSON Schema (draft 2020-12 or OpenAPI 3.0, as `z.toJSONSchema` and
 * @fastify/swagger write them) that `auditRequestSchema` reads.
 */
export interface RequestJsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, RequestJsonSchema>;
  additionalProperties?: boolean | RequestJsonSchema;
  propertyNames?: RequestJsonSchema;
  maxProperties?: number;
  items?: RequestJsonSchema | RequestJsonSchema[];
  maxItems?: number;
  allOf?: RequestJsonSchema[];
  anyOf?: RequestJsonSchema[];
  oneOf?: RequestJsonSchema[];
}

/** Texts every request string must refuse: NUL (PostgreSQL rejects byte 0x00) and ESC, a C0 control. */
const CONTROL_PROBES = ['a\u0000b', 'a\u001Bb'] as const;

function compile(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u'); // JSON Schema patterns are ECMA-262 with the u flag
  } catch {
    return new RegExp(pattern);
  }
}

function isType(node: RequestJsonSchema, type: string): boolean {
  return Array.isArray(node.type) ? node.type.includes(type) : node.type === type;
}

/** The node's own keywords plus those of its `allOf` parts (zod writes a string's extra regexes there). */
function keywords(node: RequestJsonSchema): RequestJsonSchema[] {
  return [node, ...(node.allOf ?? [])];
}

/**
 * Checks a request schema (path, query or body of a route) against the rules every request input
 * follows, so a route added later cannot reintroduce the defects an OpenAPI fuzzer found (500s on
 * NUL bytes, ids past 32 bits, unbounded input):
 * - a string (other than an enum or const) has a `maxLength` and a `pattern` refusing NUL and the
 *   other C0 control characters, i.e. it was built with `text()`;
 * - an integer has a `minimum` and a `maximum` within PostgreSQL's `integer` (±MAX_INT4), as
 *   `integer()` and `idSchema` give; any other number has both bounds too;
 * - an object refuses unknown properties (`additionalProperties: false`, `z.strictObject`), or is
 *   a bounded map (`boundedMap()`: a `maxProperties`, keys and values that pass these rules);
 * - an array has a `maxItems`;
 * - nothing accepts any value (a schema with no type, enum or const).
 * @param schema the JSON Schema of one request part
 * @param path where `schema` sits, for the messages (e.g. `body`, `querystring.titulo`)
 * @returns one English sentence per broken rule, naming the path; empty when the schema is sound
 */
export function auditRequestSchema(schema: RequestJsonSchema, path = ''): string[] {
  const at = path || '(root)';
  if (schema.enum !== undefined || schema.const !== undefined) return [];
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (branches.length > 0) return branches.flatMap((branch) => auditRequestSchema(branch, path));
  const parts = keywords(schema);
  const problems: string[] = [];
  if (isType(schema, 'string') || (schema.type === undefined && schema.allOf?.some((part) => isType(part, 'string')))) {
    if (!parts.some((part) => part.maxLength !== undefined)) problems.push(`${at}: string without maxLength (build it with text())`);
    const patterns = parts.flatMap((part) => (part.pattern === undefined ? [] : [compile(part.pattern)]));
    for (const probe of CONTROL_PROBES) {
      if (!patterns.some((pattern) => !pattern.test(probe))) {
        problems.push(`${at}: string accepts the control character U+${probe.charCodeAt(1).toString(16).padStart(4, '0').toUpperCase()} (build it with text())`);
      }
    }
    return problems;
  }
  if (isType(schema, 'integer') || isType(schema, 'number')) {
    const min = parts.find((part) => part.minimum !== undefined)?.minimum;
    const max = parts.find((part) => part.maximum !== undefined)?.maximum;
    if (min === undefined || max === undefined) problems.push(`${at}: number without minimum and maximum (build it with integer() or idSchema)`);
    if (isType(schema, 'integer') && ((max !== undefined && max > MAX_INT4) || (min !== undefined && min < -MAX_INT4 - 1))) {
      problems.push(`${at}: integer bounds [${min}, ${max}] exceed PostgreSQL integer (±${MAX_INT4})`);
    }
    return problems;
  }
  if (isType(schema, 'object')) {
    const values = schema.additionalProperties;
    if (values !== undefined && typeof values === 'object') {
      if (schema.maxProperties === undefined) problems.push(`${at}: map without maxProperties (build it with boundedMap())`);
      problems.push(...auditRequestSchema(schema.propertyNames ?? {}, `${path}{chave}`));
      problems.push(...auditRequestSchema(values, `${path}{valor}`));
    } else if (values !== false) problems.push(`${at}: object accepts unknown properties (use z.strictObject)`);
    for (const [name, property] of Object.entries(schema.properties ?? {})) problems.push(...auditRequestSchema(property, path ? `${path}.${name}` : name));
    return problems;
  }
  if (isType(schema, 'array')) {
    if (schema.maxItems === undefined) problems.push(`${at}: array without maxItems`);
    const items = Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : [];
    for (const item of items) problems.push(...auditRequestSchema(item, `${path}[]`));
    return problems;
  }
  if (isType(schema, 'boolean') || isType(schema, 'null')) return [];
  if (schema.allOf?.length) return schema.allOf.flatMap((part) => auditRequestSchema(part, path));
  return [`${at}: schema accepts any value`];
}
