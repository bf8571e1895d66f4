import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of `.dependency-cruiser.cjs` (docs/architecture.md), run as `npm run lint:deps`
 * runs them: a small tree laid out like the repository, with one import of each forbidden kind and
 * one of each allowed kind, must fail naming every forbidden import (both files) and nothing else;
 * the real tree must pass.
 */

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const depcruise = path.join(repoRoot, 'node_modules/.bin/depcruise');
const config = path.join(repoRoot, '.dependency-cruiser.cjs');

/** Runs depcruise in `cwd` on the three source roots; resolves with its exit code and output, never rejects. */
async function cruise(cwd: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(depcruise, ['apps/server/src', 'apps/web/src', 'packages/contracts/src', '--config', config, '--output-type', 'err'], { cwd, timeout: 240_000 });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** file → its imports (relative specifiers, with `.ts`). */
const FIXTURE: Record<string, string[]> = {
  // server: a domain may import infrastructure and another domain
  'apps/server/src/config.ts': [],
  'apps/server/src/shared/errors.ts': [],
  'apps/server/src/erp/erp-sync.ts': ['../shared/errors.ts', '../products/catalog.ts'],
  'apps/server/src/products/catalog.ts': ['../shared/errors.ts', './products.schema.ts'],
  'apps/server/src/products/products.schema.ts': [],
  // a table may be imported from anywhere (tables are the data model)
  'apps/server/src/schedules/cleanup.ts': ['../products/products.schema.ts'],
  // FORBIDDEN: infrastructure imports a domain
  'apps/server/src/jobs/background.ts': ['../erp/erp-sync.ts'],
  // FORBIDDEN: two domains import each other (alpha → beta → alpha)
  'apps/server/src/alpha/alpha.service.ts': ['../beta/beta.service.ts'],
  'apps/server/src/beta/beta.service.ts': ['../alpha/alpha.repository.ts'],
  'apps/server/src/alpha/alpha.repository.ts': [],
  // FORBIDDEN: a run-time cycle between two modules (one closed by `import type` only is allowed)
  'apps/server/src/products/price.ts': ['./discount.ts'],
  'apps/server/src/products/discount.ts': ['./price.ts'],
  // FORBIDDEN: a domain imports the composition root
  'apps/server/src/app.ts': ['./erp/erp-sync.ts', './alpha/alpha.service.ts'],
  'apps/server/src/users/users.routes.ts': ['../app.ts'],
  // web: the app shell imports any feature file; a feature imports shared/ and another feature's index.ts
  'apps/web/src/app/router.tsx': ['../features/orders/pages/orders-page.tsx'],
  'apps/web/src/shared/format/format.ts': [],
  'apps/web/src/features/orders/pages/orders-page.tsx': ['../../../shared/format/format.ts', '../../stock/index.ts'],
  'apps/web/src/features/stock/index.ts': ['./stock-level.ts'],
  'apps/web/src/features/stock/stock-level.ts': [],
  // FORBIDDEN: a feature imports another feature's internals
  'apps/web/src/features/orders/components/order-line.tsx': ['../../stock/stock-level.ts'],
  // FORBIDDEN: shared/ imports a feature
  'apps/web/src/shared/data-table/data-table.tsx': ['../../features/orders/pages/orders-page.tsx'],
  // FORBIDDEN: web imports server code
  'apps/web/src/features/stock/stock-api.ts': ['../../../../server/src/shared/errors.ts'],
  // FORBIDDEN: a feature imports the web's composition root
  'apps/web/src/features/stock/stock-menu.tsx': ['../../app/router.tsx'],
  // FORBIDDEN: contracts import an app
  'packages/contracts/src/index.ts': ['../../../apps/server/src/config.ts'],
};

describe('import rules (.dependency-cruiser.cjs)', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acervo-import-rules-'));
    for (const [file, imports] of Object.entries(FIXTURE)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      const body = imports.map((spec, i) => `import * as m${i} from '${spec}';\nexport const use${i} = m${i};\n`).join('') || 'export const value = 1;\n';
      fs.writeFileSync(path.join(dir, file), body);
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('fails on each forbidden import, naming the rule and both ends, and on nothing allowed', async () => {
    const { code, out } = await cruise(dir);
    expect(code, out).not.toBe(0);
    const violation = (rule: string, from: string, to: string) => expect(out, out).toMatch(new RegExp(`error ${rule}: ${from.replace(/\./g, '\\.')} → \\s*${to.replace(/\./g, '\\.')}`));
    violation('server-infrastructure-imports-domain', 'apps/server/src/jobs/background.ts', 'apps/server/src/erp/erp-sync.ts');
    violation('server-domain-cycle', 'apps/server/src/alpha', 'apps/server/src/beta');
    violation('server-composition-root-imported', 'apps/server/src/users/users.routes.ts', 'apps/server/src/app.ts');
    violation('web-feature-imports-another-feature-internals', 'apps/web/src/features/orders/components/order-line.tsx', 'apps/web/src/features/stock/stock-level.ts');
    violation('web-shared-imports-feature', 'apps/web/src/shared/data-table/data-table.tsx', 'apps/web/src/features/orders/pages/orders-page.tsx');
    violation('web-imports-server', 'apps/web/src/features/stock/stock-api.ts', 'apps/server/src/shared/errors.ts');
    expect(out).toMatch(/error server-module-cycle: apps\/server\/src\/products\/(price|discount)\.ts → \s*apps\/server\/src\/products\/(discount|price)\.ts/);
    violation('web-imports-app-shell', 'apps/web/src/features/stock/stock-menu.tsx', 'apps/web/src/app/router.tsx');
    violation('contracts-imports-app', 'packages/contracts/src/index.ts', 'apps/server/src/config.ts');
    // the domain cycle is reported from both of its folders, the module cycle once; no allowed import is
    expect(out).toMatch(/x 10 dependency violations \(10 errors/);
  });

  it('passes on the real tree', async () => {
    const { code, out } = await cruise(repoRoot);
    expect(code, out).toBe(0);
    expect(out).toMatch(/no dependency violations found/);
  });
});
