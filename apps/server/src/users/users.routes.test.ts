import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  DUPLICATE_COMPANY_LINK_MESSAGE,
  DUPLICATE_EMAIL_MESSAGE,
  DUPLICATE_LOGIN_MESSAGE,
  FORBIDDEN_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  PASSWORD_MISMATCH_MESSAGE,
  SELF_DEACTIVATION_MESSAGE,
  SELF_DELETION_MESSAGE,
  USER_IN_USE_MESSAGE,
  hashPassword,
  type AuditEntry,
  type PagedList,
  type User,
} from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, createUser, loginCall } from '../auth/auth.test-helpers.ts';
import { LAST_ADMINISTRATOR_MESSAGE } from '../auth/administrators.ts';
import { profileRoles, profiles } from '../profiles/profiles.schema.ts';
import { users } from './users.schema.ts';

let t: TestApp;
let admin: string;
let seller: string;
let adminProfileId: number;
let sellerProfileId: number;
/** A profile with ROLE_VISUALIZAR_USUARIO but not the profiles role: its holders are not administrators. */
let managerProfileId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin', 'admin')).token;
  seller = (await t.login('vendedor', 'vendedor')).token;
  const db = t.database.db;
  adminProfileId = (await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.name, 'Administrador')))[0].id;
  sellerProfileId = (await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.name, 'Vendedor')))[0].id;
  [{ id: managerProfileId }] = await db.insert(profiles).values({ name: 'Gestor de usuários' }).returning({ id: profiles.id });
  await db.insert(profileRoles).values({ profileId: managerProfileId, role: 'ROLE_VISUALIZAR_USUARIO' });
});
afterAll(async () => {
  await t.close();
});

const [c1, c2] = [() => t.seed.companyIds[0], () => t.seed.companyIds[1]];
const countUsers = () => t.database.db.$count(users);
const auditOf = async (id: number): Promise<AuditEntry[]> => (await call(t.app, 'GET', `auditoria?entidade=usuario&idRegistro=${id}&pageSize=50`, { token: admin })).json<PagedList<AuditEntry>>().itens;

/** A valid create body (typed password `segredo`). */
function newUser(login: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    nome: `Pessoa ${login}`,
    email: `${login}@exemplo.com.br`,
    login,
    senha: hashPassword('segredo'),
    confirmeSenha: hashPassword('segredo'),
    empresas: [{ idEmpresa: c1(), idPerfil: sellerProfileId }],
    ...extra,
  };
}

async function save(body: Record<string, unknown>, token = admin): Promise<User> {
  const res = await call(t.app, 'POST', 'usuario', { token, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<User>();
}

/** The edit body of a saved user (no passwords). */
function editBody(user: User, change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: user.id,
    nome: user.nome,
    email: user.email,
    login: user.login,
    ativo: user.ativo,
    vendedor: user.vendedor,
    codigoErp: user.codigoErp ?? '',
    codigoVendedorErp: user.codigoVendedorErp ?? '',
    empresas: user.empresas.map(({ idEmpresa, idPerfil }) => ({ idEmpresa, idPerfil })),
    ...change,
  };
}

describe('users: access', () => {
  it('answers 401 without a token and 403 without ROLE_VISUALIZAR_USUARIO, before validating, and writes nothing', async () => {
    const before = await countUsers();
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', 'usuario'],
      ['GET', `usuario/${t.seed.adminId}`],
      ['POST', 'usuario', newUser('intruso')],
      ['POST', 'usuario', { bogus: 1 }],
      ['PUT', `usuario/inativa/${t.seed.adminId}`],
      ['GET', 'usuario/opcoes'],
      ['DELETE', `usuario/${t.seed.sellerId}`],
    ];
    for (const [method, path, payload] of calls) {
      expect((await call(t.app, method, path, { payload })).statusCode, `${method} ${path}`).toBe(401);
      const denied = await call(t.app, method, path, { token: seller, payload });
      expect(denied.statusCode, `${method} ${path}`).toBe(403);
      expect(denied.json().message).toBe(FORBIDDEN_MESSAGE);
    }
    for (const path of ['usuario/vendedor', 'usuario/me']) expect((await call(t.app, 'GET', path)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', 'usuario/me/senha', { payload: {} })).statusCode).toBe(401);
    expect(await countUsers()).toBe(before);
  });
});

describe('users: create, read, list', () => {
  it('creates a user with links, never answers a password, asks for a new password at the first sign-in, records CRIACAO', async () => {
    const user = await save(newUser('maria.souza', { nome: 'Maria Souza', codigoErp: 'U77', vendedor: true, codigoVendedorErp: 'V12', empresas: [{ idEmpresa: c2(), idPerfil: sellerProfileId }, { idEmpresa: c1(), idPerfil: adminProfileId }] }));
    expect(user).toMatchObject({ nome: 'Maria Souza', login: 'maria.souza', email: 'maria.souza@exemplo.com.br', ativo: true, codigoErp: 'U77', vendedor: true, codigoVendedorErp: 'V12', indNewPassword: true });
    expect(user.empresas).toEqual([
      { idEmpresa: c1(), nomeEmpresa: 'Distribuidora Acervo Ltda', idPerfil: adminProfileId, nomePerfil: 'Administrador' },
      { idEmpresa: c2(), nomeEmpresa: 'Editora Acervo S.A.', idPerfil: sellerProfileId, nomePerfil: 'Vendedor' },
    ]);
    expect(JSON.stringify(user)).not.toMatch(/senha/i);
    expect((await call(t.app, 'GET', `usuario/${user.id}`, { token: admin })).json()).toEqual(user);
    const session = (await loginCall(t.app, 'MARIA.SOUZA', 'segredo')).json();
    expect(session).toMatchObject({ indNewPassword: true, idEmpresa: c1(), nomPerfil: 'Administrador' });
    const [entry] = await auditOf(user.id);
    expect(entry.acao).toBe('CRIACAO');
    expect(entry.alteracoes).toContainEqual({ campo: 'empresas', antes: null, depois: ['Distribuidora Acervo Ltda: Administrador', 'Editora Acervo S.A.: Vendedor'] });
    expect(JSON.stringify(entry)).not.toContain(hashPassword('segredo'));
  });

  it('lists paged with term (name, login, e-mail, ERP codes; no accents) and status, sorted by every column', async () => {
    await save(newUser('joao.inativo', { nome: 'João Inativo', ativo: false }));
    const byTerm = (term: string) => call(t.app, 'GET', `usuario?term=${encodeURIComponent(term)}`, { token: admin }).then((r) => r.json<PagedList<User>>());
    expect((await byTerm('joao')).itens.map((u) => u.login)).toEqual(['joao.inativo']);
    expect((await byTerm('V12')).itens.map((u) => u.login)).toEqual(['maria.souza']);
    expect((await byTerm('EXEMPLO.COM')).totalItens).toBe(2);
    const inactive = (await call(t.app, 'GET', 'usuario?status=false', { token: admin })).json<PagedList<User>>();
    expect(inactive.itens.map((u) => u.login)).toEqual(['joao.inativo']);
    expect((await call(t.app, 'GET', 'usuario?status=ATIVO', { token: admin })).json().totalItens).toBe(3);
    const page = (await call(t.app, 'GET', 'usuario?pageSize=2&page=1&sorter=login,asc', { token: admin })).json<PagedList<User>>();
    expect(page).toMatchObject({ page: 1, size: 2, totalItens: 4, totalPage: 2, proxima: false });
    expect(page.itens.map((u) => u.login)).toEqual(['maria.souza', 'vendedor']);
    expect(page.itens[1].empresas).toEqual([{ idEmpresa: c1(), nomeEmpresa: 'Distribuidora Acervo Ltda', idPerfil: sellerProfileId, nomePerfil: 'Vendedor' }]);
    for (const field of ['nome', 'login', 'email', 'vendedor', 'ativo']) {
      expect((await call(t.app, 'GET', `usuario?sorter=${field},desc`, { token: admin })).statusCode, field).toBe(200);
    }
    expect((await call(t.app, 'GET', 'usuario?sorter=senha', { token: admin })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', 'usuario?filtro=x', { token: admin })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown user on get, update and toggle', async () => {
    expect((await call(t.app, 'GET', 'usuario/999999', { token: admin })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', 'usuario', { token: admin, payload: { ...newUser('fantasma'), id: 999999 } })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', 'usuario/inativa/999999', { token: admin })).statusCode).toBe(404);
  });
});

describe('users: bad input writes nothing', () => {
  it('answers 400 naming the field: missing or different passwords, bad hashes, types, unknown fields, 2 MB strings, links', async () => {
    const before = await countUsers();
    const cases: [Record<string, unknown>, string, string?][] = [
      [newUser('a1', { senha: undefined, confirmeSenha: undefined }), 'senha', 'Campo obrigatório'],
      [newUser('a2', { confirmeSenha: hashPassword('outra') }), 'confirmeSenha', PASSWORD_MISMATCH_MESSAGE],
      [newUser('a3', { confirmeSenha: undefined }), 'confirmeSenha'],
      [newUser('a4', { senha: 'segredo', confirmeSenha: 'segredo' }), 'senha'],
      [newUser('a5', { email: 'sem-arroba' }), 'email'],
      [newUser('a6', { login: 'com espaço' }), 'login'],
      [newUser('a7', { vendedor: 'sim' }), 'vendedor'],
      [newUser('a8', { nome: 42 }), 'nome'],
      [newUser('a9', { papel: 'admin' }), 'papel'],
      [newUser('a10', { nome: 'n'.repeat(151) }), 'nome'],
      [newUser('a11', { nome: 'n'.repeat(2 * 1024 * 1024) }), 'body'],
      [newUser('a12', { empresas: [] }), 'empresas'],
      [newUser('a13', { empresas: [{ idEmpresa: c1(), idPerfil: sellerProfileId }, { idEmpresa: c1(), idPerfil: adminProfileId }] }), 'empresas.1.idEmpresa', DUPLICATE_COMPANY_LINK_MESSAGE],
      [newUser('a14', { empresas: [{ idEmpresa: 999999, idPerfil: sellerProfileId }] }), 'empresas.0.idEmpresa'],
      [newUser('a15', { empresas: [{ idEmpresa: c1(), idPerfil: 999999 }] }), 'empresas.0.idPerfil'],
      [newUser('a16', { empresas: [{ idEmpresa: c1(), idPerfil: sellerProfileId, extra: 1 }] }), 'empresas.0.extra'],
      [newUser('a17', { empresas: [{ idEmpresa: 'um', idPerfil: sellerProfileId }] }), 'empresas.0.idEmpresa'],
      [newUser('a18', { empresas: [{ idEmpresa: c1(), idPerfil: 0 }] }), 'empresas.0.idPerfil', 'Selecione uma opção'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call(t.app, 'POST', 'usuario', { token: admin, payload });
      expect(res.statusCode, String(payload.login)).toBe(400);
      const messages = res.json().messages as { field: string; message: string }[];
      expect(messages.map((m) => m.field), String(payload.login)).toContain(field);
      if (message) expect(messages.find((m) => m.field === field)?.message).toBe(message);
    }
    expect(await countUsers()).toBe(before);
  });

  it('answers 409 naming login or e-mail when another user has it, ignoring case, on create and on update', async () => {
    const before = await countUsers();
    const login = await call(t.app, 'POST', 'usuario', { token: admin, payload: newUser('ADMIN', { email: 'novo@exemplo.com.br' }) });
    expect(login.statusCode).toBe(409);
    expect(login.json().messages).toEqual([{ field: 'login', message: DUPLICATE_LOGIN_MESSAGE }]);
    const email = await call(t.app, 'POST', 'usuario', { token: admin, payload: newUser('novo', { email: 'Vendedor@Acervo.Local' }) });
    expect(email.statusCode).toBe(409);
    expect(email.json().messages).toEqual([{ field: 'email', message: DUPLICATE_EMAIL_MESSAGE }]);
    expect(await countUsers()).toBe(before);
    const maria = (await call(t.app, 'GET', 'usuario?term=maria.souza', { token: admin })).json<PagedList<User>>().itens[0];
    const upd = await call(t.app, 'POST', 'usuario', { token: admin, payload: editBody(maria, { login: 'Vendedor' }) });
    expect(upd.statusCode).toBe(409);
    expect(upd.json().messages[0].field).toBe('login');
    expect((await call(t.app, 'GET', `usuario/${maria.id}`, { token: admin })).json().login).toBe('maria.souza');
  });
});

describe('users: update', () => {
  it('updates fields (ALTERACAO) and links (PERMISSAO) without touching the password; keeping its own login is no conflict', async () => {
    const user = await save(newUser('carlos'));
    const saved = await save(editBody(user, { nome: 'Carlos Lima', codigoErp: 'E1', empresas: [{ idEmpresa: c1(), idPerfil: sellerProfileId }, { idEmpresa: c2(), idPerfil: sellerProfileId }] }));
    expect(saved).toMatchObject({ id: user.id, nome: 'Carlos Lima', codigoErp: 'E1', indNewPassword: true });
    expect(saved.empresas.map((l) => l.idEmpresa)).toEqual([c1(), c2()]);
    const entries = await auditOf(user.id);
    const changed = entries.find((e) => e.acao === 'ALTERACAO');
    expect(changed?.alteracoes).toEqual([
      { campo: 'nome', antes: 'Pessoa carlos', depois: 'Carlos Lima' },
      { campo: 'codigoErp', antes: null, depois: 'E1' },
    ]);
    const links = entries.find((e) => e.acao === 'PERMISSAO');
    expect(links?.alteracoes).toEqual([{ campo: 'empresas', antes: ['Distribuidora Acervo Ltda: Vendedor'], depois: ['Distribuidora Acervo Ltda: Vendedor', 'Editora Acervo S.A.: Vendedor'] }]);
    expect(entries.some((e) => e.acao === 'SENHA')).toBe(false);
    expect((await loginCall(t.app, 'carlos', 'segredo')).statusCode).toBe(200);
  });

  it('a new password is audited masked, ends every session of that user and asks them for a new one at the next sign-in', async () => {
    const user = await save(newUser('patricia'));
    await t.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, user.id));
    const token = (await t.login('patricia', 'segredo')).token;
    expect((await call(t.app, 'GET', 'usuario/me', { token })).statusCode).toBe(200);
    await save(editBody(user, { senha: hashPassword('trocada'), confirmeSenha: hashPassword('trocada') }));
    expect((await call(t.app, 'GET', 'usuario/me', { token })).statusCode).toBe(401);
    expect((await loginCall(t.app, 'patricia', 'segredo')).statusCode).toBe(401);
    const session = (await loginCall(t.app, 'patricia', 'trocada')).json();
    expect(session.indNewPassword).toBe(true);
    const [entry] = (await auditOf(user.id)).filter((e) => e.acao === 'SENHA');
    expect(entry.alteracoes).toEqual([{ campo: 'senha', antes: '***', depois: '***' }]);
  });
});

describe('users: deactivation and the last administrator', () => {
  it('a deactivated user’s live token answers 401 at once and they cannot sign in; reactivated, they can again', async () => {
    const user = await save(newUser('renata'));
    await t.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, user.id));
    const token = (await t.login('renata', 'segredo')).token;
    expect((await call(t.app, 'GET', 'usuario/me', { token })).statusCode).toBe(200);
    const off = await call(t.app, 'PUT', `usuario/inativa/${user.id}`, { token: admin });
    expect(off.json()).toEqual({ id: user.id, ativo: false });
    expect((await call(t.app, 'GET', 'usuario/me', { token })).statusCode).toBe(401);
    const login = await loginCall(t.app, 'renata', 'segredo');
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe(LOGIN_FAILED_MESSAGE);
    const on = await call(t.app, 'PUT', `usuario/inativa/${user.id}`, { token: admin });
    expect(on.json()).toEqual({ id: user.id, ativo: true });
    expect((await call(t.app, 'GET', 'usuario/me', { token })).statusCode).toBe(401);
    expect((await loginCall(t.app, 'renata', 'segredo')).statusCode).toBe(200);
    expect((await auditOf(user.id)).slice(0, 2).map((e) => e.acao)).toEqual(['ATIVACAO', 'INATIVACAO']);
  });

  it('proves the guard alone refuses an inactive user: a session left open answers 401 per request', async () => {
    const user = await save(newUser('direto'));
    await t.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, user.id));
    const token = (await t.login('direto', 'segredo')).token;
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    expect((await call(t.app, 'GET', 'usuario/me', { token })).statusCode).toBe(401);
    await t.database.db.update(users).set({ active: true }).where(eq(users.id, user.id));
    expect((await call(t.app, 'GET', 'usuario/me', { token })).statusCode).toBe(200);
  });

  it('refuses with 409 to deactivate oneself, and to deactivate or re-link the last administrator; nothing is written', async () => {
    const self = await call(t.app, 'PUT', `usuario/inativa/${t.seed.adminId}`, { token: admin });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(SELF_DEACTIVATION_MESSAGE);

    // maria.souza is an administrator in company 1: make her a plain seller first, so admin is the last one
    const maria = (await call(t.app, 'GET', 'usuario?term=maria.souza', { token: admin })).json<PagedList<User>>().itens[0];
    await save(editBody(maria, { empresas: [{ idEmpresa: c1(), idPerfil: sellerProfileId }] }));

    await createUser(t.database.db, { login: 'gestor', password: 'gestor', companyIds: [c1()], profileName: 'Gestor de usuários' });
    const manager = (await t.login('gestor', 'gestor')).token;
    const adminUser = (await call(t.app, 'GET', `usuario/${t.seed.adminId}`, { token: manager })).json<User>();
    const off = await call(t.app, 'PUT', `usuario/inativa/${t.seed.adminId}`, { token: manager });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(LAST_ADMINISTRATOR_MESSAGE);
    const viaSave = await call(t.app, 'POST', 'usuario', { token: manager, payload: editBody(adminUser, { ativo: false }) });
    expect(viaSave.statusCode).toBe(409);
    const relink = await call(t.app, 'POST', 'usuario', { token: manager, payload: editBody(adminUser, { empresas: adminUser.empresas.map((l) => ({ idEmpresa: l.idEmpresa, idPerfil: managerProfileId })) }) });
    expect(relink.statusCode).toBe(409);
    expect(relink.json().message).toBe(LAST_ADMINISTRATOR_MESSAGE);
    expect((await call(t.app, 'GET', `usuario/${t.seed.adminId}`, { token: admin })).json()).toEqual(adminUser);
    expect((await auditOf(t.seed.adminId)).length).toBe(0);

    // with a second administrator, the same change goes through
    await save(editBody(maria, { empresas: [{ idEmpresa: c1(), idPerfil: adminProfileId }] }));
    const ok = await call(t.app, 'POST', 'usuario', { token: manager, payload: editBody(adminUser, { empresas: [{ idEmpresa: c1(), idPerfil: adminProfileId }] }) });
    expect(ok.statusCode, ok.body).toBe(200);
    await save(editBody(adminUser));
  });
});

describe('GET usuario/vendedor', () => {
  it('lists the active sellers linked to the caller’s selected company, to any signed-in user of it', async () => {
    await save(newUser('vend.editora', { nome: 'Vendedora Editora', vendedor: true, codigoVendedorErp: 'VE1', empresas: [{ idEmpresa: c2(), idPerfil: sellerProfileId }] }));
    await save(newUser('vend.inativo', { nome: 'Vendedor Inativo', vendedor: true, ativo: false }));
    const res = await call(t.app, 'GET', 'usuario/vendedor', { token: seller });
    expect(res.statusCode).toBe(200);
    const names = res.json<{ nome: string }[]>().map((s) => s.nome);
    expect(names).toContain('Vendedor Demonstração');
    expect(names).not.toContain('Vendedora Editora');
    expect(names).not.toContain('Vendedor Inativo');
    const adminInC2 = (await call(t.app, 'POST', 'auth/refresh', { token: (await t.login('admin', 'admin')).token, payload: { idEmpresa: c2() } })).json().token;
    const other = (await call(t.app, 'GET', 'usuario/vendedor', { token: adminInC2 })).json();
    expect(other).toContainEqual({ id: expect.any(Number), nome: 'Vendedora Editora', codigoVendedorErp: 'VE1' });
    expect(other.map((s: { nome: string }) => s.nome)).not.toContain('Vendedor Demonstração');
    const lone = await createUser(t.database.db, { login: 'sem-empresa', password: 'x', companyIds: [] });
    expect(lone).toBeGreaterThan(0);
    expect((await call(t.app, 'GET', 'usuario/vendedor', { token: (await t.login('sem-empresa', 'x')).token })).statusCode).toBe(403);
  });
});

describe('GET usuario/opcoes', () => {
  it('lists every company and profile by name with its state, for the links of the user form', async () => {
    const res = await call(t.app, 'GET', 'usuario/opcoes', { token: admin });
    expect(res.statusCode).toBe(200);
    const { empresas, perfis } = res.json();
    expect(empresas).toEqual([
      { id: c1(), nome: 'Distribuidora Acervo Ltda', ativo: true },
      { id: c2(), nome: 'Editora Acervo S.A.', ativo: true },
    ]);
    expect(perfis.map((p: { nome: string }) => p.nome)).toEqual(['Administrador', 'Gestor de usuários', 'Vendedor']);
  });
});

describe('DELETE usuario/{id}', () => {
  it('deletes a user nothing refers to (its sessions end, EXCLUSAO kept), refuses oneself and a user other records refer to', async () => {
    const user = await save(newUser('temporario'));
    await t.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, user.id));
    const token = (await t.login('temporario', 'segredo')).token;
    await t.database.db.execute(sql`CREATE TABLE teste_pedido (id serial primary key, vendedor_id integer REFERENCES usuario(id))`);
    await t.database.db.execute(sql`INSERT INTO teste_pedido (vendedor_id) VALUES (${user.id})`);
    const used = await call(t.app, 'DELETE', `usuario/${user.id}`, { token: admin });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toContain(USER_IN_USE_MESSAGE);
    expect(used.json().message).toContain('teste_pedido');
    await t.database.db.execute(sql`DROP TABLE teste_pedido`);

    const res = await call(t.app, 'DELETE', `usuario/${user.id}`, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Usuário excluído com sucesso!');
    expect((await call(t.app, 'GET', `usuario/${user.id}`, { token: admin })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', 'usuario/me', { token })).statusCode).toBe(401);
    const [entry] = await auditOf(user.id);
    expect(entry.acao).toBe('EXCLUSAO');
    expect(entry.alteracoes).toContainEqual({ campo: 'login', antes: 'temporario', depois: null });

    const self = await call(t.app, 'DELETE', `usuario/${t.seed.adminId}`, { token: admin });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(SELF_DELETION_MESSAGE);
    expect((await call(t.app, 'DELETE', 'usuario/999999', { token: admin })).statusCode).toBe(404);
  });
});
