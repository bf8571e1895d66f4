import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FORBIDDEN_MESSAGE, replenishmentLookupPageSchema, type ErpRecord, type SessionUser } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createProfile, createUser } from '../../auth/auth.test-helpers.ts';
import { applyErpRecords } from '../../erp/data/index.ts';
import { at, makeRecord } from '../../erp/data/erp-data.fixtures.ts';
import { userCompanies } from '../../users/users.schema.ts';
import { resultRows } from '../../db/rows.ts';

/*
 * The replenishment screens' pickers (`GET reposicao/opcoes/*`): a buyer holding only a replenishment
 * role gets the suppliers, the company's users and product types, which the registers' own endpoints
 * refuse them; a user with neither replenishment role gets 403.
 */

let t: TestApp;
let calcOnly: SessionUser;
let historyOnly: SessionUser;
let seller: SessionUser;
let company1: number;
let company2: number;

async function login(name: string, roles: string[], companyIds: number[]): Promise<SessionUser> {
  await createProfile(t.ctx.db, name, roles);
  await createUser(t.ctx.db, { login: name, password: 'Senha-opcoes-1', companyIds, profileName: name, lastCompanyId: companyIds[0] });
  return t.login(name, 'Senha-opcoes-1');
}

beforeAll(async () => {
  t = await createTestApp();
  [company1, company2] = t.seed.companyIds;
  for (const name of ['Ática', 'Companhia das Letras', 'Editora Alfa']) await t.ctx.db.execute(sql`INSERT INTO editora (nome, nome_chave) VALUES (${name}, ${name.toLowerCase()})`);
  await t.ctx.db.transaction(async (tx) => {
    const records = [1, 2].map((n) => makeRecord('TIPO_PRODUTO', `T${n}`, at(1), n)) as ErpRecord<'TIPO_PRODUTO'>[];
    expect((await applyErpRecords(tx, company1, 'TIPO_PRODUTO', records)).rejected).toEqual([]);
    expect((await applyErpRecords(tx, company2, 'TIPO_PRODUTO', [makeRecord('TIPO_PRODUTO', 'OUTRA', at(1), 9) as ErpRecord<'TIPO_PRODUTO'>])).rejected).toEqual([]);
  });
  calcOnly = await login('comprador.calculo', ['ROLE_VISUALIZAR_REPOSICAO_CALCULO'], [company1]);
  historyOnly = await login('comprador.historico', ['ROLE_VISUALIZAR_REPOSICAO_HISTORICO'], [company1]);
  seller = await t.login('vendedor', 'vendedor');
  // a user of the other company only: not among company 1's users
  await createUser(t.ctx.db, { login: 'so.outra', password: 'Senha-opcoes-1', companyIds: [company2] });
}, 60_000);

afterAll(async () => t?.close());

const get = (user: SessionUser, url: string) => call(t.app, 'GET', url, { token: user.token });

describe('GET reposicao/opcoes/*', () => {
  it('gives a replenishment-only user the suppliers, which GET editora refuses them', async () => {
    for (const user of [calcOnly, historyOnly]) {
      expect((await get(user, 'editora?term=alfa')).statusCode).toBe(403);
      const res = await get(user, 'reposicao/opcoes/editora?term=ATICA&page=0&pageSize=20');
      expect(res.statusCode, res.body).toBe(200);
      const page = replenishmentLookupPageSchema.parse(res.json());
      // accent- and case-insensitive, only id and name
      expect(page.itens.map((p) => p.nome)).toEqual(['Ática']);
      expect(Object.keys(page.itens[0]).sort()).toEqual(['id', 'nome']);
    }
    const all = replenishmentLookupPageSchema.parse((await get(calcOnly, 'reposicao/opcoes/editora?pageSize=2')).json());
    expect(all).toMatchObject({ totalItens: 3, proxima: true });
    expect(all.itens.map((p) => p.nome)).toEqual(['Ática', 'Companhia das Letras']);
  });

  it('lists the users of the selected company only, by name, without logins or e-mails', async () => {
    expect((await get(historyOnly, 'usuario')).statusCode).toBe(403);
    const res = await get(historyOnly, 'reposicao/opcoes/usuario?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const page = replenishmentLookupPageSchema.parse(res.json());
    const linked = await t.ctx.db.select({ userId: userCompanies.userId }).from(userCompanies).where(sql`${userCompanies.companyId} = ${company1}`);
    expect(page.itens.map((u) => u.id).sort((a, b) => a - b)).toEqual(linked.map((l) => l.userId).sort((a, b) => a - b));
    expect(page.itens.map((u) => u.nome)).not.toContain('Usuário so.outra');
    expect(page.itens.map((u) => u.nome)).toContain('Usuário comprador.calculo');
    expect(replenishmentLookupPageSchema.parse((await get(historyOnly, 'reposicao/opcoes/usuario?term=comprador.hist')).json()).itens.map((u) => u.nome)).toEqual(['Usuário comprador.historico']);
  });

  it('lists the product types of the selected company', async () => {
    expect((await get(calcOnly, 'relatorio/estoque/opcoes')).statusCode).toBe(403);
    const res = await get(calcOnly, 'reposicao/opcoes/tipo-produto');
    expect(res.statusCode, res.body).toBe(200);
    const types = res.json() as { id: number; nome: string }[];
    expect(types).toHaveLength(2);
    const stored = resultRows<{ id: number }>(await t.ctx.db.execute(sql`SELECT id FROM erp_tipo_produto WHERE empresa_id = ${company1} ORDER BY id`));
    expect(types.map((x) => x.id).sort((a, b) => a - b)).toEqual(stored.map((r) => Number(r.id)));
  });

  it('answers 403 to a user without either replenishment role, even to a bad query', async () => {
    for (const url of ['reposicao/opcoes/editora', 'reposicao/opcoes/usuario', 'reposicao/opcoes/tipo-produto', 'reposicao/opcoes/editora?pageSize=abc']) {
      const res = await get(seller, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(FORBIDDEN_MESSAGE);
    }
    expect((await call(t.app, 'GET', 'reposicao/opcoes/editora')).statusCode).toBe(401);
  });

  it('answers 400 naming the field of a bad query', async () => {
    const res = await get(calcOnly, 'reposicao/opcoes/usuario?pageSize=0&outro=1');
    expect(res.statusCode).toBe(400);
    expect((res.json().messages as { field: string }[]).map((m) => m.field).sort()).toEqual(['outro', 'pageSize']);
  });
});
