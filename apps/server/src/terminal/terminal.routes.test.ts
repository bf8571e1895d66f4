import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ErpEntity, ErpRecord, ErrorBody, PagedList, TerminalDetail, TerminalItem } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, createUser, setParameter } from '../auth/auth.test-helpers.ts';
import { imprints, productContributors, products, publishers } from '../products/products.schema.ts';
import { profileRoles, profiles } from '../profiles/profiles.schema.ts';
import { applyErpRecords } from '../erp/data/index.ts';
import { makeRecord, makeSale, saleLine } from '../erp/data/erp-data.fixtures.ts';
import { getTerminalDetail, monthRange } from './terminal.service.ts';

/*
 * API tests of the Terminal (issue 16): every call and role, the search rules (accents, typos at
 * the edit limits, word order, prefixes, fields, barcodes), the ranking, the filters, hostile
 * queries, and company scoping of stock and sales. Runs on PGlite, or on PostgreSQL with
 * DATABASE_URL set.
 */

let t: TestApp;
let admin: string;
let seller: string;
let noRole: string;
let companyA: number;
let companyB: number;
const ids: Record<string, number> = {};

const AT = '2026-01-01T00:00:00.000Z';

async function apply<E extends ErpEntity>(companyId: number, entity: E, records: ErpRecord<E>[]): Promise<void> {
  const { rejected } = await t.database.db.transaction((tx) => applyErpRecords(tx, companyId, entity, records));
  expect(rejected).toEqual([]);
}

/** Today in São Paulo and the first day of the previous month, `YYYY-MM-DD`. */
function dates(): { thisMonth: string; lastMonth: string; longAgo: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const range = monthRange(today, 2);
  const old = monthRange(today, 30);
  return { thisMonth: `${range.months[1]}-01`, lastMonth: `${range.months[0]}-15`, longAgo: `${old.months[0]}-10` };
}

const ISBN = {
  memorias: '9788535902778', // ISBN-10 8535902775
  dom: '9788508000001',
  alquimista: '9788575220030',
  silva: '9786500000010',
  colecao: '9786500000027',
  selo: '9786500000034',
  paralelepipedo: '9786500000041',
  livro: '9786500000058',
  casa: '9786500000065',
  subtitulo: '9786500000072',
};

function fixIsbn(body12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body12[i]) * (i % 2 === 0 ? 1 : 3);
  return body12 + String((10 - (sum % 10)) % 10);
}

async function seed(): Promise<void> {
  const db = t.database.db;
  for (const key of Object.keys(ISBN) as (keyof typeof ISBN)[]) ISBN[key] = fixIsbn(ISBN[key].slice(0, 12));
  const [companhia, rocco] = await db
    .insert(publishers)
    .values([
      { name: 'Companhia das Letras', nameKey: 'companhia das letras' },
      { name: 'Rocco', nameKey: 'rocco' },
    ])
    .returning({ id: publishers.id });
  const [penguin] = await db.insert(imprints).values({ publisherId: companhia.id, name: 'Penguin Clássicos', nameKey: 'penguin classicos' }).returning({ id: imprints.id });
  const rows = await db
    .insert(products)
    .values([
      { isbn13: ISBN.memorias, title: 'Memórias Póstumas de Brás Cubas', publisherId: companhia.id, imprintId: penguin.id, availability: '21' },
      { isbn13: ISBN.dom, title: 'Dom Casmurro', publisherId: companhia.id, availability: '21' },
      { isbn13: ISBN.alquimista, title: 'O Alquimista', publisherId: rocco.id, availability: '21' },
      { isbn13: ISBN.silva, title: 'Poemas escolhidos', publisherId: rocco.id },
      { isbn13: ISBN.colecao, title: 'Contos do mar', collection: 'Série Vagalume', publisherId: rocco.id },
      { isbn13: ISBN.selo, title: 'Cartas', publisherId: companhia.id, imprintId: penguin.id },
      { isbn13: ISBN.paralelepipedo, title: 'Paralelepípedo azul', publisherId: rocco.id },
      { isbn13: ISBN.livro, title: 'Livro das horas', publisherId: rocco.id },
      { isbn13: ISBN.casa, title: 'Casa grande', publisherId: rocco.id },
      { isbn13: ISBN.subtitulo, title: 'Ensaios', subtitle: 'Memórias de um editor', publisherId: rocco.id },
    ])
    .returning({ id: products.id, isbn13: products.isbn13 });
  for (const r of rows) ids[(Object.keys(ISBN) as (keyof typeof ISBN)[]).find((k) => ISBN[k] === r.isbn13)!] = r.id;
  await db.insert(productContributors).values([
    { productId: ids.memorias, sequence: 1, role: 'A01', fullName: 'Machado de Assis' },
    { productId: ids.dom, sequence: 1, role: 'A01', fullName: 'Machado de Assis' },
    { productId: ids.alquimista, sequence: 1, role: 'A01', fullName: 'Paulo Coelho' },
    { productId: ids.silva, sequence: 1, role: 'A01', fullName: 'Ana Memória Silva' },
    { productId: ids.silva, sequence: 2, role: 'B06', fullName: 'João Tradutor' },
  ]);

  // ERP data: the same titles in both companies, with different stock; sales in company A
  const ops: ErpRecord<'TIPO_OPERACAO_FISCAL'>[] = [
    makeRecord('TIPO_OPERACAO_FISCAL', 'OPV', AT, 1, { natureza: 'VENDA' }),
    makeRecord('TIPO_OPERACAO_FISCAL', 'OPD', AT, 2, { natureza: 'DEVOLUCAO' }),
    makeRecord('TIPO_OPERACAO_FISCAL', 'OPC', AT, 3, { natureza: 'CONSIGNACAO' }),
  ];
  for (const company of [companyA, companyB]) {
    await apply(company, 'TIPO_OPERACAO_FISCAL', ops);
    await apply(company, 'ASSUNTO', [makeRecord('ASSUNTO', 'LIT', AT, 1, { descricao: 'Literatura brasileira' })]);
    await apply(company, 'PRODUTO', [
      makeRecord('PRODUTO', 'P-MEM', AT, 1, { ean: ISBN.memorias, titulo: 'Memórias Póstumas de Brás Cubas', idAssunto: 'LIT', precoCentavos: 5990 }),
      makeRecord('PRODUTO', 'P-DOM', AT, 2, { ean: ISBN.dom, titulo: 'Dom Casmurro', precoCentavos: 3990 }),
      makeRecord('PRODUTO', 'P-ALQ', AT, 3, { ean: ISBN.alquimista, titulo: 'O Alquimista', precoCentavos: 4490 }),
    ]);
  }
  // company A: Memórias 10 on hand (2 reserved, 1 blocked, 5 ordered), Dom sold out; company B: Memórias 100, Dom 50
  await apply(companyA, 'ESTOQUE', [
    makeRecord('ESTOQUE', 'E1', AT, 1, { idProduto: 'P-MEM', fisico: 10, reservado: 2, consignado: 3, bloqueado: 1, pedidoCompra: 5 }),
    makeRecord('ESTOQUE', 'E2', AT, 2, { idProduto: 'P-DOM', fisico: 0, reservado: 0, consignado: 0, bloqueado: 0, pedidoCompra: 0 }),
  ]);
  await apply(companyB, 'ESTOQUE', [
    makeRecord('ESTOQUE', 'E1', AT, 1, { idProduto: 'P-MEM', fisico: 100, reservado: 0, consignado: 0, bloqueado: 0, pedidoCompra: 0 }),
    makeRecord('ESTOQUE', 'E2', AT, 2, { idProduto: 'P-DOM', fisico: 50, reservado: 0, consignado: 0, bloqueado: 0, pedidoCompra: 0 }),
  ]);
  const d = dates();
  const sale = (id: string, date: string, op: string, qty: number, extra: Partial<ErpRecord<'VENDA'>> = {}) =>
    makeSale(id, AT, { tipo: 'NOTA', numero: Number(id.replace(/\D/g, '')) || 1, dataEmissao: date, idTipoOperacaoFiscal: op, cancelada: false, itens: [saleLine(1, 'P-MEM', qty, 5990)], ...extra });
  await apply(companyA, 'VENDA', [
    sale('V1', d.thisMonth, 'OPV', 4),
    sale('V2', d.lastMonth, 'OPV', 3),
    sale('V3', d.thisMonth, 'OPV', 7, { cancelada: true }),
    sale('V4', d.thisMonth, 'OPC', 9),
    sale('V5', d.longAgo, 'OPV', 8),
    makeSale('D1', AT, { tipo: 'DEVOLUCAO', numero: 6, dataEmissao: d.thisMonth, idTipoOperacaoFiscal: 'OPD', idDocumentoOrigem: 'V1', cancelada: false, itens: [saleLine(1, 'P-MEM', 1, 5990, 0, 1)] }),
  ]);
  // company B sells too: never counted in company A's sales
  await apply(companyB, 'VENDA', [sale('V1', d.thisMonth, 'OPV', 50)]);
}

beforeAll(async () => {
  t = await createTestApp();
  [companyA, companyB] = t.seed.companyIds;
  const [profile] = await t.database.db.insert(profiles).values({ name: 'Só metas', description: 'sem terminal' }).returning({ id: profiles.id });
  await t.database.db.insert(profileRoles).values({ profileId: profile.id, role: 'ROLE_VISUALIZAR_METAS' });
  await createUser(t.database.db, { login: 'semterminal', password: 'semterminal', companyIds: [companyA], profileName: 'Só metas' });
  admin = (await t.login('admin', 'admin')).token;
  seller = (await t.login('vendedor', 'vendedor')).token;
  noRole = (await t.login('semterminal', 'semterminal')).token;
  await seed();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function search(query: string, token = admin): Promise<PagedList<TerminalItem>> {
  const res = await call(t.app, 'GET', `produto/terminal?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PagedList<TerminalItem>;
}

const titles = (page: PagedList<TerminalItem>) => page.itens.map((i) => i.titulo);
const q = (text: string) => `q=${encodeURIComponent(text)}`;

describe('GET produto/terminal: access', () => {
  it('answers 401 without a session and 403 without ROLE_VISUALIZAR_TERMINAL', async () => {
    expect((await call(t.app, 'GET', 'produto/terminal?q=dom')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', 'produto/terminal?q=dom', { token: noRole })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `produto/terminal/${ids.dom}`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `produto/terminal/${ids.dom}`, { token: noRole })).statusCode).toBe(403);
  });

  it('serves the vendedor (Terminal role) and the administrator', async () => {
    expect(titles(await search(q('dom casmurro'), seller))[0]).toBe('Dom Casmurro');
    expect(titles(await search(q('dom casmurro'), admin))[0]).toBe('Dom Casmurro');
  });
});

describe('GET produto/terminal: what a word finds', () => {
  it('ignores case and accents, both ways', async () => {
    expect(titles(await search(q('MEMORIAS POSTUMAS')))[0]).toBe('Memórias Póstumas de Brás Cubas');
    expect(titles(await search(q('paralelepípédo')))[0]).toBe('Paralelepípedo azul');
  });

  it('takes words in any order and as prefixes', async () => {
    expect(titles(await search(q('cubas memorias')))[0]).toBe('Memórias Póstumas de Brás Cubas');
    expect(titles(await search(q('memo pos')))[0]).toBe('Memórias Póstumas de Brás Cubas');
    expect(titles(await search(q('alqu')))).toEqual(['O Alquimista']);
  });

  it('allows 1 typo from 5 letters and none below', async () => {
    expect(titles(await search(q('lirvo')))).toContain('Livro das horas'); // 5 letters, swap
    expect(titles(await search(q('livrp')))).toContain('Livro das horas'); // 5 letters, substitution
    expect(titles(await search(q('csaa')))).not.toContain('Casa grande'); // 4 letters: no typo allowed
    expect((await search(q('czsa'))).totalItens).toBe(0);
  });

  it('allows 2 typos from 9 letters and 1 at 8', async () => {
    expect(titles(await search(q('alquimsta')))).toContain('O Alquimista'); // 9 letters, 1 deletion
    expect(titles(await search(q('paralelepipdoo')))).toContain('Paralelepípedo azul'); // 14 letters, 2 typos
    expect(titles(await search(q('alqimsta')))).not.toContain('O Alquimista'); // 8 letters, 2 deletions
    expect(titles(await search(q('casmuro')))).toContain('Dom Casmurro'); // 7 letters, 1 deletion
  });

  it('finds contributors, publishers, imprints and collections', async () => {
    expect(titles(await search(q('coelho')))).toEqual(['O Alquimista']);
    expect(titles(await search(q('tradutor')))).toEqual(['Poemas escolhidos']);
    expect(titles(await search(q('vagalume')))).toEqual(['Contos do mar']);
    expect(titles(await search(q('penguin'))).sort()).toEqual(['Cartas', 'Memórias Póstumas de Brás Cubas']);
    expect(titles(await search(q('rocco'))).length).toBe(7);
    expect(titles(await search(q('machado dom')))).toEqual(['Dom Casmurro']);
  });

  it('ranks the title over the subtitle over the contributors', async () => {
    // "memoria": the stem of the two titles' "Memórias", and the contributor Ana Memória Silva
    const found = titles(await search(q('memoria')));
    expect(found.slice(0, 3)).toEqual(['Memórias Póstumas de Brás Cubas', 'Ensaios', 'Poemas escolhidos']);
  });

  it('uses corrections only when the words as typed find nothing (Typesense typo_tokens_threshold 1)', async () => {
    // "memorias" is a word of the catalogue: its titles, not Ana Memória Silva's book one typo away
    expect(titles(await search(q('memorias')))).toEqual(['Memórias Póstumas de Brás Cubas', 'Ensaios']);
    // "memoriaz" is no word of the catalogue: its corrections, the contributor "memoria" included
    expect(titles(await search(q('memoriaz'))).slice(0, 3)).toEqual(['Memórias Póstumas de Brás Cubas', 'Ensaios', 'Poemas escolhidos']);
    // a word no vocabulary word starts with goes to its corrections at once, beside a known one
    expect(titles(await search(q('machado casmuro')))).toEqual(['Dom Casmurro']);
  });

  it('ranks in stock before sold out when the words match alike', async () => {
    // Memórias (7 available in company A) and Dom (0) both match the author alone
    expect(titles(await search(q('machado')))).toEqual(['Memórias Póstumas de Brás Cubas', 'Dom Casmurro']);
  });

  it('reads barcodes: ISBN-13 with hyphens or spaces, ISBN-10, a prefix of 4+ digits', async () => {
    const hyphen = `${ISBN.memorias.slice(0, 3)}-${ISBN.memorias.slice(3, 5)}-${ISBN.memorias.slice(5, 12)}-${ISBN.memorias.slice(12)}`;
    expect(titles(await search(q(hyphen)))).toEqual(['Memórias Póstumas de Brás Cubas']);
    expect(titles(await search(q(ISBN.dom.replace(/(\d{3})/g, '$1 '))))).toEqual(['Dom Casmurro']);
    const isbn10 = ISBN.alquimista.slice(3, 12);
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += Number(isbn10[i]) * (10 - i);
    const check = (11 - (sum % 11)) % 11;
    expect(titles(await search(q(isbn10 + (check === 10 ? 'X' : String(check)))))).toEqual(['O Alquimista']);
    const prefix = await search(q('9786500'));
    expect(prefix.totalItens).toBe(7);
    expect(prefix.itens.every((i) => i.isbn13.startsWith('9786500'))).toBe(true);
    // a prefix lists by ISBN; its pages split that order, and a page past the last keeps the total
    const isbns = prefix.itens.map((i) => i.isbn13);
    expect(isbns).toEqual([...isbns].sort());
    const second = await search(`${q('9786500')}&pageSize=5&page=1`);
    expect(second.itens.map((i) => i.isbn13)).toEqual(isbns.slice(5));
    expect(second.totalItens).toBe(7);
    const past = await search(`${q('9786500')}&pageSize=5&page=3`);
    expect(past.itens).toEqual([]);
    expect(past.totalItens).toBe(7);
    // the rows of a barcode search carry what a word search shows (stock, price, publisher)
    const byCode = (await search(q(ISBN.memorias))).itens[0];
    const byWords = (await search(q('memorias postumas'))).itens.find((i) => i.isbn13 === ISBN.memorias);
    expect(byCode).toEqual(byWords);
  });

  it('puts the exact barcode first', async () => {
    const page = await search(q(ISBN.silva));
    expect(page.itens[0].isbn13).toBe(ISBN.silva);
    expect(page.totalItens).toBe(1);
  });

  it('searches a 4-digit text as words when no barcode starts with it', async () => {
    expect((await search(q('1234'))).totalItens).toBe(0);
  });

  it('with fraseExata, wants the words in order and consecutive', async () => {
    expect(titles(await search(`${q('postumas de bras')}&fraseExata=true`))).toEqual(['Memórias Póstumas de Brás Cubas']);
    expect((await search(`${q('bras postumas')}&fraseExata=true`)).totalItens).toBe(0);
    expect((await search(`${q('memrias postumas')}&fraseExata=true`)).totalItens).toBe(0);
  });
});

describe('GET produto/terminal: answer, filters and scoping', () => {
  it('answers the paged shape with the item fields, stock of the selected company', async () => {
    const page = await search(q('memorias postumas'));
    expect(page).toMatchObject({ page: 0, size: 10, totalItens: 1, totalPage: 1, proxima: false });
    expect(page.itens[0]).toEqual({
      id: ids.memorias,
      isbn13: ISBN.memorias,
      titulo: 'Memórias Póstumas de Brás Cubas',
      subtitulo: null,
      autores: ['Machado de Assis'],
      editora: 'Companhia das Letras',
      selo: 'Penguin Clássicos',
      situacao: '21',
      descricaoSituacao: expect.any(String),
      capaUrl: null,
      estoque: { fisico: 10, disponivel: 7 },
      precoCentavos: 5990,
    });
  });

  it('shows the stock of the company selected, not the other one', async () => {
    const other = (await t.login('admin', 'admin')).token;
    const switched = await call(t.app, 'POST', 'auth/refresh', { token: other, payload: { idEmpresa: companyB } });
    expect(switched.statusCode).toBe(200);
    const tokenB = (switched.json() as { token: string }).token;
    const page = await search(q('memorias postumas'), tokenB);
    expect(page.itens[0].estoque).toEqual({ fisico: 100, disponivel: 100 });
    // Dom Casmurro: sold out in A, 50 in B
    expect(titles(await search(`${q('machado')}&comEstoque=true`, tokenB)).sort()).toEqual(['Dom Casmurro', 'Memórias Póstumas de Brás Cubas']);
    expect(titles(await search(`${q('machado')}&comEstoque=true`, admin))).toEqual(['Memórias Póstumas de Brás Cubas']);
  });

  it('filters by publisher, situation, EAN and subject', async () => {
    const [rocco] = await t.database.db.select({ id: publishers.id }).from(publishers).where(eq(publishers.name, 'Rocco'));
    expect((await search(`idEditora=${rocco.id}`)).totalItens).toBe(7);
    expect(titles(await search(`situacao=21&${q('machado')}`))).toHaveLength(2);
    expect(titles(await search(`ean=${ISBN.dom}`))).toEqual(['Dom Casmurro']);
    const { rows } = (await t.database.db.execute(
      sql`SELECT id FROM erp_assunto WHERE empresa_id = ${companyA} AND id_erp = 'LIT'`,
    )) as unknown as { rows: { id: number }[] };
    expect(titles(await search(`idAssunto=${rows[0].id}`))).toEqual(['Memórias Póstumas de Brás Cubas']);
    expect(titles(await search(`idAssunto=${rows[0].id}&${q('dom')}`))).toEqual([]);
  });

  it('ranks from the titles holding the stop word too when an author has more titles than the ranking window', async () => {
    // 70 titles of one author, the one with "quando" inserted last (highest id): "quando" is a stop
    // word (not required), yet the title holding it must be ranked, not left beyond the first 60
    const db = t.database.db;
    const titlesOf = [...Array.from({ length: 69 }, (_, i) => `Caderno ${i + 1}`), 'Quando a noite chega'];
    const made = await db
      .insert(products)
      .values(titlesOf.map((title, i) => ({ isbn13: fixIsbn(`979100${String(i).padStart(6, '0')}`), title })))
      .returning({ id: products.id });
    try {
      await db.insert(productContributors).values(made.map((m) => ({ productId: m.id, sequence: 1, role: 'A01', fullName: 'Zebedeu Quintanilha' })));
      const page = await search(q('Quintanilha quando'));
      expect(page.totalItens).toBe(70);
      expect(titles(page)[0]).toBe('Quando a noite chega');
    } finally {
      await db.execute(sql`DELETE FROM produto WHERE id IN (${sql.join(
        made.map((m) => sql`${m.id}`),
        sql`, `,
      )})`);
    }
  });

  it('with two common words, fills the count from the titles holding both; a filter still finds a match spread over fields', async () => {
    // 205 titles hold both words in the title (more than the 201 the search counts), 2 of them of
    // Companhia das Letras; one more title of Companhia holds one word in its title and the other
    // in its author's name. Without filters the spread match is not needed (the count is full, and
    // it would rank after every all-in-the-title title); with the Companhia filter it must be found
    // beside the two
    const db = t.database.db;
    const idOf = new Map((await db.select({ id: publishers.id, name: publishers.name }).from(publishers)).map((p) => [p.name, p.id]));
    const companhia = { id: idOf.get('Companhia das Letras')! };
    const rocco = { id: idOf.get('Rocco')! };
    const made = await db
      .insert(products)
      .values([
        // the first two of Companhia: with the filter, they and the spread match make 3
        ...Array.from({ length: 205 }, (_, i) => ({ isbn13: fixIsbn(`979200${String(i).padStart(6, '0')}`), title: `Historia do Brasil ${i + 1}`, publisherId: i < 2 ? companhia.id : rocco.id })),
        { isbn13: fixIsbn('979201000000'), title: 'Historia geral das ideias', publisherId: companhia.id },
      ])
      .returning({ id: products.id, title: products.title });
    try {
      const spread = made.find((m) => m.title === 'Historia geral das ideias')!;
      await db.insert(productContributors).values({ productId: spread.id, sequence: 1, role: 'A01', fullName: 'Joaquim Brasil' });
      const all = await search(`${q('historia brasil')}&pageSize=50`);
      expect(all).toMatchObject({ totalItens: 200, totalAproximado: true });
      expect(all.itens).toHaveLength(50);
      expect(titles(all).every((title) => /^Historia do Brasil \d+$/.test(title))).toBe(true);
      expect(titles(await search(`${q('historia brasil')}&idEditora=${companhia.id}`))).toEqual(['Historia do Brasil 1', 'Historia do Brasil 2', 'Historia geral das ideias']);
      // a rare word with a common one (more than 200 titles): the rare word's one title is the
      // candidate, and the common word is found on it in its author's name
      expect(titles(await search(q('ideias brasil')))).toEqual(['Historia geral das ideias']);
      expect(titles(await search(q('brasil ideias')))).toEqual(['Historia geral das ideias']);
    } finally {
      await db.execute(sql`DELETE FROM produto WHERE id IN (${sql.join(
        made.map((m) => sql`${m.id}`),
        sql`, `,
      )})`);
    }
  });

  it('lists every title by title without q, and pages', async () => {
    const first = await search('pageSize=4');
    expect(first).toMatchObject({ totalItens: 10, totalPage: 3, proxima: true });
    expect(titles(first)).toEqual(['Cartas', 'Casa grande', 'Contos do mar', 'Dom Casmurro']);
    const last = await search('pageSize=4&page=2');
    expect(last.proxima).toBe(false);
    expect(last.itens).toHaveLength(2);
  });

  it('pages a ranked search without repeating a title', async () => {
    const one = await search(`${q('rocco')}&pageSize=4`);
    const two = await search(`${q('rocco')}&pageSize=4&page=1`);
    expect(one.proxima).toBe(true);
    expect(two.proxima).toBe(false);
    const all = [...titles(one), ...titles(two)];
    expect(new Set(all).size).toBe(7);
  });
});

describe('GET produto/terminal: hostile input', () => {
  const hostile = ['%', '_', '%%__', "'; DROP TABLE produto; --", '"', '\\', 'a'.repeat(200), '(|&!:*)', '<script>', 'ção'.repeat(60), '🙂📚'];
  it.each(hostile)('answers 200 for %j', async (text) => {
    const res = await call(t.app, 'GET', `produto/terminal?${q(text)}`, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 400 naming the field for 1,000 characters, control characters and bad filters', async () => {
    for (const [query, field] of [
      [q('x'.repeat(1000)), 'q'],
      [q('dom\u0000'), 'q'],
      [q('dom\u001b'), 'q'],
      ['comEstoque=sim', 'comEstoque'],
      ['fraseExata=1', 'fraseExata'],
      ['idEditora=0', 'idEditora'],
      ['idAssunto=99999999999', 'idAssunto'],
      ['pageSize=1000', 'pageSize'],
      ['page=-1', 'page'],
      ['ean=' + '9'.repeat(30), 'ean'],
      ['nada=1', 'nada'],
    ] as const) {
      const res = await call(t.app, 'GET', `produto/terminal?${query}`, { token: admin });
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as ErrorBody).messages.map((m) => m.field)).toContain(field);
    }
  });
});

describe('GET produto/terminal/{id}', () => {
  it('answers the identifiers, stock per company of the user and the network total', async () => {
    const res = await call(t.app, 'GET', `produto/terminal/${ids.memorias}`, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as TerminalDetail;
    expect(detail).toMatchObject({
      id: ids.memorias,
      codigoInterno: 'P-MEM',
      isbn13: ISBN.memorias,
      titulo: 'Memórias Póstumas de Brás Cubas',
      assunto: 'Literatura brasileira',
      autores: ['Machado de Assis'],
      precoCentavos: 5990,
      oportunidadesAbertas: 0,
    });
    expect(detail.estoques).toEqual([
      { idEmpresa: companyA, empresa: 'Distribuidora Acervo Ltda', fisico: 10, reservado: 2, consignado: 3, bloqueado: 1, pedidoCompra: 5, virtual: 13, disponivel: 7 },
      { idEmpresa: companyB, empresa: 'Editora Acervo S.A.', fisico: 100, reservado: 0, consignado: 0, bloqueado: 0, pedidoCompra: 0, virtual: 100, disponivel: 100 },
    ]);
    expect(detail.estoqueRede).toEqual({ fisico: 110, reservado: 2, consignado: 3, bloqueado: 1, pedidoCompra: 5, virtual: 113, disponivel: 107 });
  });

  it('never shows a company the user does not belong to', async () => {
    const detail = (await call(t.app, 'GET', `produto/terminal/${ids.memorias}`, { token: seller })).json() as TerminalDetail;
    expect(detail.estoques.map((e) => e.idEmpresa)).toEqual([companyA]);
    expect(detail.estoqueRede.fisico).toBe(10);
  });

  it('sums the sales of the selected company net of returns, without cancelled documents or consignment shipments', async () => {
    const detail = (await call(t.app, 'GET', `produto/terminal/${ids.memorias}`, { token: admin })).json() as TerminalDetail;
    const d = dates();
    expect(detail.vendas.meses).toBe(12);
    expect(detail.vendas.porMes).toHaveLength(12);
    const thisMonth = detail.vendas.porMes[11];
    const lastMonth = detail.vendas.porMes[10];
    expect(thisMonth).toEqual({ mes: d.thisMonth.slice(0, 7), quantidade: 3, valorCentavos: 3 * 5990 }); // 4 sold − 1 returned
    expect(lastMonth).toEqual({ mes: d.lastMonth.slice(0, 7), quantidade: 3, valorCentavos: 3 * 5990 });
    expect(detail.vendas.total).toBe(6); // the sale of 30 months ago is out of the window
    expect(detail.vendas.ultimaVenda).toBe(d.thisMonth);
  });

  it('takes the months from terminalMesesVendas', async () => {
    await setParameter(t.database.db, 'TERMINAL_MESES_VENDAS', '36');
    const detail = (await call(t.app, 'GET', `produto/terminal/${ids.memorias}`, { token: admin })).json() as TerminalDetail;
    expect(detail.vendas.meses).toBe(36);
    expect(detail.vendas.porMes).toHaveLength(36);
    expect(detail.vendas.total).toBe(14);
    await setParameter(t.database.db, 'TERMINAL_MESES_VENDAS', '12');
  });

  it('answers zeros and no sales for a title the ERP does not have', async () => {
    const detail = (await call(t.app, 'GET', `produto/terminal/${ids.casa}`, { token: admin })).json() as TerminalDetail;
    expect(detail.codigoInterno).toBeNull();
    expect(detail.estoqueRede).toEqual({ fisico: 0, reservado: 0, consignado: 0, bloqueado: 0, pedidoCompra: 0, virtual: 0, disponivel: 0 });
    expect(detail.vendas).toMatchObject({ total: 0, ultimaVenda: null });
  });

  it('reads the whole detail in one SQL statement, the same answer as the route', async () => {
    const db = t.database.db;
    const statements: string[] = [];
    const counting = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'execute') {
          return (query: SQL) => {
            statements.push(new PgDialect().sqlToQuery(query).sql);
            return target.execute(query);
          };
        }
        if (prop === 'session') {
          // a named prepared statement (db/prepared.ts) goes through the session: count it too
          const session = Reflect.get(target, prop, receiver) as { prepareQuery(query: { sql: string }, ...rest: unknown[]): unknown };
          return new Proxy(session, {
            get(s, key, r) {
              if (key !== 'prepareQuery') return Reflect.get(s, key, r);
              return (query: { sql: string }, ...rest: unknown[]) => {
                statements.push(query.sql);
                return session.prepareQuery(query, ...rest);
              };
            },
          });
        }
        if (prop === 'select' || prop === 'insert' || prop === 'update' || prop === 'delete' || prop === '$count' || prop === 'transaction' || prop === 'query') {
          // any other way of reaching the database is a statement too: fail loudly
          return () => {
            throw new Error(`unexpected db.${String(prop)}`);
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    }) as typeof db;
    const [{ id: adminId }] = ((await db.execute(sql`SELECT id FROM usuario WHERE login = 'admin'`)) as unknown as { rows: { id: number }[] }).rows;
    const detail = await getTerminalDetail(counting, { userId: adminId, companyId: companyA }, ids.memorias);
    expect(statements).toHaveLength(1);
    const viaRoute = (await call(t.app, 'GET', `produto/terminal/${ids.memorias}`, { token: admin })).json() as TerminalDetail;
    expect(detail).toEqual(viaRoute);
  });

  it('counts the open opportunities of the title in the user\'s companies', async () => {
    const db = t.database.db;
    const reasons = ((await db.execute(sql`SELECT id FROM motivo_oportunidade WHERE ativo ORDER BY id LIMIT 1`)) as unknown as { rows: { id: number }[] }).rows;
    const before = ((await call(t.app, 'GET', `produto/terminal/${ids.dom}`, { token: seller })).json() as TerminalDetail).oportunidadesAbertas;
    const posted = await call(t.app, 'POST', 'oportunidade', {
      token: seller,
      payload: { idProduto: ids.dom, quantidade: 2, tipo: 'VENDA_PERDIDA', idMotivo: reasons[0].id },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(((await call(t.app, 'GET', `produto/terminal/${ids.dom}`, { token: seller })).json() as TerminalDetail).oportunidadesAbertas).toBe(before + 1);
    expect(((await call(t.app, 'GET', `produto/terminal/${ids.memorias}`, { token: seller })).json() as TerminalDetail).oportunidadesAbertas).toBe(0);
  });

  it('reads the months parameter as before: truncated, clamped to 1..60, the default for a text that is no positive number', async () => {
    const months = async () => ((await call(t.app, 'GET', `produto/terminal/${ids.memorias}`, { token: admin })).json() as TerminalDetail).vendas.meses;
    try {
      await setParameter(t.database.db, 'TERMINAL_MESES_VENDAS', '99');
      expect(await months()).toBe(60);
      await setParameter(t.database.db, 'TERMINAL_MESES_VENDAS', ' 2.7 ');
      expect(await months()).toBe(2);
      await setParameter(t.database.db, 'TERMINAL_MESES_VENDAS', 'doze');
      expect(await months()).toBe(12);
      await setParameter(t.database.db, 'TERMINAL_MESES_VENDAS', '0');
      expect(await months()).toBe(12);
    } finally {
      await setParameter(t.database.db, 'TERMINAL_MESES_VENDAS', '12');
    }
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    expect((await call(t.app, 'GET', 'produto/terminal/999999', { token: admin })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', 'produto/terminal/abc', { token: admin })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', 'produto/terminal/99999999999', { token: admin })).statusCode).toBe(400);
  });
});

describe('parameter terminalMesesVendas', () => {
  it('is answered by GET parametro and bounded 1..60 by PUT', async () => {
    const current = (await call(t.app, 'GET', 'parametro', { token: admin })).json() as { geral: Record<string, unknown>; email: Record<string, unknown>; erp: Record<string, unknown> };
    expect(current.geral.terminalMesesVendas).toBe(12);
    const { senhaDefinida: _s1, ...email } = current.email;
    const { senhaDefinida: _s2, ...erp } = current.erp;
    const body = (n: number) => ({ geral: { ...current.geral, terminalMesesVendas: n }, email, erp });
    expect((await call(t.app, 'PUT', 'parametro', { token: admin, payload: body(61) })).statusCode).toBe(400);
    const saved = await call(t.app, 'PUT', 'parametro', { token: admin, payload: body(24) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as typeof current).geral.terminalMesesVendas).toBe(24);
    await setParameter(t.database.db, 'TERMINAL_MESES_VENDAS', '12');
  });
});
