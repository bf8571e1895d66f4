import { z } from 'zod';

/** Largest value of a PostgreSQL `integer` column (every id of the database is one). */
export const MAX_INT4 = 2_147_483_647;

/** Message for a text holding a NUL or another control character where none belongs. */
export const CONTROL_CHARACTER_MESSAGE = 'Contém caracteres de controle não permitidos';

/** C0 control characters and DEL: none belongs in a one-line field (PostgreSQL rejects NUL outright). */
const SINGLE_LINE_TEXT = /^[^\u0000-\u001F\u007F]*$/;
/** Multi-line text keeps tab, line feed and carriage return; every other control character is refused. */
const MULTI_LINE_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/** Options of `text`. */
export interface TextOptions {
  /** Most characters accepted (required: every request text has a bound). */
  max: number;
  /** Fewest characters (after trimming when `trim`); default none. */
  min?: number;
  /** Keeps tab, line feed and carriage return (synopses, notes); default false. */
  multiline?: boolean;
  /** Trims surrounding white space before the length checks; default true. */
  trim?: boolean;
  /**
   * One message for both length checks instead of `Deve ter no mínimo/máximo N caracteres` (e.g. a
   * reset token, where every malformation answers the same sentence).
   */
  lengthMessage?: string;
}

/**
 * The one builder of request text fields (query, path and body). It refuses NUL and the other
 * control characters (a NUL would reach PostgreSQL, which rejects byte 0x00 with a 500), bounds the
 * length, and words every message in pt-BR (a missing required text: `Campo obrigatório`; not a
 * text: `Deve ser um texto`). Chain more checks on the result (`.email()`, `.regex()`).
 * @example text({ max: 200 }) // a one-line filter of at most 200 characters
 */
export function text(options: TextOptions) {
  const { max, min, multiline = false, trim = true, lengthMessage } = options;
  let schema = z.string({ error: (issue) => (issue.input === undefined ? 'Campo obrigatório' : 'Deve ser um texto') }).regex(multiline ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT, CONTROL_CHARACTER_MESSAGE);
  if (trim) schema = schema.trim();
  if (min !== undefined) schema = schema.min(min, lengthMessage ?? (min === 1 ? 'Campo obrigatório' : `Deve ter no mínimo ${min} caracteres`));
  return schema.max(max, lengthMessage ?? `Deve ter no máximo ${max} caracteres`);
}

/** Text of a whole number in decimal digits, the only integer text a request may carry. */
const DECIMAL_INTEGER = /^-?\d+$/;

/** Bounds of `integer`. */
export interface IntegerOptions {
  /** Smallest value accepted. */
  min: number;
  /** Largest value accepted (required: every request integer has a bound no larger than MAX_INT4). */
  max: number;
  /** Message of both bounds instead of `Deve ser maior ou igual a {min}` / `Deve ser menor ou igual a {max}`. */
  rangeMessage?: string;
}

/**
 * The one builder of request integers (path, query and body). Takes a JSON integer, or text made of
 * decimal digits only (path and query values are text): `'12'` is 12, while `'0x10'`, `'1e3'`,
 * `' 1'`, `''`, `true`, `[]` and `null` are refused instead of being coerced the way `Number()`
 * would (`true` would be the id 1). Bounded by `min` and `max`; every message is pt-BR.
 * @example integer({ min: 0, max: 1_000_000 }) // a page number
 */
export function integer(options: IntegerOptions) {
  const { min, max, rangeMessage } = options;
  return z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL_INTEGER.test(value) ? Number(value) : value),
    z
      .number({ error: 'Deve ser um número inteiro' })
      // the bounds first and final, so 1e20 reads "Deve ser menor ou igual a …" alone
      .min(min, { message: rangeMessage ?? `Deve ser maior ou igual a ${min}`, abort: true })
      .max(max, { message: rangeMessage ?? `Deve ser menor ou igual a ${max}`, abort: true })
      .int('Deve ser um número inteiro'),
  );
}

/**
 * A database id in a path, query or body: an integer from 1 to MAX_INT4 (the `integer` column
 * bound), so an id past 32 bits answers 400 instead of reaching PostgreSQL ("out of range for
 * type integer", a 500). Decimal text such as `'12'` is accepted (path and query values are text);
 * see `integer` for what is refused.
 */
export const idSchema = integer({ min: 1, max: MAX_INT4 });

/**
 * Path parameters holding one id, named `name` (`{id}` by default, `{userId}`…), each bounded by
 * `idSchema`.
 * @example idParams('userId') // params of `system/company/usuario/:userId`
 */
export function idParams<N extends string = 'id'>(name: N = 'id' as N) {
  return z.strictObject({ [name]: idSchema } as Record<N, typeof idSchema>);
}

/** Default page size (SPEC section 9). */
export const DEFAULT_PAGE_SIZE = 10;
/** Largest page a list endpoint serves; larger requests get HTTP 400. */
export const MAX_PAGE_SIZE = 200;

/**
 * A map with free keys (a report's query carried inside an export request): at most `maxKeys` keys,
 * each a single-line `text({max: keyMax})`, each value `value`. Its JSON Schema has `maxProperties`,
 * `propertyNames` and `additionalProperties`, which `auditRequestSchema` accepts as bounded.
 * 400 'Deve ser um objeto' for a non-object, 'Nome de campo inválido' for a key with control characters or
 * past `keyMax`, 'Deve ter no máximo N campos' past `maxKeys`.
 */
export function boundedMap<V extends z.ZodType>(options: { maxKeys: number; keyMax: number; value: V }) {
  return z
    .record(text({ max: options.keyMax, min: 1 }), options.value, { error: (issue) => (issue.code === 'invalid_key' ? 'Nome de campo inválido' : issue.code === 'invalid_type' ? 'Deve ser um objeto' : undefined) })
    .refine((map) => Object.keys(map).length <= options.maxKeys, `Deve ter no máximo ${options.maxKeys} campos`)
    .meta({ maxProperties: options.maxKeys });
}

/**
 * One field error of the SPEC error body. `field` is the request field name (JSON or query name),
 * or '' when the error is not about a field.
 */
export const fieldMessageSchema = z.object({ field: z.string(), message: z.string() });
export type FieldMessage = z.infer<typeof fieldMessageSchema>;

/**
 * Body of every 4xx/5xx answer (issue 2, part 5): `message` is the first error in pt-BR,
 * `messages` lists every error (a validation error names its field).
 */
export const errorBodySchema = z.object({ message: z.string(), messages: z.array(fieldMessageSchema) });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Message for any unexpected server error (SPEC section 8). */
export const INTERNAL_ERROR_MESSAGE = 'Erro interno comunique o administrador do sistema.';

/**
 * Paged list response of SPEC section 3: `page` is zero-based, `size` the page size asked,
 * `totalPage` the number of pages, `totalItens` the total number of rows, `proxima` true when a
 * next page exists. `totalAproximado: true` (present only then) says the count stopped early:
 * more than `totalItens` rows match (shown as "mais de N"), `totalPage` counts the pages known so
 * far and `proxima` still says exactly whether a next page exists (docs/catalog-search.md).
 */
export function pagedListSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    itens: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    totalPage: z.number().int(),
    totalItens: z.number().int(),
    proxima: z.boolean(),
    totalAproximado: z.literal(true).optional(),
  });
}

/** Wire type of a paged list. */
export interface PagedList<T> {
  itens: T[];
  page: number;
  size: number;
  totalPage: number;
  totalItens: number;
  proxima: boolean;
  /** Present (true) when `totalItens` is a lower bound, not the exact count. */
  totalAproximado?: true;
}

/** A total that stopped early: `hasNext` says whether a row follows the page. */
export interface ApproximateTotal {
  hasNext: boolean;
}

/**
 * Builds the paged shape from one page of rows and the total count.
 * @param itens rows of the page
 * @param page zero-based page number
 * @param size page size
 * @param totalItens total number of rows matching the filters (a lower bound when `approximate`)
 * @param approximate given when the count stopped early: the answer gets `totalAproximado: true`,
 *   `proxima` = `approximate.hasNext` and `totalPage` at least the pages seen so far
 */
export function toPagedList<T>(itens: T[], page: number, size: number, totalItens: number, approximate?: ApproximateTotal): PagedList<T> {
  const counted = size > 0 ? Math.ceil(totalItens / size) : 0;
  if (!approximate) return { itens, page, size, totalPage: counted, totalItens, proxima: page + 1 < counted };
  const seen = page + (approximate.hasNext ? 2 : 1);
  return { itens, page, size, totalPage: Math.max(counted, seen), totalItens, proxima: approximate.hasNext, totalAproximado: true };
}

/**
 * List query of SPEC sections 3 and 7: `page` (zero-based, default 0), `pageSize` (default 10,
 * at most MAX_PAGE_SIZE; `size` is accepted as an alias), `sorter` as `campo,asc` or `campo,desc`
 * (`sort` is accepted as an alias), `term` a free-text filter and `status` an active/inactive filter.
 * Strict: an unknown query field answers 400 naming it (a misspelt filter never silently lists
 * everything); `.extend()` keeps it strict.
 */
export const listQuerySchema = z.strictObject({
  page: integer({ min: 0, max: 1_000_000 }).default(0),
  pageSize: integer({ min: 1, max: MAX_PAGE_SIZE }).optional(),
  size: integer({ min: 1, max: MAX_PAGE_SIZE }).optional(),
  sorter: text({ max: 100 }).optional(),
  sort: text({ max: 100 }).optional(),
  term: text({ max: 200 }).optional(),
  status: z.enum(['true', 'false', 'ATIVO', 'INATIVO'], { error: 'Valor inválido: use true, false, ATIVO ou INATIVO' }).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** A sort order parsed from `sorter`. */
export interface SortSpec<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

/**
 * Parses `campo,asc` / `campo,desc` / `campo` (ascending) / `-campo` (descending).
 * @param sorter raw query value
 * @param allowed sortable fields
 * @returns the sort, or `null` when absent
 * @throws Error with message 'Ordenação inválida' when the field is not sortable (callers map it to 400 on `sorter`)
 */
export function parseSorter<F extends string>(sorter: string | undefined, allowed: readonly F[]): SortSpec<F> | null {
  if (!sorter) return null;
  let [field, dir] = sorter.split(',').map((s) => s.trim());
  let direction: 'asc' | 'desc' = 'asc';
  if (field.startsWith('-')) {
    field = field.slice(1);
    direction = 'desc';
  }
  if (dir) {
    const d = dir.toLowerCase();
    if (d !== 'asc' && d !== 'desc') throw new Error('Ordenação inválida');
    direction = d;
  }
  if (!(allowed as readonly string[]).includes(field)) throw new Error('Ordenação inválida');
  return { field: field as F, direction };
}

/** `{id, nome}` pair used by selects (SPEC: `system/company/usuario/{userId}` answers a list of these). */
export const idNomeSchema = z.object({ id: z.number().int(), nome: z.string() });
export type IdNome = z.infer<typeof idNomeSchema>;
