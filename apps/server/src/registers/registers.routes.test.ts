import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DUPLICATE_REGISTER_CODE_MESSAGE,
  DUPLICATE_REGISTER_NAME_MESSAGE,
  FORBIDDEN_MESSAGE,
  REGISTER_KEYS,
  REGISTERS,
  REQUIRED,
  SELLER_DEMO_ROLES,
  hasRole,
  registerReadRoles,
  type AuditEntry,
  type PagedList,
  type RegisterRecord,
} from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, createProfile, createUser } from '../auth/auth.test-helpers.ts';
import { productContributors, products } from '../products/products.schema.ts';
import { SERVER_REGISTERS } from './register-definitions.ts';
import { REGISTER_DELETED_MESSAGE } from './registers.routes.ts';

let t: TestApp;
let admin: string;
let seller: string;
/** A user whose only role is the product form's (VISUALIZAR_PRODUTOS_CADASTRAR). */
let cataloguer: string;
let productSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await t.login('admin', 'admin');
  admin = adminUser.token;
  seller = (await t.login('vendedor', 'vendedor')).token;
  await createProfile(t.database.db, 'Só produtos', [`ROLE_${REQUIRED.produtos}`]);
  await createUser(t.database.db, { login: 'catalogador', password: 'Senha-cat-1', companyIds: [adminUser.idEmpresa as number], profileName: 'Só produtos' });
  cataloguer = (await t.login('catalogador', 'Senha-cat-1')).token;
});
afterAll(async () => {
  await t.close();
});

/** Inserts a bare product (unique ISBN) and answers its id. */
async function insertProduct(values: Partial<typeof products.$inferInsert> = {}): Promise<number> {
  productSeq += 1;
  const [row] = await t.database.db
    .insert(products)
    .values({ isbn13: `97800000${String(productSeq).padStart(5, '0')}`, title: `Livro ${productSeq}`, ...values })
    .returning({ id: products.id });
  return row.id;
}

const auditOf = async (entity: string, id: number): Promise<AuditEntry[]> =>
  (await call(t.app, 'GET', `auditoria?entidade=${entity}&idRegistro=${id}`, { token: admin })).json<PagedList<AuditEntry>>().itens;

describe('registers: the generic definition', () => {
  it('serves every register of contracts REGISTERS, each with the five calls', () => {
    expect(SERVER_REGISTERS.map((d) => d.key).sort()).toEqual([...REGISTER_KEYS].sort());
    for (const def of SERVER_REGISTERS) {
      const own = t.routes.filter((r) => r.url === `/api/core-api/${def.apiPath}` || r.url.startsWith(`/api/core-api/${def.apiPath}/`));
      const paths = own.map((r) => `${r.method} ${r.url.replace('/api/core-api/', '')}`);
      expect(paths.sort(), def.apiPath).toEqual([`DELETE ${def.apiPath}/:id`, `GET ${def.apiPath}`, `POST ${def.apiPath}`, `PUT ${def.apiPath}/:id`, `PUT ${def.apiPath}/inativa/:id`].sort());
      expect(own.every((r) => r.auth === 'required')).toBe(true);
      // The list is the product form's picker: its own role or the product role reads it (or every
      // signed-in user, for the opportunity reasons); writes need its own.
      for (const r of own) expect(r.role, `${r.method} ${r.url}`).toEqual(r.method === 'GET' ? registerReadRoles(def) : def.role);
    }
  });
});

describe('registers: the lookups are seeded from the ONIX code lists with pt-BR labels', () => {
  it.each([
    ['contribuicao', 122, 'A01', 'Autor'],
    ['encadernacao', 148, 'BC', 'Brochura'],
    ['produto-situacao', 30, '21', 'Em estoque'],
  ])('%s has %i codes (%s = %s), sorted by code by default', async (path, total, code, label) => {
    const page = (await call(t.app, 'GET', `${path}?pageSize=200`, { token: admin })).json<PagedList<RegisterRecord>>();
    expect(page.totalItens).toBe(total);
    expect(page.itens.find((r) => r.codigo === code)).toMatchObject({ nome: label, ativo: true });
    const codes = page.itens.map((r) => r.codigo as string);
    expect(codes).toEqual([...codes].sort());
  });

  it('translates every label (no English description left from the code list)', async () => {
    const page = (await call(t.app, 'GET', 'contribuicao?pageSize=200', { token: admin })).json<PagedList<RegisterRecord>>();
    expect(page.itens.filter((r) => / by\b|^By /.test(r.nome))).toEqual([]);
  });
});

// Every call on every register, the same generic code: one describe per register.
describe.each(REGISTER_KEYS.map((key) => [key, REGISTERS[key]] as const))('register %s', (key, def) => {
  const path = def.apiPath;
  const server = SERVER_REGISTERS.find((d) => d.key === key)!;
  const body = (nome: string, codigo?: string) => (def.hasCode ? { nome, codigo: codigo ?? 'X' + (nome.length % 10) } : { nome });

  it('answers 401 without a token and 403 without its role, on every call, before validating', async () => {
    // the seller (Terminal, reports) reads only a register open to every signed-in user
    const sellerReads = hasRole(SELLER_DEMO_ROLES, registerReadRoles(def));
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', path],
      ['POST', path, { bogus: 1 }],
      ['PUT', `${path}/1`, { bogus: 1 }],
      ['PUT', `${path}/inativa/1`],
      ['DELETE', `${path}/1`],
    ];
    for (const [method, p, payload] of calls) {
      expect((await call(t.app, method, p, { payload })).statusCode, `${method} ${p}`).toBe(401);
      if (method === 'GET' && sellerReads) {
        expect((await call(t.app, method, p, { token: seller })).statusCode, `${method} ${p}`).toBe(200);
        continue;
      }
      const denied = await call(t.app, method, p, { token: seller, payload });
      expect(denied.statusCode, `${method} ${p}`).toBe(403);
      expect(denied.json().message).toBe(FORBIDDEN_MESSAGE);
    }
  });

  it('lets the product form role list it (the form picks from it) but not write', async () => {
    const list = await call(t.app, 'GET', `${path}?status=true`, { token: cataloguer });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<PagedList<RegisterRecord>>().itens.every((r) => r.ativo)).toBe(true);
    const writes: ['POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['POST', path, body('Catalogador')],
      ['PUT', `${path}/1`, body('Catalogador')],
      ['PUT', `${path}/inativa/1`],
      ['DELETE', `${path}/1`],
    ];
    for (const [method, p, payload] of writes) expect((await call(t.app, method, p, { token: cataloguer, payload })).statusCode, `${method} ${p}`).toBe(403);
  });

  it('creates (trimmed, audited), lists with term/status filters and sorting, updates, toggles', async () => {
    const created = await call(t.app, 'POST', path, { token: admin, payload: { ...body('  Ágil Ébano  ', 'q1'), ativo: true } });
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json<RegisterRecord>();
    expect(record).toMatchObject({ nome: 'Ágil Ébano', ativo: true });
    if (def.hasCode) expect(record.codigo).toBe('Q1');
    else expect(record).not.toHaveProperty('codigo');
    const second = (await call(t.app, 'POST', path, { token: admin, payload: body('Zebra listrada', 'Q2') })).json<RegisterRecord>();

    const found = (await call(t.app, 'GET', `${path}?term=agil ebano`, { token: admin })).json<PagedList<RegisterRecord>>();
    expect(found.itens.map((r) => r.id)).toEqual([record.id]);
    if (def.hasCode) expect((await call(t.app, 'GET', `${path}?term=q2`, { token: admin })).json<PagedList<RegisterRecord>>().itens.map((r) => r.nome)).toEqual(['Zebra listrada']);
    const desc = (await call(t.app, 'GET', `${path}?sorter=nome,desc&pageSize=1`, { token: admin })).json<PagedList<RegisterRecord>>();
    expect(desc.itens[0].nome).toBe('Zebra listrada');
    expect(desc.proxima).toBe(true);

    const toggled = await call(t.app, 'PUT', `${path}/inativa/${second.id}`, { token: admin });
    expect(toggled.json()).toEqual({ id: second.id, ativo: false });
    const inactive = (await call(t.app, 'GET', `${path}?status=INATIVO`, { token: admin })).json<PagedList<RegisterRecord>>();
    expect(inactive.itens.map((r) => r.id)).toEqual([second.id]);
    expect((await call(t.app, 'GET', `${path}?status=false`, { token: admin })).json().totalItens).toBe(1);
    expect((await call(t.app, 'PUT', `${path}/inativa/${second.id}`, { token: admin })).json()).toEqual({ id: second.id, ativo: true });

    const updated = await call(t.app, 'PUT', `${path}/${record.id}`, { token: admin, payload: body('Ágil Ébano 2', 'Q3') });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id: record.id, nome: 'Ágil Ébano 2', ativo: true });

    const trail = await auditOf(def.entity, record.id);
    expect(trail.map((e) => e.acao)).toEqual(['ALTERACAO', 'CRIACAO']);
    expect(trail[0].alteracoes).toContainEqual({ campo: 'nome', antes: 'Ágil Ébano', depois: 'Ágil Ébano 2' });
    expect((await auditOf(def.entity, second.id)).map((e) => e.acao)).toEqual(['ATIVACAO', 'INATIVACAO', 'CRIACAO']);
  });

  it('answers 400 naming the field for bad bodies, queries and ids, writing nothing', async () => {
    const before = (await call(t.app, 'GET', path, { token: admin })).json().totalItens;
    const cases: [unknown, string][] = [
      [{}, 'nome'],
      [{ ...body('x'), nome: '' }, 'nome'],
      [{ ...body('x'), nome: 'a'.repeat(151) }, 'nome'],
      [{ ...body('x'), nome: 'a\u0000b' }, 'nome'],
      [{ ...body('Válido'), ativo: 'sim' }, 'ativo'],
      [{ ...body('Válido'), extra: 1 }, 'extra'],
    ];
    if (def.hasCode) cases.push([{ nome: 'Sem código' }, 'codigo'], [{ nome: 'Código ruim', codigo: 'a b' }, 'codigo'], [{ nome: 'Código longo', codigo: 'A'.repeat((def.codeMaxLength ?? 20) + 1) }, 'codigo']);
    for (const [payload, field] of cases) {
      const res = await call(t.app, 'POST', path, { token: admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().messages.map((m: { field: string }) => m.field), JSON.stringify(payload)).toContain(field);
    }
    expect((await call(t.app, 'GET', `${path}?sorter=bogus`, { token: admin })).json().messages[0].field).toBe('sorter');
    expect((await call(t.app, 'GET', `${path}?pageSize=999`, { token: admin })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `${path}?filtro=1`, { token: admin })).statusCode).toBe(400);
    expect((await call(t.app, 'PUT', `${path}/abc`, { token: admin, payload: body('x') })).statusCode).toBe(400);
    expect((await call(t.app, 'DELETE', `${path}/99999999999`, { token: admin })).statusCode).toBe(400);
    expect((await call(t.app, 'PUT', `${path}/999999`, { token: admin, payload: body('Inexistente') })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', `${path}/inativa/999999`, { token: admin })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `${path}/999999`, { token: admin })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', path, { token: admin })).json().totalItens).toBe(before);
  });

  it('answers 409 naming the field for a duplicate name (case and accents ignored) or code', async () => {
    const a = (await call(t.app, 'POST', path, { token: admin, payload: body('Duplicável', 'D1') })).json<RegisterRecord>();
    const sameName = await call(t.app, 'POST', path, { token: admin, payload: body('DUPLICAVEL', 'D2') });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().messages).toEqual([{ field: 'nome', message: DUPLICATE_REGISTER_NAME_MESSAGE }]);
    const b = (await call(t.app, 'POST', path, { token: admin, payload: body('Outra coisa', 'D3') })).json<RegisterRecord>();
    const renamed = await call(t.app, 'PUT', `${path}/${b.id}`, { token: admin, payload: body('duplicável', 'D3') });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().messages[0].field).toBe('nome');
    if (def.hasCode) {
      const sameCode = await call(t.app, 'POST', path, { token: admin, payload: { nome: 'Terceiro', codigo: 'd1' } });
      expect(sameCode.statusCode).toBe(409);
      expect(sameCode.json().messages).toEqual([{ field: 'codigo', message: DUPLICATE_REGISTER_CODE_MESSAGE }]);
    }
    // saving a record with its own name and code is not a duplicate
    expect((await call(t.app, 'PUT', `${path}/${a.id}`, { token: admin, payload: body('Duplicável', 'D1') })).statusCode).toBe(200);
  });

  it('refuses to delete a record a product uses (409, nothing deleted), deletes it once unused, audited', async () => {
    const rec = (await call(t.app, 'POST', path, { token: admin, payload: body('Em uso', 'U1') })).json<RegisterRecord>();
    const usage = server.usages[0];
    if (!usage) {
      // no product uses it (opportunity reasons: opportunities.test.ts checks the 409 of one in use)
      expect((await call(t.app, 'DELETE', `${path}/${rec.id}`, { token: admin })).statusCode).toBe(200);
      expect((await auditOf(def.entity, rec.id))[0]).toMatchObject({ acao: 'EXCLUSAO' });
      return;
    }
    let productId: number;
    if (usage.by === 'id') productId = await insertProduct({ [usage.column.name === 'faixa_etaria_id' ? 'ageRangeId' : usage.column.name === 'publico_alvo_id' ? 'targetAudienceId' : usage.column.name === 'classificacao_indicativa_id' ? 'contentRatingId' : 'productLineId']: rec.id });
    else if (usage.table === productContributors) {
      productId = await insertProduct();
      await t.database.db.insert(productContributors).values({ productId, sequence: 1, role: 'U1', fullName: 'Fulano' });
    } else productId = await insertProduct({ [usage.column.name === 'situacao' ? 'availability' : 'binding']: 'U1' });

    const refused = await call(t.app, 'DELETE', `${path}/${rec.id}`, { token: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/em uso por produtos.*Inative-o.*\(1 produto/);
    if (def.hasCode) {
      const recode = await call(t.app, 'PUT', `${path}/${rec.id}`, { token: admin, payload: { nome: 'Em uso', codigo: 'U2' } });
      expect(recode.statusCode).toBe(409);
      expect(recode.json().messages[0].field).toBe('codigo');
    }
    // deactivating is allowed
    expect((await call(t.app, 'PUT', `${path}/inativa/${rec.id}`, { token: admin })).json()).toEqual({ id: rec.id, ativo: false });

    await t.database.db.delete(products).where(eq(products.id, productId));
    const deleted = await call(t.app, 'DELETE', `${path}/${rec.id}`, { token: admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: REGISTER_DELETED_MESSAGE });
    expect((await call(t.app, 'DELETE', `${path}/${rec.id}`, { token: admin })).statusCode).toBe(404);
    const trail = await auditOf(def.entity, rec.id);
    expect(trail[0]).toMatchObject({ acao: 'EXCLUSAO' });
    expect(trail[0].alteracoes).toContainEqual({ campo: 'nome', antes: 'Em uso', depois: null });
  });
});
