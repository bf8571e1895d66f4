import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import {
  COMPANY_HEADER_INVALID_MESSAGE,
  COMPANY_MISMATCH_MESSAGE,
  FORBIDDEN_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  LOGIN_RATE_LIMIT_MESSAGE,
  ROLES,
  SELLER_DEMO_ROLES,
  UNAUTHORIZED_MESSAGE,
  hashPassword,
  sessionUserSchema,
  type SessionUser,
} from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { buildApp } from '../app.ts';
import { users } from '../users/users.schema.ts';
import { companies } from '../companies/companies.schema.ts';
import { loginFailures, sessions } from './auth.schema.ts';
import { LOGIN_LIMITS } from './login-rate-limit.ts';
import { LOGOUT_MESSAGE } from './auth.service.ts';
import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from './auth-guard.ts';
import { call, createUser, loginCall, setParameter } from './auth.test-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST auth/login', () => {
  it('answers the session user with a token bound to a new session in the last company', async () => {
    const res = await loginCall(t.app, 'admin', 'admin');
    expect(res.statusCode).toBe(200);
    const user = sessionUserSchema.parse(res.json());
    expect(user).toMatchObject({ id: t.seed.adminId, idEmpresa: t.seed.companyIds[0], nome: 'Administrador', nomPerfil: 'Administrador', login: 'admin', indNewPassword: false });
    expect(user.roles).toEqual([...ROLES].sort());
    const claims = decodeJwt(user.token);
    expect(claims.sub).toBe(String(t.seed.adminId));
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.id, String(claims.sid)));
    expect(session).toMatchObject({ userId: t.seed.adminId, companyId: t.seed.companyIds[0], revokedAt: null });
    // TOKEN_EXPIRACAO_DIAS default 1 day: session and JWT expire together.
    const dayMs = 86_400_000;
    expect(Math.abs(session.expiresAt.getTime() - (Date.now() + dayMs))).toBeLessThan(60_000);
    expect(Math.abs(Number(claims.exp) * 1000 - session.expiresAt.getTime())).toBeLessThan(1000);
    const who = await call(t.app, 'GET', 'system/company/empresaSelect', { token: user.token });
    expect(who.statusCode).toBe(200);
  });

  it('is case-insensitive on the login', async () => {
    const res = await loginCall(t.app, '  ADMIN ', 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json().login).toBe('admin');
  });

  it('answers 401 with the same message for a wrong password, an unknown login and an inactive user', async () => {
    const wrong = await loginCall(t.app, 'admin', 'nope', '10.0.0.1');
    const unknown = await loginCall(t.app, 'ninguem', 'admin', '10.0.0.1');
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, t.seed.sellerId));
    const inactive = await loginCall(t.app, 'vendedor', 'vendedor', '10.0.0.1');
    await t.database.db.update(users).set({ active: true }).where(eq(users.id, t.seed.sellerId));
    for (const res of [wrong, unknown, inactive]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: LOGIN_FAILED_MESSAGE, messages: [{ field: '', message: LOGIN_FAILED_MESSAGE }] });
    }
    await t.database.db.delete(loginFailures);
  });

  it('selects ultima_empresa_id when still linked, otherwise the first linked company, and honours TOKEN_EXPIRACAO_DIAS', async () => {
    const [c1, c2] = t.seed.companyIds;
    await setParameter(t.database.db, 'TOKEN_EXPIRACAO_DIAS', '3');
    await t.database.db.update(users).set({ lastCompanyId: c2 }).where(eq(users.id, t.seed.adminId));
    const admin = (await loginCall(t.app, 'admin', 'admin')).json() as SessionUser;
    expect(admin.idEmpresa).toBe(c2);
    expect(Number(decodeJwt(admin.token).exp) * 1000 - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);
    await setParameter(t.database.db, 'TOKEN_EXPIRACAO_DIAS', '1');
    // vendedor is linked to company 1 only: a stale c2 falls back to c1.
    await t.database.db.update(users).set({ lastCompanyId: c2 }).where(eq(users.id, t.seed.sellerId));
    const seller = (await loginCall(t.app, 'vendedor', 'vendedor')).json() as SessionUser;
    expect(seller.idEmpresa).toBe(c1);
    expect(seller.roles).toEqual([...SELLER_DEMO_ROLES].sort());
    expect(seller.nomPerfil).toBe('Vendedor');
    const [row] = await t.database.db.select({ last: users.lastCompanyId }).from(users).where(eq(users.id, t.seed.sellerId));
    expect(row.last).toBe(c1);
    // an inactive company is skipped
    await t.database.db.update(companies).set({ active: false }).where(eq(companies.id, c2));
    const admin2 = (await loginCall(t.app, 'admin', 'admin')).json() as SessionUser;
    expect(admin2.idEmpresa).toBe(c1);
    await t.database.db.update(companies).set({ active: true }).where(eq(companies.id, c2));
    await t.database.db.update(users).set({ lastCompanyId: c1 }).where(eq(users.id, t.seed.adminId));
  });
});

describe('failed-login rate limit (table tentativa_login)', () => {
  afterEach(async () => {
    await t.database.db.delete(loginFailures);
  });

  it('blocks a login after 5 failures within the window, even with the right password, with Retry-After', async () => {
    for (let i = 0; i < LOGIN_LIMITS.login.maxFailures; i++) {
      expect((await loginCall(t.app, 'vendedor', `wrong${i}`, `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const blocked = await loginCall(t.app, 'VENDEDOR', 'vendedor', '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(LOGIN_RATE_LIMIT_MESSAGE);
    const retry = Number(blocked.headers['retry-after']);
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    // other logins from the same address are not affected
    expect((await loginCall(t.app, 'admin', 'admin', '10.1.1.1')).statusCode).toBe(200);
  });

  it('a successful login clears the login counter', async () => {
    for (let i = 0; i < LOGIN_LIMITS.login.maxFailures - 1; i++) expect((await loginCall(t.app, 'vendedor', 'x', '10.2.0.1')).statusCode).toBe(401);
    expect((await loginCall(t.app, 'vendedor', 'vendedor', '10.2.0.1')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.login.maxFailures - 1; i++) expect((await loginCall(t.app, 'vendedor', 'x', '10.2.0.1')).statusCode).toBe(401);
    expect((await loginCall(t.app, 'vendedor', 'vendedor', '10.2.0.1')).statusCode).toBe(200);
  });

  it('blocks an address after 20 failures across logins; other addresses still sign in', async () => {
    for (let i = 0; i < LOGIN_LIMITS.address.maxFailures; i++) {
      expect((await loginCall(t.app, `ninguem${i}`, 'x', '10.3.0.1')).statusCode).toBe(401);
    }
    const blocked = await loginCall(t.app, 'admin', 'admin', '10.3.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await loginCall(t.app, 'admin', 'admin', '10.3.0.2')).statusCode).toBe(200);
  });

  it('is shared by every app instance on the database, and the window expires', async () => {
    const second = await buildApp(t.ctx.config, t.database);
    try {
      for (let i = 0; i < LOGIN_LIMITS.login.maxFailures; i++) expect((await loginCall(t.app, 'vendedor', 'x', '10.4.0.1')).statusCode).toBe(401);
      expect((await loginCall(second.app, 'vendedor', 'vendedor', '10.4.0.9')).statusCode).toBe(429);
    } finally {
      await second.app.close();
    }
    // 16 minutes later: block over, window over, counter restarts at 1
    const past = new Date(Date.now() - 16 * 60_000);
    await t.database.db.update(loginFailures).set({ windowStart: past, blockedUntil: past });
    expect((await loginCall(t.app, 'vendedor', 'x', '10.4.0.1')).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(loginFailures).where(eq(loginFailures.key, 'login:vendedor'));
    expect(row.failures).toBe(1);
    expect((await loginCall(t.app, 'vendedor', 'vendedor', '10.4.0.1')).statusCode).toBe(200);
  });
});

describe('GET auth/logout', () => {
  it('revokes the session: the same token then answers 401', async () => {
    const user = await t.login('vendedor', 'vendedor');
    const res = await call(t.app, 'GET', 'auth/logout', { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: LOGOUT_MESSAGE });
    const after = await call(t.app, 'GET', 'system/company/empresaSelect', { token: user.token });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(UNAUTHORIZED_MESSAGE);
    expect((await call(t.app, 'GET', 'auth/logout', { token: user.token })).statusCode).toBe(401);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.id, String(decodeJwt(user.token).sid)));
    expect(session.revokedAt).toBeInstanceOf(Date);
  });

  it('needs a token', async () => {
    expect((await call(t.app, 'GET', 'auth/logout')).statusCode).toBe(401);
  });
});

describe('POST auth/refresh', () => {
  it('switches company with a new session, revokes the old one and remembers the company', async () => {
    const [c1, c2] = t.seed.companyIds;
    const before = await t.login('admin', 'admin');
    expect(before.idEmpresa).toBe(c1);
    const res = await call(t.app, 'POST', 'auth/refresh', { token: before.token, payload: { idEmpresa: c2 } });
    expect(res.statusCode).toBe(200);
    const after = sessionUserSchema.parse(res.json());
    expect(after).toMatchObject({ id: t.seed.adminId, idEmpresa: c2, nomPerfil: 'Administrador', indNewPassword: false });
    expect(after.token).not.toBe(before.token);
    expect((await call(t.app, 'GET', 'system/company/empresaSelect', { token: before.token })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', 'system/company/empresaSelect', { token: after.token })).statusCode).toBe(200);
    const [row] = await t.database.db.select({ last: users.lastCompanyId }).from(users).where(eq(users.id, t.seed.adminId));
    expect(row.last).toBe(c2);
    expect((await t.login('admin', 'admin')).idEmpresa).toBe(c2);
    await t.database.db.update(users).set({ lastCompanyId: c1 }).where(eq(users.id, t.seed.adminId));
  });

  it('answers 403 for a company the user has no link to, and keeps the session', async () => {
    const seller = await t.login('vendedor', 'vendedor');
    const res = await call(t.app, 'POST', 'auth/refresh', { token: seller.token, payload: { idEmpresa: t.seed.companyIds[1] } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(FORBIDDEN_MESSAGE);
    const missing = await call(t.app, 'POST', 'auth/refresh', { token: seller.token, payload: { idEmpresa: 999999 } });
    expect(missing.statusCode).toBe(403);
    expect((await call(t.app, 'GET', 'system/company/empresaSelect', { token: seller.token })).statusCode).toBe(200);
  });

  it('validates idEmpresa and needs a token', async () => {
    const seller = await t.login('vendedor', 'vendedor');
    const bad = await call(t.app, 'POST', 'auth/refresh', { token: seller.token, payload: { idEmpresa: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0].field).toBe('idEmpresa');
    expect((await call(t.app, 'POST', 'auth/refresh', { payload: { idEmpresa: 1 } })).statusCode).toBe(401);
  });
});

describe('X-Empresa: the company the browser tab shows (issue 15, two tabs)', () => {
  it('answers 409 when the tab shows another company than the session, before the role check and without touching data', async () => {
    const [c1, c2] = t.seed.companyIds;
    const first = await t.login('admin', 'admin');
    expect(first.idEmpresa).toBe(c1);
    // tab A switches to the second company; tab B still shows the first one and sends it
    const switched = sessionUserSchema.parse((await call(t.app, 'POST', 'auth/refresh', { token: first.token, payload: { idEmpresa: c2 } })).json());
    const stale = await call(t.app, 'GET', 'system/company/empresaSelect', { token: switched.token, headers: { 'X-Empresa': String(c1) } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: COMPANY_MISMATCH_MESSAGE, messages: [{ field: '', message: COMPANY_MISMATCH_MESSAGE }] });
    // a write is refused the same way and changes nothing
    const write = await call(t.app, 'POST', 'auth/refresh', { token: switched.token, headers: { 'x-empresa': String(c1) }, payload: { idEmpresa: c1 } });
    expect(write.statusCode).toBe(409);
    expect((await call(t.app, 'GET', 'system/company/empresaSelect', { token: switched.token })).statusCode).toBe(200);
    // the tab that shows the session's company, and a caller without the header, pass
    expect((await call(t.app, 'GET', 'system/company/empresaSelect', { token: switched.token, headers: { 'X-Empresa': String(c2) } })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', 'system/company/empresaSelect', { token: switched.token, headers: { 'X-Empresa': ' ' } })).statusCode).toBe(200);
    await t.database.db.update(users).set({ lastCompanyId: c1 }).where(eq(users.id, t.seed.adminId));
  });

  it('answers 400 for a value that is not a company id, and 401 before it without a valid token', async () => {
    const admin = await t.login('admin', 'admin');
    for (const value of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await call(t.app, 'GET', 'system/company/empresaSelect', { token: admin.token, headers: { 'X-Empresa': value } });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().messages).toEqual([{ field: 'X-Empresa', message: COMPANY_HEADER_INVALID_MESSAGE }]);
    }
    expect((await call(t.app, 'GET', 'system/company/empresaSelect', { headers: { 'X-Empresa': 'abc' } })).statusCode).toBe(401);
  });
});

describe('forced first sign-in (indNewPassword)', () => {
  it('answers id and token, allows only newPassword and logout, then signs in with the new password', async () => {
    const userId = await createUser(t.database.db, { login: 'novato', password: 'temporaria', mustChangePassword: true, companyIds: [t.seed.companyIds[0]] });
    const first = sessionUserSchema.parse((await loginCall(t.app, 'novato', 'temporaria')).json());
    expect(first).toMatchObject({ id: userId, indNewPassword: true, idEmpresa: t.seed.companyIds[0] });
    expect(first.token.length).toBeGreaterThan(20);
    const blocked = await call(t.app, 'GET', 'system/company/empresaSelect', { token: first.token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(PASSWORD_CHANGE_REQUIRED_MESSAGE);

    const res = await call(t.app, 'POST', 'usuario/newPassword', {
      token: first.token,
      payload: { id: userId, senha: hashPassword('definitiva'), confirmaSenha: hashPassword('definitiva') },
    });
    expect(res.statusCode).toBe(200);
    const changed = sessionUserSchema.parse(res.json());
    expect(changed).toMatchObject({ id: userId, indNewPassword: false, login: 'novato' });
    expect((await call(t.app, 'GET', 'system/company/empresaSelect', { token: changed.token })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', 'system/company/empresaSelect', { token: first.token })).statusCode).toBe(401);
    const [row] = await t.database.db.select({ must: users.mustChangePassword }).from(users).where(eq(users.id, userId));
    expect(row.must).toBe(false);
    expect((await loginCall(t.app, 'novato', 'temporaria', '10.9.0.1')).statusCode).toBe(401);
    expect((await loginCall(t.app, 'novato', 'definitiva')).json().indNewPassword).toBe(false);
    const open = await t.database.db.select().from(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    expect(open).toHaveLength(2);
    await t.database.db.delete(loginFailures);
  });

  it('with id: 401 without a token, 403 for another user, 400 when the confirmation differs', async () => {
    const seller = await t.login('vendedor', 'vendedor');
    const body = { senha: hashPassword('x1'), confirmaSenha: hashPassword('x1') };
    expect((await call(t.app, 'POST', 'usuario/newPassword', { payload: { id: t.seed.sellerId, ...body } })).statusCode).toBe(401);
    const other = await call(t.app, 'POST', 'usuario/newPassword', { token: seller.token, payload: { id: t.seed.adminId, ...body } });
    expect(other.statusCode).toBe(403);
    const mismatch = await call(t.app, 'POST', 'usuario/newPassword', {
      token: seller.token,
      payload: { id: t.seed.sellerId, senha: hashPassword('x1'), confirmaSenha: hashPassword('x2') },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().messages).toContainEqual({ field: 'confirmaSenha', message: 'A senha de confirmação deve ser a mesma que a nova senha!' });
    expect((await loginCall(t.app, 'admin', 'admin')).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the auth, user and company-link routes from their zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/core-api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>> };
    for (const [p, method] of [
      ['/api/core-api/auth/login', 'post'],
      ['/api/core-api/auth/logout', 'get'],
      ['/api/core-api/auth/refresh', 'post'],
      ['/api/core-api/auth/forgotPassword', 'post'],
      ['/api/core-api/usuario/newPassword', 'post'],
      ['/api/core-api/system/company/usuario/{userId}', 'get'],
      ['/api/core-api/system/company/empresaSelect', 'get'],
    ] as const) {
      expect(doc.paths[p]?.[method]?.responses).toHaveProperty('200');
    }
    expect(JSON.stringify(doc.paths['/api/core-api/auth/login'].post.requestBody)).toContain('"userName"');
  });
});
