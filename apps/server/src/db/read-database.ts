import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { poolTransaction, type Database, type Db } from './client.ts';
import * as schema from './schema.ts';

/**
 * Where reports, exports and the dashboard read (issue 17, Part 5): a PostgreSQL hot standby when
 * `DATABASE_READ_URL` is set, otherwise the primary database itself. Everything that writes uses
 * `ctx.db`; only read-only report queries take `ctx.readDb.db`. docs/reports.md, "Reading from a
 * standby", says how to run one.
 */
export interface ReadDatabase {
  /** Drizzle on the standby (or the primary when none is configured). Never write through it. */
  db: Db;
  /**
   * The same side as a `Database` (raw SQL and transactions), for code that streams with a cursor
   * (`shared/cursor.ts` `streamRows`, the export job). Its `close()` does nothing: close the
   * ReadDatabase instead.
   */
  database: Database;
  /** True when `db` is a separate standby connection. */
  replica: boolean;
  /**
   * When the standby is behind its primary: the commit time of the last transaction it replayed
   * (reports show "dados até HH:mm"). null when reading the primary, or when the standby has
   * replayed all the WAL it received and its receiver is streaming.
   * Never throws: a standby that cannot answer its replay state answers now (a notice that may be
   * needless is better than none while the report's own query is about to fail or be late).
   */
  staleSince(): Promise<Date | null>;
  close(): Promise<void>;
}

/** Row of the standby's replay state query. */
type ReplayState = {
  in_recovery: boolean;
  caught_up: boolean | null;
  streaming: boolean;
  replayed_at: Date | string | null;
};

/**
 * Opens the read side.
 * @param url `DATABASE_READ_URL` (a hot standby of the primary, same database name), or undefined
 * @param primary the open primary database; answered as the read side when `url` is undefined or
 *   the primary is PGlite (an embedded database has no standby)
 * @returns the read database; with a URL, a pool of `PG_READ_POOL_MAX` (default 10) connections
 */
export function openReadDatabase(url: string | undefined, primary: Database): ReadDatabase {
  if (!url || primary.kind !== 'postgres') {
    return { db: primary.db, database: primary, replica: false, staleSince: async () => null, close: async () => undefined };
  }
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_READ_POOL_MAX ?? 10) });
  const onConnectionError = (err: Error) => console.warn(`PostgreSQL (leitura): conexão encerrada (${err.message})`);
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const database: Database = {
    db,
    kind: 'postgres',
    sql: { executeSql: (text, values) => pool.query(text, values) },
    transaction: poolTransaction(pool, 'BEGIN READ ONLY'),
    close: async () => undefined,
  };
  return {
    db,
    database,
    replica: true,
    async staleSince() {
      try {
        const result = await db.execute<ReplayState>(sql`
          SELECT pg_is_in_recovery() AS in_recovery,
                 pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() AS caught_up,
                 EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE status = 'streaming') AS streaming,
                 pg_last_xact_replay_timestamp() AS replayed_at`);
        const row = (result as unknown as { rows: ReplayState[] }).rows[0];
        // a promoted standby (or a URL that names a primary) is current by definition
        if (!row.in_recovery) return null;
        if (row.caught_up && row.streaming) return null;
        return row.replayed_at ? new Date(row.replayed_at) : new Date();
      } catch {
        return new Date();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The read URL of a scratch database: `readBaseUrl` (any database of the standby server) with the
 * database name of `primaryUrl`. Tests and benches create a database on the primary; the standby
 * replays it under the same name.
 */
export function readUrlFor(readBaseUrl: string, primaryUrl: string): string {
  const url = new URL(readBaseUrl);
  url.pathname = new URL(primaryUrl).pathname;
  return url.toString();
}
