import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duplicateIsbnMessage, type ErrorBody, type ProductDetail } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, setParameter } from '../auth/auth.test-helpers.ts';
import { auditLog } from '../audit/audit.schema.ts';
import { outgoingItems } from '../integration/integration.schema.ts';
import { ageRanges, contentRatings, productLines, targetAudiences } from '../lookups/lookups.schema.ts';
import { imprints, productContributors, products, publishers } from './products.schema.ts';

let t: TestApp;
let admin: string;
let seller: string;
const ref: Record<string, number> = {};

/** A full body using every kind of field. */
function fullBody(over: Record<string, unknown> = {}) {
  return {
    isbn13: '85-359-0277-5', // ISBN-10, converted to 9788535902778
    titulo: 'Memórias Póstumas de Brás Cubas',
    subtitulo: 'Edição comentada',
    tituloEn: 'The Posthumous Memoirs of Brás Cubas',
    idEditora: ref.editora,
    idSelo: ref.selo,
    idFaixaEtaria: ref.faixa,
    idPublicoAlvo: ref.publico,
    idClassificacaoIndicativa: ref.classificacao,
    idLinhaProduto: ref.linha,
    anoEdicao: 2024,
    numeroEdicao: 2,
    issn: '0378-5955',
    cest: '28.038.00',
    percentualDescontoMaximo: 35.5,
    estoqueMinimo: 5,
    estoqueMaximo: 50,
    dataPublicacao: '2024-03-10',
    numeroPaginas: 368,
    pesoGramas: 450,
    alturaMm: 230,
    larguraMm: 160,
    espessuraMm: 22,
    situacao: '21',
    formatoProduto: 'BC',
    idioma: 'por',
    produtosRelacionados: ['0306406152'],
    brindes: ['9780140449136'],
    autores: [
      { tipoContribuicao: 'A01', nomeCompleto: 'Machado de Assis', nomeInvertido: 'Assis, Machado de' },
      { tipoContribuicao: 'B06', nomeCompleto: 'Ana Tradutora' },
    ],
    assuntos: [{ esquema: '10', codigo: 'FIC004000', descricao: 'Clássicos', principal: true }],
    precos: [{ tipo: '02', moeda: 'BRL', valorCentavos: 5990 }],
    palavrasChave: 'romance, realismo',
    ...over,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin', 'admin')).token;
  seller = (await t.login('vendedor', 'vendedor')).token;
  const db = t.database.db;
  const [ed, other] = await db.insert(publishers).values([{ name: 'Editora Teste', nameKey: 'editora teste' }, { name: 'Outra', nameKey: 'outra' }]).returning({ id: publishers.id });
  const [selo] = await db.insert(imprints).values({ publisherId: ed.id, name: 'Selo Azul', nameKey: 'selo azul' }).returning({ id: imprints.id });
  const [seloOutro] = await db.insert(imprints).values({ publisherId: other.id, name: 'Selo Verde', nameKey: 'selo verde' }).returning({ id: imprints.id });
  Object.assign(ref, { editora: ed.id, outraEditora: other.id, selo: selo.id, seloOutro: seloOutro.id });
  ref.faixa = (await db.insert(ageRanges).values({ name: 'Adulto PS' }).returning({ id: ageRanges.id }))[0].id;
  ref.faixaInativa = (await db.insert(ageRanges).values({ name: 'Inativa PS', active: false }).returning({ id: ageRanges.id }))[0].id;
  ref.publico = (await db.insert(targetAudiences).values({ name: 'Geral PS' }).returning({ id: targetAudiences.id }))[0].id;
  ref.classificacao = (await db.insert(contentRatings).values({ name: 'Livre PS' }).returning({ id: contentRatings.id }))[0].id;
  ref.linha = (await db.insert(productLines).values({ name: 'Clássicos PS' }).returning({ id: productLines.id }))[0].id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('POST produto', () => {
  let created: ProductDetail;

  it('answers 401 without a session and 403 without VISUALIZAR_PRODUTOS_CADASTRAR', async () => {
    expect((await call(t.app, 'POST', 'produto', { payload: fullBody() })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', 'produto', { token: seller, payload: fullBody() })).statusCode).toBe(403);
    expect(await t.database.db.select().from(products)).toHaveLength(0);
  });

  it('creates the product (201) with converted ISBN, references, ordered contributors, prices and the audit trail', async () => {
    const res = await call(t.app, 'POST', 'produto', { token: admin, payload: fullBody() });
    expect(res.statusCode, res.body).toBe(201);
    created = res.json() as ProductDetail;
    expect(created).toMatchObject({
      isbn13: '9788535902778',
      isbn10: '8535902775',
      issn: '0378-5955',
      titulo: 'Memórias Póstumas de Brás Cubas',
      editora: { id: ref.editora, nome: 'Editora Teste' },
      selo: { id: ref.selo, nome: 'Selo Azul' },
      faixaEtaria: { id: ref.faixa },
      linhaProduto: { id: ref.linha },
      cest: '2803800',
      percentualDescontoMaximo: 35.5,
      produtosRelacionados: ['9780306406157'],
      brindes: ['9780140449136'],
      slugSeo: 'memorias-postumas-de-bras-cubas',
      dataPublicacao: '2024-03-10',
      indCompra: true,
      ativo: true,
      arquivoCapa: null,
    });
    expect(created.autores.map((a) => [a.ordem, a.tipoContribuicao, a.nomeCompleto])).toEqual([
      [1, 'A01', 'Machado de Assis'],
      [2, 'B06', 'Ana Tradutora'],
    ]);
    expect(created.precos).toMatchObject([{ tipo: '02', moeda: 'BRL', valorCentavos: 5990 }]);
    expect(created.assuntos).toMatchObject([{ esquema: '10', codigo: 'FIC004000', principal: true }]);
    const get = await call(t.app, 'GET', `produto/${created.id}`, { token: admin });
    expect(get.json()).toEqual(created);
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'produto'));
    expect(trail.map((r) => [r.recordId, r.action])).toEqual([[String(created.id), 'CRIACAO']]);
  });

  it('refuses an ISBN already in the catalogue (409 naming title and id), also typed as ISBN-10 or with hyphens', async () => {
    for (const isbn13 of ['9788535902778', '978-85-359-0277-8', '8535902775']) {
      const res = await call(t.app, 'POST', 'produto', { token: admin, payload: { isbn13, titulo: 'Outro' } });
      expect(res.statusCode).toBe(409);
      const body = res.json() as ErrorBody;
      expect(body.messages).toEqual([{ field: 'isbn13', message: duplicateIsbnMessage('Memórias Póstumas de Brás Cubas', created.id) }]);
    }
  });

  it('answers 400 naming the field for bad check digits and bounds, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ isbn13: '9788535902779' }, 'isbn13'],
      [{ isbn13: '8535902776' }, 'isbn13'],
      [{ issn: '0378-5954' }, 'issn'],
      [{ percentualDescontoMaximo: 101 }, 'percentualDescontoMaximo'],
      [{ estoqueMinimo: 60 }, 'estoqueMinimo'],
      [{ anoEdicao: new Date().getFullYear() + 3 }, 'anoEdicao'],
      [{ numeroPaginas: 0 }, 'numeroPaginas'],
      [{ cest: '123' }, 'cest'],
      [{ dataPublicacao: '10/03/2024' }, 'dataPublicacao'],
      [{ slugSeo: 'Não Slug' }, 'slugSeo'],
      [{ titulo: '' }, 'titulo'],
    ];
    for (const [over, field] of cases) {
      const res = await call(t.app, 'POST', 'produto', { token: admin, payload: fullBody({ isbn13: '9780306406157', produtosRelacionados: [], ...over }) });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect((res.json() as ErrorBody).messages.map((m) => m.field), JSON.stringify(over)).toContain(field);
    }
    expect(await t.database.db.select({ id: products.id }).from(products)).toHaveLength(1);
  });

  it('answers 400 naming a reference that does not exist, an inactive lookup and an imprint of another publisher', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ idEditora: 999_999 }, 'idEditora'],
      [{ idSelo: 999_999 }, 'idSelo'],
      [{ idFaixaEtaria: 999_999 }, 'idFaixaEtaria'],
      [{ idPublicoAlvo: 999_999 }, 'idPublicoAlvo'],
      [{ idClassificacaoIndicativa: 999_999 }, 'idClassificacaoIndicativa'],
      [{ idLinhaProduto: 999_999 }, 'idLinhaProduto'],
      [{ idFaixaEtaria: ref.faixaInativa }, 'idFaixaEtaria'],
      [{ idSelo: ref.seloOutro }, 'idSelo'],
    ];
    for (const [over, field] of cases) {
      const res = await call(t.app, 'POST', 'produto', { token: admin, payload: fullBody({ isbn13: '9780306406157', produtosRelacionados: [], ...over }) });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect((res.json() as ErrorBody).messages.map((m) => m.field)).toEqual([field]);
    }
    expect(await t.database.db.select({ id: products.id }).from(products)).toHaveLength(1);
  });

  it('two simultaneous creates of one ISBN: one 201, one 409 naming the winner', async () => {
    const body = { isbn13: '9788525406644', titulo: 'Corrida' };
    const answers = await Promise.all([call(t.app, 'POST', 'produto', { token: admin, payload: body }), call(t.app, 'POST', 'produto', { token: admin, payload: { ...body, titulo: 'Corrida 2' } })]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const winner = answers.find((r) => r.statusCode === 201)!.json() as ProductDetail;
    const loser = answers.find((r) => r.statusCode === 409)!.json() as ErrorBody;
    expect(loser.message).toBe(duplicateIsbnMessage(winner.titulo, winner.id));
    expect(await t.database.db.select().from(products).where(eq(products.isbn13, '9788525406644'))).toHaveLength(1);
    // found in the catalogue list by its ISBN-10
    const list = (await call(t.app, 'GET', 'produto?isbn13=8525406643', { token: admin })).json() as { itens: { id: number }[] };
    expect(list.itens.map((r) => r.id)).toEqual([winner.id]);
    await t.database.db.delete(products).where(eq(products.id, winner.id));
  });

  it('does not queue for the ERP while the integration is off, and queues in the same transaction when it is on', async () => {
    const db = t.database.db;
    await setParameter(db, 'ERP_TIPO_INTEGRACAO', 'NENHUMA');
    const off = await call(t.app, 'POST', 'produto', { token: admin, payload: { isbn13: '9780306406157', titulo: 'Sem ERP' } });
    expect(off.statusCode).toBe(201);
    expect(await db.select().from(outgoingItems)).toHaveLength(0);

    await setParameter(db, 'ERP_TIPO_INTEGRACAO', 'SIMULADOR');
    const on = await call(t.app, 'POST', 'produto', { token: admin, payload: { isbn13: '9780140449136', titulo: 'Com ERP', numeroPaginas: 100, precos: [{ tipo: '02', moeda: 'BRL', valorCentavos: 1234 }] } });
    expect(on.statusCode).toBe(201);
    const queued = await db.select().from(outgoingItems);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ kind: 'PRODUTO', reference: '9780140449136', status: 'PENDENTE', companyId: t.seed.companyIds[0] });
    expect(queued[0].payload).toMatchObject({ ean: '9780140449136', titulo: 'Com ERP', precoCentavos: 1234, paginas: 100 });

    // a refused save leaves neither the product nor a queue item
    const refused = await call(t.app, 'POST', 'produto', { token: admin, payload: { isbn13: '9780140449136', titulo: 'Repetido' } });
    expect(refused.statusCode).toBe(409);
    expect(await db.select().from(outgoingItems)).toHaveLength(1);
    await setParameter(db, 'ERP_TIPO_INTEGRACAO', 'NENHUMA');
  });
});

describe('PUT produto/{id}', () => {
  let id: number;

  beforeAll(async () => {
    const [row] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.isbn13, '9788535902778'));
    id = row.id;
  });

  it('answers 401/403/404', async () => {
    expect((await call(t.app, 'PUT', `produto/${id}`, { payload: fullBody() })).statusCode).toBe(401);
    expect((await call(t.app, 'PUT', `produto/${id}`, { token: seller, payload: fullBody() })).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', 'produto/999999', { token: admin, payload: fullBody() })).statusCode).toBe(404);
  });

  it('replaces the fields and children, keeps booleans that are absent, and audits the changed fields', async () => {
    const db = t.database.db;
    await call(t.app, 'PUT', `produto/inativa/${id}`, { token: admin }); // ativo → false
    const res = await call(t.app, 'PUT', `produto/${id}`, {
      token: admin,
      payload: fullBody({ isbn13: '9788535902778', titulo: 'Dom Casmurro', subtitulo: null, slugSeo: 'dom-casmurro', autores: [{ tipoContribuicao: 'A01', nomeCompleto: 'Machado de Assis' }], precos: [], idSelo: null }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as ProductDetail;
    expect(detail).toMatchObject({ titulo: 'Dom Casmurro', subtitulo: null, slugSeo: 'dom-casmurro', selo: null, ativo: false, precos: [] });
    expect(detail.autores).toHaveLength(1);
    expect(await db.select().from(productContributors).where(eq(productContributors.productId, id))).toHaveLength(1);
    const [trail] = (await db.select().from(auditLog).where(eq(auditLog.entity, 'produto'))).filter((r) => r.action === 'ALTERACAO');
    const fields = (trail.changes as { campo: string }[]).map((c) => c.campo);
    expect(fields).toEqual(expect.arrayContaining(['titulo', 'subtitulo', 'slugSeo', 'selo', 'autores', 'precos']));
    expect(fields).not.toContain('ativo');
  });

  it('refuses to take another product’s ISBN (409 naming it) but accepts its own', async () => {
    const [other] = await t.database.db.select({ id: products.id, title: products.title }).from(products).where(eq(products.isbn13, '9780306406157'));
    const res = await call(t.app, 'PUT', `produto/${id}`, { token: admin, payload: { isbn13: '0306406152', titulo: 'X' } });
    expect(res.statusCode).toBe(409);
    expect((res.json() as ErrorBody).message).toBe(duplicateIsbnMessage(other.title, other.id));
    const own = await call(t.app, 'PUT', `produto/${id}`, { token: admin, payload: { isbn13: '9788535902778', titulo: 'Dom Casmurro' } });
    expect(own.statusCode).toBe(200);
  });

  it('keeps an inactive lookup the product already had, refuses a newly chosen inactive one', async () => {
    const db = t.database.db;
    await db.update(products).set({ ageRangeId: ref.faixaInativa }).where(eq(products.id, id));
    const keep = await call(t.app, 'PUT', `produto/${id}`, { token: admin, payload: { isbn13: '9788535902778', titulo: 'Dom Casmurro', idFaixaEtaria: ref.faixaInativa } });
    expect(keep.statusCode, keep.body).toBe(200);
    await db.update(products).set({ ageRangeId: null }).where(eq(products.id, id));
    const refuse = await call(t.app, 'PUT', `produto/${id}`, { token: admin, payload: { isbn13: '9788535902778', titulo: 'Dom Casmurro', idFaixaEtaria: ref.faixaInativa } });
    expect(refuse.statusCode).toBe(400);
  });

  it('queues the update for the ERP when the integration is on', async () => {
    const db = t.database.db;
    await setParameter(db, 'ERP_TIPO_INTEGRACAO', 'SIMULADOR');
    const before = (await db.select().from(outgoingItems)).length;
    const res = await call(t.app, 'PUT', `produto/${id}`, { token: admin, payload: { isbn13: '9788535902778', titulo: 'Dom Casmurro (ERP)' } });
    expect(res.statusCode).toBe(200);
    const items = await db.select().from(outgoingItems).where(eq(outgoingItems.reference, '9788535902778'));
    expect((await db.select().from(outgoingItems)).length).toBe(before + 1);
    expect(items.at(-1)!.payload).toMatchObject({ titulo: 'Dom Casmurro (ERP)' });
    await setParameter(db, 'ERP_TIPO_INTEGRACAO', 'NENHUMA');
  });
});

describe('PUT produto/inativa/{id}', () => {
  it('toggles and answers the new state, with ATIVACAO/INATIVACAO in the trail; 401/403/404', async () => {
    const [row] = await t.database.db.select({ id: products.id, active: products.active }).from(products).where(eq(products.isbn13, '9780306406157'));
    expect((await call(t.app, 'PUT', `produto/inativa/${row.id}`)).statusCode).toBe(401);
    expect((await call(t.app, 'PUT', `produto/inativa/${row.id}`, { token: seller })).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', 'produto/inativa/999999', { token: admin })).statusCode).toBe(404);
    const first = await call(t.app, 'PUT', `produto/inativa/${row.id}`, { token: admin });
    expect(first.json()).toEqual({ id: row.id, ativo: !row.active });
    const second = await call(t.app, 'PUT', `produto/inativa/${row.id}`, { token: admin });
    expect(second.json()).toEqual({ id: row.id, ativo: row.active });
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, String(row.id)))).filter((r) => r.entity === 'produto').map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['INATIVACAO', 'ATIVACAO']));
  });
});
