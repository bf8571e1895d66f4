import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that use the shared ERP server (`src/erp-server.ts`), in the order they run, after every
 * other file: the server's first sync of the demo ERP runs in the background while the other files
 * run, so these rarely wait for it. The dashboard last: it switches admin's company (and a sign-in
 * opens the last company), so orders and replenishment run in the first demo company, as on a fresh
 * server.
 */
export const ERP_FILES = ['orders.e2e.test.ts', 'replenishment.e2e.test.ts', 'dashboard.e2e.test.ts'];

/** Vitest's default order (slowest known first, else largest), then `ERP_FILES` last in that order. */
export default class ErpLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => ERP_FILES.indexOf(path.basename(spec.moduleId));
    return [...sorted.filter((spec) => rank(spec) < 0), ...sorted.filter((spec) => rank(spec) >= 0).sort((a, b) => rank(a) - rank(b))];
  }
}
