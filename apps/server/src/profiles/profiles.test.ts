import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DUPLICATE_PROFILE_NAME_MESSAGE,
  FORBIDDEN_MESSAGE,
  MENU_GROUPS,
  PROFILE_IN_USE_MESSAGE,
  ROLES,
  ROLE_LABELS,
  permissionCatalogueSchema,
  profilePageSchema,
  profileSchema,
  type Profile,
} from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, createUser } from '../auth/auth.test-helpers.ts';
import { LAST_ADMINISTRATOR_MESSAGE } from '../auth/administrators.ts';
import { auditLog } from '../audit/audit.schema.ts';
import { userCompanies } from '../users/users.schema.ts';
import { profileRoles, profiles } from './profiles.schema.ts';

let t: TestApp;
let admin: string;
let seller: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin', 'admin')).token;
  seller = (await t.login('vendedor', 'vendedor')).token;
});
afterAll(async () => {
  await t.close();
});

async function create(body: Record<string, unknown>): Promise<Profile> {
  const res = await call(t.app, 'POST', 'perfil', { token: admin, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return profileSchema.parse(res.json());
}

async function auditOf(id: number) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.recordId, String(id))).orderBy(auditLog.id);
}

describe('access rules', () => {
  it('answers 401 without a token and 403 without ROLE_VISUALIZAR_PERFIL on every call', async () => {
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', 'perfil'],
      ['GET', 'perfil/permissoes'],
      ['GET', 'perfil/1'],
      ['POST', 'perfil'],
      ['PUT', 'perfil/1'],
      ['PUT', 'perfil/inativa/1'],
      ['DELETE', 'perfil/1'],
    ];
    for (const [method, path] of calls) {
      expect((await call(t.app, method, path, { payload: method === 'GET' || method === 'DELETE' ? undefined : {} })).statusCode, path).toBe(401);
      const denied = await call(t.app, method, path, { token: seller, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(denied.statusCode, path).toBe(403);
      expect(denied.json().message).toBe(FORBIDDEN_MESSAGE);
    }
  });
});

describe('GET perfil/permissoes', () => {
  it('lists every role once, grouped by menu area in menu order, with pt-BR labels', async () => {
    const res = await call(t.app, 'GET', 'perfil/permissoes', { token: admin });
    expect(res.statusCode).toBe(200);
    const groups = permissionCatalogueSchema.parse(res.json());
    const roles = groups.flatMap((g) => g.permissoes.map((p) => p.role));
    expect([...roles].sort()).toEqual([...ROLES].sort());
    expect(groups.map((g) => g.grupo)).toEqual(MENU_GROUPS.filter((g) => groups.some((x) => x.grupo === g)));
    const byRole = new Map(groups.flatMap((g) => g.permissoes.map((p) => [p.role, { grupo: g.grupo, nome: p.nome }] as const)));
    expect(byRole.get('ROLE_VISUALIZAR_TERMINAL')).toEqual({ grupo: 'product', nome: ROLE_LABELS.ROLE_VISUALIZAR_TERMINAL['pt-BR'] });
    expect(byRole.get('ROLE_VISUALIZAR_PERFIL')?.grupo).toBe('system');
    expect(byRole.get('ROLE_VISUALIZAR_RELATORIO_ESTOQUE')?.grupo).toBe('reports');
    expect(byRole.get('ROLE_CRIAR_PEDIDOS')?.grupo).toBe('orders');
    expect(byRole.get('ROLE_VISUALIZAR_REPOSICAO_CALCULO')?.grupo).toBe('replacement');
    // no menu entry of its own: the area of its screens' path (/product/faixa-etaria)
    expect(byRole.get('ROLE_VISUALIZAR_CADASTROS_AUXILIARES')?.grupo).toBe('product');
    expect(groups.find((g) => g.grupo === 'system')?.nome).toBe('Sistema');
  });
});

describe('create, read, list', () => {
  it('creates a profile (201), reads it back and records CRIACAO with the permissions', async () => {
    const created = await create({ nome: 'Estoquista', descricao: 'Consulta estoque', permissoes: ['ROLE_VISUALIZAR_RELATORIO_ESTOQUE', 'ROLE_VISUALIZAR_TERMINAL', 'ROLE_VISUALIZAR_TERMINAL'] });
    expect(created).toMatchObject({ nome: 'Estoquista', descricao: 'Consulta estoque', ativo: true, totalUsuarios: 0 });
    expect(created.permissoes).toEqual(['ROLE_VISUALIZAR_RELATORIO_ESTOQUE', 'ROLE_VISUALIZAR_TERMINAL']);
    const read = await call(t.app, 'GET', `perfil/${created.id}`, { token: admin });
    expect(read.json()).toEqual(created);
    const [entry] = await auditOf(created.id);
    expect(entry).toMatchObject({ entity: 'perfil', action: 'CRIACAO', userName: 'Administrador' });
    expect(entry.changes).toContainEqual({ campo: 'permissoes', antes: null, depois: created.permissoes });
  });

  it('answers 404 for an unknown id and 400 naming the id for a bad one', async () => {
    expect((await call(t.app, 'GET', 'perfil/999999', { token: admin })).statusCode).toBe(404);
    const bad = await call(t.app, 'GET', 'perfil/abc', { token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0].field).toBe('id');
  });

  it('lists paged, filtered by term (no accents, no case) and status, sorted by every column', async () => {
    await create({ nome: 'Gerência Comercial', descricao: 'Relatórios', permissoes: ['ROLE_VISUALIZAR_RELATORIO_FATURAMENTO'] });
    await create({ nome: 'Inativo de teste', permissoes: [], ativo: false });
    const page = profilePageSchema.parse((await call(t.app, 'GET', 'perfil?term=gerencia', { token: admin })).json());
    expect(page.itens.map((p) => p.nome)).toEqual(['Gerência Comercial']);
    expect(page.itens[0]).toMatchObject({ totalPermissoes: 1, totalUsuarios: 0, ativo: true });
    const inactive = profilePageSchema.parse((await call(t.app, 'GET', 'perfil?status=false', { token: admin })).json());
    expect(inactive.itens.map((p) => p.nome)).toEqual(['Inativo de teste']);
    const all = profilePageSchema.parse((await call(t.app, 'GET', 'perfil?pageSize=2&sorter=nome,asc', { token: admin })).json());
    expect(all).toMatchObject({ page: 0, size: 2, proxima: true });
    expect(all.totalItens).toBeGreaterThanOrEqual(5);
    const byUsers = profilePageSchema.parse((await call(t.app, 'GET', 'perfil?sorter=totalUsuarios,desc', { token: admin })).json());
    const counts = byUsers.itens.map((p) => p.totalUsuarios);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBe(1);
    const byRoles = profilePageSchema.parse((await call(t.app, 'GET', 'perfil?sorter=totalPermissoes,desc', { token: admin })).json());
    expect(byRoles.itens[0]).toMatchObject({ nome: 'Administrador', totalPermissoes: ROLES.length });
    for (const field of ['descricao', 'ativo']) expect((await call(t.app, 'GET', `perfil?sorter=${field},desc`, { token: admin })).statusCode).toBe(200);
    const bad = await call(t.app, 'GET', 'perfil?sorter=senha,asc', { token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0].field).toBe('sorter');
    expect((await call(t.app, 'GET', 'perfil?filtro=x', { token: admin })).statusCode).toBe(400);
  });
});

describe('validation', () => {
  it('refuses an unknown role on `permissoes`, a missing name, unknown fields and 2 MB strings, writing nothing', async () => {
    const before = await t.database.db.$count(profiles);
    const unknown = await call(t.app, 'POST', 'perfil', { token: admin, payload: { nome: 'X', permissoes: ['ROLE_INVENTADA'] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().messages[0]).toMatchObject({ field: 'permissoes' });
    expect(unknown.json().messages[0].message).toContain('ROLE_INVENTADA');
    const missing = await call(t.app, 'POST', 'perfil', { token: admin, payload: { permissoes: [] } });
    expect(missing.json().messages).toContainEqual({ field: 'nome', message: 'Campo obrigatório' });
    const extra = await call(t.app, 'POST', 'perfil', { token: admin, payload: { nome: 'Y', permissoes: [], admin: true } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().messages[0].field).toBe('admin');
    const huge = await call(t.app, 'POST', 'perfil', { token: admin, payload: { nome: 'Z', descricao: 'a'.repeat(2 * 1024 * 1024), permissoes: [] } });
    expect(huge.statusCode).toBe(400);
    const wrongType = await call(t.app, 'POST', 'perfil', { token: admin, payload: { nome: 'W', permissoes: 'ROLE_VISUALIZAR_TERMINAL' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().messages[0].field).toBe('permissoes');
    expect(await t.database.db.$count(profiles)).toBe(before);
  });

  it('answers 409 on `nome` for a name taken (without case), on create and on update', async () => {
    const dup = await call(t.app, 'POST', 'perfil', { token: admin, payload: { nome: 'administrador', permissoes: [] } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().messages).toEqual([{ field: 'nome', message: DUPLICATE_PROFILE_NAME_MESSAGE }]);
    const other = await create({ nome: 'Renomeável', permissoes: [] });
    const clash = await call(t.app, 'PUT', `perfil/${other.id}`, { token: admin, payload: { nome: 'VENDEDOR', permissoes: [] } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().messages[0].field).toBe('nome');
  });
});

describe('update, toggle, delete', () => {
  it('updates fields and permissions, recording ALTERACAO and PERMISSAO separately', async () => {
    const p = await create({ nome: 'Compras', permissoes: ['ROLE_VISUALIZAR_TERMINAL'] });
    const res = await call(t.app, 'PUT', `perfil/${p.id}`, { token: admin, payload: { nome: 'Compras e reposição', descricao: 'Equipe de compras', permissoes: ['ROLE_VISUALIZAR_REPOSICAO_CALCULO', 'ROLE_VISUALIZAR_TERMINAL'] } });
    expect(res.statusCode).toBe(200);
    expect(profileSchema.parse(res.json())).toMatchObject({ nome: 'Compras e reposição', descricao: 'Equipe de compras', ativo: true, permissoes: ['ROLE_VISUALIZAR_REPOSICAO_CALCULO', 'ROLE_VISUALIZAR_TERMINAL'] });
    const entries = await auditOf(p.id);
    expect(entries.map((e) => e.action)).toEqual(['CRIACAO', 'ALTERACAO', 'PERMISSAO']);
    expect(entries[1].changes).toEqual([
      { campo: 'nome', antes: 'Compras', depois: 'Compras e reposição' },
      { campo: 'descricao', antes: null, depois: 'Equipe de compras' },
    ]);
    expect(entries[2].changes).toEqual([{ campo: 'permissoes', antes: ['ROLE_VISUALIZAR_TERMINAL'], depois: ['ROLE_VISUALIZAR_REPOSICAO_CALCULO', 'ROLE_VISUALIZAR_TERMINAL'] }]);
    expect((await call(t.app, 'PUT', 'perfil/999999', { token: admin, payload: { nome: 'N', permissoes: [] } })).statusCode).toBe(404);
  });

  it('toggles the active flag and answers the new state', async () => {
    const p = await create({ nome: 'Alternável', permissoes: [] });
    const off = await call(t.app, 'PUT', `perfil/inativa/${p.id}`, { token: admin });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: p.id, ativo: false });
    const on = await call(t.app, 'PUT', `perfil/inativa/${p.id}`, { token: admin });
    expect(on.json()).toMatchObject({ id: p.id, ativo: true });
    expect((await auditOf(p.id)).map((e) => e.action)).toEqual(['CRIACAO', 'INATIVACAO', 'ATIVACAO']);
    expect((await call(t.app, 'PUT', 'perfil/inativa/999999', { token: admin })).statusCode).toBe(404);
  });

  it('deletes a profile nobody holds (204, EXCLUSAO) and refuses one in use with 409', async () => {
    const p = await create({ nome: 'Descartável', permissoes: ['ROLE_VISUALIZAR_METAS'] });
    const res = await call(t.app, 'DELETE', `perfil/${p.id}`, { token: admin });
    expect(res.statusCode).toBe(204);
    expect((await call(t.app, 'GET', `perfil/${p.id}`, { token: admin })).statusCode).toBe(404);
    expect(await t.database.db.$count(profileRoles, eq(profileRoles.profileId, p.id))).toBe(0);
    expect((await auditOf(p.id)).at(-1)).toMatchObject({ action: 'EXCLUSAO' });
    expect((await call(t.app, 'DELETE', `perfil/${p.id}`, { token: admin })).statusCode).toBe(404);

    const [sellerProfile] = await t.database.db.select().from(profiles).where(eq(profiles.name, 'Vendedor'));
    const inUse = await call(t.app, 'DELETE', `perfil/${sellerProfile.id}`, { token: admin });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(PROFILE_IN_USE_MESSAGE);
    expect((await call(t.app, 'GET', `perfil/${sellerProfile.id}`, { token: admin })).statusCode).toBe(200);
  });
});

describe('last administrator and per-request roles', () => {
  it('refuses (409) to deactivate the only administrators’ profile or to take its profile role away, and writes nothing', async () => {
    const [adminProfile] = await t.database.db.select().from(profiles).where(eq(profiles.name, 'Administrador'));
    const off = await call(t.app, 'PUT', `perfil/inativa/${adminProfile.id}`, { token: admin });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(LAST_ADMINISTRATOR_MESSAGE);
    const strip = await call(t.app, 'PUT', `perfil/${adminProfile.id}`, { token: admin, payload: { nome: 'Administrador', permissoes: ROLES.filter((r) => r !== 'ROLE_VISUALIZAR_PERFIL') } });
    expect(strip.statusCode).toBe(409);
    const deactivate = await call(t.app, 'PUT', `perfil/${adminProfile.id}`, { token: admin, payload: { nome: 'Administrador', permissoes: [...ROLES], ativo: false } });
    expect(deactivate.statusCode).toBe(409);
    const now = profileSchema.parse((await call(t.app, 'GET', `perfil/${adminProfile.id}`, { token: admin })).json());
    expect(now.ativo).toBe(true);
    expect(now.permissoes).toHaveLength(ROLES.length);
    expect((await auditOf(adminProfile.id)).filter((e) => e.entity === 'perfil')).toEqual([]);
  });

  it('a profile change reaches its users at their next request: removing the role answers 403 at once', async () => {
    const p = await create({ nome: 'Supervisor de perfis', permissoes: ['ROLE_VISUALIZAR_PERFIL', 'ROLE_VISUALIZAR_TERMINAL'] });
    await createUser(t.database.db, { login: 'supervisor', password: 'sup-123', companyIds: [t.seed.companyIds[0]], profileName: p.nome });
    const sup = (await t.login('supervisor', 'sup-123')).token;
    expect((await call(t.app, 'GET', 'perfil', { token: sup })).statusCode).toBe(200);
    // another administrator remains (admin), so the role can go
    const res = await call(t.app, 'PUT', `perfil/${p.id}`, { token: admin, payload: { nome: p.nome, permissoes: ['ROLE_VISUALIZAR_TERMINAL'] } });
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, 'GET', 'perfil', { token: sup })).statusCode).toBe(403);
    // deactivating the profile takes every role away at the next request too; reactivating gives them back
    await call(t.app, 'PUT', `perfil/${p.id}`, { token: admin, payload: { nome: p.nome, permissoes: ['ROLE_VISUALIZAR_PERFIL'] } });
    expect((await call(t.app, 'GET', 'perfil', { token: sup })).statusCode).toBe(200);
    await call(t.app, 'PUT', `perfil/inativa/${p.id}`, { token: admin });
    expect((await call(t.app, 'GET', 'perfil', { token: sup })).statusCode).toBe(403);
    await call(t.app, 'PUT', `perfil/inativa/${p.id}`, { token: admin });
    expect((await call(t.app, 'GET', 'perfil', { token: sup })).statusCode).toBe(200);
    // in use now: cannot be deleted
    expect((await call(t.app, 'DELETE', `perfil/${p.id}`, { token: admin })).statusCode).toBe(409);
    expect(profileSchema.parse((await call(t.app, 'GET', `perfil/${p.id}`, { token: admin })).json()).totalUsuarios).toBe(1);
    await call(t.app, 'PUT', `perfil/${p.id}`, { token: admin, payload: { nome: p.nome, permissoes: ['ROLE_VISUALIZAR_TERMINAL'] } });
  });

  it('lets a second administrators’ profile lose the role while the first remains, then refuses when it is the last', async () => {
    const p = await create({ nome: 'Administração B', permissoes: ['ROLE_VISUALIZAR_PERFIL'] });
    const bId = await createUser(t.database.db, { login: 'admin-b', password: 'adm-b', companyIds: [t.seed.companyIds[1]], profileName: p.nome });
    const bToken = (await t.login('admin-b', 'adm-b')).token;
    const [adminProfile] = await t.database.db.select().from(profiles).where(eq(profiles.name, 'Administrador'));
    // admin's links move to B's profile: Administrador then holds no administrator
    await t.database.db.update(userCompanies).set({ profileId: p.id }).where(eq(userCompanies.userId, t.seed.adminId));
    try {
      const ok = await call(t.app, 'PUT', `perfil/inativa/${adminProfile.id}`, { token: bToken });
      expect(ok.statusCode).toBe(200);
      const last = await call(t.app, 'PUT', `perfil/inativa/${p.id}`, { token: bToken });
      expect(last.statusCode).toBe(409);
      await call(t.app, 'PUT', `perfil/inativa/${adminProfile.id}`, { token: bToken });
    } finally {
      await t.database.db.update(userCompanies).set({ profileId: adminProfile.id }).where(eq(userCompanies.userId, t.seed.adminId));
      await t.database.db.delete(userCompanies).where(eq(userCompanies.userId, bId));
    }
  });
});
