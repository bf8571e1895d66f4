import { describe, expect, it } from 'vitest';
import { ROLES, SELLER_DEMO_ROLES } from '@acervo/contracts';
import { buildMenu, isActivePath } from './menu-model.ts';

describe('buildMenu', () => {
  it('shows every group and entry to a user holding every role', () => {
    const menu = buildMenu(ROLES);
    expect(menu.map((s) => s.group)).toEqual(['home', 'product', 'orders', 'replacement', 'reports', 'system']);
    const product = menu.find((s) => s.group === 'product');
    expect(product?.entries.map((e) => e.id)).toEqual(['terminal', 'catalog', 'queue', 'erpStats', 'publishers', 'ageRange', 'targetAudience', 'contentRating', 'productLine']);
    const system = menu.find((s) => s.group === 'system');
    expect(system?.entries).toHaveLength(16);
    expect(system?.entries.filter((e) => e.id.startsWith('match'))).toHaveLength(5);
  });

  it('hides a group when none of its children is allowed', () => {
    const menu = buildMenu(SELLER_DEMO_ROLES);
    expect(menu.map((s) => s.group)).toEqual(['home', 'product', 'reports']);
    expect(menu.find((s) => s.group === 'product')?.entries.map((e) => e.id)).toEqual(['terminal']);
    expect(menu.find((s) => s.group === 'reports')?.entries.map((e) => e.id)).toEqual(['billing', 'stock']);
  });

  it('keeps only the always-open Home for a user with no roles', () => {
    expect(buildMenu([]).map((s) => s.group)).toEqual(['home']);
  });

  it('matches required texts by substring (VISUALIZAR_REPOSICAO_CALCULO inside ROLE_…)', () => {
    const menu = buildMenu(['ROLE_VISUALIZAR_REPOSICAO_CALCULO']);
    expect(menu.find((s) => s.group === 'replacement')?.entries.map((e) => e.id)).toEqual(['replacementCalc']);
  });
});

describe('isActivePath', () => {
  it('marks an entry active on its path and below, and Home only on /', () => {
    expect(isActivePath('/product/catalog', '/product/catalog')).toBe(true);
    expect(isActivePath('/product/catalog', '/product/catalogue')).toBe(false);
    expect(isActivePath('/', '/product/catalog')).toBe(false);
    expect(isActivePath('/', '/')).toBe(true);
  });
});
