import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  API_ACCESS_SORT_FIELDS,
  DUPLICATE_API_ACCESS_EMAIL_MESSAGE,
  ERP_URL_REQUIRED_MESSAGE,
  FORBIDDEN_MESSAGE,
  PARAMETER_DEFAULTS,
  SECRET_CONFLICT_MESSAGE,
  apiAccessPageSchema,
  apiAccessSchema,
  emailTestResultSchema,
  parametersSchema,
  type ParameterUpdate,
  type Parameters,
} from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, closedPort, createUser } from '../auth/auth.test-helpers.ts';
import { auditLog } from '../audit/audit.schema.ts';
import { secretBox } from '../shared/secrets.ts';
import { apiAccess, parameters } from './parameters.schema.ts';
import { getNumberParameter, getParameters, readSecretParameter, readSmtpSettings, sendTestEmail } from './parameters.service.ts';

let t: TestApp;
let admin: string;
let adminOther: string;
let seller: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin', 'admin')).token;
  seller = (await t.login('vendedor', 'vendedor')).token;
  const other = await call(t.app, 'POST', 'auth/refresh', { token: (await t.login('admin', 'admin')).token, payload: { idEmpresa: t.seed.companyIds[1] } });
  expect(other.statusCode, other.body).toBe(200);
  adminOther = other.json().token;
});
afterAll(async () => {
  await t.close();
});

/** The request body that saves `current` unchanged (secrets kept). */
function bodyOf(current: Parameters): ParameterUpdate {
  const { senhaDefinida: _s1, ...email } = current.email;
  const { senhaDefinida: _s2, ...erp } = current.erp;
  return { geral: { ...current.geral }, email, erp: { ...erp, tipoIntegracao: erp.tipoIntegracao as ParameterUpdate['erp']['tipoIntegracao'] } };
}

async function read(): Promise<Parameters> {
  const res = await call(t.app, 'GET', 'parametro', { token: admin });
  expect(res.statusCode).toBe(200);
  return parametersSchema.parse(res.json());
}

async function save(body: unknown, token = admin) {
  return call(t.app, 'PUT', 'parametro', { token, payload: body });
}

async function storedRows(): Promise<Record<string, string>> {
  const rows = await t.database.db.select().from(parameters);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

describe('access rules', () => {
  it('answers 401 without a token and 403 without ROLE_VISUALIZAR_PARAMETROS on every call', async () => {
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', 'parametro'],
      ['PUT', 'parametro'],
      ['POST', 'parametro/email/teste'],
      ['GET', 'parametro/acesso-api'],
      ['POST', 'parametro/acesso-api'],
      ['PUT', 'parametro/acesso-api/1'],
      ['DELETE', 'parametro/acesso-api/1'],
    ];
    for (const [method, path] of calls) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect((await call(t.app, method, path, { payload })).statusCode, path).toBe(401);
      const denied = await call(t.app, method, path, { token: seller, payload });
      expect(denied.statusCode, path).toBe(403);
      expect(denied.json().message).toBe(FORBIDDEN_MESSAGE);
    }
  });
});

describe('GET and PUT parametro', () => {
  it('answers the defaults in sections, secrets only as senhaDefinida', async () => {
    const p = await read();
    expect(p.geral).toMatchObject({ expiracaoTokenDias: 1, inatividadeMinutos: 60, retencaoLogVendaDias: 60, urlAplicacao: PARAMETER_DEFAULTS.URL_APLICACAO, validadeRedefinicaoSenhaMinutos: 60 });
    expect(p.email).toEqual({ host: '', porta: 587, usuario: '', senhaDefinida: false, seguro: false, remetente: PARAMETER_DEFAULTS.SMTP_REMETENTE });
    expect(p.erp).toEqual({ tipoIntegracao: 'NENHUMA', usuario: '', senhaDefinida: false, urlApi: '' });
  });

  it('saves every value in one call, other code reads it, and the trail records the changed fields', async () => {
    const body = bodyOf(await read());
    body.geral.expiracaoTokenDias = 7;
    body.geral.inatividadeMinutos = 30;
    body.geral.urlAplicacao = 'https://acervo.exemplo.com.br/';
    body.email = { ...body.email, host: 'smtp.exemplo.com.br', porta: 465, seguro: true, usuario: 'envio', remetente: 'Acervo <avisos@exemplo.com.br>' };
    body.erp = { ...body.erp, tipoIntegracao: 'SIMULADOR', usuario: 'integracao', urlApi: 'http://localhost:4010/api/v1' };
    const res = await save(body);
    expect(res.statusCode, res.body).toBe(200);
    const answered = parametersSchema.parse(res.json());
    expect(answered).toEqual(await read());
    expect(answered.geral).toMatchObject({ expiracaoTokenDias: 7, inatividadeMinutos: 30, urlAplicacao: 'https://acervo.exemplo.com.br' });
    expect(answered.email).toMatchObject({ host: 'smtp.exemplo.com.br', porta: 465, seguro: true, senhaDefinida: false });
    expect(await getNumberParameter(t.database.db, 'TOKEN_EXPIRACAO_DIAS')).toBe(7);
    expect(await getParameters(t.database.db, ['SMTP_SEGURO', 'ERP_TIPO_INTEGRACAO'])).toEqual({ SMTP_SEGURO: 'true', ERP_TIPO_INTEGRACAO: 'SIMULADOR' });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'parametro')).orderBy(auditLog.id);
    expect(entry).toMatchObject({ action: 'ALTERACAO', recordId: 'parametros', userName: 'Administrador' });
    expect(entry.changes).toContainEqual({ campo: 'geral.expiracaoTokenDias', antes: '1', depois: '7' });
    expect(entry.changes.map((c) => c.campo)).not.toContain('geral.retencaoLogVendaDias');
    // saving the same values again records nothing
    await save(bodyOf(answered));
    expect(await t.database.db.$count(auditLog, eq(auditLog.entity, 'parametro'))).toBe(1);
  });

  it('refuses a value out of bounds with 400 naming the parameter, and writes nothing (all or nothing)', async () => {
    const before = await storedRows();
    const cases: [string, (b: ParameterUpdate) => void][] = [
      ['geral.expiracaoTokenDias', (b) => (b.geral.expiracaoTokenDias = 31)],
      ['geral.expiracaoTokenDias', (b) => (b.geral.expiracaoTokenDias = 0)],
      ['geral.inatividadeMinutos', (b) => (b.geral.inatividadeMinutos = 4)],
      ['geral.inatividadeMinutos', (b) => (b.geral.inatividadeMinutos = 1441)],
      ['geral.retencaoLogProdutoDias', (b) => (b.geral.retencaoLogProdutoDias = 3651)],
      ['geral.limpezaFilaExportacaoDias', (b) => (b.geral.limpezaFilaExportacaoDias = 366)],
      ['geral.urlAplicacao', (b) => (b.geral.urlAplicacao = 'ftp://acervo')],
      ['geral.urlAplicacao', (b) => (b.geral.urlAplicacao = '')],
      ['email.porta', (b) => (b.email.porta = 65536)],
      ['email.porta', (b) => (b.email.porta = 0)],
      ['email.host', (b) => (b.email.host = 'smtp exemplo')],
      ['email.remetente', (b) => (b.email.remetente = 'não é e-mail')],
      ['email.remetente', (b) => (b.email.remetente = 'Acervo <sem-arroba>')],
      ['erp.urlApi', (b) => (b.erp.urlApi = 'javascript:alert(1)')],
      ['erp.tipoIntegracao', (b) => ((b.erp as { tipoIntegracao: string }).tipoIntegracao = 'SAP')],
    ];
    for (const [field, change] of cases) {
      const body = bodyOf(await read());
      body.geral.retencaoLogAutorDias = 99; // a valid change that must not be written either
      change(body);
      const res = await save(body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().messages.map((m: { field: string }) => m.field)).toContain(field);
    }
    const erpNoUrl = bodyOf(await read());
    erpNoUrl.erp.urlApi = '';
    const noUrl = await save(erpNoUrl);
    expect(noUrl.json().messages).toContainEqual({ field: 'erp.urlApi', message: ERP_URL_REQUIRED_MESSAGE });
    expect(await storedRows()).toEqual(before);
  });

  it('refuses wrong types, unknown fields, missing sections and 2 MB strings with 400', async () => {
    const base = bodyOf(await read());
    const before = await storedRows();
    const typed = await save({ ...base, geral: { ...base.geral, expiracaoTokenDias: '7 dias' } });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().messages[0].field).toBe('geral.expiracaoTokenDias');
    const unknown = await save({ ...base, email: { ...base.email, debug: true } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().messages[0].field).toBe('email.debug');
    const top = await save({ ...base, chave: 'SMTP_HOST' });
    expect(top.json().messages[0].field).toBe('chave');
    const missing = await save({ geral: base.geral, email: base.email });
    expect(missing.json().messages[0].field).toBe('erp');
    const huge = await save({ ...base, erp: { ...base.erp, usuario: 'x'.repeat(2 * 1024 * 1024) } });
    expect(huge.statusCode).toBe(400);
    const hugeSecret = await save({ ...base, email: { ...base.email, senha: 'x'.repeat(201) } });
    expect(hugeSecret.statusCode).toBe(400);
    expect(hugeSecret.json().messages[0].field).toBe('email.senha');
    expect(await storedRows()).toEqual(before);
  });
});

describe('secrets at rest', () => {
  const SMTP_PASSWORD = 'Sm7p-s3nha-secreta!';
  const ERP_PASSWORD = 'erp-senha-muito-secreta';

  it('stores SMTP and ERP passwords encrypted, never answers them, keeps them on an empty field and removes them on request', async () => {
    const body = bodyOf(await read());
    body.email.senha = SMTP_PASSWORD;
    body.erp.senha = ERP_PASSWORD;
    const res = await save(body);
    expect(res.statusCode, res.body).toBe(200);
    for (const raw of [res.body, (await call(t.app, 'GET', 'parametro', { token: admin })).body]) {
      expect(raw).not.toContain(SMTP_PASSWORD);
      expect(raw).not.toContain(ERP_PASSWORD);
    }
    const answered = parametersSchema.parse(res.json());
    expect(answered.email.senhaDefinida).toBe(true);
    expect(answered.erp.senhaDefinida).toBe(true);
    const rows = await storedRows();
    expect(rows.SMTP_SENHA).toMatch(/^v1:/);
    expect(rows.ERP_SENHA).toMatch(/^v1:/);
    expect(JSON.stringify(rows)).not.toContain(SMTP_PASSWORD);
    expect(JSON.stringify(rows)).not.toContain(ERP_PASSWORD);
    expect(await readSecretParameter(t.database.db, 'ERP_SENHA')).toBe(ERP_PASSWORD);
    expect((await readSmtpSettings(t.database.db)).password).toBe(SMTP_PASSWORD);
    // the trail says the secret changed, masked
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'parametro')).orderBy(auditLog.id);
    expect(entries.at(-1)?.changes).toContainEqual({ campo: 'email.senha', antes: null, depois: '***' });
    expect(JSON.stringify(entries)).not.toContain(SMTP_PASSWORD);
    const trail = await call(t.app, 'GET', 'auditoria?entidade=parametro', { token: admin });
    expect(trail.statusCode).toBe(200);
    expect(trail.body).not.toContain(SMTP_PASSWORD);
    expect(trail.body).not.toContain(rows.SMTP_SENHA);

    // empty = keep
    const keep = bodyOf(answered);
    keep.geral.retencaoLogEditoraDias = 45;
    expect((await save(keep)).statusCode).toBe(200);
    expect((await storedRows()).SMTP_SENHA).toBe(rows.SMTP_SENHA);
    expect((await read()).email.senhaDefinida).toBe(true);

    // both a new password and its removal: 400
    const both = bodyOf(await read());
    both.erp.senha = 'nova';
    both.erp.removerSenha = true;
    const conflict = await save(both);
    expect(conflict.statusCode).toBe(400);
    expect(conflict.json().messages).toContainEqual({ field: 'erp.senha', message: SECRET_CONFLICT_MESSAGE });

    // explicit removal
    const clear = bodyOf(await read());
    clear.erp.removerSenha = true;
    const cleared = parametersSchema.parse((await save(clear)).json());
    expect(cleared.erp.senhaDefinida).toBe(false);
    expect(cleared.email.senhaDefinida).toBe(true);
    expect((await storedRows()).ERP_SENHA).toBe('');
  });

  it('reads a value that does not decrypt (another key, tampered) as not set, without failing', async () => {
    const foreign = 'v1:' + Buffer.alloc(40, 7).toString('base64url');
    await t.database.db.update(parameters).set({ value: foreign }).where(eq(parameters.key, 'ERP_SENHA'));
    await t.database.db.update(parameters).set({ value: 'senha-em-texto-puro' }).where(eq(parameters.key, 'SMTP_SENHA'));
    const warnings: unknown[] = [];
    expect(await readSecretParameter(t.database.db, 'ERP_SENHA', { warn: (obj) => warnings.push(obj) })).toBe('');
    expect(warnings).toHaveLength(1);
    const p = await read();
    expect(p.erp.senhaDefinida).toBe(false);
    expect(p.email.senhaDefinida).toBe(false);
    expect((await readSmtpSettings(t.database.db)).password).toBe('');
    // a ciphertext moved to another secret's row does not decrypt there (bound to its key name)
    const moved = secretBox().encrypt('x', 'parametro:ERP_SENHA');
    await t.database.db.update(parameters).set({ value: moved }).where(eq(parameters.key, 'SMTP_SENHA'));
    expect((await read()).email.senhaDefinida).toBe(false);
    const reset = bodyOf(p);
    reset.email.removerSenha = true;
    reset.erp.removerSenha = true;
    expect((await save(reset)).statusCode).toBe(200);
  });
});

/**
 * A local SMTP server for the e-mail test: EHLO advertises AUTH PLAIN LOGIN, it records the
 * credentials and messages, and answers DATA with `dataReply`.
 */
async function startSmtp(dataReply = '250 2.0.0 Ok: queued as TESTE123'): Promise<{ port: number; logins: string[]; messages: string[]; close(): Promise<void> }> {
  const logins: string[] = [];
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let data: string | null = null;
    let authStep: 'user' | 'pass' | 'plain' | null = null;
    let user = '';
    socket.write('220 teste.local ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push(data);
            data = null;
            socket.write(`${dataReply}\r\n`);
          } else data += `${line}\n`;
          continue;
        }
        const decode = (b64: string) => Buffer.from(b64, 'base64').toString('utf8');
        if (authStep === 'user') {
          user = decode(line);
          authStep = 'pass';
          socket.write('334 UGFzc3dvcmQ6\r\n');
          continue;
        }
        if (authStep === 'pass' || authStep === 'plain') {
          logins.push(authStep === 'pass' ? `${user}:${decode(line)}` : decode(line).split('\u0000').slice(1).join(':'));
          authStep = null;
          socket.write('235 2.7.0 Authentication successful\r\n');
          continue;
        }
        const upper = line.toUpperCase();
        if (upper.startsWith('EHLO')) socket.write('250-teste.local\r\n250 AUTH PLAIN LOGIN\r\n');
        else if (upper.startsWith('AUTH PLAIN ')) {
          logins.push(decode(line.slice(11)).split('\u0000').slice(1).join(':'));
          socket.write('235 2.7.0 Authentication successful\r\n');
        } else if (upper === 'AUTH PLAIN') {
          authStep = 'plain';
          socket.write('334 \r\n');
        } else if (upper.startsWith('AUTH LOGIN')) {
          authStep = 'user';
          socket.write('334 VXNlcm5hbWU6\r\n');
        } else if (upper === 'DATA') {
          data = '';
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (upper === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('250 Ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, logins, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('POST parametro/email/teste', () => {
  async function configureSmtp(port: number, password?: string) {
    const body = bodyOf(await read());
    body.email = { ...body.email, host: '127.0.0.1', porta: port, seguro: false, usuario: 'remetente@teste.local', remetente: 'Acervo <nao-responda@teste.local>', ...(password ? { senha: password } : {}) };
    const res = await save(body);
    expect(res.statusCode, res.body).toBe(200);
  }

  it('sends with the saved settings, signs in with the decrypted password and answers the server’s reply', async () => {
    const smtp = await startSmtp();
    try {
      await configureSmtp(smtp.port, 'senha-do-smtp');
      const res = await call(t.app, 'POST', 'parametro/email/teste', { token: admin, payload: { destinatario: 'destino@teste.local' } });
      expect(res.statusCode).toBe(200);
      expect(emailTestResultSchema.parse(res.json())).toEqual({ enviado: true, resposta: '250 2.0.0 Ok: queued as TESTE123' });
      expect(smtp.logins).toEqual(['remetente@teste.local:senha-do-smtp']);
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain('To: destino@teste.local');
      expect(smtp.messages[0]).toContain('Subject: Acervo: teste de e-mail');
    } finally {
      await smtp.close();
    }
  });

  it('answers the server’s refusal, a refused connection and a time-out as enviado: false with the text', async () => {
    const refusing = await startSmtp('554 5.7.1 Relay access denied');
    try {
      await configureSmtp(refusing.port);
      const res = emailTestResultSchema.parse((await call(t.app, 'POST', 'parametro/email/teste', { token: admin, payload: { destinatario: 'destino@teste.local' } })).json());
      expect(res.enviado).toBe(false);
      expect(res.resposta).toContain('554 5.7.1 Relay access denied');
    } finally {
      await refusing.close();
    }
    await configureSmtp(await closedPort());
    const closed = emailTestResultSchema.parse((await call(t.app, 'POST', 'parametro/email/teste', { token: admin, payload: { destinatario: 'destino@teste.local' } })).json());
    expect(closed.enviado).toBe(false);
    expect(closed.resposta).toMatch(/ECONNREFUSED/);

    // a server that accepts the connection and never greets: the time-out answers
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      await configureSmtp((silent.address() as net.AddressInfo).port);
      const started = Date.now();
      const timedOut = await sendTestEmail(t.database.db, 'destino@teste.local', undefined, 300);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(timedOut.enviado).toBe(false);
      expect(timedOut.resposta).toMatch(/tempo|timeout|greeting/i);
    } finally {
      silent.close();
    }
  });

  it('says so when no SMTP host is set, and refuses a bad recipient with 400', async () => {
    const body = bodyOf(await read());
    body.email.host = '';
    await save(body);
    const res = emailTestResultSchema.parse((await call(t.app, 'POST', 'parametro/email/teste', { token: admin, payload: { destinatario: 'destino@teste.local' } })).json());
    expect(res).toMatchObject({ enviado: false });
    expect(res.resposta).toContain('não configurado');
    const bad = await call(t.app, 'POST', 'parametro/email/teste', { token: admin, payload: { destinatario: 'sem-arroba' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0].field).toBe('destinatario');
    const extra = await call(t.app, 'POST', 'parametro/email/teste', { token: admin, payload: { destinatario: 'a@b.co', host: 'x' } });
    expect(extra.statusCode).toBe(400);
  });
});

describe('parametro/acesso-api', () => {
  const PASSWORD = 'api-Senha-123456';

  it('creates, lists, updates and deletes the selected company’s logins; the password never leaves the server', async () => {
    const created = await call(t.app, 'POST', 'parametro/acesso-api', { token: admin, payload: { email: 'erp@cliente.com.br', senha: PASSWORD } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.body).not.toContain(PASSWORD);
    const access = apiAccessSchema.parse(created.json());
    expect(access).toEqual({ id: access.id, email: 'erp@cliente.com.br', senhaDefinida: true, idEmpresa: t.seed.companyIds[0] });
    const [row] = await t.database.db.select().from(apiAccess).where(eq(apiAccess.id, access.id));
    expect(row.encryptedPassword).toMatch(/^v1:/);
    expect(row.encryptedPassword).not.toContain(PASSWORD);
    expect(secretBox().decrypt(row.encryptedPassword, 'acesso-api')).toBe(PASSWORD);

    await call(t.app, 'POST', 'parametro/acesso-api', { token: admin, payload: { email: 'bi@cliente.com.br', senha: PASSWORD, idEmpresa: t.seed.companyIds[0] } });
    const list = await call(t.app, 'GET', 'parametro/acesso-api', { token: admin });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(PASSWORD);
    const page = apiAccessPageSchema.parse(list.json());
    expect(page.itens.map((a) => a.email)).toEqual(['bi@cliente.com.br', 'erp@cliente.com.br']);
    const filtered = apiAccessPageSchema.parse((await call(t.app, 'GET', 'parametro/acesso-api?term=ERP&sorter=email,desc', { token: admin })).json());
    expect(filtered.itens.map((a) => a.email)).toEqual(['erp@cliente.com.br']);
    for (const field of API_ACCESS_SORT_FIELDS) expect((await call(t.app, 'GET', `parametro/acesso-api?sorter=${field},desc`, { token: admin })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', 'parametro/acesso-api?status=true', { token: admin })).statusCode).toBe(400);

    // update: empty password keeps it, a new one replaces it
    const renamed = await call(t.app, 'PUT', `parametro/acesso-api/${access.id}`, { token: admin, payload: { email: 'erp2@cliente.com.br', senha: '' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(apiAccessSchema.parse(renamed.json())).toMatchObject({ email: 'erp2@cliente.com.br', senhaDefinida: true });
    const [kept] = await t.database.db.select().from(apiAccess).where(eq(apiAccess.id, access.id));
    expect(kept.encryptedPassword).toBe(row.encryptedPassword);
    await call(t.app, 'PUT', `parametro/acesso-api/${access.id}`, { token: admin, payload: { email: 'erp2@cliente.com.br', senha: 'outra-senha-forte' } });
    const [replaced] = await t.database.db.select().from(apiAccess).where(eq(apiAccess.id, access.id));
    expect(secretBox().decrypt(replaced.encryptedPassword, 'acesso-api')).toBe('outra-senha-forte');

    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'acesso-api')).orderBy(auditLog.id);
    expect(trail.filter((e) => e.recordId === String(access.id)).map((e) => e.action)).toEqual(['CRIACAO', 'ALTERACAO', 'SENHA']);
    expect(JSON.stringify(trail)).not.toContain(PASSWORD);
    expect(trail[0].changes).toContainEqual({ campo: 'senha', antes: null, depois: '***' });
    expect(trail[0].companyId).toBe(t.seed.companyIds[0]);

    const removed = await call(t.app, 'DELETE', `parametro/acesso-api/${access.id}`, { token: admin });
    expect(removed.statusCode).toBe(204);
    expect(await t.database.db.$count(apiAccess, eq(apiAccess.id, access.id))).toBe(0);
    expect((await call(t.app, 'DELETE', `parametro/acesso-api/${access.id}`, { token: admin })).statusCode).toBe(404);
  });

  it('keeps each company’s logins apart: another company’s id answers 404 and nothing changes', async () => {
    const mine = apiAccessSchema.parse((await call(t.app, 'POST', 'parametro/acesso-api', { token: admin, payload: { email: 'loja@cliente.com.br', senha: PASSWORD } })).json());
    // the same e-mail is allowed in the other company
    const theirs = await call(t.app, 'POST', 'parametro/acesso-api', { token: adminOther, payload: { email: 'LOJA@cliente.com.br', senha: PASSWORD } });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().idEmpresa).toBe(t.seed.companyIds[1]);
    const otherList = apiAccessPageSchema.parse((await call(t.app, 'GET', 'parametro/acesso-api', { token: adminOther })).json());
    expect(otherList.itens.map((a) => a.email)).toEqual(['LOJA@cliente.com.br']);
    expect((await call(t.app, 'PUT', `parametro/acesso-api/${mine.id}`, { token: adminOther, payload: { email: 'roubado@x.com.br' } })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `parametro/acesso-api/${mine.id}`, { token: adminOther })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(apiAccess).where(eq(apiAccess.id, mine.id));
    expect(row.email).toBe('loja@cliente.com.br');
    // idEmpresa in the body must be the selected company
    const moved = await call(t.app, 'PUT', `parametro/acesso-api/${mine.id}`, { token: admin, payload: { email: 'loja@cliente.com.br', idEmpresa: t.seed.companyIds[1] } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().messages[0].field).toBe('idEmpresa');
    const createdElsewhere = await call(t.app, 'POST', 'parametro/acesso-api', { token: admin, payload: { email: 'x@cliente.com.br', senha: PASSWORD, idEmpresa: t.seed.companyIds[1] } });
    expect(createdElsewhere.statusCode).toBe(400);
    expect(await t.database.db.$count(apiAccess, eq(apiAccess.email, 'x@cliente.com.br'))).toBe(0);
  });

  it('answers 409 on email for a duplicate in the company, 400 for bad input, writing nothing', async () => {
    const before = await t.database.db.$count(apiAccess);
    const dup = await call(t.app, 'POST', 'parametro/acesso-api', { token: admin, payload: { email: 'Loja@Cliente.com.br', senha: PASSWORD } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().messages).toEqual([{ field: 'email', message: DUPLICATE_API_ACCESS_EMAIL_MESSAGE }]);
    const noPassword = await call(t.app, 'POST', 'parametro/acesso-api', { token: admin, payload: { email: 'novo@cliente.com.br' } });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().messages[0].field).toBe('senha');
    const short = await call(t.app, 'POST', 'parametro/acesso-api', { token: admin, payload: { email: 'novo@cliente.com.br', senha: '123' } });
    expect(short.json().messages[0].field).toBe('senha');
    const badEmail = await call(t.app, 'POST', 'parametro/acesso-api', { token: admin, payload: { email: 'sem-arroba', senha: PASSWORD } });
    expect(badEmail.json().messages[0].field).toBe('email');
    const huge = await call(t.app, 'POST', 'parametro/acesso-api', { token: admin, payload: { email: `${'a'.repeat(2 * 1024 * 1024)}@x.com`, senha: PASSWORD } });
    expect(huge.statusCode).toBe(400);
    const unknown = await call(t.app, 'POST', 'parametro/acesso-api', { token: admin, payload: { email: 'novo@cliente.com.br', senha: PASSWORD, ativo: true } });
    expect(unknown.json().messages[0].field).toBe('ativo');
    expect((await call(t.app, 'PUT', 'parametro/acesso-api/999999', { token: admin, payload: { email: 'a@b.com.br' } })).statusCode).toBe(404);
    expect(await t.database.db.$count(apiAccess)).toBe(before);
  });

  it('is readable by a non-administrator holding only ROLE_VISUALIZAR_PARAMETROS, scoped to their company', async () => {
    const res = await call(t.app, 'POST', 'perfil', { token: admin, payload: { nome: 'Só parâmetros', permissoes: ['ROLE_VISUALIZAR_PARAMETROS'] } });
    expect(res.statusCode).toBe(201);
    await createUser(t.database.db, { login: 'parametrista', password: 'par-123', companyIds: [t.seed.companyIds[1]], profileName: 'Só parâmetros' });
    const token = (await t.login('parametrista', 'par-123')).token;
    const page = apiAccessPageSchema.parse((await call(t.app, 'GET', 'parametro/acesso-api', { token })).json());
    expect(page.itens.every((a) => a.idEmpresa === t.seed.companyIds[1])).toBe(true);
    expect((await call(t.app, 'GET', 'parametro', { token })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', 'perfil', { token })).statusCode).toBe(403);
  });
});
