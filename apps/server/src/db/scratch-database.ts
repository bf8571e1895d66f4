import crypto from 'node:crypto';
import pg from 'pg';

/** A database created for one test file or benchmark run. */
export interface ScratchDatabase {
  /** Connection string of the new database (same server and user as the base URL). */
  url: string;
  /** Drops the database, closing any connection still open to it. */
  drop(): Promise<void>;
}

async function adminQuery(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creates a fresh, empty PostgreSQL database on the server of `baseUrl` (whose user needs
 * CREATEDB). Used by tests (one database per file, so files run in parallel) and benchmarks.
 * @param baseUrl a connection string to any database of that server
 * @param name the database name; default `<prefix>_<12 random hex>`. An existing database of that
 *   name is dropped first.
 * @param prefix name prefix when `name` is not given (letters, digits, `_`)
 */
export async function createScratchDatabase(baseUrl: string, opts: { name?: string; prefix?: string } = {}): Promise<ScratchDatabase> {
  const name = opts.name ?? `${opts.prefix ?? 'acervo_t'}_${crypto.randomBytes(6).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid database name ${name}`);
  await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
