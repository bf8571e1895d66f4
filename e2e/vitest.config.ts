import { defineConfig } from 'vitest/config';
import ErpLastSequencer from './src/sequencer.ts';

/**
 * End-to-end tests: one server for the run (global setup), plus one with the demo's ERP simulator
 * for the files that need ERP data (src/erp-server.ts), Chromium per file, files in sequence.
 * `expect.poll` waits for what the user sees (a menu entry, a cell's value) exactly as long as a
 * Playwright locator does (30 s, its default action time-out): vitest's own default of 1 s is a
 * unit-test budget, and on a busy machine a sign-in or a re-render alone can take longer, so a
 * correct screen failed the poll (issue 21). Failing polls still fail; only the budget matches.
 * A test's own budget (`testTimeout`) only guards against a hang: every step already fails after
 * 30 s when what it waits for does not appear. At 60 s it cut off a correct 20-step scenario
 * (users.e2e, 60.0 s) on a machine running stress-ng plus five builds (load 13 on 2 cores), where
 * every step was only slower; it now matches the hook budget.
 * Steps wait with that 30 s default: a step names a shorter time-out only when it handles the
 * time-out itself (a catch, a second click). The 10 and 15 s waits for a screen some files had
 * failed a correct sign-in on a machine twice as slow (CI run 14: `shell-tabs.e2e`, 2,101 s).
 * The test and hook budgets are 300 s for the same reason: run 14's product-form scenario took 228 s
 * of its 240 s (45 s on the next run); that one has 480 s.
 */
export default defineConfig({
  test: {
    include: ['*.e2e.test.ts'],
    globalSetup: ['./src/global-setup.ts'],
    fileParallelism: false,
    // the files on the shared ERP server last, so its first sync overlaps the other files
    sequence: { sequencer: ErpLastSequencer },
    testTimeout: 300_000,
    hookTimeout: 300_000,
    expect: { poll: { timeout: 30_000 } },
  },
});
