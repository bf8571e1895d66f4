import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES, routeIdForPath } from './route-modules.ts';

describe('routeIdForPath', () => {
  it('prefers a static route over a parameterised one', () => {
    expect(routeIdForPath('/product/catalog')).toBe('catalog');
    expect(routeIdForPath('/product/42')).toBe('productDetail');
    expect(routeIdForPath('/product/produto-cadastrar')).toBe('productForm');
  });

  it('matches the home page and trailing slashes, and nothing for unknown paths', () => {
    expect(routeIdForPath('/')).toBe('home');
    expect(routeIdForPath('/product/catalog/')).toBe('catalog');
    expect(routeIdForPath('/nao/existe/mesmo')).toBeNull();
  });

  it('has a loader for the built screens only', () => {
    expect(Object.keys(ROUTE_MODULES).sort()).toEqual(['catalog', 'productDetail']);
  });
});
