import { describe, expect, it } from 'vitest';
import { ROLES, SELLER_DEMO_ROLES } from '@acervo/contracts';
import { landingPath, matchesRoutePath } from './landing.ts';

const at = (href: string) => {
  const url = new URL(href, 'http://localhost');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

describe('landingPath (issue 15, defect 2)', () => {
  it('matches route-table patterns segment by segment', () => {
    expect(matchesRoutePath('/product/:id', '/product/42')).toBe(true);
    expect(matchesRoutePath('/product/:id', '/product/42/')).toBe(true);
    expect(matchesRoutePath('/product/:id', '/product')).toBe(false);
    expect(matchesRoutePath('/system/user', '/system/user/me')).toBe(false);
    expect(matchesRoutePath('/', '/')).toBe(true);
  });

  it('keeps an allowed deep link with its query and hash, without the reset token', () => {
    expect(landingPath(at('/product/42?aba=historico#x'), ROLES)).toBe('/product/42?aba=historico#x');
    expect(landingPath(at('/system/user?resetToken=abc&nome=ana'), ROLES)).toBe('/system/user?nome=ana');
    expect(landingPath(at('/reports/stock'), SELLER_DEMO_ROLES)).toBe('/reports/stock');
  });

  it('answers / for a route the roles do not allow, an unknown path, or the reset link', () => {
    expect(landingPath(at('/system/user'), SELLER_DEMO_ROLES)).toBe('/');
    expect(landingPath(at('/product/42'), SELLER_DEMO_ROLES)).toBe('/');
    expect(landingPath(at('/nao-existe'), ROLES)).toBe('/');
    expect(landingPath(at('/?resetToken=abc'), ROLES)).toBe('/');
  });
});
