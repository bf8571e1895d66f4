import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { StockReportRow, StockReportTotals } from '@acervo/contracts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { userCompanies } from '../users/users.schema.ts';
import { isbn } from '../erp/data/erp-data.fixtures.ts';
import { seedStock, stockFixtures, type StockFixture } from './stock-report.fixtures.ts';

/**
 * Stock report API (issue 17 part 3): rows and totals checked against an independent computation
 * over the fixture lines written through the sync's writer (formulas of docs/stock-report.md),
 * every filter, sorting, paging, the company scope (company 2's stock never shows in company 1),
 * the role, and hostile filters (400, never 500).
 */
let t: TestApp;
let admin: string;
const API = '/api/core-api';
const LINES = stockFixtures(60);
const OTHER = stockFixtures(7, 500);

async function get(url: string, token = admin) {
  return t.app.inject({ method: 'GET', url: `${API}/${url}`, headers: { authorization: `Bearer ${token}` } });
}

/** Every row of a query, all pages. */
async function all(query: string): Promise<StockReportRow[]> {
  const out: StockReportRow[] = [];
  for (let page = 0; ; page++) {
    const res = await get(`relatorio/estoque?pageSize=25&page=${page}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    out.push(...res.json().itens);
    if (!res.json().proxima) return out;
  }
}

/** The expected totals of some fixture lines (written here from the formulas, not read from the app). */
function expectedTotals(lines: readonly StockFixture[]): StockReportTotals {
  const sum = (f: (l: StockFixture) => number) => lines.reduce((s, l) => s + f(l), 0);
  return {
    produtos: lines.length,
    fisico: sum((l) => l.fisico),
    reservado: sum((l) => l.reservado),
    consignado: sum((l) => l.consignado),
    bloqueado: sum((l) => l.bloqueado),
    pedidoCompra: sum((l) => l.pedidoCompra),
    proprio: sum((l) => l.fisico + l.consignado),
    disponivel: sum((l) => l.fisico - l.reservado - l.bloqueado),
    valorCustoCentavos: sum((l) => Math.max(l.fisico, 0) * (l.custoCentavos ?? 0)),
    valorCapaCentavos: sum((l) => Math.max(l.fisico, 0) * l.precoCentavos),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedStock(t.database.db, t.seed.companyIds[0]!, LINES);
  await seedStock(t.database.db, t.seed.companyIds[1]!, OTHER, 1000);
  admin = (await t.login('admin', 'admin')).token;
});
afterAll(async () => t?.close());

describe('GET relatorio/estoque/totais', () => {
  it('sums units per stock kind and the values at cost and at cover price of the selected company only', async () => {
    const res = await get('relatorio/estoque/totais');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expectedTotals(LINES));
  });

  it('applies each filter as the rows do', async () => {
    const cases: [string, (l: StockFixture) => boolean][] = [
      ['fisicoMaiorQue=0', (l) => l.fisico > 0],
      ['fisicoMenorQue=7', (l) => l.fisico < 7],
      ['fisicoMaiorQue=-1&fisicoMenorQue=14', (l) => l.fisico > -1 && l.fisico < 14],
      ['tiposEstoque=FISICO_POSITIVO', (l) => l.fisico > 0],
      ['tiposEstoque=CONSIGNADO', (l) => l.consignado > 0],
      ['tiposEstoque=PROPRIO', (l) => l.fisico + l.consignado > 0],
      ['tiposEstoque=DISPONIVEL', (l) => l.fisico - l.reservado - l.bloqueado > 0],
      ['tiposEstoque=CONSIGNADO&tiposEstoque=DISPONIVEL', (l) => l.consignado > 0 || l.fisico - l.reservado - l.bloqueado > 0],
      ['situacao=31', (l) => l.situacao === '31'],
      ['descricao=CORTICO', (l) => l.titulo.startsWith('O Cortiço')],
      ['descricao=%25', () => false],
      ['descricao=_', () => false],
      [`ean=${isbn(12)}`, (l) => l.n === 12],
      ['ean=97865000001', (l) => l.n >= 10 && l.n <= 19],
    ];
    for (const [query, keep] of cases) {
      const res = await get(`relatorio/estoque/totais?${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.json(), query).toEqual(expectedTotals(LINES.filter(keep)));
    }
  });

  it('filters by publisher, category and product type ids from the options', async () => {
    const options = (await get('relatorio/estoque/opcoes')).json();
    expect(options.assuntos.map((a: { nome: string }) => a.nome)).toEqual(['Poesia', 'Romance']);
    expect(options.tiposProduto.map((a: { nome: string }) => a.nome)).toEqual(['E-book', 'Livro']);
    expect(options.situacoes).toEqual([
      { codigo: '20', nome: 'Disponível' },
      { codigo: '31', nome: 'Sem estoque' },
    ]);
    const poesia = options.assuntos.find((a: { nome: string }) => a.nome === 'Poesia').id;
    const ebook = options.tiposProduto.find((a: { nome: string }) => a.nome === 'E-book').id;
    expect((await get(`relatorio/estoque/totais?idAssunto=${poesia}`)).json()).toEqual(expectedTotals(LINES.filter((l) => l.assunto === 2)));
    expect((await get(`relatorio/estoque/totais?idTipoProduto=${ebook}&idAssunto=${poesia}`)).json()).toEqual(expectedTotals(LINES.filter((l) => l.tipo === 2 && l.assunto === 2)));
    const publisher = options.editoras.find((e: { nome: string }) => e.nome === 'Editora Ficção 2');
    expect(publisher).toBeDefined();
    expect((await get(`relatorio/estoque/totais?idEditora=${publisher.id}`)).json()).toEqual(expectedTotals(LINES.filter((l) => l.selo === 2)));
  });
});

describe('GET relatorio/estoque', () => {
  it('lists one row per stock record with the formulas, paged', async () => {
    const rows = await all('');
    expect(rows).toHaveLength(LINES.length);
    const byEan = new Map(rows.map((r) => [r.ean, r]));
    for (const l of LINES) {
      const r = byEan.get(isbn(l.n))!;
      expect(r).toMatchObject({
        titulo: l.titulo,
        precoCentavos: l.precoCentavos,
        custoCentavos: l.custoCentavos,
        fisico: l.fisico,
        proprio: l.fisico + l.consignado,
        disponivel: l.fisico - l.reservado - l.bloqueado,
        valorCustoCentavos: Math.max(l.fisico, 0) * (l.custoCentavos ?? 0),
        valorCapaCentavos: Math.max(l.fisico, 0) * l.precoCentavos,
        assunto: l.assunto === 1 ? 'Romance' : 'Poesia',
        situacao: l.situacao === '20' ? 'Disponível' : 'Sem estoque',
      });
    }
    const page = (await get('relatorio/estoque?page=1&pageSize=25')).json();
    expect(page).toMatchObject({ page: 1, size: 25, totalItens: 60, totalPage: 3, proxima: true });
  });

  it('sorts by every column, both ways, with a stable order across pages', async () => {
    for (const field of ['fisico', 'valorCapaCentavos', 'disponivel', 'custoCentavos'] as const) {
      const asc = await all(`sorter=${field},asc`);
      const values = asc.map((r) => r[field] ?? -Infinity);
      expect(values, field).toEqual([...values].sort((a, b) => a - b));
      const desc = await all(`sorter=${field},desc`);
      expect(new Set(desc.map((r) => r.idProduto)).size).toBe(LINES.length);
    }
    const titles = (await all('sorter=titulo,asc')).map((r) => r.titulo);
    expect(titles[0]!.startsWith('=Fórmula')).toBe(true);
    for (const field of ['ean', 'titulo', 'editora', 'assunto', 'situacao', 'tipoProduto', 'precoCentavos', 'reservado', 'consignado', 'bloqueado', 'pedidoCompra', 'proprio', 'valorCustoCentavos']) {
      expect((await get(`relatorio/estoque?sorter=${field},desc`)).statusCode, field).toBe(200);
    }
  });

  it('never shows another company stock', async () => {
    const rows = await all('');
    expect(rows.some((r) => OTHER.some((o) => r.ean === isbn(1000 + o.n)))).toBe(false);
  });

  it('answers 400 to hostile filters and never 500', async () => {
    const bad = [
      'ean=abc',
      `descricao=${'x'.repeat(1000)}`,
      'descricao=%00',
      'fisicoMenorQue=1e3',
      'fisicoMaiorQue=99999999999',
      'tiposEstoque=TODOS',
      'idEditora=0',
      'idAssunto=abc',
      'situacao=123',
      'sorter=senha,asc',
      'sorter=titulo,up',
      'pageSize=1000',
      'outro=1',
    ];
    for (const q of bad) {
      const res = await get(`relatorio/estoque?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().messages.length, q).toBeGreaterThan(0);
      expect((await get(`relatorio/estoque/totais?${q}`)).statusCode, q).toBe(400);
    }
    for (const q of ["descricao='; DROP TABLE erp_estoque; --", 'descricao="aspas"', 'descricao=%25%25_', `idEditora=${Array.from({ length: 150 }, (_, i) => i + 1).join('&idEditora=')}`]) {
      expect((await get(`relatorio/estoque?${q}`)).statusCode, q).toBe(200);
    }
  });

  it('needs ROLE_VISUALIZAR_RELATORIO_ESTOQUE and a selected company', async () => {
    const seller = (await t.login('vendedor', 'vendedor')).token;
    expect((await get('relatorio/estoque', seller)).statusCode).toBe(200);
    // a user with no company link has no selected company
    await t.database.db.delete(userCompanies).where(eq(userCompanies.userId, t.seed.sellerId));
    const noCompany = await t.login('vendedor', 'vendedor').catch(() => null);
    if (noCompany) for (const url of ['relatorio/estoque', 'relatorio/estoque/totais', 'relatorio/estoque/opcoes']) expect((await get(url, noCompany.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${API}/relatorio/estoque` })).statusCode).toBe(401);
  });
});
