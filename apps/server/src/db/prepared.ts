import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { resultRows } from './rows.ts';

/** The parts of Drizzle's database (and transaction) object `executePrepared` reaches: public at run time, marked internal in its types. */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string | undefined, arrayMode: boolean): { execute(): Promise<unknown> } };
}

/**
 * Runs `query` as a NAMED prepared statement and answers its rows, so a statement whose planning
 * costs more than its execution stops paying for it on every call (the Terminal detail: 2.2 ms of
 * planning, 1.8 ms of execution at 500,000 titles):
 * - PostgreSQL (node-postgres): each pool connection parses and plans it once (protocol-level
 *   Parse with a name), and after five runs the server may keep one generic plan (its
 *   `plan_cache_mode` rule);
 * - PGlite: its one session prepares it once with SQL `PREPARE name AS …`, and each call sends
 *   `EXECUTE name('v1', …)`, the values as quoted literals (`literalArguments`): PGlite's own
 *   query API parses and plans every statement unnamed, which on its file system cost as much
 *   again as running it (the Terminal's CPU per request on 50,000 titles: detail 10.8 → 5.2 ms,
 *   broad word 23.1 → 11.7 ms). Inside a PGlite transaction, or with a value that has no literal,
 *   it runs as `db.execute` does; a statement the session lost (`DEALLOCATE`) is prepared again.
 * For statements whose TEXT is the same on every call (only bound parameters vary): the name is
 * `prefix` and a hash of the text, so a text that varies would prepare one statement per variant
 * on each connection, never a wrong one. Drizzle's `db.execute` cannot name a statement; this calls
 * the same session method it does. Named statements live on a server session: behind a
 * transaction-pooling proxy (PgBouncer's `pool_mode = transaction` before 1.21) they would need its
 * prepared-statement support.
 *
 * `options.genericPlan`: every call runs the statement's one generic plan, built on its first
 * call on the connection, never a plan for the call's values. PostgreSQL's own rule
 * (`plan_cache_mode = auto`) keeps planning a statement anew on every call while the generic plan's
 * estimated cost is above the custom plans' average, which the Terminal's candidate statement always
 * is (estimates 31,700 against 11,200), although its generic plan has the same shape and runs it in
 * 5.1 ms instead of 9.6 (planning included; three words, 500,000 titles). Only for statements
 * whose plan shape does not depend on the values: a generic plan is built from default selectivity
 * estimates. It runs as one message, `SET plan_cache_mode = force_generic_plan; SET jit = off;
 * EXECUTE name(…); RESET jit; RESET plan_cache_mode` (`withGenericPlan`), over a SQL `PREPARE` of its own (as
 * on PGlite), on a connection taken from the pool for the call: the settings cover that EXECUTE
 * only, and when the EXECUTE fails the message's implicit transaction rolls the SETs back. Inside a
 * PGlite transaction, or with a value that has no literal, it runs as without the option.
 * @param prefix a short name for the statement (letters, digits, underscores)
 */
export async function executePrepared<T>(db: Executor, prefix: string, query: SQL, options: PreparedOptions = {}): Promise<T[]> {
  const built = (db as unknown as DrizzleInternals).dialect.sqlToQuery(query);
  const generic = options.genericPlan === true;
  return runPrepared<T>(db, statementName(prefix, built.sql, generic), built, generic);
}

/**
 * The statement's name: `prefix` and a hash of its text. A generic statement is prepared by SQL
 * PREPARE, a plain one on PostgreSQL by the protocol: the two share the connection's names, so they
 * never share one.
 */
function statementName(prefix: string, text: string, generic: boolean): string {
  const key = `${generic ? 'generic:' : ''}${prefix}:${text}`;
  let name = names.get(key);
  if (name === undefined) {
    name = `${prefix}_${createHash('sha1').update(generic ? `generic:${text}` : text).digest('hex').slice(0, 12)}`;
    if (names.size < SHAPES_KEPT) names.set(key, name);
  }
  return name;
}

/** Statement names by prefix and text: a SHA-1 of a Terminal row statement took 0.06 ms per call. */
const names = new Map<string, string>();

/** Statements of `executePreparedShape` by prefix, shape and plan option: text, placeholders, name. */
const shapes = new Map<string, { built: { sql: string; params: unknown[] }; name: string }>();
/** Shapes kept at most (a bound on memory; a shape past it is built on every call, still correct). */
const SHAPES_KEPT = 2_000;

/**
 * `executePrepared` for a statement whose text depends only on `shape` and whose values are named
 * placeholders (`sql.placeholder(name)`), filled from `values` on each call: the statement is built
 * (`build`) and turned into text once per shape, where Drizzle's building and `sqlToQuery` of the
 * Terminal's candidate statement (several hundred chunks) cost about 1.4 ms of CPU per search.
 * The caller guarantees that two calls with the same `shape` build the same text (the shape names
 * every structural choice); a placeholder without a value throws (Drizzle's `fillPlaceholders`).
 * @param shape what the text depends on, as a string
 * @param build the statement with named placeholders for every value (called on a new shape only)
 * @param values the value of every placeholder of the statement, by name
 */
export async function executePreparedShape<T>(
  db: Executor,
  prefix: string,
  shape: string,
  build: () => SQL,
  values: Record<string, unknown>,
  options: PreparedOptions = {},
): Promise<T[]> {
  const generic = options.genericPlan === true;
  const key = `${prefix}\u0000${generic}\u0000${shape}`;
  let entry = shapes.get(key);
  if (!entry) {
    const built = (db as unknown as DrizzleInternals).dialect.sqlToQuery(build());
    entry = { built, name: statementName(prefix, built.sql, generic) };
    if (shapes.size < SHAPES_KEPT) shapes.set(key, entry);
  }
  return runPrepared<T>(db, entry.name, { sql: entry.built.sql, params: fillPlaceholders(entry.built.params, values) }, generic);
}

/** Runs the built statement `built` as the named prepared statement `name` (see `executePrepared`). */
async function runPrepared<T>(db: Executor, name: string, built: { sql: string; params: unknown[] }, generic: boolean): Promise<T[]> {
  const internals = db as unknown as DrizzleInternals;
  const prepared = internals.session.prepareQuery(built, undefined, name, false);
  const pglite = pgliteInstance(prepared);
  // the values as SQL literals only where an EXECUTE sends them: node-postgres without the option
  // (every API call's session lookup) binds them as the driver does
  const args = pglite || generic ? literalArguments(built.params) : null;
  if (args !== null && pglite) {
    const text = generic ? withGenericPlan(`EXECUTE ${name}${args}`) : `EXECUTE ${name}${args}`;
    const run = async () => {
      const result = generic ? (await pglite.client.exec(text, pglite.rawQueryConfig))[GENERIC_RESULT] : await pglite.client.query(text, [], pglite.rawQueryConfig);
      return resultRows<T>(result);
    };
    return onPrepared(pglite.client, name, built.sql, (statement) => pglite.client.query(statement, []), run);
  }
  const pg = generic && args !== null ? nodePgInstance(prepared) : null;
  if (!pg) return resultRows<T>(await prepared.execute());
  const pool = isPool(pg.client) ? pg.client : null;
  const client = pool ? await pool.connect() : (pg.client as NodePgClient);
  try {
    const run = async () => resultRows<T>((await client.query({ text: withGenericPlan(`EXECUTE ${name}${args}`), types: pg.rawQueryConfig.types }))[GENERIC_RESULT]);
    return await onPrepared(client, name, built.sql, (statement) => client.query({ text: statement }), run);
  } finally {
    if (pool) (client as NodePgPoolClient).release();
  }
}

/** Options of `executePrepared`. */
export interface PreparedOptions {
  /** Run the statement's generic plan on every call (see `executePrepared`). */
  genericPlan?: boolean;
}

/**
 * `execute` (an `EXECUTE` statement) under `plan_cache_mode = force_generic_plan` and `jit = off`,
 * as one message of five statements; the answer of `execute` is the third result (`GENERIC_RESULT`).
 * JIT off: a generic plan is costed with default selectivities, and above `jit_above_cost`
 * (100,000) PostgreSQL compiles its expressions with LLVM on every call; the Terminal's vocabulary
 * lookup (estimate 121,730) spent 60 ms per call compiling 66 functions for 0.4 ms of work.
 * PGlite has no JIT; the setting exists there and changes nothing.
 */
function withGenericPlan(execute: string): string {
  return `SET plan_cache_mode = force_generic_plan; SET jit = off; ${execute}; RESET jit; RESET plan_cache_mode`;
}

/** Index of the `EXECUTE`'s answer among the results of `withGenericPlan`'s message. */
const GENERIC_RESULT = 2;

/**
 * Runs `run` once the session `session` (a PGlite instance or a node-postgres connection) holds the
 * SQL-prepared statement `name` of text `text` (`prepare` sends the PREPARE): one PREPARE per name,
 * also when several calls ask for it at once; when the session lost it (a `DEALLOCATE` or `DISCARD`
 * ran, SQLSTATE 26000), prepares it again and runs once more.
 */
async function onPrepared<T>(session: object, name: string, text: string, prepare: (statement: string) => Promise<unknown>, run: () => Promise<T>): Promise<T> {
  const statements = preparedBySession.get(session) ?? new Map<string, Promise<unknown>>();
  preparedBySession.set(session, statements);
  const attempt = async () => {
    let ready = statements.get(name);
    if (!ready) {
      ready = prepare(`PREPARE ${name} AS ${text}`);
      statements.set(name, ready);
      ready.catch(() => statements.delete(name));
    }
    await ready;
    return run();
  };
  try {
    return await attempt();
  } catch (err) {
    if ((err as { code?: string }).code !== INVALID_SQL_STATEMENT_NAME) throw err;
    statements.delete(name);
    return attempt();
  }
}

/** SQLSTATE of EXECUTE naming no prepared statement. */
const INVALID_SQL_STATEMENT_NAME = '26000';

/**
 * The statements prepared by SQL `PREPARE` on each session, by name: a PGlite instance (its one
 * session) or a node-postgres connection (a pool's connection keeps them until it closes).
 */
const preparedBySession = new WeakMap<object, Map<string, Promise<unknown>>>();

/** What Drizzle's PGlite prepared query holds: the client and the row options Drizzle passes to it. */
interface PglitePrepared {
  client: { query(text: string, params: unknown[], options?: unknown): Promise<unknown>; exec(text: string, options?: unknown): Promise<unknown[]>; execProtocol?: unknown };
  rawQueryConfig: unknown;
}

/** A node-postgres connection, as `executePrepared` uses it: a multi-statement text answers one result per statement. */
interface NodePgClient {
  query(config: { text: string; types?: unknown }): Promise<unknown[]>;
}

/** A connection taken from a node-postgres pool. */
interface NodePgPoolClient extends NodePgClient {
  release(): void;
}

/** What Drizzle's node-postgres prepared query holds: the pool (or a transaction's connection) and its row types. */
interface NodePgPrepared {
  client: { connect?: unknown; query: unknown };
  rawQueryConfig: { types?: unknown };
}

/**
 * The node-postgres pool or connection behind Drizzle's prepared query, or null (PGlite, whose
 * transaction object also has a `query`): a pool counts its connections (`totalCount`), a
 * connection has its socket (`connection`) and `escapeIdentifier`.
 */
function nodePgInstance(prepared: unknown): NodePgPrepared | null {
  const p = prepared as Partial<NodePgPrepared>;
  const client = p.client as (Record<string, unknown> & NodePgPrepared['client']) | undefined;
  if (!client || !p.rawQueryConfig || typeof client.query !== 'function') return null;
  const isNodePg = 'totalCount' in client || ('connection' in client && typeof client.escapeIdentifier === 'function');
  return isNodePg ? (p as NodePgPrepared) : null;
}

/** Whether `client` is a pool (its `connect` lends a connection) rather than one connection. */
function isPool(client: NodePgPrepared['client']): client is { connect(): Promise<NodePgPoolClient>; query: unknown } {
  return typeof client.connect === 'function' && 'totalCount' in client;
}

/**
 * The PGlite instance behind Drizzle's prepared query, or null: on node-postgres, and inside a
 * PGlite transaction (its client is a transaction object, which runs the statement unnamed).
 */
function pgliteInstance(prepared: unknown): PglitePrepared | null {
  const p = prepared as Partial<PglitePrepared>;
  return p.client && typeof p.client.execProtocol === 'function' && p.rawQueryConfig ? (p as PglitePrepared) : null;
}

/**
 * The bound values as the argument list of `EXECUTE` (`('a', '2', NULL)`, empty without values):
 * each an SQL literal of unknown type (quoted, quotes doubled; `standard_conforming_strings` is on,
 * so a backslash is itself), which PostgreSQL coerces to the parameter's type as it does a value
 * sent in text format, which is what the drivers send for `$n`. `null`/`undefined` → NULL.
 * @returns null when a value has no such literal (an object, a text holding NUL, which a
 *   statement's text cannot carry): the caller runs the statement as the driver does
 */
function literalArguments(values: unknown[]): string | null {
  if (values.length === 0) return '';
  const out: string[] = [];
  for (const value of values) {
    if (value === null || value === undefined) {
      out.push('NULL');
      continue;
    }
    let text: string;
    if (typeof value === 'string') text = value;
    else if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
    else if (value instanceof Date) text = value.toISOString();
    else return null;
    if (text.includes('\0')) return null;
    out.push(`'${text.replace(/'/g, "''")}'`);
  }
  return `(${out.join(', ')})`;
}
