import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (unit and API tests on fixtures the project owns; `npm test`) and `data`
 * (tests that read ../shared/data real files; `npm run test:data`). `*.pg.test.ts` files need
 * PostgreSQL itself (several processes on one database), so they join `unit` only when
 * DATABASE_URL is set (`npm run test:api` on PostgreSQL, as CI runs it). `*.standby.test.ts` files
 * need a hot standby too (DATABASE_READ_URL; scripts/pg-standby.sh, .ci/run's standby step).
 */
const postgresOnly = [
  ...(process.env.DATABASE_URL ? [] : ['src/**/*.pg.test.ts']),
  ...(process.env.DATABASE_URL && process.env.DATABASE_READ_URL ? [] : ['src/**/*.standby.test.ts']),
];
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: ONE on CI's 2 cores, so the files (each
    // with its own database) ran one after the other. As many as the cores, at most 4 (docs/ci.md).
    maxWorkers: Math.min(Math.max(availableParallelism(), 1), 4),
    // A worker runs its files one after the other in one module graph instead of a fresh one per
    // file: the whole suite 336 → 170 s on PGlite and 245 → 154 s on PostgreSQL, half the CPU
    // (docs/ci.md, run 35). It holds because no server test mocks a module or changes process.env,
    // and module state is set per app (configureSecrets) or per connection (prepared statements).
    isolate: false,
    // one migrated in-memory PGlite cluster, loaded by every file instead of migrating its own
    globalSetup: ['./src/test/pglite-snapshot.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'], exclude: ['src/**/*.data.test.ts', ...postgresOnly], testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        extends: true,
        test: { name: 'data', include: ['src/**/*.data.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 },
      },
    ],
  },
});
