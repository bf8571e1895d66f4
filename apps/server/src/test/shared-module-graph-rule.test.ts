import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's tests run with `isolate: false` (vitest.config.ts): a worker runs its files one
 * after the other in one module graph and one process. That holds only while no test file changes
 * what the next file would import or read: a module mock (`vi.mock`, `vi.doMock`), a stubbed global
 * or variable (`vi.stubGlobal`, `vi.stubEnv`), an assignment to `process.env`, or fake timers left
 * on. This check fails on any of them in a server test, naming the file; such a test either restores
 * what it changed in its own `afterEach`/`afterAll` and is listed in ALLOWED with the reason, or
 * the config goes back to isolated files (docs/ci.md, run 35).
 */

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SELF = fileURLToPath(import.meta.url);
/** Changes that outlive a test file in a shared module graph. */
const LEAKING = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\s*\(|process\.env(\.\w+|\[[^\]]+\])\s*=(?!=)|delete\s+process\.env/;
/** Files allowed to use one of LEAKING, each with the reason (none today). */
const ALLOWED: ReadonlyMap<string, string> = new Map();

/** Test files and helpers under `dir`. */
function testFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...testFiles(full));
    else if (/\.test\.ts$/.test(entry.name) && full !== SELF) found.push(full);
  }
  return found;
}

describe('server tests in one module graph per worker', () => {
  it('never mock a module, stub a global or the environment, or leave fake timers', () => {
    const files = ['src', 'scripts'].flatMap((dir) => testFiles(path.join(serverRoot, dir)));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.map((file) => path.relative(serverRoot, file)).filter((file) => !ALLOWED.has(file) && LEAKING.test(fs.readFileSync(path.join(serverRoot, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('recognises each leaking change and leaves reads and comparisons alone', () => {
    for (const leak of ["vi.mock('../db/client.ts')", 'vi.stubEnv("TZ", "UTC")', 'vi.useFakeTimers()', "process.env.TZ = 'UTC'", "process.env['PORT'] = '1'", 'delete process.env.PORT']) {
      expect(LEAKING.test(leak), leak).toBe(true);
    }
    for (const fine of ['const url = process.env.DATABASE_URL', "if (process.env.CI === 'true')", 'vi.fn()', 'vi.spyOn(console, "warn")']) {
      expect(LEAKING.test(fine), fine).toBe(false);
    }
  });
});
