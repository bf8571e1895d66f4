import { describe, expect, it } from 'vitest';
import { ROLES, SELLER_DEMO_ROLES } from '@acervo/contracts';
import { activeEntry, buildMenu, isActivePath } from './menu-model.ts';

describe('buildMenu', () => {
  it('shows every group and entry to a user holding every role', () => {
    const menu = buildMenu(ROLES);
    expect(menu.map((s) => s.group)).toEqual(['home', 'product', 'orders', 'replacement', 'reports', 'system']);
    const product = menu.find((s) => s.group === 'product');
    expect(product?.entries.map((e) => e.id)).toEqual(['terminal', 'catalog', 'queue', 'erpStats', 'publishers', 'ageRange', 'targetAudience', 'contentRating', 'productLine', 'opportunityReason']);
    const system = menu.find((s) => s.group === 'system');
    expect(system?.entries).toHaveLength(16);
    expect(system?.entries.filter((e) => e.id.startsWith('match'))).toHaveLength(5);
  });

  it('hides a group when none of its children is allowed', () => {
    const menu = buildMenu(SELLER_DEMO_ROLES);
    // the demo seller has the terminal, their own sales orders (issue 19) and two reports; no replenishment, no system
    expect(menu.map((s) => s.group)).toEqual(['home', 'product', 'orders', 'reports']);
    expect(menu.find((s) => s.group === 'product')?.entries.map((e) => e.id)).toEqual(['terminal']);
    expect(menu.find((s) => s.group === 'orders')?.entries.map((e) => e.id)).toEqual(['salesOrders', 'createOrder']);
    // Oportunidades is open to every signed-in user (SPEC routes table, issue 15)
    expect(menu.find((s) => s.group === 'reports')?.entries.map((e) => e.id)).toEqual(['billing', 'stock', 'opportunity']);
  });

  it('keeps the always-open Home and Relatórios › Oportunidades for a user with no roles', () => {
    const menu = buildMenu([]);
    expect(menu.map((s) => s.group)).toEqual(['home', 'reports']);
    expect(menu.find((s) => s.group === 'reports')?.entries.map((e) => [e.id, e.path, e.labelKey])).toEqual([['opportunity', '/reports/opportunity', 'menu.opportunity']]);
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

describe('activeEntry (issue 15: one highlighted entry)', () => {
  it('highlights only the most specific entry: Criar pedido on /pedido/pedido-venda/cadastrar, not Pedidos de venda too', () => {
    const menu = buildMenu(ROLES);
    expect(activeEntry(menu, '/pedido/pedido-venda/cadastrar')).toMatchObject({ group: 'orders', entry: { id: 'createOrder' } });
    expect(activeEntry(menu, '/pedido/pedido-venda')).toMatchObject({ group: 'orders', entry: { id: 'salesOrders' } });
    expect(activeEntry(menu, '/pedido/pedido-venda/42')).toMatchObject({ entry: { id: 'salesOrders' } });
    expect(activeEntry(menu, '/system/user/me')).toMatchObject({ group: 'system', entry: { id: 'user' } });
    expect(activeEntry(menu, '/')).toMatchObject({ group: 'home', entry: { id: 'home' } });
    expect(activeEntry(menu, '/caminho/que-nao-existe')).toBeUndefined();
  });
});
