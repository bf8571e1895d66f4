import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

/** The Drizzle database, the same type on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle (repositories take `Db | Tx`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything a repository can run queries on. */
export type Executor = Db | Tx;

/**
 * Raw SQL on the driver, in the shape pg-boss takes as its `db` option: `executeSql(text, values)`
 * answers `{rows}`. A text sent without values may hold several statements (pg-boss sends its
 * migrations and maintenance as `BEGIN; …; COMMIT;`).
 */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** An open database with its driver kind and a `close()` that releases it (and the data-folder lock). */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL outside Drizzle (the job queue library). */
  sql: SqlExecutor;
  /**
   * Runs `fn` in one transaction on one connection, with a raw executor bound to it (commits when
   * `fn` resolves, rolls back when it throws). Lets the job queue insert a job in the same
   * transaction as the change that asks for it.
   */
  transaction<T>(fn: (sql: SqlExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * `Database.transaction` on a node-postgres pool: one connection, `begin` (`BEGIN`, or `BEGIN READ
 * ONLY` for a standby), COMMIT when `fn` resolves, ROLLBACK when it throws.
 */
export function poolTransaction(pool: pg.Pool, begin = 'BEGIN'): Database['transaction'] {
  return async (fn) => {
    const connection = await pool.connect();
    try {
      await connection.query(begin);
      const result = await fn({ executeSql: (text, values) => connection.query(text, values) });
      await connection.query('COMMIT');
      return result;
    } catch (err) {
      await connection.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      connection.release();
    }
  };
}

/** Raised when another process holds the PGlite data folder. */
export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `A pasta de dados ${dir} já está em uso pelo processo ${pid}. O banco embutido (PGlite) aceita um único processo: ` +
        'pare o outro processo ou use DATABASE_URL com um PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the single-process lock of a PGlite data folder (`<dir>/acervo.lock` holding the PID).
 * A lock left by a dead process is replaced.
 * @throws DataDirLockedError when a live process holds it
 * @returns a function that releases the lock
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'acervo.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && pidAlive(pid)) throw new DataDirLockedError(dir, pid);
      if (pid === process.pid) throw new DataDirLockedError(dir, pid);
      fs.unlinkSync(file);
    }
  }
  throw new Error(`Não foi possível obter o bloqueio de ${dir}`);
}

/**
 * Opens the database and runs pending migrations.
 * @param opts.databaseUrl PostgreSQL connection string; when absent PGlite is used
 * @param opts.dataDir PGlite data folder; `memory://` for an in-memory database (tests)
 * @param opts.loadDataDir in-memory PGlite only: a `dumpDataDir` tarball to start from instead of an
 *   empty cluster (tests start from an already migrated snapshot: `src/test/pglite-snapshot.ts`);
 *   pending migrations still run
 * @throws DataDirLockedError when another live process uses the PGlite folder
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; loadDataDir?: Blob }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: Number(process.env.PG_POOL_MAX ?? 10) });
    // A connection the server ends (restart, DROP DATABASE … FORCE, idle timeout) emits 'error'; without
    // a listener Node would crash the process. The pool replaces the connection on the next query.
    const onConnectionError = (err: Error) => console.warn(`PostgreSQL: conexão encerrada (${err.message})`);
    pool.on('error', onConnectionError);
    pool.on('connect', (client) => client.on('error', onConnectionError));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // Several processes may start together: an advisory lock makes one of them migrate.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(720431)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query('SELECT pg_advisory_unlock(720431)').catch(() => undefined);
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      sql: { executeSql: (text, values) => pool.query(text, values) },
      transaction: poolTransaction(pool),
      close: () => pool.end(),
    };
  }
  const inMemory = opts.dataDir.startsWith('memory://');
  const release = inMemory ? () => undefined : lockDataDir(opts.dataDir);
  try {
    const client = await PGlite.create(inMemory ? opts.dataDir : path.join(opts.dataDir, 'pgdata'), {
      extensions: { pg_trgm, unaccent },
      ...(inMemory && opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS });
    return {
      db,
      kind: 'pglite',
      sql: {
        // PGlite has one connection: a multi-statement text runs inside PGlite's own transaction,
        // which holds its lock (nothing interleaves) and rolls back if a statement fails — a bare
        // exec would leave the only connection in an aborted transaction
        async executeSql(text, values) {
          if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
          const results = await client.transaction((tx) => tx.exec(text));
          return results.at(-1) ?? { rows: [] };
        },
      },
      transaction: (fn) =>
        client.transaction((tx) =>
          fn({
            async executeSql(text, values) {
              if (values && values.length > 0) return tx.query<Record<string, unknown>>(text, values);
              return (await tx.exec(text)).at(-1) ?? { rows: [] };
            },
          }),
        ),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** True when the database holds no company and no user yet (first start). */
export async function isEmptyDatabase(db: Executor): Promise<boolean> {
  const rows = await db.execute<{ n: number }>(sql`SELECT (SELECT count(*) FROM usuario)::int AS n`);
  return Number((rows as unknown as { rows: { n: number }[] }).rows[0].n) === 0;
}
