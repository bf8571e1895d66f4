// relative paths, not '@acervo/contracts': vite.config.ts imports this file, and Node (which runs
// the config) cannot load the package's TypeScript entry; the browser build resolves both to the
// same files
import type { MATCH_KINDS } from '../../../../packages/contracts/src/matching.ts';
import { REGISTERS, REGISTER_KEYS } from '../../../../packages/contracts/src/registers.ts';

/** Route-table id of each matching screen (kept here so the router does not load the feature to know it). */
export const MATCH_SCREEN_ROUTE_IDS = {
  CATEGORIA_BISAC: 'matchBisac',
  EDITORA: 'matchPublisher',
  CONTRIBUICAO: 'matchContribution',
  ENCADERNACAO: 'matchBinding',
  SITUACAO: 'matchStatus',
} as const satisfies Record<(typeof MATCH_KINDS)[number], string>;

/**
 * The page module (path under `apps/web/src/`) each lazily loaded screen imports, by route-table
 * id: the same modules `ROUTE_MODULES` (route-modules.ts) loads, written as data so the build can
 * read them (build/signed-in-preload.ts preloads the screen at the address from index.html,
 * before the entry has run). A test keeps the two tables equal.
 */
export const ROUTE_PAGE_FILES: Readonly<Record<string, string>> = {
  terminal: 'features/terminal/pages/terminal-page.tsx',
  catalog: 'features/products/pages/catalog-page.tsx',
  productForm: 'features/products/pages/product-form-page.tsx',
  productDetail: 'features/products/pages/product-form-page.tsx',
  company: 'features/companies/pages/company-page.tsx',
  user: 'features/users/pages/user-page.tsx',
  myUser: 'features/users/pages/my-user-page.tsx',
  profile: 'features/profiles/pages/profile-page.tsx',
  parameter: 'features/parameters/pages/parameter-page.tsx',
  schedule: 'features/schedules/pages/schedule-page.tsx',
  goal: 'features/goals/pages/goal-page.tsx',
  salesOrders: 'features/orders/pages/order-list-page.tsx',
  createOrder: 'features/orders/pages/order-create-page.tsx',
  logIntegration: 'features/integration/pages/log-integration-page.tsx',
  erpStats: 'features/integration/pages/erp-stats-page.tsx',
  queue: 'features/integration/pages/queue-page.tsx',
  reprocessing: 'features/integration/pages/reprocessing-page.tsx',
  publishers: 'features/publishers/pages/publisher-page.tsx',
  stock: 'features/reports/stock-page.tsx',
  billing: 'features/reports/billing-page.tsx',
  opportunity: 'features/reports/opportunity-page.tsx',
  replacementCalc: 'features/replenishment/pages/calculation-page.tsx',
  replacementHistory: 'features/replenishment/pages/history-page.tsx',
  productImport: 'features/product-import/pages/product-import-page.tsx',
  ...Object.fromEntries(Object.values(MATCH_SCREEN_ROUTE_IDS).map((id) => [id, 'features/matching/pages/match-page.tsx'])),
  ...Object.fromEntries(REGISTER_KEYS.map((key) => [REGISTERS[key].routeId, 'features/registers/pages/register-page.tsx'])),
};

/**
 * Modules a screen imports lazily but draws on its first view, by route-table id (paths under
 * `apps/web/src/`): index.html's script preloads them with the screen (build/signed-in-preload.ts).
 * Home's trend chart (MUI X Charts, ≈ 70 KB brotli) is part of the dashboard's full paint (issue 19).
 */
export const ROUTE_LAZY_FILES: Readonly<Record<string, readonly string[]>> = {
  home: ['features/home/components/trend-chart.tsx'],
};
