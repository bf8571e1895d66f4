import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_OPPORTUNITY_REASONS,
  FORBIDDEN_MESSAGE,
  OPPORTUNITY_COMPANY_MESSAGE,
  OPPORTUNITY_DESCRIPTION_REQUIRED_MESSAGE,
  OPPORTUNITY_FORWARDED_MESSAGE,
  OPPORTUNITY_PRODUCT_NOT_FOUND_MESSAGE,
  OPPORTUNITY_REASON_INVALID_MESSAGE,
  type Opportunity,
  type OpportunityCreated,
  type PagedList,
  type RegisterRecord,
  type SessionUser,
} from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, createProfile, createUser } from '../auth/auth.test-helpers.ts';
import { products } from '../products/products.schema.ts';
import { opportunities } from './opportunities.schema.ts';
import { countOpenOpportunities } from './opportunities.service.ts';

let t: TestApp;
let admin: SessionUser;
let seller: SessionUser;
/** A signed-in user of the second company only, with no role at all. */
let outsider: SessionUser;
let reasons: RegisterRecord[];
let productId: number;
let otherProductId: number;
let firstCompany: number;
let secondCompany: number;

/** The id of a seeded reason by name. */
const reason = (nome: string) => reasons.find((r) => r.nome === nome)!.id;

beforeAll(async () => {
  t = await createTestApp();
  [firstCompany, secondCompany] = t.seed.companyIds;
  admin = await t.login('admin', 'admin');
  seller = await t.login('vendedor', 'vendedor');
  await createProfile(t.database.db, 'Sem papéis', []);
  await createUser(t.database.db, { login: 'semPapel', password: 'Senha-sem-1', companyIds: [secondCompany], profileName: 'Sem papéis' });
  outsider = await t.login('semPapel', 'Senha-sem-1');
  reasons = (await call(t.app, 'GET', 'motivo-oportunidade?pageSize=50', { token: seller.token })).json<PagedList<RegisterRecord>>().itens;
  const rows = await t.database.db
    .insert(products)
    .values([
      { isbn13: '9788535902778', title: 'Dom Casmurro', issn: '0378-5955' },
      { isbn13: '9788525406958', title: 'Memórias Póstumas de Brás Cubas' },
    ])
    .returning({ id: products.id });
  [productId, otherProductId] = rows.map((r) => r.id);
});
afterAll(async () => {
  await t.close();
});

/** POST oportunidade as `user`. */
const post = (user: SessionUser, payload: unknown) => call(t.app, 'POST', 'oportunidade', { token: user.token, payload });
/** GET oportunidade?query as `user`. */
const list = async (user: SessionUser, query = '') => {
  const res = await call(t.app, 'GET', `oportunidade${query ? `?${query}` : ''}`, { token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PagedList<Opportunity>>();
};

describe('motivo-oportunidade register', () => {
  it('starts with the five usual reasons, active, readable by any signed-in user, written only with the auxiliary registers role', async () => {
    expect(reasons.map((r) => r.nome).sort()).toEqual([...DEFAULT_OPPORTUNITY_REASONS].sort());
    expect(reasons.every((r) => r.ativo)).toBe(true);
    expect((await call(t.app, 'GET', 'motivo-oportunidade', { token: outsider.token })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', 'motivo-oportunidade')).statusCode).toBe(401);
    const denied = await call(t.app, 'POST', 'motivo-oportunidade', { token: seller.token, payload: { nome: 'Capa danificada' } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(FORBIDDEN_MESSAGE);
    expect((await call(t.app, 'POST', 'motivo-oportunidade', { token: admin.token, payload: { nome: 'Capa danificada' } })).statusCode).toBe(200);
  });
});

describe('POST oportunidade', () => {
  it('stores a lost sale of a catalogue title in the selected company with user and time, filling EAN, ISSN and description from the product', async () => {
    const before = Date.now();
    const res = await post(seller, { idProduto: productId, quantidade: 2, tipo: 'VENDA_PERDIDA', idMotivo: reason('Sem estoque'), observacao: 'Cliente volta na sexta.\nLigar antes.' });
    expect(res.statusCode, res.body).toBe(201);
    const { message, oportunidade } = res.json<OpportunityCreated>();
    expect(message).toBe(OPPORTUNITY_FORWARDED_MESSAGE);
    expect(oportunidade).toMatchObject({
      idEmpresa: firstCompany,
      idProduto: productId,
      titulo: 'Dom Casmurro',
      ean: '9788535902778',
      issn: '0378-5955',
      descricao: 'Dom Casmurro',
      quantidade: 2,
      tipo: 'VENDA_PERDIDA',
      motivo: 'Sem estoque',
      observacao: 'Cliente volta na sexta.\nLigar antes.',
      idUsuario: seller.id,
      usuario: 'Vendedor Demonstração',
    });
    expect(Date.parse(oportunidade.data)).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await t.database.db.select().from(opportunities).where(eq(opportunities.id, oportunidade.id));
    expect(row).toMatchObject({ companyId: firstCompany, userId: seller.id, productId, quantity: 2 });
  });

  it('stores a title the catalogue does not have from the typed EAN (ISBN-10 or hyphenated, normalised) and description', async () => {
    const res = await post(seller, { idProduto: null, ean: '85-359-0277-5', issn: '', descricao: '  O Alienista (edição de bolso) ', quantidade: 1, tipo: 'SUGESTAO_COMPRA', idMotivo: reason('Título não cadastrado') });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<OpportunityCreated>().oportunidade).toMatchObject({ idProduto: null, titulo: null, ean: '9788535902778', issn: null, descricao: 'O Alienista (edição de bolso)', tipo: 'SUGESTAO_COMPRA', observacao: null });
  });

  it('answers 400 naming the field for bad and hostile bodies, storing nothing', async () => {
    const count = async () => t.database.db.$count(opportunities);
    const before = await count();
    const ok = { descricao: 'Livro', quantidade: 1, tipo: 'VENDA_PERDIDA', idMotivo: reason('Preço') };
    const cases: [unknown, string][] = [
      [{ ...ok, descricao: undefined }, 'descricao'],
      [{ ...ok, descricao: '   ' }, 'descricao'],
      [{ ...ok, descricao: 'x'.repeat(1000) }, 'descricao'],
      [{ ...ok, descricao: 'a\u0000b' }, 'descricao'],
      [{ ...ok, descricao: 'tab\tinside' }, 'descricao'],
      [{ ...ok, quantidade: 0 }, 'quantidade'],
      [{ ...ok, quantidade: 10000 }, 'quantidade'],
      [{ ...ok, quantidade: 1.5 }, 'quantidade'],
      [{ ...ok, quantidade: '2x' }, 'quantidade'],
      [{ ...ok, tipo: 'VENDA' }, 'tipo'],
      [{ ...ok, tipo: undefined }, 'tipo'],
      [{ ...ok, idMotivo: undefined }, 'idMotivo'],
      [{ ...ok, idMotivo: 99999999999 }, 'idMotivo'],
      [{ ...ok, idMotivo: 999999 }, 'idMotivo'],
      [{ ...ok, idProduto: 999999 }, 'idProduto'],
      [{ ...ok, idProduto: -1 }, 'idProduto'],
      [{ ...ok, ean: '9788535902770' }, 'ean'],
      [{ ...ok, ean: "1' OR '1'='1" }, 'ean'],
      [{ ...ok, ean: '%_%' }, 'ean'],
      [{ ...ok, issn: '0378-5954' }, 'issn'],
      [{ ...ok, observacao: 'o'.repeat(1001) }, 'observacao'],
      [{ ...ok, observacao: 'bell\u0007' }, 'observacao'],
      [{ ...ok, extra: 1 }, 'extra'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(seller, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().messages.map((m: { field: string }) => m.field), JSON.stringify(payload).slice(0, 80)).toContain(field);
    }
    expect((await post(seller, { ...ok, descricao: undefined })).json().messages[0].message).toBe(OPPORTUNITY_DESCRIPTION_REQUIRED_MESSAGE);
    expect((await post(seller, { ...ok, idProduto: 999999 })).json().messages[0].message).toBe(OPPORTUNITY_PRODUCT_NOT_FOUND_MESSAGE);
    expect(await count()).toBe(before);
    // quotes, % and _ in a description are text like any other
    const odd = await post(seller, { ...ok, descricao: `O'Neil "100%" _raro_` });
    expect(odd.statusCode, odd.body).toBe(201);
    expect(odd.json<OpportunityCreated>().oportunidade.descricao).toBe(`O'Neil "100%" _raro_`);
  });

  it('refuses an inactive reason (400 on idMotivo), and a reason in use cannot be deleted, only deactivated', async () => {
    const created = (await call(t.app, 'POST', 'motivo-oportunidade', { token: admin.token, payload: { nome: 'Temporário' } })).json<RegisterRecord>();
    expect((await post(seller, { descricao: 'X', quantidade: 1, tipo: 'VENDA_PERDIDA', idMotivo: created.id })).statusCode).toBe(201);
    const refused = await call(t.app, 'DELETE', `motivo-oportunidade/${created.id}`, { token: admin.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/em uso.*Inative-o/);
    await call(t.app, 'PUT', `motivo-oportunidade/inativa/${created.id}`, { token: admin.token });
    const inactive = await post(seller, { descricao: 'X', quantidade: 1, tipo: 'VENDA_PERDIDA', idMotivo: created.id });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().messages).toEqual([{ field: 'idMotivo', message: OPPORTUNITY_REASON_INVALID_MESSAGE }]);
  });

  it('needs a session (401) and ROLE_VISUALIZAR_TERMINAL (403, before validating)', async () => {
    expect((await call(t.app, 'POST', 'oportunidade', { payload: {} })).statusCode).toBe(401);
    const denied = await post(outsider, { bogus: 1 });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(FORBIDDEN_MESSAGE);
  });
});

describe('GET oportunidade', () => {
  let inSecond: number;

  beforeAll(async () => {
    // admin's selected company is the first; one opportunity in the second, two days ago
    const [row] = await t.database.db
      .insert(opportunities)
      .values({ companyId: secondCompany, userId: admin.id, productId: otherProductId, ean: '9788525406958', description: 'Memórias Póstumas', quantity: 3, type: 'SUGESTAO_COMPRA', reasonId: reason('Prazo de entrega'), createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .returning({ id: opportunities.id });
    inSecond = row.id;
  });

  it("lists the caller's companies only, newest first, with the SPEC paged shape", async () => {
    const mine = await list(seller);
    expect(mine.itens.length).toBeGreaterThan(0);
    expect(mine.itens.every((o) => o.idEmpresa === firstCompany)).toBe(true);
    const dates = mine.itens.map((o) => o.data);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(mine).toMatchObject({ page: 0, size: 10 });
    const all = await list(admin, 'pageSize=200');
    expect(all.itens.map((o) => o.id)).toContain(inSecond);
    // a user of the second company only sees its opportunity, whatever its roles
    expect((await list(outsider)).itens.map((o) => o.id)).toEqual([inSecond]);
  });

  it('filters by company (one of the caller\'s, else 400), type, reason, product, EAN, term and São Paulo days', async () => {
    expect((await list(admin, `idEmpresa=${secondCompany}`)).itens.map((o) => o.id)).toEqual([inSecond]);
    const foreign = await call(t.app, 'GET', `oportunidade?idEmpresa=${secondCompany}`, { token: seller.token });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().messages).toEqual([{ field: 'idEmpresa', message: OPPORTUNITY_COMPANY_MESSAGE }]);
    expect((await list(admin, 'tipo=SUGESTAO_COMPRA&pageSize=200')).itens.every((o) => o.tipo === 'SUGESTAO_COMPRA')).toBe(true);
    expect((await list(admin, `idMotivo=${reason('Prazo de entrega')}`)).itens.map((o) => o.id)).toEqual([inSecond]);
    // by product: with its id, and typed by hand under its ISBN-13 (the ISBN-10 8535902775)
    const byProduct = await list(admin, `idProduto=${productId}&pageSize=200`);
    expect(byProduct.itens.map((o) => o.descricao).sort()).toEqual(['Dom Casmurro', 'O Alienista (edição de bolso)']);
    expect((await list(admin, 'ean=853590277-5&pageSize=200')).totalItens).toBe(2);
    expect((await list(admin, 'term=memorias postumas')).itens.map((o) => o.id)).toEqual([inSecond]);
    expect((await list(admin, 'term=alienista')).totalItens).toBe(1);
    expect((await list(admin, 'term=%25')).itens.map((o) => o.descricao)).toEqual([`O'Neil "100%" _raro_`]);
    expect((await list(admin, 'term=_')).itens.map((o) => o.descricao)).toEqual([`O'Neil "100%" _raro_`]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const recent = await list(admin, `dataInicio=${today}&dataFim=${today}&pageSize=200`);
    expect(recent.itens.map((o) => o.id)).not.toContain(inSecond);
    expect(recent.totalItens).toBeGreaterThan(0);
  });

  it('answers 400 naming the field for bad and hostile queries, and 401 without a session', async () => {
    const bad: [string, string][] = [
      ['dataInicio=2026-02-30', 'dataInicio'],
      ['dataInicio=2026-05-02&dataFim=2026-05-01', 'dataFim'],
      ['tipo=OUTRO', 'tipo'],
      ['idEmpresa=abc', 'idEmpresa'],
      ['idProduto=99999999999', 'idProduto'],
      ['ean=123', 'ean'],
      [`term=${'a'.repeat(1000)}`, 'term'],
      ['term=%00', 'term'],
      ['sorter=senha', 'sorter'],
      ['status=true', 'status'],
      ['pageSize=999', 'pageSize'],
    ];
    for (const [query, field] of bad) {
      const res = await call(t.app, 'GET', `oportunidade?${query}`, { token: admin.token });
      expect(res.statusCode, query.slice(0, 60)).toBe(400);
      expect(res.json().messages.map((m: { field: string }) => m.field), query.slice(0, 60)).toContain(field);
    }
    expect((await call(t.app, 'GET', 'oportunidade')).statusCode).toBe(401);
    for (const field of ['data', 'descricao', 'quantidade', 'tipo', 'motivo', 'empresa', 'usuario']) {
      expect((await call(t.app, 'GET', `oportunidade?sorter=${field},asc`, { token: admin.token })).statusCode, field).toBe(200);
    }
  });
});

describe('countOpenOpportunities (the Terminal detail)', () => {
  it("counts lost sales and suggestions of the last 90 days in the user's companies, with typed rows under the ISBN", async () => {
    const db = t.database.db;
    // Dom Casmurro: one lost sale with its id and one typed under its ISBN-13, both in the first company
    expect(await countOpenOpportunities(db, seller.id, productId)).toBe(2);
    expect(await countOpenOpportunities(db, admin.id, productId)).toBe(2);
    // the second company's suggestion is counted for admin only
    expect(await countOpenOpportunities(db, admin.id, otherProductId)).toBe(1);
    expect(await countOpenOpportunities(db, seller.id, otherProductId)).toBe(0);
    // older than 90 days: not counted
    await db.insert(opportunities).values({ companyId: firstCompany, productId, description: 'Dom Casmurro', quantity: 1, type: 'VENDA_PERDIDA', reasonId: reason('Preço'), createdAt: new Date(Date.now() - 91 * 86_400_000) });
    expect(await countOpenOpportunities(db, seller.id, productId)).toBe(2);
  });

  it('is the oportunidadesAbertas of GET produto/terminal/{id}, for the companies of the stock table', async () => {
    const detail = async (user: SessionUser, id: number) => {
      const res = await call(t.app, 'GET', `produto/terminal/${id}`, { token: user.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ oportunidadesAbertas: number; estoques: { idEmpresa: number }[] }>();
    };
    expect((await detail(seller, productId)).oportunidadesAbertas).toBe(2);
    // admin's selected company is the first; the suggestion in the second still counts (its stock row is shown too)
    const other = await detail(admin, otherProductId);
    expect(other.estoques.map((e) => e.idEmpresa).sort()).toEqual([firstCompany, secondCompany].sort());
    expect(other.oportunidadesAbertas).toBe(1);
    expect((await detail(seller, otherProductId)).oportunidadesAbertas).toBe(0);
  });
});
