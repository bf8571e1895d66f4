import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COMPANY_IN_USE_MESSAGE, DUPLICATE_CNPJ_MESSAGE, FORBIDDEN_MESSAGE, INVALID_CNPJ_MESSAGE, type AuditEntry, type Company, type PagedList } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call } from '../auth/auth.test-helpers.ts';
import { LAST_ADMINISTRATOR_MESSAGE } from '../auth/administrators.ts';
import { companies } from './companies.schema.ts';
import { pgErrorCode } from '../shared/db-errors.ts';

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

const countCompanies = () => t.database.db.$count(companies);
const auditOf = async (id: number): Promise<AuditEntry[]> => (await call(t.app, 'GET', `auditoria?entidade=empresa&idRegistro=${id}`, { token: admin })).json<PagedList<AuditEntry>>().itens;

/** Valid numeric CNPJs (check digits computed) for this file's companies. */
const CNPJ_A = '11.444.777/0001-61';
const CNPJ_B = '04.252.011/0001-10';
/** The Receita Federal's example of an alphanumeric CNPJ. */
const CNPJ_ALPHA = '12.abc.345/01de-35';

async function create(body: Record<string, unknown>): Promise<Company> {
  const res = await call(t.app, 'POST', 'system/company', { token: admin, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Company>();
}

describe('companies: access', () => {
  it('answers 401 without a token and 403 without ROLE_VISUALIZAR_EMPRESA, on every call, before validating', async () => {
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', 'system/company'],
      ['POST', 'system/company', { nome: 'x' }],
      ['GET', `system/company/${t.seed.companyIds[0]}`],
      ['PUT', `system/company/${t.seed.companyIds[0]}`, { bogus: 1 }],
      ['PUT', `system/company/inativa/${t.seed.companyIds[0]}`],
      ['DELETE', `system/company/${t.seed.companyIds[0]}`],
    ];
    const before = await countCompanies();
    for (const [method, path, payload] of calls) {
      expect((await call(t.app, method, path, { payload })).statusCode, `${method} ${path}`).toBe(401);
      const denied = await call(t.app, method, path, { token: seller, payload });
      expect(denied.statusCode, `${method} ${path}`).toBe(403);
      expect(denied.json().message).toBe(FORBIDDEN_MESSAGE);
    }
    expect(await countCompanies()).toBe(before);
  });
});

describe('companies: create, read, search', () => {
  it('creates a numeric and an alphanumeric company, stores the CNPJ without mask in upper case, and records CRIACAO', async () => {
    const numeric = await create({ nome: '  Livraria Cajá  ', cnpj: CNPJ_A, description: 'Filial sul', codigoErp: 'CJ1' });
    expect(numeric).toMatchObject({ nome: 'Livraria Cajá', cnpj: '11444777000161', description: 'Filial sul', codigoErp: 'CJ1', ativo: true, acessoApi: false });
    const alpha = await create({ nome: 'Distribuidora Alfanumérica', cnpj: CNPJ_ALPHA, acessoApi: true, description: '', codigoErp: '' });
    expect(alpha).toMatchObject({ cnpj: '12ABC34501DE35', description: null, codigoErp: null, acessoApi: true });
    const got = await call(t.app, 'GET', `system/company/${alpha.id}`, { token: admin });
    expect(got.json()).toEqual(alpha);
    const [entry] = await auditOf(numeric.id);
    expect(entry).toMatchObject({ acao: 'CRIACAO', nomeUsuario: 'Administrador', idEmpresa: t.seed.companyIds[0] });
    expect(entry.alteracoes).toContainEqual({ campo: 'cnpj', antes: null, depois: '11444777000161' });
  });

  it('finds by name without accents, by CNPJ with or without the mask, by ERP code; filters by status; sorts by every column', async () => {
    const byName = (await call(t.app, 'GET', 'system/company?term=caja', { token: admin })).json<PagedList<Company>>();
    expect(byName.itens.map((c) => c.nome)).toEqual(['Livraria Cajá']);
    for (const term of ['12.ABC.345', '12abc345', '444.777/0001']) {
      const res = (await call(t.app, 'GET', `system/company?term=${encodeURIComponent(term)}`, { token: admin })).json<PagedList<Company>>();
      expect(res.totalItens, term).toBe(1);
    }
    expect((await call(t.app, 'GET', 'system/company?term=cj1', { token: admin })).json().totalItens).toBe(1);
    const page = (await call(t.app, 'GET', 'system/company?pageSize=2&sorter=nome,desc', { token: admin })).json<PagedList<Company>>();
    expect(page).toMatchObject({ page: 0, size: 2, totalItens: 4, totalPage: 2, proxima: true });
    expect(page.itens.map((c) => c.nome)).toEqual(['Livraria Cajá', 'Editora Acervo S.A.']);
    for (const field of ['nome', 'cnpj', 'codigoErp', 'acessoApi', 'ativo']) {
      expect((await call(t.app, 'GET', `system/company?sorter=${field},desc`, { token: admin })).statusCode, field).toBe(200);
    }
    const byCnpj = (await call(t.app, 'GET', 'system/company?sorter=cnpj,asc', { token: admin })).json<PagedList<Company>>();
    expect(byCnpj.itens.map((c) => c.cnpj)).toEqual([...byCnpj.itens.map((c) => c.cnpj)].sort());
    const bad = await call(t.app, 'GET', 'system/company?sorter=senha,asc', { token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0].field).toBe('sorter');
    expect((await call(t.app, 'GET', 'system/company?status=false', { token: admin })).json().totalItens).toBe(0);
    expect((await call(t.app, 'GET', 'system/company?status=true', { token: admin })).json().totalItens).toBe(4);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await call(t.app, 'GET', 'system/company/999999', { token: admin })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', 'system/company/999999', { token: admin, payload: { nome: 'X', cnpj: CNPJ_B } })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', 'system/company/inativa/999999', { token: admin })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', 'system/company/999999', { token: admin })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', 'system/company/abc', { token: admin })).statusCode).toBe(400);
  });
});

describe('companies: bad input writes nothing', () => {
  it('answers 400 naming the field for a wrong check digit, wrong types, unknown fields and 2 MB strings', async () => {
    const before = await countCompanies();
    const cases: [Record<string, unknown>, string][] = [
      [{ nome: 'X', cnpj: '11.444.777/0001-62' }, 'cnpj'],
      [{ nome: 'X', cnpj: '12.ABC.345/01DE-36' }, 'cnpj'],
      [{ nome: 'X', cnpj: '00.000.000/0000-00' }, 'cnpj'],
      [{ nome: 'X', cnpj: '12ABC34501DE3' }, 'cnpj'],
      [{ nome: 'X' }, 'cnpj'],
      [{ nome: 1, cnpj: CNPJ_B }, 'nome'],
      [{ nome: '', cnpj: CNPJ_B }, 'nome'],
      [{ nome: 'X', cnpj: CNPJ_B, ativo: 'sim' }, 'ativo'],
      [{ nome: 'X', cnpj: CNPJ_B, extra: true }, 'extra'],
      // past the body limit: refused as a whole before parsing
      [{ nome: 'x'.repeat(2 * 1024 * 1024), cnpj: CNPJ_B }, 'body'],
      [{ nome: 'x'.repeat(151), cnpj: CNPJ_B }, 'nome'],
      [{ nome: 'X', cnpj: CNPJ_B, description: 'y'.repeat(1001) }, 'description'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(t.app, 'POST', 'system/company', { token: admin, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().messages.map((m: { field: string }) => m.field)).toContain(field);
    }
    const wrongDigit = await call(t.app, 'POST', 'system/company', { token: admin, payload: { nome: 'X', cnpj: '11.444.777/0001-62' } });
    expect(wrongDigit.json().messages[0]).toEqual({ field: 'cnpj', message: INVALID_CNPJ_MESSAGE });
    const target = t.seed.companyIds[1];
    const put = await call(t.app, 'PUT', `system/company/${target}`, { token: admin, payload: { nome: 'Outro', cnpj: '44555666000182' } });
    expect(put.statusCode).toBe(400);
    expect(await countCompanies()).toBe(before);
    expect((await call(t.app, 'GET', `system/company/${target}`, { token: admin })).json().nome).toBe('Editora Acervo S.A.');
  });

  it('answers 409 on cnpj for a CNPJ another company has, masked or not, on create and on update', async () => {
    const before = await countCompanies();
    const dup = await call(t.app, 'POST', 'system/company', { token: admin, payload: { nome: 'Cópia', cnpj: '12ABC34501DE35' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().messages).toEqual([{ field: 'cnpj', message: DUPLICATE_CNPJ_MESSAGE }]);
    const target = t.seed.companyIds[1];
    const upd = await call(t.app, 'PUT', `system/company/${target}`, { token: admin, payload: { nome: 'Editora Acervo S.A.', cnpj: CNPJ_A } });
    expect(upd.statusCode).toBe(409);
    expect(upd.json().messages[0].field).toBe('cnpj');
    expect(await countCompanies()).toBe(before);
  });
});

describe('companies: update, toggle, delete', () => {
  it('updates and records ALTERACAO with the changed fields only; keeping its own CNPJ is no conflict', async () => {
    const company = await create({ nome: 'Sebo Antigo', cnpj: CNPJ_B });
    const res = await call(t.app, 'PUT', `system/company/${company.id}`, { token: admin, payload: { nome: 'Sebo Novo', cnpj: '04252011000110', codigoErp: 'SB9', acessoApi: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: company.id, nome: 'Sebo Novo', codigoErp: 'SB9', acessoApi: true, ativo: true });
    const [entry] = await auditOf(company.id);
    expect(entry.acao).toBe('ALTERACAO');
    expect(entry.alteracoes).toEqual([
      { campo: 'nome', antes: 'Sebo Antigo', depois: 'Sebo Novo' },
      { campo: 'codigoErp', antes: null, depois: 'SB9' },
      { campo: 'acessoApi', antes: false, depois: true },
    ]);
  });

  it('toggles ativo, answers the new state, audits it, and an inactive company leaves its users’ selector', async () => {
    const target = t.seed.companyIds[1];
    const off = await call(t.app, 'PUT', `system/company/inativa/${target}`, { token: admin });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ id: target, ativo: false });
    expect((await call(t.app, 'GET', 'system/company/empresaSelect', { token: admin })).json()).toHaveLength(1);
    const on = await call(t.app, 'PUT', `system/company/inativa/${target}`, { token: admin });
    expect(on.json()).toEqual({ id: target, ativo: true });
    const [last, previous] = await auditOf(target);
    expect([last.acao, previous.acao]).toEqual(['ATIVACAO', 'INATIVACAO']);
    expect(previous.alteracoes).toEqual([{ campo: 'ativo', antes: true, depois: false }]);
  });

  it('refuses with 409 to deactivate the last company where an administrator works, by toggle or by PUT, and writes nothing', async () => {
    const [first, second] = t.seed.companyIds;
    expect((await call(t.app, 'PUT', `system/company/inativa/${second}`, { token: admin })).statusCode).toBe(200);
    try {
      const res = await call(t.app, 'PUT', `system/company/inativa/${first}`, { token: admin });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(LAST_ADMINISTRATOR_MESSAGE);
      const put = await call(t.app, 'PUT', `system/company/${first}`, { token: admin, payload: { nome: 'Distribuidora Acervo Ltda', cnpj: '11222333000181', ativo: false } });
      expect(put.statusCode).toBe(409);
      expect((await call(t.app, 'GET', `system/company/${first}`, { token: admin })).json().ativo).toBe(true);
      expect((await auditOf(first)).filter((e) => e.acao === 'INATIVACAO' || e.acao === 'ALTERACAO')).toHaveLength(0);
    } finally {
      await call(t.app, 'PUT', `system/company/inativa/${second}`, { token: admin });
    }
  });

  it('refuses with 409 to delete a company users are linked to, and deletes one without links (EXCLUSAO recorded)', async () => {
    const used = await call(t.app, 'DELETE', `system/company/${t.seed.companyIds[0]}`, { token: admin });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toContain(COMPANY_IN_USE_MESSAGE);
    expect(used.json().message).toContain('usuários');
    expect((await call(t.app, 'GET', `system/company/${t.seed.companyIds[0]}`, { token: admin })).statusCode).toBe(200);

    const lone = await create({ nome: 'Empresa Descartável', cnpj: '33.000.167/0001-01' });
    const res = await call(t.app, 'DELETE', `system/company/${lone.id}`, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Empresa excluída com sucesso!');
    expect((await call(t.app, 'GET', `system/company/${lone.id}`, { token: admin })).statusCode).toBe(404);
    const [entry] = await auditOf(lone.id);
    expect(entry.acao).toBe('EXCLUSAO');
    expect(entry.alteracoes).toContainEqual({ campo: 'nome', antes: 'Empresa Descartável', depois: null });
  });

  it('refuses with 409 while ERP data is stored for the company, naming it, but the sync bookkeeping alone does not stop the delete', async () => {
    const db = t.database.db;
    const company = await create({ nome: 'Empresa com ERP', cnpj: '45.723.174/0001-10' });
    await db.execute(sql`INSERT INTO status_integracao_entidade (empresa_id, entidade) VALUES (${company.id}, 'VENDEDOR')`);
    await db.execute(sql`INSERT INTO erp_vendedor (empresa_id, id_erp) VALUES (${company.id}, 'V1')`);
    const res = await call(t.app, 'DELETE', `system/company/${company.id}`, { token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('dados do ERP');
    expect(res.json().message).not.toContain('status_integracao_entidade');

    await db.execute(sql`DELETE FROM erp_vendedor WHERE empresa_id = ${company.id}`);
    expect((await call(t.app, 'DELETE', `system/company/${company.id}`, { token: admin })).statusCode).toBe(200);
    const left = await db.execute(sql`SELECT 1 FROM status_integracao_entidade WHERE empresa_id = ${company.id}`);
    expect((left as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it('refuses with 409 while any other table refers to the company (a foreign key it has never heard of), and maps a foreign-key violation to 409', async () => {
    const db = t.database.db;
    const company = await create({ nome: 'Empresa Referida', cnpj: '60.746.948/0001-12' });
    await db.execute(sql`CREATE TABLE teste_referencia (id serial primary key, empresa_id integer REFERENCES empresa(id))`);
    await db.execute(sql`INSERT INTO teste_referencia (empresa_id) VALUES (${company.id})`);
    const res = await call(t.app, 'DELETE', `system/company/${company.id}`, { token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('teste_referencia');
    await db.execute(sql`DROP TABLE teste_referencia`);

    // a two-column foreign key is not read by the explicit check: the violation itself answers 409
    await db.execute(sql`CREATE UNIQUE INDEX teste_empresa_id_cnpj ON empresa (id, cnpj)`);
    await db.execute(sql`CREATE TABLE teste_composta (empresa_id integer, cnpj varchar(14), FOREIGN KEY (empresa_id, cnpj) REFERENCES empresa (id, cnpj))`);
    await db.execute(sql`INSERT INTO teste_composta VALUES (${company.id}, ${company.cnpj})`);
    try {
      const fk = await call(t.app, 'DELETE', `system/company/${company.id}`, { token: admin });
      expect(fk.statusCode).toBe(409);
      expect(fk.json().message).toContain(COMPANY_IN_USE_MESSAGE);
      expect((await call(t.app, 'GET', `system/company/${company.id}`, { token: admin })).statusCode).toBe(200);
      expect((await auditOf(company.id)).map((e) => e.acao)).toEqual(['CRIACAO']);
    } finally {
      await db.execute(sql`DROP TABLE teste_composta`);
      await db.execute(sql`DROP INDEX teste_empresa_id_cnpj`);
    }
    expect((await call(t.app, 'DELETE', `system/company/${company.id}`, { token: admin })).statusCode).toBe(200);
  });
});

describe('pgErrorCode', () => {
  it('reads the SQLSTATE from the error or its causes, and nothing else', () => {
    expect(pgErrorCode({ code: '23503' })).toBe('23503');
    expect(pgErrorCode(Object.assign(new Error('wrapped'), { cause: { code: '23505' } }))).toBe('23505');
    expect(pgErrorCode(new Error('plain'))).toBeUndefined();
    expect(pgErrorCode({ code: 'ECONNRESET' })).toBeUndefined();
  });
});
