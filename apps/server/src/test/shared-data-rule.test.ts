import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `npm test` needs nothing beyond `npm install` (README): a test that reads the real feeds of the
 * shared data folder (`../shared/data` beside the repository, or `ACERVO_SHARED_DATA`) belongs to
 * `npm run test:data` (`*.data.test.ts`, server project `data`). CI also runs `npm test` with
 * `ACERVO_SHARED_DATA` set to an empty folder; this check catches a test that would find the folder
 * by a path of its own, which that run cannot.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SELF = fileURLToPath(import.meta.url);
/** Folders whose tests `npm test` runs (and the e2e suite, which imports the project's fixtures). */
const ROOTS = ['apps', 'packages', 'e2e'];
/** The shared data folder named in a path or by its variable; `shared/data-table` (a web folder) is not it. */
const SHARED_DATA = /shared\/data(?![\w-])|ACERVO_SHARED_DATA/;

/** Test files and test helpers under `dir`, data tests left out. */
function testFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...testFiles(full));
    else if (/\.(test|test-helpers)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.data.test.ts') && full !== SELF) found.push(full);
  }
  return found;
}

describe('tests that npm test runs', () => {
  it('never read the shared data folder (those are *.data.test.ts, npm run test:data)', () => {
    const files = ROOTS.flatMap((root) => testFiles(path.join(repoRoot, root)));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((file) => SHARED_DATA.test(fs.readFileSync(file, 'utf8'))).map((file) => path.relative(repoRoot, file));
    expect(offenders).toEqual([]);
  });

  it('recognises the folder by path or variable, not the web shared/data-table', () => {
    expect(SHARED_DATA.test("path.resolve(repoRoot, '../shared/data')")).toBe(true);
    expect(SHARED_DATA.test('process.env.ACERVO_SHARED_DATA')).toBe(true);
    expect(SHARED_DATA.test("import { DataTable } from '../../shared/data-table/data-table.tsx'")).toBe(false);
  });
});
