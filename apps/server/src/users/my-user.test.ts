import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_EMAIL_MESSAGE, PASSWORD_CHANGED_MESSAGE, PASSWORD_MISMATCH_MESSAGE, WRONG_CURRENT_PASSWORD_MESSAGE, hashPassword, type AuditEntry, type PagedList } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, createUser, loginCall } from '../auth/auth.test-helpers.ts';

let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  userId = await createUser(t.database.db, { login: 'leitora', password: 'antiga', email: 'leitora@exemplo.com.br', companyIds: [t.seed.companyIds[0]] });
});
afterAll(async () => {
  await t.close();
});

const auditOf = async (id: number): Promise<AuditEntry[]> =>
  (await call(t.app, 'GET', `auditoria?entidade=usuario&idRegistro=${id}`, { token: (await t.login('admin', 'admin')).token })).json<PagedList<AuditEntry>>().itens;

describe('GET/PUT usuario/me', () => {
  it('any signed-in user (no role needed) reads and changes their own name and e-mail; ALTERACAO recorded', async () => {
    const token = (await t.login('leitora', 'antiga')).token;
    const me = await call(t.app, 'GET', 'usuario/me', { token });
    expect(me.json()).toEqual({ id: userId, nome: 'Usuário leitora', email: 'leitora@exemplo.com.br', login: 'leitora' });
    const put = await call(t.app, 'PUT', 'usuario/me', { token, payload: { nome: 'Ana Leitora', email: 'ana@exemplo.com.br' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ id: userId, nome: 'Ana Leitora', email: 'ana@exemplo.com.br', login: 'leitora' });
    const [entry] = await auditOf(userId);
    expect(entry).toMatchObject({ acao: 'ALTERACAO', idUsuario: userId });
    expect(entry.alteracoes).toEqual([
      { campo: 'nome', antes: 'Usuário leitora', depois: 'Ana Leitora' },
      { campo: 'email', antes: 'leitora@exemplo.com.br', depois: 'ana@exemplo.com.br' },
    ]);
  });

  it('answers 409 on email for another user’s e-mail (any case), 400 for bad input, and cannot change anything else', async () => {
    const token = (await t.login('leitora', 'antiga')).token;
    const dup = await call(t.app, 'PUT', 'usuario/me', { token, payload: { nome: 'Ana', email: 'ADMIN@acervo.local' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().messages).toEqual([{ field: 'email', message: DUPLICATE_EMAIL_MESSAGE }]);
    for (const [payload, field] of [
      [{ nome: 'Ana', email: 'ana@exemplo.com.br', login: 'root' }, 'login'],
      [{ nome: 'Ana', email: 'ana@exemplo.com.br', ativo: false }, 'ativo'],
      [{ nome: '', email: 'ana@exemplo.com.br' }, 'nome'],
      [{ nome: 'Ana', email: 'x' }, 'email'],
    ] as const) {
      const res = await call(t.app, 'PUT', 'usuario/me', { token, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().messages.map((m: { field: string }) => m.field)).toContain(field);
    }
    expect((await call(t.app, 'GET', 'usuario/me', { token })).json()).toMatchObject({ nome: 'Ana Leitora', login: 'leitora' });
  });
});

describe('POST usuario/me/senha', () => {
  it('refuses a wrong current password (400 on senhaAtual) and a different confirmation (400 on confirmeSenha), changing nothing', async () => {
    const token = (await t.login('leitora', 'antiga')).token;
    const wrong = await call(t.app, 'POST', 'usuario/me/senha', { token, payload: { senhaAtual: hashPassword('errada'), senha: hashPassword('nova'), confirmeSenha: hashPassword('nova') } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().messages).toEqual([{ field: 'senhaAtual', message: WRONG_CURRENT_PASSWORD_MESSAGE }]);
    const mismatch = await call(t.app, 'POST', 'usuario/me/senha', { token, payload: { senhaAtual: hashPassword('antiga'), senha: hashPassword('nova'), confirmeSenha: hashPassword('outra') } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().messages).toEqual([{ field: 'confirmeSenha', message: PASSWORD_MISMATCH_MESSAGE }]);
    const typed = await call(t.app, 'POST', 'usuario/me/senha', { token, payload: { senhaAtual: 'antiga', senha: 'nova', confirmeSenha: 'nova' } });
    expect(typed.statusCode).toBe(400);
    expect((await loginCall(t.app, 'leitora', 'antiga')).statusCode).toBe(200);
    expect((await auditOf(userId)).some((e) => e.acao === 'SENHA')).toBe(false);
  });

  it('changes the password, keeps the current session, ends every other one, and records SENHA masked', async () => {
    const other = (await t.login('leitora', 'antiga')).token;
    const current = (await t.login('leitora', 'antiga')).token;
    const res = await call(t.app, 'POST', 'usuario/me/senha', { token: current, payload: { senhaAtual: hashPassword('antiga'), senha: hashPassword('nova'), confirmeSenha: hashPassword('nova') } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_CHANGED_MESSAGE });
    expect((await call(t.app, 'GET', 'usuario/me', { token: current })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', 'usuario/me', { token: other })).statusCode).toBe(401);
    expect((await loginCall(t.app, 'leitora', 'antiga')).statusCode).toBe(401);
    expect((await loginCall(t.app, 'leitora', 'nova')).json().indNewPassword).toBe(false);
    const [entry] = await auditOf(userId);
    expect(entry).toMatchObject({ acao: 'SENHA', alteracoes: [{ campo: 'senha', antes: '***', depois: '***' }] });
  });
});
