/**
 * Import rules of Acervo, checked by `npm run lint:deps` (dependency-cruiser; CI runs it through
 * `npm test`). The layers and why they are so: docs/architecture.md.
 *
 * Server (apps/server/src):
 *   composition root   app.ts, server.ts, worker.ts, routes.ts, domains.ts (and config.ts)
 *   domains            every other folder: auth, companies, users, profiles, parameters, email,
 *                      goals, products, erp, integration, matching, registers, publishers, proxy,
 *                      lookups, seed … (a new folder is a domain unless added to INFRASTRUCTURE)
 *   infrastructure     INFRASTRUCTURE below: shared, db, jobs, schedules, audit, web
 * A domain may import infrastructure and other domains (no cycle between domains); infrastructure
 * imports only infrastructure; nothing imports the composition root.
 *
 * Web (apps/web/src):
 *   app/ (the web's composition root: router, route table, i18n registry) imports anything;
 *   features/<name>/ imports shared/, its own folder, and another feature only through that
 *   feature's public surface, its `index.ts`; shared/ imports no feature and not app/.
 *
 * Left out of the graph:
 * - tests, test helpers, benches and fixtures: a test may reach anywhere to set up what it checks;
 * - the server's Drizzle table files (`*.schema.ts`): the tables are the data model, one layer
 *   with db/ although each sits in its domain's folder. Any code may read any table and a foreign
 *   key may point at any table, so an import of a table is no dependency on the domain's code.
 */

/** Server folders that are shared infrastructure: they import no domain. */
const INFRASTRUCTURE = ['shared', 'db', 'jobs', 'schedules', 'audit', 'web'];
const INFRA = `^apps/server/src/(${INFRASTRUCTURE.join('|')})/`;
const INFRA_FOLDER = `^apps/server/src/(${INFRASTRUCTURE.join('|')})$`;

module.exports = {
  forbidden: [
    {
      name: 'server-domain-cycle',
      severity: 'error',
      comment:
        'Two server domains import each other (directly or through others). Move what both need to shared/ ' +
        '(or to the one that owns it), or hand it in through the context (shared/context.ts) from the composition root.',
      scope: 'folder',
      // domain folders only: infrastructure imports no domain (rule below), so no domain cycle passes through it
      from: { path: '^apps/server/src/[^/]+$', pathNot: INFRA_FOLDER },
      to: { circular: true, path: '^apps/server/src/[^/]+$', pathNot: INFRA_FOLDER },
    },
    {
      name: 'server-module-cycle',
      severity: 'error',
      comment:
        'A cycle between server modules (run-time imports; a cycle closed only by `import type` is erased at build time and allowed). ' +
        'Break it by moving the shared part into a module both import.',
      from: { path: '^apps/server/src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'server-infrastructure-imports-domain',
      severity: 'error',
      comment:
        'Infrastructure (shared, db, jobs, schedules, audit, web) imports a domain. The domain should export what it ' +
        'contributes (task kinds, queues, audit scopes, routes) and the composition root (domains.ts, routes.ts) hands it over.',
      from: { path: INFRA },
      to: { path: '^apps/server/src/[^/]+/', pathNot: INFRA },
    },
    {
      name: 'server-composition-root-imported',
      severity: 'error',
      comment: 'Only the composition root imports the composition root (app.ts, server.ts, worker.ts, routes.ts, domains.ts).',
      from: { path: '^apps/server/src/[^/]+/' },
      to: { path: '^apps/server/src/(app|server|worker|routes|domains)\\.ts$' },
    },
    {
      name: 'web-shared-imports-feature',
      severity: 'error',
      comment: 'apps/web/src/shared is below the features: move the code it needs into shared/, or pass it in as a prop.',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-feature-imports-another-feature-internals',
      severity: 'error',
      comment:
        "A feature imports a file of another feature other than its public surface (features/<name>/index.ts). " +
        'Export it from that index.ts, or move it to apps/web/src/shared when both features own it.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'] },
    },
    {
      name: 'web-imports-app-shell',
      severity: 'error',
      comment: 'apps/web/src/app is the web composition root (router, route table, i18n registry): features and shared do not import it.',
      from: { path: '^apps/web/src/(features|shared)/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-imports-server',
      severity: 'error',
      comment: 'The web app never imports server code: what both need (schemas, routes, roles, messages) lives in packages/contracts.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/(server|erp-sim)/' },
    },
    {
      name: 'contracts-imports-app',
      severity: 'error',
      comment: 'packages/contracts is shared by the server and the web: it imports neither.',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    // type-only imports count: they couple modules as much as value imports do
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: ['node_modules', '\\.test\\.tsx?$', '\\.bench\\.ts$', '(^|/)test-helpers', '\\.test-helpers\\.ts$', '^apps/(server|web)/src/test/', 'fixtures', '^apps/server/src/.+\\.schema\\.ts$'],
    },
  },
};
