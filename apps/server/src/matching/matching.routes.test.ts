import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FORBIDDEN_MESSAGE, MATCH_ERP_CODE_NOT_FOUND_MESSAGE, MATCH_TARGET_NOT_FOUND_MESSAGE, type BisacImportReport, type MatchItem, type MatchSaveResponse, type PagedList } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call } from '../auth/auth.test-helpers.ts';
import { at, isbn, makeRecord } from '../erp/data/erp-data.fixtures.ts';
import { resultRows } from '../db/rows.ts';
import { applyPage, multipartBody, uploadBisac } from './matching.test-helpers.ts';
import { listMatches } from './matching.service.ts';
import { BISAC_BINARY_FILE_MESSAGE, BISAC_BROKEN_JSON_MESSAGE, BISAC_COLUMNS_MESSAGE, BISAC_EMPTY_FILE_MESSAGE } from './bisac-file.ts';
import { FILE_REQUIRED_MESSAGE, MATCHING_TOO_LARGE_MESSAGE, NOT_MULTIPART_MESSAGE } from './multipart-file.ts';

/**
 * API tests of the BISAC list and the five matching tables (issue 8 part 3), on PGlite and, with
 * DATABASE_URL, on PostgreSQL: every call and its role, bad files writing nothing, re-import
 * idempotence, a match re-applied to the catalogue products in one transaction (a failure rolls
 * everything back), per-company scope.
 */
let t: TestApp;
let admin: string;
let seller: string;
let companyA: number;

const q = async <T>(text: ReturnType<typeof sql>): Promise<T[]> => resultRows<T>(await t.database.db.execute(text));
const bisacCount = async () => Number((await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM categoria_bisac`))[0].n);
const product = async (n: number) =>
  (
    await q<{ categoria_bisac: string | null; editora: string | null; selo: string | null; formato_produto: string | null; situacao: string | null }>(
      sql`SELECT p.categoria_bisac, e.nome AS editora, s.nome AS selo, p.formato_produto, p.situacao FROM produto p
        LEFT JOIN editora e ON e.id = p.editora_id LEFT JOIN selo s ON s.id = p.selo_id WHERE p.isbn13 = ${isbn(n)}`,
    )
  )[0];
const roles = async (n: number) =>
  (await q<{ tipo_contribuicao: string }>(sql`SELECT c.tipo_contribuicao FROM produto_contribuidor c JOIN produto p ON p.id = c.produto_id WHERE p.isbn13 = ${isbn(n)} ORDER BY c.ordem`)).map(
    (r) => r.tipo_contribuicao,
  );
const list = async (path: string, query = '') => {
  const res = await call(t.app, 'GET', `${path}${query}`, { token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PagedList<MatchItem>>();
};
const save = (path: string, payload: Record<string, unknown>) => call(t.app, 'PUT', path, { token: admin, payload });

/** A small BISAC file: the section heading, two fiction headings, one section of another kind. */
const SMALL_BISAC = [
  { code: 'FIC000000', description_ptbr: 'FICÇÃO / GERAL', description_en: 'FICTION / General' },
  { code: 'FIC019000', description_ptbr: 'FICÇÃO / LITERÁRIA', description_en: 'FICTION / Literary' },
  { code: 'FIC022000', description_ptbr: 'FICÇÃO / MISTÉRIO & DETETIVE / GERAL', description_en: 'FICTION / Mystery & Detective / General' },
  { code: 'FIC027000', description_ptbr: 'FICÇÃO / ROMANCE / GERAL', description_en: 'FICTION / Romance / General' },
  { code: 'POE000000', description_ptbr: 'POESIA / GERAL', description_en: 'POETRY / General' },
];

beforeAll(async () => {
  t = await createTestApp();
  const session = await t.login('admin', 'admin');
  admin = session.token;
  companyA = session.idEmpresa as number;
  seller = (await t.login('vendedor', 'vendedor')).token;
  const db = t.database.db;
  // The company's ERP registers, then products naming them (the sync's fill writes the catalogue)
  await applyPage(db, companyA, 'ASSUNTO', [
    makeRecord('ASSUNTO', 'AS1', at(1), 1, { descricao: 'Literatura brasileira', codigoBisac: 'FIC019000' }),
    makeRecord('ASSUNTO', 'AS2', at(1), 2, { descricao: 'Sem títulos', codigoBisac: null }),
    makeRecord('ASSUNTO', 'AS3', at(1), 3, { descricao: 'Romance', codigoBisac: 'FIC027000' }),
  ]);
  await applyPage(db, companyA, 'SELO', [
    makeRecord('SELO', 'S1', at(1), 1, { nome: 'Selo Aurora', editora: 'Editora Horizonte' }),
    makeRecord('SELO', 'S2', at(1), 2, { nome: 'Selo Brisa', editora: 'Editora Brisa' }),
  ]);
  await applyPage(db, companyA, 'TIPO_PRODUTO', [makeRecord('TIPO_PRODUTO', 'TP1', at(1), 1, { formatoOnix: 'BC' }), makeRecord('TIPO_PRODUTO', 'TP2', at(1), 2, { formatoOnix: 'BB' })]);
  await applyPage(db, companyA, 'TIPO_CONTRIBUICAO', [
    makeRecord('TIPO_CONTRIBUICAO', 'TC1', at(1), 1, { descricao: 'Autor', codigoOnix: 'A01' }),
    makeRecord('TIPO_CONTRIBUICAO', 'TC2', at(1), 2, { descricao: 'Tradutor', codigoOnix: 'B06' }),
  ]);
  await applyPage(db, companyA, 'AUTOR', [makeRecord('AUTOR', 'AU1', at(1), 1), makeRecord('AUTOR', 'AU2', at(1), 2)]);
  // Product 4's catalogue row exists first, with a BISAC code from ONIX the ERP must not overwrite
  await db.execute(sql`INSERT INTO produto (isbn13, titulo, categoria_bisac, fonte) VALUES (${isbn(4)}, 'Livro ONIX', 'POE000000', 'onix:teste')`);
  await applyPage(db, companyA, 'PRODUTO', [
    makeRecord('PRODUTO', 'P1', at(10), 1, {
      idSelo: 'S1',
      idTipoProduto: 'TP1',
      idAssunto: 'AS1',
      situacao: '20',
      contribuidores: [
        { idAutor: 'AU1', idTipoContribuicao: 'TC1', ordem: 1 },
        { idAutor: 'AU2', idTipoContribuicao: 'TC2', ordem: 2 },
      ],
    }),
    makeRecord('PRODUTO', 'P2', at(10), 2, { idSelo: 'S1', idTipoProduto: 'TP1', idAssunto: 'AS1', situacao: '21', contribuidores: [{ idAutor: 'AU1', idTipoContribuicao: 'TC1', ordem: 1 }] }),
    makeRecord('PRODUTO', 'P3', at(10), 3, { idSelo: 'S2', idTipoProduto: 'TP2', idAssunto: 'AS3', situacao: '20' }),
    makeRecord('PRODUTO', 'P4', at(10), 4, { idSelo: null, idTipoProduto: null, idAssunto: 'AS1', situacao: '21' }),
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('matching: access', () => {
  it('answers 401 without a token and 403 without GERENCIAR_CORRESPONDENCIA_PRODUTO on every call, before validating; the BISAC list needs a session only', async () => {
    const calls: ['GET' | 'POST' | 'PUT', string, unknown?][] = [['POST', 'categoria-bisac/importacao', { bogus: 1 }]];
    for (const path of ['correspondencia-categoria-bisac', 'correspondencia-editora', 'correspondencia-contribuicao', 'correspondencia-encadernacao', 'correspondencia-situacao']) {
      calls.push(['GET', `${path}?bogus=1`], ['GET', `${path}/opcoes`], ['PUT', path, { bogus: 1 }]);
    }
    for (const [method, path, payload] of calls) {
      expect((await call(t.app, method, path, { payload })).statusCode, `${method} ${path}`).toBe(401);
      const denied = await call(t.app, method, path, { token: seller, payload });
      expect(denied.statusCode, `${method} ${path}`).toBe(403);
      expect(denied.json().message).toBe(FORBIDDEN_MESSAGE);
    }
    expect((await call(t.app, 'GET', 'categoria-bisac')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', 'categoria-bisac', { token: seller })).statusCode).toBe(200);
    expect(await q(sql`SELECT 1 FROM correspondencia_produto`)).toEqual([]);
  });
});

describe('BISAC import', () => {
  it('refuses bad files with a pt-BR message on arquivo and writes nothing', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0x00]);
    const cases: [string, Uint8Array | string, string][] = [
      ['vazio.json', '', BISAC_EMPTY_FILE_MESSAGE],
      ['espacos.csv', '  \n \n', BISAC_EMPTY_FILE_MESSAGE],
      ['quebrado.json', '[{"code": "FIC000000", "description_ptbr": "FICÇÃO"', BISAC_BROKEN_JSON_MESSAGE],
      ['colunas.json', JSON.stringify([{ isbn: '9788535902778', titulo: 'x' }]), BISAC_COLUMNS_MESSAGE],
      ['numeros.json', '[1, 2, 3]', BISAC_COLUMNS_MESSAGE],
      ['colunas.csv', 'isbn13;titulo\n9788535902778;Dom Casmurro\n', BISAC_COLUMNS_MESSAGE],
      ['capa.png', png, BISAC_BINARY_FILE_MESSAGE],
    ];
    for (const [name, content, message] of cases) {
      const res = await uploadBisac(t.app, admin, name, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().messages, name).toEqual([{ field: 'arquivo', message }]);
    }
    const noFile = await multipartBody('x.json', '[]', 'outro');
    const missing = await call(t.app, 'POST', 'categoria-bisac/importacao', { token: admin, payload: noFile.payload, headers: noFile.headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().messages).toEqual([{ field: 'arquivo', message: FILE_REQUIRED_MESSAGE }]);
    const json = await call(t.app, 'POST', 'categoria-bisac/importacao', { token: admin, payload: { arquivo: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().messages).toEqual([{ field: 'arquivo', message: NOT_MULTIPART_MESSAGE }]);
    const broken = await call(t.app, 'POST', 'categoria-bisac/importacao', { token: admin, payload: 'lixo', headers: { 'content-type': 'multipart/form-data; boundary=abc' } });
    expect(broken.statusCode).toBe(400);
    const huge = await uploadBisac(t.app, admin, 'grande.json', new Uint8Array(21 * 1024 * 1024).fill(0x20));
    // over the 20 MB cap: 413 like the other uploads (one reader, shared/upload.ts)
    expect(huge.statusCode).toBe(413);
    expect(huge.json().messages).toEqual([{ field: 'arquivo', message: MATCHING_TOO_LARGE_MESSAGE }]);
    expect(await bisacCount()).toBe(0);
  });

  it('imports JSON, reports duplicates and malformed codes, and a re-import updates without duplicating', async () => {
    const file = [...SMALL_BISAC, { code: 'fic019000 ', description_ptbr: 'Ficção / Literária ', description_en: 'FICTION / Literary /' }, { code: 'FIC0190', description_ptbr: 'X', description_en: 'X' }];
    const res = await uploadBisac(t.app, admin, 'bisac.json', JSON.stringify(file));
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<BisacImportReport>();
    expect(report).toMatchObject({ arquivo: 'bisac.json', formato: 'JSON', registros: 7, importados: 5, inseridos: 5, atualizados: 0, inalterados: 0 });
    expect(report.duplicados).toEqual([expect.objectContaining({ codigo: 'FIC019000', linhas: [2, 6], importado: true })]);
    expect(report.malformados).toEqual([{ linha: 7, codigo: 'FIC0190', motivo: expect.stringContaining('3 letras e 6 dígitos') }]);
    const again = (await uploadBisac(t.app, admin, 'bisac.json', JSON.stringify(file))).json<BisacImportReport>();
    expect(again).toMatchObject({ importados: 5, inseridos: 0, atualizados: 0, inalterados: 5 });
    expect(await bisacCount()).toBe(5);
    // A CSV (';', quotes, Windows-1252) changing one heading and adding one code
    const csv = 'codigo;descricao;descricao_en\r\nFIC000000;"FICÇÃO / GERAL; TODOS";FICTION / General\r\nPOE001000;POESIA / ANTOLOGIAS;POETRY / Anthologies\r\n';
    const latin1 = Uint8Array.from(Buffer.from(csv, 'latin1'));
    const fromCsv = (await uploadBisac(t.app, admin, 'bisac.csv', latin1)).json<BisacImportReport>();
    expect(fromCsv).toMatchObject({ formato: 'CSV', registros: 2, inseridos: 1, atualizados: 1, duplicados: [], malformados: [] });
    expect(await bisacCount()).toBe(6);
    const [general] = await q<{ descricao: string }>(sql`SELECT descricao FROM categoria_bisac WHERE codigo = 'FIC000000'`);
    expect(general.descricao).toBe('FICÇÃO / GERAL; TODOS');
  });

  it('lists headings for the pickers: term without accents, one section, section headings only', async () => {
    const byTerm = (await call(t.app, 'GET', 'categoria-bisac?term=misterio', { token: admin })).json<PagedList<{ codigo: string }>>();
    expect(byTerm.itens.map((i) => i.codigo)).toEqual(['FIC022000']);
    const english = (await call(t.app, 'GET', 'categoria-bisac?term=anthologies', { token: admin })).json<PagedList<{ codigo: string }>>();
    expect(english.itens.map((i) => i.codigo)).toEqual(['POE001000']);
    const section = (await call(t.app, 'GET', 'categoria-bisac?secao=poe', { token: admin })).json<PagedList<{ codigo: string }>>();
    expect(section.itens.map((i) => i.codigo)).toEqual(['POE000000', 'POE001000']);
    const main = (await call(t.app, 'GET', 'categoria-bisac?principais=true', { token: admin })).json<PagedList<{ codigo: string; descricaoEn: string }>>();
    expect(main.itens.map((i) => i.codigo)).toEqual(['FIC000000', 'POE000000']);
    expect((await call(t.app, 'GET', 'categoria-bisac?secao=F1', { token: admin })).statusCode).toBe(400);
  });
});

describe('matching tables', () => {
  it('lists the company ERP codes unmatched first with the count of products each affects, and the proposal', async () => {
    const page = await list('correspondencia-categoria-bisac');
    expect(page.itens.map((i) => [i.codigoErp, i.registros, i.correspondido])).toEqual([
      ['AS1', 3, false],
      ['AS3', 1, false],
      ['AS2', 0, false],
    ]);
    expect(page.itens[1]).toMatchObject({ descricaoErp: 'Romance', detalheErp: 'FIC027000', sugestao: { codigo: 'FIC027000', descricao: 'FIC027000 - FICÇÃO / ROMANCE / GERAL' } });
    const publishers = await list('correspondencia-editora');
    expect(publishers.itens.map((i) => [i.codigoErp, i.descricaoErp, i.detalheErp, i.registros])).toEqual([
      ['S1', 'Selo Aurora', 'Editora Horizonte', 2],
      ['S2', 'Selo Brisa', 'Editora Brisa', 1],
    ]);
    expect((await list('correspondencia-contribuicao')).itens.map((i) => [i.codigoErp, i.registros])).toEqual([
      ['TC1', 2],
      ['TC2', 1],
    ]);
    expect((await list('correspondencia-encadernacao')).itens.map((i) => [i.codigoErp, i.registros, i.sugestao?.codigo])).toEqual([
      ['TP1', 2, 'BC'],
      ['TP2', 1, 'BB'],
    ]);
    // the ERP's availability codes carry their label (issue 15: the column showed bare codes)
    expect((await list('correspondencia-situacao')).itens.map((i) => [i.codigoErp, i.descricaoErp, i.registros])).toEqual([
      ['20', 'Disponível', 2],
      ['21', 'Em estoque', 2],
    ]);
    expect((await list('correspondencia-situacao', '?term=estoque')).itens.map((i) => i.codigoErp)).toEqual(['21']);
    expect((await list('correspondencia-editora', '?term=brisa')).itens.map((i) => i.codigoErp)).toEqual(['S2']);
    expect((await call(t.app, 'GET', 'correspondencia-editora?sorter=bogus', { token: admin })).statusCode).toBe(400);
    // Another company sees none of them
    const other = t.seed.companyIds.find((id) => id !== companyA) as number;
    expect((await listMatches(t.database.db, other, 'CATEGORIA_BISAC', { page: 0 })).totalItens).toBe(0);
  });

  it('offers Acervo codes to the picker', async () => {
    const res = await call(t.app, 'GET', 'correspondencia-contribuicao/opcoes?term=tradutor', { token: admin });
    expect(res.json()).toContainEqual({ codigo: 'B06', descricao: 'B06 - Tradutor' });
    const bisac = (await call(t.app, 'GET', 'correspondencia-categoria-bisac/opcoes?term=romance', { token: admin })).json<{ codigo: string }[]>();
    expect(bisac.map((o) => o.codigo)).toEqual(['FIC027000']);
  });

  it('a failure while re-applying rolls back the match and every product', async () => {
    await t.database.db.execute(sql.raw(`CREATE FUNCTION matching_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'falha simulada'; END $$`));
    await t.database.db.execute(sql.raw(`CREATE TRIGGER matching_test_fail BEFORE UPDATE ON produto FOR EACH ROW WHEN (NEW.isbn13 = '${isbn(2)}') EXECUTE FUNCTION matching_test_fail()`));
    try {
      const res = await save('correspondencia-categoria-bisac', { codigoErp: 'AS1', codigoAcervo: 'FIC022000' });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('DROP TRIGGER matching_test_fail ON produto'));
    }
    expect((await product(1))?.categoria_bisac).toBe('FIC019000');
    expect(await q(sql`SELECT 1 FROM correspondencia_produto`)).toEqual([]);
    expect(await q(sql`SELECT 1 FROM auditoria WHERE entidade = 'correspondencia'`)).toEqual([]);
  });

  it('saves a BISAC match, re-applies it to the products the ERP value reached, keeps ONIX values, and a new match replaces the previous one', async () => {
    const res = await save('correspondencia-categoria-bisac', { codigoErp: 'AS1', codigoAcervo: 'FIC022000' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<MatchSaveResponse>();
    expect(body.produtosAtualizados).toBe(2);
    expect(body.item).toMatchObject({ codigoErp: 'AS1', correspondido: true, codigoAcervo: 'FIC022000', descricaoAcervo: 'FIC022000 - FICÇÃO / MISTÉRIO & DETETIVE / GERAL', registros: 3 });
    expect([(await product(1))?.categoria_bisac, (await product(2))?.categoria_bisac, (await product(4))?.categoria_bisac]).toEqual(['FIC022000', 'FIC022000', 'POE000000']);
    const again = (await save('correspondencia-categoria-bisac', { codigoErp: 'AS1', codigoAcervo: 'FIC000000' })).json<MatchSaveResponse>();
    expect(again.produtosAtualizados).toBe(2);
    expect([(await product(1))?.categoria_bisac, (await product(4))?.categoria_bisac]).toEqual(['FIC000000', 'POE000000']);
    // matched rows go after the unmatched ones
    expect((await list('correspondencia-categoria-bisac')).itens.map((i) => i.codigoErp)).toEqual(['AS3', 'AS2', 'AS1']);
    expect((await list('correspondencia-categoria-bisac', '?pendentes=false')).itens.map((i) => i.codigoErp)).toEqual(['AS1']);
    const audit = await call(t.app, 'GET', `auditoria?entidade=correspondencia&idRegistro=${encodeURIComponent(`CATEGORIA_BISAC:${companyA}:AS1`)}`, { token: admin });
    expect(audit.json().itens.map((e: { acao: string }) => e.acao)).toEqual(['ALTERACAO', 'CRIACAO']);
  });

  it('saves a publisher match with its Metabooks and Bookinfo flags and moves the products and their imprint to that publisher', async () => {
    const [publisher] = await q<{ id: number }>(sql`INSERT INTO editora (nome, nome_chave, ind_metabooks) VALUES ('Grupo Horizonte', 'grupo horizonte', true) RETURNING id`);
    const res = await save('correspondencia-editora', { codigoErp: 'S1', codigoAcervo: String(publisher.id) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<MatchSaveResponse>();
    expect(body).toMatchObject({ produtosAtualizados: 2, item: { codigoAcervo: String(publisher.id), descricaoAcervo: 'Grupo Horizonte', indMetabooks: true, indBookinfo: false } });
    expect(await product(1)).toMatchObject({ editora: 'Grupo Horizonte', selo: 'Selo Aurora' });
    expect(await product(3)).toMatchObject({ editora: 'Editora Brisa' });
    const flags = (await save('correspondencia-editora', { codigoErp: 'S1', codigoAcervo: String(publisher.id), indBookinfo: true })).json<MatchSaveResponse>();
    expect(flags).toMatchObject({ produtosAtualizados: 0, item: { indMetabooks: true, indBookinfo: true } });
    const bad = await save('correspondencia-editora', { codigoErp: 'S1', codigoAcervo: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual([{ field: 'codigoAcervo', message: MATCH_TARGET_NOT_FOUND_MESSAGE }]);
  });

  it('saves contribution, binding and availability matches and re-applies each to the products', async () => {
    const contribution = (await save('correspondencia-contribuicao', { codigoErp: 'TC2', codigoAcervo: 'A12' })).json<MatchSaveResponse>();
    expect(contribution.produtosAtualizados).toBe(1);
    expect(await roles(1)).toEqual(['A01', 'A12']);
    const binding = (await save('correspondencia-encadernacao', { codigoErp: 'TP1', codigoAcervo: 'BB' })).json<MatchSaveResponse>();
    expect(binding.produtosAtualizados).toBe(2);
    expect([(await product(1))?.formato_produto, (await product(3))?.formato_produto]).toEqual(['BB', 'BB']);
    const status = (await save('correspondencia-situacao', { codigoErp: '20', codigoAcervo: '22' })).json<MatchSaveResponse>();
    expect(status.produtosAtualizados).toBe(2);
    expect([(await product(1))?.situacao, (await product(2))?.situacao, (await product(3))?.situacao]).toEqual(['22', '21', '22']);
  });

  it('a later ERP page writes the matched codes to the catalogue in its own transaction (products, and contributors completed by an AUTOR page)', async () => {
    const db = t.database.db;
    await applyPage(db, companyA, 'PRODUTO', [
      makeRecord('PRODUTO', 'P5', at(20), 5, { idSelo: 'S1', idTipoProduto: 'TP1', idAssunto: 'AS1', situacao: '20', contribuidores: [{ idAutor: 'AU1', idTipoContribuicao: 'TC2', ordem: 1 }] }),
      makeRecord('PRODUTO', 'P6', at(20), 6, { idAssunto: 'AS3', contribuidores: [{ idAutor: 'AU9', idTipoContribuicao: 'TC2', ordem: 1 }] }),
    ]);
    expect(await product(5)).toMatchObject({ categoria_bisac: 'FIC000000', editora: 'Grupo Horizonte', selo: 'Selo Aurora', formato_produto: 'BB', situacao: '22' });
    expect(await roles(5)).toEqual(['A12']);
    // AS3 has no match: the ERP's own code stays; P6's contributors wait for author AU9
    expect((await product(6))?.categoria_bisac).toBe('FIC027000');
    expect(await roles(6)).toEqual([]);
    await applyPage(db, companyA, 'AUTOR', [makeRecord('AUTOR', 'AU9', at(21), 9)]);
    expect(await roles(6)).toEqual(['A12']);
  });

  it('refuses an unknown ERP code (404), an unknown or inactive Acervo code and flags on other kinds (400), writing nothing', async () => {
    const before = await q(sql`SELECT * FROM correspondencia_produto ORDER BY id`);
    const unknown = await save('correspondencia-situacao', { codigoErp: '99', codigoAcervo: '21' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MATCH_ERP_CODE_NOT_FOUND_MESSAGE);
    const target = await save('correspondencia-categoria-bisac', { codigoErp: 'AS2', codigoAcervo: 'XYZ999999' });
    expect(target.statusCode).toBe(400);
    expect(target.json().messages).toEqual([{ field: 'codigoAcervo', message: MATCH_TARGET_NOT_FOUND_MESSAGE }]);
    await t.database.db.execute(sql`UPDATE produto_situacao SET ativo = false WHERE codigo = '23'`);
    const inactive = await save('correspondencia-situacao', { codigoErp: '21', codigoAcervo: '23' });
    expect(inactive.statusCode).toBe(400);
    const flag = await save('correspondencia-situacao', { codigoErp: '21', codigoAcervo: '21', indMetabooks: true });
    expect(flag.statusCode).toBe(400);
    expect(flag.json().messages[0].field).toBe('indMetabooks');
    const unknownField = await save('correspondencia-situacao', { codigoErp: '21', codigoAcervo: '21', outro: 1 });
    expect(unknownField.statusCode).toBe(400);
    expect(await q(sql`SELECT * FROM correspondencia_produto ORDER BY id`)).toEqual(before);
  });
});
