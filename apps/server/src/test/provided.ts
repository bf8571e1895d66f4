/**
 * What the server tests' global setup (`pglite-snapshot.ts`) provides to the test files
 * (`inject` in `test-app.ts`). In its own file so every project that type-checks `test-app.ts`
 * (bench imports it) sees the declaration.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a tarball of an in-memory PGlite cluster with every migration applied ('' on PostgreSQL). */
    pgliteSnapshot: string;
  }
}

export {};
