import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '@acervo/contracts';
import { ROUTE_MODULES, routeIdForPath } from './route-modules.ts';
import { ROUTE_PAGE_FILES } from './route-pages.ts';

describe('routeIdForPath', () => {
  it('prefers a static route over a parameterised one', () => {
    expect(routeIdForPath('/product/catalog')).toBe('catalog');
    expect(routeIdForPath('/product/42')).toBe('productDetail');
    expect(routeIdForPath('/product/produto-cadastrar')).toBe('productForm');
    expect(routeIdForPath('/system/user/me')).toBe('myUser');
  });

  it('matches the home page and trailing slashes, and nothing for unknown paths', () => {
    expect(routeIdForPath('/')).toBe('home');
    expect(routeIdForPath('/product/catalog/')).toBe('catalog');
    expect(routeIdForPath('/nao/existe/mesmo')).toBeNull();
  });

  it('has a loader for the built screens only, each one a route of the route table', () => {
    expect(Object.keys(ROUTE_MODULES).sort()).toEqual(['ageRange', 'billing', 'bindings', 'catalog', 'company', 'contentRating', 'contributions', 'createOrder', 'erpStats', 'goal', 'logIntegration', 'matchBinding', 'matchBisac', 'matchContribution', 'matchPublisher', 'matchStatus', 'myUser', 'opportunity', 'opportunityReason', 'parameter', 'productDetail', 'productForm', 'productImport', 'productLine', 'productStatus', 'profile', 'publishers', 'queue', 'replacementCalc', 'replacementHistory', 'reprocessing', 'salesOrders', 'schedule', 'stock', 'targetAudience', 'terminal', 'user']);
    const ids = new Set(APP_ROUTES.map((route) => route.id));
    for (const id of Object.keys(ROUTE_MODULES)) expect(ids.has(id), id).toBe(true);
  });

  it('names, for the build\'s inline preload, the same page module as each loader imports', () => {
    expect(Object.keys(ROUTE_PAGE_FILES).sort()).toEqual(Object.keys(ROUTE_MODULES).sort());
    for (const [id, load] of Object.entries(ROUTE_MODULES)) {
      // the loader's source keeps its import specifier, e.g. '../features/products/pages/catalog-page.tsx'
      expect(String(load), id).toContain(ROUTE_PAGE_FILES[id]);
    }
  });
});
