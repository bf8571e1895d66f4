import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { FORBIDDEN_MESSAGE, REQUIRED, UNAUTHORIZED_MESSAGE } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { buildApp } from '../app.ts';
import type { DomainRoutes } from '../shared/context.ts';
import { sessions } from './auth.schema.ts';
import { userCompanies } from '../users/users.schema.ts';
import { call, setParameter } from './auth.test-helpers.ts';

let t: TestApp;
let app: FastifyInstance;

/**
 * Test-only routes: one open to any signed-in user (an API route declares nothing to be closed to
 * anonymous callers), one needing ROLE_VISUALIZAR_USUARIO.
 */
const probeRoutes: DomainRoutes = (api) => {
  api.get('/test/eu', async (request) => ({ userId: request.auth?.userId, companyId: request.auth?.companyId }));
  api.get('/test/usuarios', { config: { role: REQUIRED.usuario } }, async () => ({ ok: true }));
};

beforeAll(async () => {
  t = await createTestApp();
  ({ app } = await buildApp(t.ctx.config, t.database, [probeRoutes]));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

function expect401(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ message: UNAUTHORIZED_MESSAGE, messages: [{ field: '', message: UNAUTHORIZED_MESSAGE }] });
}

describe('401 Unauthorized', () => {
  it('without a token or with a malformed Authorization header', async () => {
    expect401(await call(app, 'GET', 'test/eu'));
    expect401(await call(app, 'GET', 'test/eu', { headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } }));
    expect401(await call(app, 'GET', 'test/eu', { headers: { authorization: 'Bearer' } }));
  });

  it('with a garbage token or one signed with another secret', async () => {
    expect401(await call(app, 'GET', 'test/eu', { token: 'garbage.garbage.garbage' }));
    const user = await t.login('vendedor', 'vendedor');
    const [header, payload] = user.token.split('.');
    expect401(await call(app, 'GET', 'test/eu', { token: `${header}.${payload}.AAAA` }));
  });

  it('with an expired token even when its session is open', async () => {
    const user = await t.login('vendedor', 'vendedor');
    const sid = String(decodeJwt(user.token).sid);
    const expired = await t.ctx.signer.sign({ userId: user.id, sessionId: sid, companyId: user.idEmpresa }, new Date(Date.now() - 60_000));
    expect401(await call(app, 'GET', 'test/eu', { token: expired }));
    expect((await call(app, 'GET', 'test/eu', { token: user.token })).statusCode).toBe(200);
  });

  it('when the session row has expired (expira_em in the past)', async () => {
    const user = await t.login('vendedor', 'vendedor');
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, String(decodeJwt(user.token).sid)));
    expect401(await call(app, 'GET', 'test/eu', { token: user.token }));
  });

  it('with a validly signed token whose session does not exist or is not a uuid', async () => {
    const user = await t.login('vendedor', 'vendedor');
    const future = new Date(Date.now() + 3_600_000);
    expect401(await call(app, 'GET', 'test/eu', { token: await t.ctx.signer.sign({ userId: user.id, sessionId: crypto.randomUUID(), companyId: null }, future) }));
    expect401(await call(app, 'GET', 'test/eu', { token: await t.ctx.signer.sign({ userId: user.id, sessionId: 'not-a-uuid', companyId: null }, future) }));
    // another user's id with this session id
    const sid = String(decodeJwt(user.token).sid);
    expect401(await call(app, 'GET', 'test/eu', { token: await t.ctx.signer.sign({ userId: t.seed.adminId, sessionId: sid, companyId: null }, future) }));
  });

  it('after logout', async () => {
    const user = await t.login('vendedor', 'vendedor');
    expect((await call(app, 'GET', 'auth/logout', { token: user.token })).statusCode).toBe(200);
    expect401(await call(app, 'GET', 'test/eu', { token: user.token }));
  });

  it('after the idle time INATIVIDADE_MINUTOS, and the idle session stays revoked', async () => {
    await setParameter(t.database.db, 'INATIVIDADE_MINUTOS', '30');
    const user = await t.login('vendedor', 'vendedor');
    const sid = String(decodeJwt(user.token).sid);
    await t.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 29 * 60_000) }).where(eq(sessions.id, sid));
    expect((await call(app, 'GET', 'test/eu', { token: user.token })).statusCode).toBe(200);
    const [touched] = await t.database.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(Date.now() - touched.lastSeenAt.getTime()).toBeLessThan(60_000);
    await t.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) }).where(eq(sessions.id, sid));
    expect401(await call(app, 'GET', 'test/eu', { token: user.token }));
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row.revokedAt).toBeInstanceOf(Date);
    await t.database.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sid));
    expect401(await call(app, 'GET', 'test/eu', { token: user.token }));
    await setParameter(t.database.db, 'INATIVIDADE_MINUTOS', '60');
  });
});

describe('403 Forbidden', () => {
  it('for a role the caller lacks; the holder of the role passes', async () => {
    const seller = await t.login('vendedor', 'vendedor');
    const denied = await call(app, 'GET', 'test/usuarios', { token: seller.token });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(FORBIDDEN_MESSAGE);
    const admin = await t.login('admin', 'admin');
    expect((await call(app, 'GET', 'test/usuarios', { token: admin.token })).statusCode).toBe(200);
  });

  it('cross-company: vendedor (company 1 only) cannot switch to company 2 nor list another user’s companies', async () => {
    const seller = await t.login('vendedor', 'vendedor');
    const refresh = await call(app, 'POST', 'auth/refresh', { token: seller.token, payload: { idEmpresa: t.seed.companyIds[1] } });
    expect(refresh.statusCode).toBe(403);
    const me = await call(app, 'GET', 'test/eu', { token: seller.token });
    expect(me.json()).toEqual({ userId: t.seed.sellerId, companyId: t.seed.companyIds[0] });
    const others = await call(app, 'GET', `system/company/usuario/${t.seed.adminId}`, { token: seller.token });
    expect(others.statusCode).toBe(403);
    expect(others.json().message).toBe(FORBIDDEN_MESSAGE);
  });

  it('a token whose company link was removed keeps authenticating but with no roles', async () => {
    const admin = await t.login('admin', 'admin');
    const second = await call(app, 'POST', 'auth/refresh', { token: admin.token, payload: { idEmpresa: t.seed.companyIds[1] } });
    const token = second.json().token as string;
    const [link] = await t.database.db.select().from(userCompanies).where(and(eq(userCompanies.userId, t.seed.adminId), eq(userCompanies.companyId, t.seed.companyIds[1])));
    await t.database.db.delete(userCompanies).where(and(eq(userCompanies.userId, t.seed.adminId), eq(userCompanies.companyId, t.seed.companyIds[1])));
    try {
      expect((await call(app, 'GET', 'test/usuarios', { token })).statusCode).toBe(403);
      expect((await call(app, 'GET', 'test/eu', { token })).json().companyId).toBeNull();
    } finally {
      await t.database.db.insert(userCompanies).values(link);
    }
  });
});
