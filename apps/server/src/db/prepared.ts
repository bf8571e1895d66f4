import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
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
 * @param prefix a short name for the statement (letters, digits, underscores)
 */
export async function executePrepared<T>(db: Executor, prefix: string, query: SQL): Promise<T[]> {
  const internals = db as unknown as DrizzleInternals;
  const built = internals.dialect.sqlToQuery(query);
  const name = `${prefix}_${createHash('sha1').update(built.sql).digest('hex').slice(0, 12)}`;
  const prepared = internals.session.prepareQuery(built, undefined, name, false);
  const pglite = pgliteInstance(prepared);
  const args = pglite ? literalArguments(built.params) : null;
  if (!pglite || args === null) return resultRows<T>(await prepared.execute());
  const statements = preparedOnPglite.get(pglite.client) ?? new Map<string, Promise<unknown>>();
  preparedOnPglite.set(pglite.client, statements);
  const run = async () => {
    // one PREPARE per name, also when several requests ask for it at once
    let ready = statements.get(name);
    if (!ready) {
      ready = pglite.client.query(`PREPARE ${name} AS ${built.sql}`, []);
      statements.set(name, ready);
      ready.catch(() => statements.delete(name));
    }
    await ready;
    return resultRows<T>(await pglite.client.query(`EXECUTE ${name}${args}`, [], pglite.rawQueryConfig));
  };
  try {
    return await run();
  } catch (err) {
    // the session lost the statement (a DEALLOCATE or DISCARD ran): prepare it again, once
    if ((err as { code?: string }).code !== INVALID_SQL_STATEMENT_NAME) throw err;
    statements.delete(name);
    return run();
  }
}

/** SQLSTATE of EXECUTE naming no prepared statement. */
const INVALID_SQL_STATEMENT_NAME = '26000';

/** The statements prepared (SQL `PREPARE`) on each PGlite instance, by name: its one session keeps them. */
const preparedOnPglite = new WeakMap<object, Map<string, Promise<unknown>>>();

/** What Drizzle's PGlite prepared query holds: the client and the row options Drizzle passes to it. */
interface PglitePrepared {
  client: { query(text: string, params: unknown[], options?: unknown): Promise<unknown>; execProtocol?: unknown };
  rawQueryConfig: unknown;
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
