import { describe, expect, it } from 'vitest';
import { APP_ROUTES, ROLES, ROLE_LABELS, hasRole, permissionCatalogue, profileSaveSchema, roleMenuGroup } from './index.ts';

describe('permission catalogue', () => {
  it('has every role exactly once, each with a label in both languages', () => {
    for (const language of ['pt-BR', 'en-US'] as const) {
      const roles = permissionCatalogue(language).flatMap((group) => group.permissoes.map((p) => p.role));
      expect([...roles].sort()).toEqual([...ROLES].sort());
    }
    expect(Object.keys(ROLE_LABELS).sort()).toEqual([...ROLES].sort());
    for (const role of ROLES) expect(ROLE_LABELS[role]['pt-BR'].length * ROLE_LABELS[role]['en-US'].length, role).toBeGreaterThan(0);
  });

  it('puts each role in the menu group of a screen it opens', () => {
    for (const role of ROLES) {
      const group = roleMenuGroup(role);
      const menuRoutes = APP_ROUTES.filter((route) => route.menu && route.role && hasRole([role], route.role));
      if (menuRoutes.length) expect(menuRoutes.map((r) => r.menu), role).toContain(group);
    }
    expect(roleMenuGroup('ROLE_VISUALIZAR_CADASTROS_AUXILIARES')).toBe('product');
    expect(permissionCatalogue('en-US').find((g) => g.grupo === 'system')?.nome).toBe('System');
  });
});

describe('profileSaveSchema', () => {
  it('takes catalogue roles and refuses an unknown one on permissoes', () => {
    expect(profileSaveSchema.parse({ nome: ' Estoque ', permissoes: ['ROLE_VISUALIZAR_TERMINAL'] })).toEqual({ nome: 'Estoque', permissoes: ['ROLE_VISUALIZAR_TERMINAL'] });
    const bad = profileSaveSchema.safeParse({ nome: 'X', permissoes: ['ROLE_VISUALIZAR_TERMINAL', 'ROLE_X'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(['permissoes']);
    expect(bad.error?.issues[0].message).toContain('ROLE_X');
    expect(profileSaveSchema.safeParse({ nome: '', permissoes: [] }).success).toBe(false);
  });
});
