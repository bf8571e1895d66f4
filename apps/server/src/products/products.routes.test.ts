import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ErrorBody, PagedList, ProductDetail, ProductListItem } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { productContributors, productPrices, products, productSubjects, publishers } from './products.schema.ts';
import { isbn10To13, isbnCandidates } from './products.service.ts';

const BASE = '/api/core-api/produto';

let t: TestApp;
let adminToken: string;
let sellerToken: string;
const ids: Record<string, number> = {};

/** Inserts a small catalogue: 4 named products plus 8 "Volume NN" fillers (12 rows). */
async function seedCatalogue(app: TestApp): Promise<void> {
  const db = app.database.db;
  const [acai, tecnicos] = await db
    .insert(publishers)
    .values([
      { name: 'Editora Açaí', nameKey: 'editora acai' },
      { name: 'Livros Técnicos', nameKey: 'livros tecnicos' },
    ])
    .returning({ id: publishers.id });
  const named = await db
    .insert(products)
    .values([
      {
        isbn13: '9788535902778',
        isbn10: '8535902775',
        title: 'Além das redes de colaboração',
        subtitle: 'Tecnologia e sociedade',
        publisherId: acai.id,
        availability: '20',
        publishingStatus: '04',
        editionYear: 2019,
        erpId: 'ERP-001',
        productForm: 'BC',
        language: 'por',
        maxDiscountPercent: '12.50',
        publicationDate: '2019-03-15',
        relatedIsbns: ['9788575220030'],
        productFormDetails: ['B305', 'Z999'],
      },
      { isbn13: '9788523011956', title: 'Banco de dados', publisherId: tecnicos.id, availability: '40', editionYear: 2021, erpId: 'ERP-002' },
      { isbn13: '9788575220030', title: 'Cores do sertão', publisherId: acai.id, availability: '20', editionYear: 2019, active: false },
      { isbn13: '9786500000010', title: 'Dança das redes' },
    ])
    .returning({ id: products.id, title: products.title });
  for (const row of named) ids[row.title] = row.id;
  await db.insert(products).values(
    Array.from({ length: 8 }, (_, i) => ({
      isbn13: `97865000001${String(i).padStart(2, '0')}`,
      title: `Volume ${String(i + 1).padStart(2, '0')}`,
      availability: '21',
      editionYear: 2000,
    })),
  );
  const alem = ids['Além das redes de colaboração'];
  await db.insert(productContributors).values([
    { productId: alem, sequence: 2, role: 'B01', fullName: 'Bruno Lima', invertedName: 'Lima, Bruno' },
    { productId: alem, sequence: 1, role: 'A01', fullName: 'Ana Souza', invertedName: 'Souza, Ana' },
    { productId: ids['Banco de dados'], sequence: 1, role: 'A01', fullName: 'Carlos Pereira' },
    { productId: ids['Cores do sertão'], sequence: 1, role: 'A01', fullName: 'Débora Alencar' },
  ]);
  await db.insert(productSubjects).values([
    { productId: alem, sequence: 1, scheme: '10', code: 'SOC052000', heading: 'Social Science / Media Studies', main: true },
    { productId: alem, sequence: 2, scheme: '20', code: null, heading: 'redes; colaboração', main: false },
  ]);
  await db.insert(productPrices).values([
    { productId: alem, sequence: 1, priceType: '02', currency: 'BRL', amountCents: 5990, territory: 'BR' },
    { productId: alem, sequence: 2, priceType: '99', currency: 'XYZ', amountCents: 1299, territory: null },
  ]);
}

async function list(query: string, token = adminToken) {
  return t.app.inject({ method: 'GET', url: `${BASE}${query}`, headers: { authorization: `Bearer ${token}` } });
}

async function page(query: string): Promise<PagedList<ProductListItem>> {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PagedList<ProductListItem>;
}

async function titles(query: string): Promise<string[]> {
  return (await page(query)).itens.map((i) => i.titulo);
}

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t);
  adminToken = (await t.login('admin', 'admin')).token;
  sellerToken = (await t.login('vendedor', 'vendedor')).token;
});

afterAll(async () => {
  await t?.close();
});

describe('GET produto — access', () => {
  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: BASE });
    expect(res.statusCode).toBe(401);
    expect((res.json() as ErrorBody).message).toBeTruthy();
  });

  it('answers 403 to a user whose profile lacks VISUALIZAR_PRODUTOS_CADASTRAR', async () => {
    expect((await list('', sellerToken)).statusCode).toBe(403);
    const detail = await t.app.inject({ method: 'GET', url: `${BASE}/${ids['Banco de dados']}`, headers: { authorization: `Bearer ${sellerToken}` } });
    expect(detail.statusCode).toBe(403);
  });
});

describe('GET produto — paging', () => {
  it('answers the paged shape, ordered by title, with joined names and descriptions', async () => {
    const body = await page('?pageSize=5');
    expect(body).toMatchObject({ page: 0, size: 5, totalPage: 3, totalItens: 12, proxima: true });
    expect(body.itens.map((i) => i.titulo)).toEqual(['Além das redes de colaboração', 'Banco de dados', 'Cores do sertão', 'Dança das redes', 'Volume 01']);
    expect(body.itens[0]).toEqual({
      id: ids['Além das redes de colaboração'],
      idErp: 'ERP-001',
      isbn13: '9788535902778',
      titulo: 'Além das redes de colaboração',
      subtitulo: 'Tecnologia e sociedade',
      editora: 'Editora Açaí',
      selo: null,
      autores: 'Ana Souza; Bruno Lima',
      situacao: '20',
      // the situation picker's label (lookup produto_situacao), not the code list's English
      descricaoSituacao: 'Disponível',
      anoEdicao: 2019,
      formatoProduto: 'BC',
      ativo: true,
    });
    expect(body.itens[3]).toMatchObject({ editora: null, autores: null, situacao: null, descricaoSituacao: null });
  });

  it('defaults to 10 rows, accepts `size` as alias and says when there is no next page', async () => {
    const first = await page('');
    expect(first).toMatchObject({ size: 10, totalPage: 2, totalItens: 12, proxima: true });
    expect(first.itens).toHaveLength(10);
    const last = await page('?size=5&page=2');
    expect(last).toMatchObject({ page: 2, size: 5, totalItens: 12, proxima: false });
    expect(last.itens.map((i) => i.titulo)).toEqual(['Volume 07', 'Volume 08']);
  });

  it('answers an empty page with the exact total past the end, filtered or not', async () => {
    expect(await page('?pageSize=5&page=9')).toMatchObject({ itens: [], totalItens: 12, totalPage: 3, proxima: false });
    expect(await page('?anoEdicao=2019&page=3')).toMatchObject({ itens: [], totalItens: 2, totalPage: 1, proxima: false });
  });

  it('answers zero rows and zero pages when nothing matches', async () => {
    expect(await page('?titulo=inexistente')).toEqual({ itens: [], page: 0, size: 10, totalPage: 0, totalItens: 0, proxima: false });
  });

  it('counts filtered rows exactly across pages', async () => {
    const p0 = await page('?situacao=21&pageSize=3');
    expect(p0).toMatchObject({ totalItens: 8, totalPage: 3, proxima: true });
    expect(p0.itens.map((i) => i.titulo)).toEqual(['Volume 01', 'Volume 02', 'Volume 03']);
    const p2 = await page('?situacao=21&pageSize=3&page=2');
    expect(p2.itens.map((i) => i.titulo)).toEqual(['Volume 07', 'Volume 08']);
    expect(p2.proxima).toBe(false);
  });
});

describe('GET produto — filters', () => {
  it('titulo: words of title and subtitle, ignoring accents and case', async () => {
    expect(await titles('?titulo=alem')).toEqual(['Além das redes de colaboração']);
    expect(await titles('?titulo=COLABORACAO')).toEqual(['Além das redes de colaboração']);
    expect(await titles('?titulo=REDES')).toEqual(['Além das redes de colaboração', 'Dança das redes']);
    expect(await titles('?titulo=tecnologia')).toEqual(['Além das redes de colaboração']);
    expect(await titles(`?titulo=${encodeURIComponent('sertão')}`)).toEqual(['Cores do sertão']);
  });

  it('titulo: every word must match a title word by stem (plural, accents) or as its start, in any order', async () => {
    expect(await titles('?titulo=rede')).toEqual(['Além das redes de colaboração', 'Dança das redes']);
    expect(await titles('?titulo=colab')).toEqual(['Além das redes de colaboração']);
    expect(await titles(`?titulo=${encodeURIComponent('sociedade além')}`)).toEqual(['Além das redes de colaboração']);
    expect(await titles(`?titulo=${encodeURIComponent('redes de dança')}`)).toEqual(['Dança das redes']);
    // Stop words are left out instead of requiring a word that starts with them.
    expect(await titles(`?titulo=${encodeURIComponent('cores do sertão')}`)).toEqual(['Cores do sertão']);
    // '_' separates words: 'Volume' and '0…'.
    expect(await titles('?titulo=Volume_0')).toHaveLength(8);
  });

  it('titulo: when no word matches, the text is matched as a fragment', async () => {
    expect(await titles('?titulo=olume%2003')).toEqual(['Volume 03']);
    expect(await titles('?titulo=ertao')).toEqual(['Cores do sertão']);
    expect(await titles('?term=ertao')).toEqual(['Cores do sertão']);
  });

  it('titulo: LIKE wildcards in a fragment are matched literally', async () => {
    expect(await titles('?titulo=%25')).toEqual([]);
    expect(await titles('?titulo=lume_0')).toEqual([]);
  });

  it('isbn13: exact, hyphens ignored, also matching ISBN-10 (converted or stored)', async () => {
    expect(await titles('?isbn13=978-85-359-0277-8')).toEqual(['Além das redes de colaboração']);
    expect(await titles('?isbn13=85-359-0277-5')).toEqual(['Além das redes de colaboração']);
    expect(await titles('?isbn13=8523011951')).toEqual(['Banco de dados']);
    expect(await titles('?isbn13=978853590277')).toEqual([]);
  });

  it('idErp: exact', async () => {
    expect(await titles('?idErp=ERP-002')).toEqual(['Banco de dados']);
    expect(await titles('?idErp=ERP-00')).toEqual([]);
  });

  it('editora: publisher name contains, ignoring accents', async () => {
    expect(await titles('?editora=acai')).toEqual(['Além das redes de colaboração', 'Cores do sertão']);
    expect(await titles(`?editora=${encodeURIComponent('TÉCNICOS')}`)).toEqual(['Banco de dados']);
  });

  it('situacao and anoEdicao: exact', async () => {
    expect(await titles('?situacao=40')).toEqual(['Banco de dados']);
    expect(await titles('?anoEdicao=2019')).toEqual(['Além das redes de colaboração', 'Cores do sertão']);
    expect(await titles('?anoEdicao=1999')).toEqual([]);
  });

  it('status: true/ATIVO and false/INATIVO filter on ativo', async () => {
    expect(await titles('?status=false')).toEqual(['Cores do sertão']);
    expect(await titles('?status=INATIVO')).toEqual(['Cores do sertão']);
    expect((await page('?status=ATIVO')).totalItens).toBe(11);
    expect((await page('?status=true')).totalItens).toBe(11);
  });

  it('term: title, contributor, publisher or exact ISBN', async () => {
    expect(await titles('?term=sertao')).toEqual(['Cores do sertão']);
    expect(await titles('?term=souza')).toEqual(['Além das redes de colaboração']);
    expect(await titles(`?term=${encodeURIComponent('técnicos')}`)).toEqual(['Banco de dados']);
    expect(await titles('?term=978-85-7522-003-0')).toEqual(['Cores do sertão']);
    expect(await titles('?term=8575220039')).toEqual(['Cores do sertão']);
    expect(await titles('?term=redes')).toEqual(['Além das redes de colaboração', 'Dança das redes']);
  });

  it('combines filters with AND', async () => {
    expect(await titles('?editora=acai&status=ATIVO')).toEqual(['Além das redes de colaboração']);
    expect(await titles('?term=redes&anoEdicao=2019')).toEqual(['Além das redes de colaboração']);
  });
});

describe('GET produto — sorting', () => {
  it('sorts ascending and descending on each field, id breaking ties', async () => {
    expect((await titles('?sorter=titulo,desc&pageSize=2'))).toEqual(['Volume 08', 'Volume 07']);
    expect((await titles('?sorter=-titulo&pageSize=1'))).toEqual(['Volume 08']);
    expect((await page('?sorter=anoEdicao,desc&status=true')).itens.filter((i) => i.anoEdicao !== null)[0].titulo).toBe('Banco de dados');
    expect(await titles('?sorter=anoEdicao,asc&anoEdicao=2019')).toEqual(['Além das redes de colaboração', 'Cores do sertão']);
    expect(await titles('?sorter=anoEdicao,desc&anoEdicao=2019')).toEqual(['Cores do sertão', 'Além das redes de colaboração']);
    expect(await titles('?sorter=editora,asc&pageSize=3')).toEqual(['Além das redes de colaboração', 'Cores do sertão', 'Banco de dados']);
    expect(await titles('?sorter=isbn13,asc&pageSize=2')).toEqual(['Dança das redes', 'Volume 01']);
    expect(await titles('?sorter=isbn13,desc&pageSize=1')).toEqual(['Cores do sertão']);
    expect(await titles('?sorter=idErp,asc&pageSize=2')).toEqual(['Além das redes de colaboração', 'Banco de dados']);
    expect(await titles('?sorter=situacao,desc&pageSize=1')).toEqual(['Dança das redes']);
    const byId = await page('?sorter=id,desc&pageSize=12');
    expect(byId.itens.map((i) => i.id)).toEqual([...byId.itens.map((i) => i.id)].sort((a, b) => b - a));
    expect(await titles('?sort=titulo,desc&pageSize=1')).toEqual(['Volume 08']);
  });

  it('answers 400 naming `sorter` for an unknown field or direction', async () => {
    for (const sorter of ['nome,asc', 'titulo,up', 'autores']) {
      const res = await list(`?sorter=${sorter}`);
      expect(res.statusCode).toBe(400);
      const body = res.json() as ErrorBody;
      expect(body.messages).toEqual([{ field: 'sorter', message: 'Ordenação inválida' }]);
    }
  });
});

describe('GET produto — validation', () => {
  it.each([
    ['pageSize=0', 'pageSize'],
    ['pageSize=abc', 'pageSize'],
    ['pageSize=500', 'pageSize'],
    ['page=-1', 'page'],
    ['anoEdicao=abc', 'anoEdicao'],
    ['anoEdicao=20190', 'anoEdicao'],
    ['status=talvez', 'status'],
    ['pageSize=0x10', 'pageSize'],
    ['anoEdicao=2e3', 'anoEdicao'],
    ['titlo=redes', 'titlo'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await list(`?${query}`);
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorBody).messages.map((m) => m.field)).toContain(field);
  });
});

describe('GET produto/{id}', () => {
  it('answers the full product with ordered children, cents, refs and descriptions', async () => {
    const id = ids['Além das redes de colaboração'];
    const res = await list(`/${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ProductDetail;
    expect(body).toMatchObject({
      id,
      isbn13: '9788535902778',
      isbn10: '8535902775',
      titulo: 'Além das redes de colaboração',
      subtitulo: 'Tecnologia e sociedade',
      status: '04',
      descricaoStatus: 'Active',
      situacao: '20',
      // issue 15: the pickers' pt-BR labels (coded lookups), not the code lists' English
      descricaoSituacao: 'Disponível',
      formatoProduto: 'BC',
      descricaoFormatoProduto: 'Brochura',
      percentualDescontoMaximo: 12.5,
      dataPublicacao: '2019-03-15',
      produtosRelacionados: ['9788575220030'],
      detalhesFormato: ['B305', 'Z999'],
      descricoesDetalhesFormato: ['Unsewn / adhesive bound', null],
      selo: null,
      faixaEtaria: null,
      publicoAlvo: null,
      classificacaoIndicativa: null,
      linhaProduto: null,
      indCompra: true,
      indConsignacao: false,
      ativo: true,
    });
    expect(body.editora).toEqual({ id: expect.any(Number), nome: 'Editora Açaí' });
    expect(body.autores).toEqual([
      { ordem: 1, tipoContribuicao: 'A01', descricaoContribuicao: 'Autor', nomeCompleto: 'Ana Souza', nomeInvertido: 'Souza, Ana' },
      { ordem: 2, tipoContribuicao: 'B01', descricaoContribuicao: 'Organizador', nomeCompleto: 'Bruno Lima', nomeInvertido: 'Lima, Bruno' },
    ]);
    expect(body.assuntos).toEqual([
      { esquema: '10', descricaoEsquema: 'BISAC Subject Heading', codigo: 'SOC052000', descricao: 'Social Science / Media Studies', principal: true },
      { esquema: '20', descricaoEsquema: expect.any(String), codigo: null, descricao: 'redes; colaboração', principal: false },
    ]);
    expect(body).toMatchObject({ idioma: 'por', descricaoIdioma: 'Portuguese' });
    // every ONIX code of the detail comes with its code-list description (null for a code the list lacks)
    expect(body.precos).toEqual([
      { tipo: '02', descricaoTipo: 'RRP including tax', moeda: 'BRL', descricaoMoeda: 'Brazilian Real', valorCentavos: 5990, territorio: 'BR' },
      { tipo: '99', descricaoTipo: null, moeda: 'XYZ', descricaoMoeda: null, valorCentavos: 1299, territorio: null },
    ]);
    expect(new Date(body.dataCadastro).toISOString()).toBe(body.dataCadastro);
    expect(new Date(body.dataAlteracao).toISOString()).toBe(body.dataAlteracao);
  });

  it('answers empty children for a product without any', async () => {
    const body = (await list(`/${ids['Dança das redes']}`)).json() as ProductDetail;
    expect(body).toMatchObject({
      autores: [],
      assuntos: [],
      precos: [],
      editora: null,
      anoEdicao: null,
      percentualDescontoMaximo: null,
      idioma: null,
      descricaoIdioma: null,
      detalhesFormato: [],
      descricoesDetalhesFormato: [],
    });
  });

  it('answers 404 with the SPEC message when absent', async () => {
    const res = await list('/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Não foi encontrado dados', messages: [{ field: '', message: 'Não foi encontrado dados' }] });
  });

  it('answers 400 naming `id` when the id is not a positive integer', async () => {
    for (const bad of ['abc', '0', '1.5']) {
      const res = await list(`/${bad}`);
      expect(res.statusCode).toBe(400);
      expect((res.json() as ErrorBody).messages[0].field).toBe('id');
    }
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/1` })).statusCode).toBe(401);
  });

  it('names a code the lookups lack with the code list English, and follows a renamed lookup label (issue 15)', async () => {
    const id = ids['Além das redes de colaboração'];
    const db = t.database.db;
    await db.execute(sql`UPDATE produto_situacao SET nome = 'Disponível para venda' WHERE codigo = '20'`);
    await db.execute(sql`UPDATE encadernacao SET codigo = 'BC-X' WHERE codigo = 'BC'`);
    try {
      const body = (await list(`/${id}`)).json() as ProductDetail;
      expect(body).toMatchObject({ descricaoSituacao: 'Disponível para venda', descricaoFormatoProduto: 'Paperback / softback' });
      const listed = (await page('?pageSize=1')).itens[0];
      expect(listed).toMatchObject({ situacao: '20', descricaoSituacao: 'Disponível para venda' });
    } finally {
      await db.execute(sql`UPDATE produto_situacao SET nome = 'Disponível' WHERE codigo = '20'`);
      await db.execute(sql`UPDATE encadernacao SET codigo = 'BC' WHERE codigo = 'BC-X'`);
    }
  });
});

describe('ISBN helpers', () => {
  it('converts ISBN-10 to ISBN-13 with the EAN check digit', () => {
    expect(isbn10To13('8535902775')).toBe('9788535902778');
    expect(isbn10To13('857522003X')).toBe('9788575220030');
  });

  it('cleans separators and adds the ISBN-13 of an ISBN-10', () => {
    expect(isbnCandidates(' 85-359-0277-5 ')).toEqual(['8535902775', '9788535902778']);
    expect(isbnCandidates('978 85 359 0277 8')).toEqual(['9788535902778']);
    expect(isbnCandidates('--')).toBeNull();
  });
});
