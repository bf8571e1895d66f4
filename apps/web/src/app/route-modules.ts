import type { ComponentType } from 'react';
import { APP_ROUTES, MATCH_KINDS, REGISTERS, REGISTER_KEYS } from '@acervo/contracts';
import { MATCH_SCREEN_ROUTE_IDS } from './route-pages.ts';

/** A lazily loaded screen: its module exports the page component under `Component`. */
export type RouteModuleLoader = () => Promise<{ Component: ComponentType }>;

/**
 * The screens that are built (the others are placeholders), by route-table id, each loaded on
 * demand. The one table both the router (`lazy`) and the preload after the entry has run use.
 * `ROUTE_PAGE_FILES` (route-pages.ts) names the same modules as data for the build's inline
 * preload; a test keeps the two equal.
 */
export const ROUTE_MODULES: Readonly<Partial<Record<string, RouteModuleLoader>>> = {
  terminal: async () => ({ Component: (await import('../features/terminal/pages/terminal-page.tsx')).TerminalPage }),
  catalog: async () => ({ Component: (await import('../features/products/pages/catalog-page.tsx')).CatalogPage }),
  productForm: async () => ({ Component: (await import('../features/products/pages/product-form-page.tsx')).ProductCreatePage }),
  productDetail: async () => ({ Component: (await import('../features/products/pages/product-form-page.tsx')).ProductEditPage }),
  company: async () => ({ Component: (await import('../features/companies/pages/company-page.tsx')).CompanyPage }),
  user: async () => ({ Component: (await import('../features/users/pages/user-page.tsx')).UserPage }),
  myUser: async () => ({ Component: (await import('../features/users/pages/my-user-page.tsx')).MyUserPage }),
  profile: async () => ({ Component: (await import('../features/profiles/pages/profile-page.tsx')).ProfilePage }),
  parameter: async () => ({ Component: (await import('../features/parameters/pages/parameter-page.tsx')).ParameterPage }),
  schedule: async () => ({ Component: (await import('../features/schedules/pages/schedule-page.tsx')).SchedulePage }),
  goal: async () => ({ Component: (await import('../features/goals/pages/goal-page.tsx')).GoalPage }),
  salesOrders: async () => ({ Component: (await import('../features/orders/pages/order-list-page.tsx')).OrderListPage }),
  createOrder: async () => ({ Component: (await import('../features/orders/pages/order-create-page.tsx')).OrderCreatePage }),
  logIntegration: async () => ({ Component: (await import('../features/integration/pages/log-integration-page.tsx')).LogIntegrationPage }),
  erpStats: async () => ({ Component: (await import('../features/integration/pages/erp-stats-page.tsx')).ErpStatsPage }),
  queue: async () => ({ Component: (await import('../features/integration/pages/queue-page.tsx')).QueuePage }),
  reprocessing: async () => ({ Component: (await import('../features/integration/pages/reprocessing-page.tsx')).ReprocessingPage }),
  publishers: async () => ({ Component: (await import('../features/publishers/pages/publisher-page.tsx')).PublisherPage }),
  stock: async () => ({ Component: (await import('../features/reports/stock-page.tsx')).StockPage }),
  billing: async () => ({ Component: (await import('../features/reports/billing-page.tsx')).BillingPage }),
  opportunity: async () => ({ Component: (await import('../features/reports/opportunity-page.tsx')).OpportunityPage }),
  replacementCalc: async () => ({ Component: (await import('../features/replenishment/pages/calculation-page.tsx')).CalculationPage }),
  replacementHistory: async () => ({ Component: (await import('../features/replenishment/pages/history-page.tsx')).HistoryPage }),
  productImport: async () => ({ Component: (await import('../features/product-import/pages/product-import-page.tsx')).ProductImportPage }),
  // the five matching tables (issue 8): one generic page, one chunk
  ...Object.fromEntries(MATCH_KINDS.map((kind) => [MATCH_SCREEN_ROUTE_IDS[kind], async () => ({ Component: (await import('../features/matching/pages/match-page.tsx')).matchPageComponent(kind) })])),
  // every simple register (issue 8): one generic page, one chunk
  ...Object.fromEntries(REGISTER_KEYS.map((key) => [REGISTERS[key].routeId, async () => ({ Component: (await import('../features/registers/pages/register-page.tsx')).registerPageComponent(key) })])),
};

/**
 * Route-table id of the route a path opens: a static path wins over a parameterised one
 * (`/product/catalog` is the catalogue, not the product `:id`); null when none matches.
 */
export function routeIdForPath(pathname: string): string | null {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  let best: { id: string; params: number } | null = null;
  for (const route of APP_ROUTES) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== parts.length || !pattern.every((p, i) => p.startsWith(':') || p === parts[i])) continue;
    const params = pattern.filter((p) => p.startsWith(':')).length;
    if (!best || params < best.params) best = { id: route.id, params };
  }
  return best?.id ?? null;
}

/**
 * Starts downloading the screen a path opens, if it is a lazily loaded one, so that after a
 * reload its chunk arrives together with the signed-in app instead of after it (one round trip
 * less before the first paint of the screen).
 */
export function preloadRouteModule(pathname: string): void {
  const id = routeIdForPath(pathname);
  const load = id ? ROUTE_MODULES[id] : undefined;
  if (load) void load();
}
