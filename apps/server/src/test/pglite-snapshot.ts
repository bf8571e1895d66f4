import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import './provided.ts';


let file = '';

/**
 * Vitest global setup of the server's tests: migrates one in-memory PGlite cluster through
 * `openDatabase` (the product's own path: extensions, migrations) and writes its `dumpDataDir`
 * tarball to a temporary file, whose path `openTestDatabase` reads (`inject('pgliteSnapshot')`).
 * Each test file then starts its fresh in-memory database from that tarball instead of running
 * PGlite's initdb and all the migrations again: with 55 files that was most of a file's set-up
 * time (docs/ci.md). Nothing is shared between files at run time: each loads its own copy.
 * Does nothing when DATABASE_URL is set (PostgreSQL scratch databases are migrated per file).
 */
export async function setup(project: TestProject): Promise<void> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    return;
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const tarball = await client.dumpDataDir('none');
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-pglite-')), 'migrated.tar');
    fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteSnapshot', file);
}

/** Removes the tarball. */
export function teardown(): void {
  if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
