import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DUPLICATE_IMPRINT_MESSAGE,
  DUPLICATE_PUBLISHER_CNPJ_MESSAGE,
  DUPLICATE_PUBLISHER_NAME_MESSAGE,
  FORBIDDEN_MESSAGE,
  INVALID_CNPJ_MESSAGE,
  REQUIRED,
  type AuditEntry,
  type PagedList,
  type Publisher,
} from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, createProfile, createUser } from '../auth/auth.test-helpers.ts';
import { imprints, products, publishers } from '../products/products.schema.ts';
import { PUBLISHER_DELETED_MESSAGE } from './publishers.routes.ts';

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

const CNPJ_A = '11.444.777/0001-61';
const CNPJ_B = '04.252.011/0001-10';
const auditOf = async (id: number): Promise<AuditEntry[]> => (await call(t.app, 'GET', `auditoria?entidade=editora&idRegistro=${id}`, { token: admin })).json<PagedList<AuditEntry>>().itens;

async function create(body: Record<string, unknown>): Promise<Publisher> {
  const res = await call(t.app, 'POST', 'editora', { token: admin, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Publisher>();
}

describe('publishers: access', () => {
  it('answers 401 without a token and 403 without ROLE_GERENCIAR_EDITORAS on every call, before validating', async () => {
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', 'editora'],
      ['GET', 'editora/1'],
      ['POST', 'editora', { bogus: 1 }],
      ['PUT', 'editora/1', { bogus: 1 }],
      ['PUT', 'editora/inativa/1'],
      ['DELETE', 'editora/1'],
    ];
    for (const [method, path, payload] of calls) {
      expect((await call(t.app, method, path, { payload })).statusCode, `${method} ${path}`).toBe(401);
      const denied = await call(t.app, method, path, { token: seller, payload });
      expect(denied.statusCode, `${method} ${path}`).toBe(403);
      expect(denied.json().message).toBe(FORBIDDEN_MESSAGE);
    }
  });

  it('lets the product form role read publishers and one publisher (the form picks publisher and imprint), not write', async () => {
    const { idEmpresa } = await t.login('admin', 'admin');
    await createProfile(t.database.db, 'Catálogo', [`ROLE_${REQUIRED.produtos}`]);
    await createUser(t.database.db, { login: 'cat.editoras', password: 'Senha-cat-2', companyIds: [idEmpresa as number], profileName: 'Catálogo' });
    const token = (await t.login('cat.editoras', 'Senha-cat-2')).token;
    const made = await create({ nome: 'Editora do Catalogador', selos: [{ nome: 'Selo Um' }] });
    const list = await call(t.app, 'GET', 'editora?term=catalogador', { token });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<PagedList<Publisher>>().itens.map((p) => p.id)).toEqual([made.id]);
    const one = await call(t.app, 'GET', `editora/${made.id}`, { token });
    expect(one.json<Publisher>().selos.map((s) => s.nome)).toEqual(['Selo Um']);
    expect((await call(t.app, 'POST', 'editora', { token, payload: { nome: 'Outra' } })).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', `editora/${made.id}`, { token, payload: { nome: 'Outra' } })).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', `editora/inativa/${made.id}`, { token })).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', `editora/${made.id}`, { token })).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', `editora/${made.id}`, { token: admin })).statusCode).toBe(200);
  });
});

describe('publishers: create, read, search, update', () => {
  it('creates a publisher with imprints, CNPJ stored without mask, name key for the importers; audited', async () => {
    const p = await create({ nome: '  Editora Três Pontas ', cnpj: CNPJ_A, indMetabooks: true, selos: [{ nome: 'Selo Azul' }, { nome: 'Selo Verde', ativo: false }] });
    expect(p).toMatchObject({ nome: 'Editora Três Pontas', cnpj: '11444777000161', indMetabooks: true, indBookinfo: false, ativo: true, idErp: null, quantidadeProdutos: 0 });
    expect(p.selos.map((s) => [s.nome, s.ativo])).toEqual([
      ['Selo Azul', true],
      ['Selo Verde', false],
    ]);
    const [row] = await t.database.db.select().from(publishers).where(eq(publishers.id, p.id));
    expect(row.nameKey).toBe('editora tres pontas');
    expect((await call(t.app, 'GET', `editora/${p.id}`, { token: admin })).json()).toEqual(p);
    const [entry] = await auditOf(p.id);
    expect(entry.acao).toBe('CRIACAO');
    expect(entry.alteracoes).toContainEqual({ campo: 'selos', antes: null, depois: ['Selo Azul', 'Selo Verde (inativo)'] });
  });

  it('finds by name without accents, by imprint name, by CNPJ with or without mask; filters by status; sorts', async () => {
    await create({ nome: 'Zeta Livros', cnpj: '', selos: [] });
    const ids = (term: string) => call(t.app, 'GET', `editora?term=${encodeURIComponent(term)}`, { token: admin }).then((r) => r.json<PagedList<Publisher>>().itens.map((p) => p.nome));
    expect(await ids('tres pontas')).toEqual(['Editora Três Pontas']);
    expect(await ids('selo verde')).toEqual(['Editora Três Pontas']);
    expect(await ids('selo')).toEqual(['Editora Três Pontas']);
    expect(await ids('444.777/0001')).toEqual(['Editora Três Pontas']);
    expect(await ids('11444777')).toEqual(['Editora Três Pontas']);
    const desc = (await call(t.app, 'GET', 'editora?sorter=nome,desc&pageSize=1', { token: admin })).json<PagedList<Publisher>>();
    expect(desc.itens[0].nome).toBe('Zeta Livros');
    expect(desc.itens[0].cnpj).toBeNull();
    for (const field of ['cnpj', 'indMetabooks', 'indBookinfo', 'ativo', 'quantidadeProdutos']) expect((await call(t.app, 'GET', `editora?sorter=${field},desc`, { token: admin })).statusCode, field).toBe(200);
    expect((await call(t.app, 'GET', 'editora?status=INATIVO', { token: admin })).json().totalItens).toBe(0);
  });

  it('updates fields and the imprint list (rename, add, remove), keeps absent flags, audits the changes', async () => {
    const p = await create({ nome: 'Editora Mutável', selos: [{ nome: 'A' }, { nome: 'B' }] });
    const [a, b] = p.selos;
    const res = await call(t.app, 'PUT', `editora/${p.id}`, { token: admin, payload: { nome: 'Editora Mutável', cnpj: CNPJ_B, indBookinfo: true, selos: [{ id: b.id, nome: 'A' }, { nome: 'C' }] } });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<Publisher>();
    expect(saved).toMatchObject({ cnpj: '04252011000110', indBookinfo: true, indMetabooks: false });
    expect(saved.selos.map((s) => s.nome)).toEqual(['A', 'C']);
    expect(saved.selos[0].id).toBe(b.id);
    expect(await t.database.db.$count(imprints, eq(imprints.id, a.id))).toBe(0);
    // selos absent: the imprints stay
    const kept = (await call(t.app, 'PUT', `editora/${p.id}`, { token: admin, payload: { nome: 'Editora Mutável 2' } })).json<Publisher>();
    expect(kept.selos.map((s) => s.nome)).toEqual(['A', 'C']);
    expect(kept.cnpj).toBeNull();
    const [entry] = await auditOf(p.id);
    expect(entry.acao).toBe('ALTERACAO');
    expect(entry.alteracoes).toContainEqual({ campo: 'nome', antes: 'Editora Mutável', depois: 'Editora Mutável 2' });
  });
});

describe('publishers: validation and conflicts', () => {
  it('answers 400 naming the field, writing nothing', async () => {
    const before = await t.database.db.$count(publishers);
    const cases: [unknown, string][] = [
      [{}, 'nome'],
      [{ nome: '' }, 'nome'],
      [{ nome: 'x'.repeat(301) }, 'nome'],
      [{ nome: 'CNPJ ruim', cnpj: '11.444.777/0001-62' }, 'cnpj'],
      [{ nome: 'Flag ruim', indMetabooks: 'sim' }, 'indMetabooks'],
      [{ nome: 'Extra', bogus: 1 }, 'bogus'],
      [{ nome: 'Selo vazio', selos: [{ nome: '' }] }, 'selos.0.nome'],
      [{ nome: 'Selo repetido', selos: [{ nome: 'Mesmo' }, { nome: 'mesmo ' }] }, 'selos.1.nome'],
      [{ nome: 'Selo id', selos: [{ id: 'x', nome: 'a' }] }, 'selos.0.id'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(t.app, 'POST', 'editora', { token: admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().messages.map((m: { field: string }) => m.field), JSON.stringify(payload)).toContain(field);
    }
    const bad = await call(t.app, 'POST', 'editora', { token: admin, payload: { nome: 'CNPJ ruim', cnpj: '11.444.777/0001-62' } });
    expect(bad.json().messages[0].message).toBe(INVALID_CNPJ_MESSAGE);
    const dup = await call(t.app, 'POST', 'editora', { token: admin, payload: { nome: 'Selo repetido', selos: [{ nome: 'Mesmo' }, { nome: 'mesmo ' }] } });
    expect(dup.json().messages[0].message).toBe(DUPLICATE_IMPRINT_MESSAGE);
    expect((await call(t.app, 'GET', 'editora?sorter=selos', { token: admin })).json().messages[0].field).toBe('sorter');
    expect((await call(t.app, 'GET', 'editora/0', { token: admin })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', 'editora/999999', { token: admin })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', 'editora/999999', { token: admin, payload: { nome: 'x' } })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', 'editora/inativa/999999', { token: admin })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', 'editora/999999', { token: admin })).statusCode).toBe(404);
    expect(await t.database.db.$count(publishers)).toBe(before);
  });

  it('answers 409 on nome (accents and case ignored) and cnpj; 400 for another publisher imprint id', async () => {
    const a = await create({ nome: 'Única Editora', cnpj: '47.960.950/0001-21' });
    const sameName = await call(t.app, 'POST', 'editora', { token: admin, payload: { nome: 'UNICA  editora' } });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().messages).toEqual([{ field: 'nome', message: DUPLICATE_PUBLISHER_NAME_MESSAGE }]);
    const sameCnpj = await call(t.app, 'POST', 'editora', { token: admin, payload: { nome: 'Outra Editora', cnpj: '47960950000121' } });
    expect(sameCnpj.statusCode).toBe(409);
    expect(sameCnpj.json().messages).toEqual([{ field: 'cnpj', message: DUPLICATE_PUBLISHER_CNPJ_MESSAGE }]);
    expect((await call(t.app, 'PUT', `editora/${a.id}`, { token: admin, payload: { nome: 'Única Editora', cnpj: '47960950000121' } })).statusCode).toBe(200);
    const other = await create({ nome: 'Editora Vizinha', selos: [{ nome: 'Selo Vizinho' }] });
    const foreign = await call(t.app, 'PUT', `editora/${a.id}`, { token: admin, payload: { nome: 'Única Editora', selos: [{ id: other.selos[0].id, nome: 'Roubado' }] } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().messages[0].field).toBe('selos.0.id');
  });

  it('refuses to delete a publisher with products or remove an imprint in use (409); toggles; deletes when unused', async () => {
    const p = await create({ nome: 'Editora Ocupada', selos: [{ nome: 'Selo Ocupado' }] });
    const [product] = await t.database.db.insert(products).values({ isbn13: '9780000099991', title: 'Livro da editora', publisherId: p.id, imprintId: p.selos[0].id }).returning({ id: products.id });
    expect((await call(t.app, 'GET', `editora/${p.id}`, { token: admin })).json().quantidadeProdutos).toBe(1);
    const refused = await call(t.app, 'DELETE', `editora/${p.id}`, { token: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/produtos vinculados.*Inative-a.*\(1 produto/);
    const removeImprint = await call(t.app, 'PUT', `editora/${p.id}`, { token: admin, payload: { nome: 'Editora Ocupada', selos: [] } });
    expect(removeImprint.statusCode).toBe(409);
    expect(removeImprint.json().messages[0].field).toBe('selos');
    expect(await t.database.db.$count(imprints, eq(imprints.publisherId, p.id))).toBe(1);

    expect((await call(t.app, 'PUT', `editora/inativa/${p.id}`, { token: admin })).json()).toEqual({ id: p.id, ativo: false });
    expect((await call(t.app, 'GET', 'editora?status=false', { token: admin })).json<PagedList<Publisher>>().itens.map((x) => x.id)).toContain(p.id);

    await t.database.db.delete(products).where(eq(products.id, product.id));
    const deleted = await call(t.app, 'DELETE', `editora/${p.id}`, { token: admin });
    expect(deleted.json()).toEqual({ message: PUBLISHER_DELETED_MESSAGE });
    expect(await t.database.db.$count(imprints, eq(imprints.publisherId, p.id))).toBe(0);
    expect((await auditOf(p.id)).map((e) => e.acao)).toEqual(['EXCLUSAO', 'INATIVACAO', 'CRIACAO']);
  });
});
