import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CONTROL_CHARACTER_MESSAGE, FORGOT_PASSWORD_MESSAGE, UNAUTHORIZED_MESSAGE, hashPassword, sessionUserSchema } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { users } from '../users/users.schema.ts';
import { emailOutbox, loginFailures, passwordResets } from './auth.schema.ts';
import { FORGOT_PASSWORD_MIN_MS, RESET_EMAIL_SUBJECT, RESET_TOKEN_INVALID_MESSAGE, hashResetToken } from './auth.service.ts';
import { queueEmail, settleEmailDeliveries } from '../email/email.service.ts';
import { readSmtpSettings } from '../parameters/parameters.service.ts';
import { call, closedPort, createUser, loginCall, setParameter, startFakeSmtp } from './auth.test-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await settleEmailDeliveries();
  await t.close();
});

async function lastEmail() {
  const [row] = await t.database.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
  return row;
}

function tokenFrom(body: string): string {
  const match = /\?resetToken=([A-Za-z0-9_-]+)/.exec(body);
  if (!match) throw new Error(`no reset link in: ${body}`);
  return match[1];
}

async function forgot(email: string) {
  return call(t.app, 'POST', 'auth/forgotPassword', { payload: { email } });
}

describe('POST auth/forgotPassword', () => {
  it('answers the same 200 for an unknown address and writes nothing', async () => {
    const started = Date.now();
    const res = await forgot('ninguem@exemplo.com');
    expect(Date.now() - started).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MIN_MS - 5);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(await t.database.db.select().from(emailOutbox)).toHaveLength(0);
    expect(await t.database.db.select().from(passwordResets)).toHaveLength(0);
  });

  it('for a known address (any case) stores only the SHA-256 of a one-time token and writes the link to email_saida', async () => {
    await setParameter(t.database.db, 'URL_APLICACAO', 'https://acervo.exemplo.com.br/');
    const res = await forgot('Vendedor@ACERVO.local');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    const mail = await lastEmail();
    expect(mail).toMatchObject({ to: 'vendedor@acervo.local', subject: RESET_EMAIL_SUBJECT, sentAt: null, error: null });
    expect(mail.body).toContain('https://acervo.exemplo.com.br/?resetToken=');
    const token = tokenFrom(mail.body);
    const [reset] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, t.seed.sellerId));
    expect(reset.tokenHash).toBe(hashResetToken(token));
    expect(reset.tokenHash).not.toContain(token);
    // REDEFINICAO_SENHA_VALIDADE_MINUTOS default 60
    expect(Math.abs(reset.expiresAt.getTime() - (Date.now() + 60 * 60_000))).toBeLessThan(60_000);
    await setParameter(t.database.db, 'URL_APLICACAO', 'http://localhost:3000');
  });

  it('validates the e-mail field', async () => {
    const res = await forgot('não é e-mail');
    expect(res.statusCode).toBe(400);
    expect(res.json().messages[0].field).toBe('email');
  });

  it('delivers through SMTP when SMTP_HOST is set, and records enviado_em', async () => {
    const smtp = await startFakeSmtp();
    try {
      await setParameter(t.database.db, 'SMTP_HOST', '127.0.0.1');
      await setParameter(t.database.db, 'SMTP_PORTA', String(smtp.port));
      expect((await forgot('admin@acervo.local')).statusCode).toBe(200);
      await settleEmailDeliveries();
      const mail = await lastEmail();
      expect(mail.error).toBeNull();
      expect(mail.sentAt).toBeInstanceOf(Date);
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain('To: admin@acervo.local');
      expect(smtp.messages[0]).toContain(`?resetToken=${tokenFrom(mail.body)}`);
    } finally {
      await smtp.close();
    }
  });

  it('records the SMTP error in erro and still answers 200', async () => {
    await setParameter(t.database.db, 'SMTP_PORTA', String(await closedPort()));
    const res = await forgot('admin@acervo.local');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    await settleEmailDeliveries();
    const mail = await lastEmail();
    expect(mail.sentAt).toBeNull();
    expect(mail.error).toMatch(/ECONNREFUSED|connect/i);
    await setParameter(t.database.db, 'SMTP_HOST', '');
  });

  it('logs the message at info level when SMTP_HOST is empty', async () => {
    const logged: { obj: unknown; msg: string }[] = [];
    const log = { info: (obj: unknown, msg: string) => logged.push({ obj, msg }), warn: () => undefined, error: () => undefined };
    const id = await queueEmail(t.database.db, log as unknown as FastifyBaseLogger, await readSmtpSettings(t.database.db), { to: 'a@b.c', subject: 'Assunto', text: 'Corpo' });
    expect(logged).toHaveLength(1);
    expect(logged[0].obj).toMatchObject({ emailId: id, to: 'a@b.c', subject: 'Assunto', body: 'Corpo' });
    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ to: 'a@b.c', sentAt: null, error: null });
  });
});

describe('POST usuario/newPassword with a reset token', () => {
  it('sets the password, uses up the token, revokes other sessions and answers a new session', async () => {
    const userId = await createUser(t.database.db, { login: 'esquecido', password: 'antiga', email: 'esquecido@exemplo.com', companyIds: [t.seed.companyIds[0]], mustChangePassword: true });
    const oldSession = await t.login('esquecido', 'antiga');
    await forgot('esquecido@exemplo.com');
    const token = tokenFrom((await lastEmail()).body);
    const res = await call(t.app, 'POST', 'usuario/newPassword', { payload: { token, senha: hashPassword('nova-senha'), confirmaSenha: hashPassword('nova-senha') } });
    expect(res.statusCode).toBe(200);
    const user = sessionUserSchema.parse(res.json());
    expect(user).toMatchObject({ id: userId, login: 'esquecido', indNewPassword: false, idEmpresa: t.seed.companyIds[0] });
    expect((await call(t.app, 'GET', 'system/company/empresaSelect', { token: user.token })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', 'system/company/empresaSelect', { token: oldSession.token })).statusCode).toBe(401);
    expect((await loginCall(t.app, 'esquecido', 'antiga', '10.8.0.1')).statusCode).toBe(401);
    expect((await loginCall(t.app, 'esquecido', 'nova-senha')).statusCode).toBe(200);
    const [row] = await t.database.db.select({ must: users.mustChangePassword }).from(users).where(eq(users.id, userId));
    expect(row.must).toBe(false);

    const again = await call(t.app, 'POST', 'usuario/newPassword', { payload: { token, senha: hashPassword('outra'), confirmaSenha: hashPassword('outra') } });
    expect(again.statusCode).toBe(400);
    expect(again.json().messages).toEqual([{ field: 'token', message: RESET_TOKEN_INVALID_MESSAGE }]);
    await t.database.db.delete(loginFailures);
  });

  it('refuses an expired or unknown token', async () => {
    await forgot('vendedor@acervo.local');
    const token = tokenFrom((await lastEmail()).body);
    await t.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.tokenHash, hashResetToken(token)));
    const body = { senha: hashPassword('abc'), confirmaSenha: hashPassword('abc') };
    const expired = await call(t.app, 'POST', 'usuario/newPassword', { payload: { token, ...body } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().messages[0].field).toBe('token');
    const unknown = await call(t.app, 'POST', 'usuario/newPassword', { payload: { token: 'x'.repeat(43), ...body } });
    expect(unknown.statusCode).toBe(400);
    expect((await loginCall(t.app, 'vendedor', 'vendedor')).statusCode).toBe(200);
  });

  it('a cut or edited link answers one pt-BR sentence on `token`, never zod English', async () => {
    const body = { senha: hashPassword('abc'), confirmaSenha: hashPassword('abc') };
    for (const token of ['abc', 'x'.repeat(20) + '!', 'x'.repeat(201)]) {
      const res = await call(t.app, 'POST', 'usuario/newPassword', { payload: { token, ...body } });
      expect(res.statusCode, token).toBe(400);
      expect(res.json(), token).toEqual({ message: RESET_TOKEN_INVALID_MESSAGE, messages: [{ field: 'token', message: RESET_TOKEN_INVALID_MESSAGE }] });
    }
    const nul = await call(t.app, 'POST', 'usuario/newPassword', { payload: { token: `${'x'.repeat(20)}\u0000`, ...body } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().messages).toContainEqual({ field: 'token', message: CONTROL_CHARACTER_MESSAGE });
  });

  it('a blank Authorization header leaves the reset-token flow anonymous; another credential answers 401; `id` without a bearer answers 401', async () => {
    const body = { senha: hashPassword('vendedor'), confirmaSenha: hashPassword('vendedor') };
    await forgot('vendedor@acervo.local');
    const token = tokenFrom((await lastEmail()).body);
    const basic = await call(t.app, 'POST', 'usuario/newPassword', { headers: { authorization: 'Basic dmVuZGVkb3I6dmVuZGVkb3I=' }, payload: { token, ...body } });
    expect(basic.statusCode).toBe(401);
    const blank = await call(t.app, 'POST', 'usuario/newPassword', { headers: { authorization: '  ' }, payload: { token, ...body } });
    expect(blank.statusCode, blank.body).toBe(200);
    const withId = await call(t.app, 'POST', 'usuario/newPassword', { headers: { authorization: '' }, payload: { id: t.seed.sellerId, ...body } });
    expect(withId.statusCode).toBe(401);
    expect(withId.json().message).toBe(UNAUTHORIZED_MESSAGE);
  });

  it('a used token cannot be replayed concurrently', async () => {
    await forgot('vendedor@acervo.local');
    const token = tokenFrom((await lastEmail()).body);
    const body = { token, senha: hashPassword('vendedor'), confirmaSenha: hashPassword('vendedor') };
    const results = await Promise.all([0, 1, 2].map(() => call(t.app, 'POST', 'usuario/newPassword', { payload: body })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });
});
