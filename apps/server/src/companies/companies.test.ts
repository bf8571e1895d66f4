import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FORBIDDEN_MESSAGE } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, createUser } from '../auth/auth.test-helpers.ts';
import { DEMO_COMPANIES } from '../seed/demo-seed.ts';
import { companies } from './companies.schema.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const [first, second] = DEMO_COMPANIES;

describe('GET system/company/usuario/{userId}', () => {
  it('lists a user’s own active companies as {id, nome}, ordered by name', async () => {
    const admin = await t.login('admin', 'admin');
    const res = await call(t.app, 'GET', `system/company/usuario/${t.seed.adminId}`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    const expected = [
      { id: t.seed.companyIds[0], nome: first.name },
      { id: t.seed.companyIds[1], nome: second.name },
    ].sort((a, b) => a.nome.localeCompare(b.nome));
    expect(res.json()).toEqual(expected);
  });

  it('lets a holder of ROLE_VISUALIZAR_USUARIO list another user; others get 403', async () => {
    const admin = await t.login('admin', 'admin');
    const res = await call(t.app, 'GET', `system/company/usuario/${t.seed.sellerId}`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: t.seed.companyIds[0], nome: first.name }]);
    const seller = await t.login('vendedor', 'vendedor');
    expect((await call(t.app, 'GET', `system/company/usuario/${t.seed.sellerId}`, { token: seller.token })).json()).toEqual([
      { id: t.seed.companyIds[0], nome: first.name },
    ]);
    const denied = await call(t.app, 'GET', `system/company/usuario/${t.seed.adminId}`, { token: seller.token });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(FORBIDDEN_MESSAGE);
  });

  it('hides inactive companies, answers [] for a user with no link, 404 for an unknown user, 400 for a bad id, 401 without token', async () => {
    const admin = await t.login('admin', 'admin');
    await t.database.db.update(companies).set({ active: false }).where(eq(companies.id, t.seed.companyIds[1]));
    try {
      const res = await call(t.app, 'GET', `system/company/usuario/${t.seed.adminId}`, { token: admin.token });
      expect(res.json()).toEqual([{ id: t.seed.companyIds[0], nome: first.name }]);
    } finally {
      await t.database.db.update(companies).set({ active: true }).where(eq(companies.id, t.seed.companyIds[1]));
    }
    const loneId = await createUser(t.database.db, { login: 'sem-empresa', password: 'x', companyIds: [] });
    expect((await call(t.app, 'GET', `system/company/usuario/${loneId}`, { token: admin.token })).json()).toEqual([]);
    expect((await call(t.app, 'GET', 'system/company/usuario/999999', { token: admin.token })).statusCode).toBe(404);
    const bad = await call(t.app, 'GET', 'system/company/usuario/abc', { token: admin.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0].field).toBe('userId');
    expect((await call(t.app, 'GET', `system/company/usuario/${t.seed.adminId}`)).statusCode).toBe(401);
  });
});

describe('GET system/company/empresaSelect', () => {
  it('lists the caller’s own active companies', async () => {
    const seller = await t.login('vendedor', 'vendedor');
    const res = await call(t.app, 'GET', 'system/company/empresaSelect', { token: seller.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: t.seed.companyIds[0], nome: first.name }]);
    const admin = await t.login('admin', 'admin');
    expect((await call(t.app, 'GET', 'system/company/empresaSelect', { token: admin.token })).json()).toHaveLength(2);
    expect((await call(t.app, 'GET', 'system/company/empresaSelect')).statusCode).toBe(401);
  });

  it('a user without any company signs in with idEmpresa null and no roles, and gets []', async () => {
    const user = await t.login('sem-empresa', 'x');
    const res = await call(t.app, 'GET', 'system/company/empresaSelect', { token: user.token });
    expect(res.json()).toEqual([]);
    expect(user).toMatchObject({ idEmpresa: null, roles: [], nomPerfil: null });
  });
});
