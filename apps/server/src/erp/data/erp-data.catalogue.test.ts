import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ErpEntity, ErpProduct, ErpRecord } from '@acervo/contracts';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Database } from '../../db/client.ts';
import { companies } from '../../companies/companies.schema.ts';
import { applyErpRecords } from './index.ts';
import { resultRows } from './erp-data.repository.ts';
import { at, makeRecord } from './erp-data.fixtures.ts';

/**
 * The catalogue side of ERP products whose register records (SELO, TIPO_PRODUTO, ASSUNTO, AUTOR,
 * TIPO_CONTRIBUICAO) arrive after them: each entity type is synced by its own task, in any order.
 */
let database: Database;
let drop: () => Promise<void>;
let companyCount = 0;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

async function newCompany(): Promise<number> {
  companyCount += 1;
  const [row] = await database.db
    .insert(companies)
    .values({ name: `Empresa ${companyCount}`, cnpj: String(50000000000000 + companyCount).padStart(14, '0'), erpCode: `CAT${companyCount}` })
    .returning({ id: companies.id });
  return row.id;
}

async function apply<E extends ErpEntity>(companyId: number, entity: E, records: ErpRecord<E>[]): Promise<void> {
  const { rejected } = await database.db.transaction((tx) => applyErpRecords(tx, companyId, entity, records));
  expect(rejected).toEqual([]);
}

/** The register pages the products below name (two pages of authors). */
const REGISTERS: [ErpEntity, ErpRecord<ErpEntity>[]][] = [
  ['SELO', [makeRecord('SELO', 'S1', at(1), 1, { nome: 'Selo Aurora', editora: 'Editora Horizonte' }), makeRecord('SELO', 'S2', at(1), 2, { nome: 'Selo Brisa', editora: 'Editora Horizonte' })]],
  ['TIPO_PRODUTO', [makeRecord('TIPO_PRODUTO', 'TP1', at(1), 1, { formatoOnix: 'BC' }), makeRecord('TIPO_PRODUTO', 'TP2', at(1), 2, { formatoOnix: 'BB' })]],
  ['ASSUNTO', [makeRecord('ASSUNTO', 'AS1', at(1), 1, { codigoBisac: 'FIC019000' })]],
  ['AUTOR', [makeRecord('AUTOR', 'AU1', at(1), 1, { nome: 'Clarice Souza', nomeInvertido: 'Souza, Clarice' })]],
  ['AUTOR', [makeRecord('AUTOR', 'AU2', at(1), 2, { nome: 'Rui Prado', nomeInvertido: 'Prado, Rui' })]],
  ['TIPO_CONTRIBUICAO', [makeRecord('TIPO_CONTRIBUICAO', 'TC1', at(1), 1, { codigoOnix: 'A01' }), makeRecord('TIPO_CONTRIBUICAO', 'TC2', at(1), 2, { codigoOnix: 'B06' })]],
];

/** Three products naming the registers above; `n` offsets the ISBNs (the catalogue is shared by ISBN). */
function products(n: number): ErpProduct[] {
  return [
    makeRecord('PRODUTO', 'P1', at(10), n + 1, {
      idSelo: 'S1',
      idTipoProduto: 'TP1',
      idAssunto: 'AS1',
      contribuidores: [
        { idAutor: 'AU1', idTipoContribuicao: 'TC1', ordem: 1 },
        { idAutor: 'AU2', idTipoContribuicao: 'TC2', ordem: 2 },
      ],
    }),
    makeRecord('PRODUTO', 'P2', at(10), n + 2, { idSelo: 'S2', idTipoProduto: 'TP2', contribuidores: [{ idAutor: 'AU2', idTipoContribuicao: 'TC1', ordem: 1 }] }),
    makeRecord('PRODUTO', 'P3', at(10), n + 3, { idSelo: 'S1', idAssunto: 'AS1' }),
  ];
}

/** The catalogue side of the company's ERP products, by ERP id. */
async function catalogue(companyId: number): Promise<Record<string, unknown>[]> {
  return resultRows<Record<string, unknown>>(
    await database.db.execute(sql`SELECT e.id_erp, ed.nome AS editora, s.nome AS selo, p.formato_produto, p.categoria_bisac,
        coalesce((SELECT json_agg(json_build_object('ordem', c.ordem, 'papel', c.tipo_contribuicao, 'nome', c.nome_completo, 'invertido', c.nome_invertido) ORDER BY c.ordem)
          FROM produto_contribuidor c WHERE c.produto_id = p.id), '[]') AS contribuidores
      FROM erp_produto e JOIN produto p ON p.id = e.produto_id LEFT JOIN editora ed ON ed.id = p.editora_id LEFT JOIN selo s ON s.id = p.selo_id
      WHERE e.empresa_id = ${companyId}::int ORDER BY e.id_erp`),
  );
}

const EXPECTED = [
  {
    id_erp: 'P1',
    editora: 'Editora Horizonte',
    selo: 'Selo Aurora',
    formato_produto: 'BC',
    categoria_bisac: 'FIC019000',
    contribuidores: [
      { ordem: 1, papel: 'A01', nome: 'Clarice Souza', invertido: 'Souza, Clarice' },
      { ordem: 2, papel: 'B06', nome: 'Rui Prado', invertido: 'Prado, Rui' },
    ],
  },
  { id_erp: 'P2', editora: 'Editora Horizonte', selo: 'Selo Brisa', formato_produto: 'BB', categoria_bisac: null, contribuidores: [{ ordem: 1, papel: 'A01', nome: 'Rui Prado', invertido: 'Prado, Rui' }] },
  { id_erp: 'P3', editora: 'Editora Horizonte', selo: 'Selo Aurora', formato_produto: null, categoria_bisac: 'FIC019000', contribuidores: [] },
];

describe('register records arriving after the products that name them', () => {
  let registersFirst: Record<string, unknown>[];

  beforeAll(async () => {
    const company = await newCompany();
    for (const [entity, records] of REGISTERS) await apply(company, entity, records);
    await apply(company, 'PRODUTO', products(1000));
    registersFirst = await catalogue(company);
  });

  it('registers first: the catalogue products get publisher, imprint, form, BISAC and contributors', () => {
    expect(registersFirst).toEqual(EXPECTED);
  });

  const orders: [string, number[]][] = [
    ['SELO, TIPO_PRODUTO, ASSUNTO, AUTOR, AUTOR, TIPO_CONTRIBUICAO', [0, 1, 2, 3, 4, 5]],
    ['TIPO_CONTRIBUICAO, AUTOR, ASSUNTO, AUTOR, TIPO_PRODUTO, SELO', [5, 4, 2, 3, 1, 0]],
  ];
  it.each(orders)('products first, then %s: the catalogue ends as when the registers came first', async (_, order) => {
    const company = await newCompany();
    await apply(company, 'PRODUTO', products(2000 + 100 * companyCount));
    expect((await catalogue(company)).map((r) => [r.editora, r.formato_produto, r.categoria_bisac, r.contribuidores])).toEqual([
      [null, null, null, []],
      [null, null, null, []],
      [null, null, null, []],
    ]);
    for (const i of order) await apply(company, REGISTERS[i][0], REGISTERS[i][1]);
    expect(await catalogue(company)).toEqual(registersFirst);
  });

  it('copies the contributors only once every author and contribution type of the product is stored (no partial list, no guessed role)', async () => {
    const company = await newCompany();
    await apply(company, 'PRODUTO', products(3000));
    const contributorsOf = async (erpId: string) => (await catalogue(company)).find((r) => r.id_erp === erpId)?.contribuidores;
    await apply(company, 'AUTOR', REGISTERS[3][1]); // AU1 only
    expect(await contributorsOf('P1')).toEqual([]);
    await apply(company, 'AUTOR', REGISTERS[4][1]); // AU2: every author of P1 and P2 stored, contribution types still placeholders
    expect(await contributorsOf('P1')).toEqual([]);
    expect(await contributorsOf('P2')).toEqual([]);
    await apply(company, 'TIPO_CONTRIBUICAO', REGISTERS[5][1]);
    expect(await contributorsOf('P1')).toEqual(EXPECTED[0].contribuidores);
    expect(await contributorsOf('P2')).toEqual(EXPECTED[1].contribuidores);
  });

  it('fills a product that arrives between two register pages like the others', async () => {
    const company = await newCompany();
    await apply(company, 'SELO', REGISTERS[0][1]);
    await apply(company, 'AUTOR', REGISTERS[3][1]);
    await apply(company, 'PRODUTO', products(4000));
    for (const i of [1, 2, 4, 5]) await apply(company, REGISTERS[i][0], REGISTERS[i][1]);
    expect(await catalogue(company)).toEqual(registersFirst);
  });
});

describe('the fill rule with late registers', () => {
  it('does not change a publisher, form, BISAC or contributors the catalogue already has (ONIX), nor the change date', async () => {
    const company = await newCompany();
    const [product] = products(5000);
    await database.db.execute(sql`INSERT INTO editora (nome, nome_chave) VALUES ('Editora Onix', 'editora onix') ON CONFLICT DO NOTHING`);
    await database.db.execute(sql`INSERT INTO produto (isbn13, titulo, editora_id, formato_produto, categoria_bisac, fonte, data_alteracao)
      VALUES (${product.ean}, 'Título ONIX', (SELECT id FROM editora WHERE nome_chave = 'editora onix'), 'BB', 'ART000000', 'onix:feed.xml', '2025-01-01T00:00:00Z')`);
    await database.db.execute(sql`INSERT INTO produto_contribuidor (produto_id, ordem, tipo_contribuicao, nome_completo, nome_invertido)
      VALUES ((SELECT id FROM produto WHERE isbn13 = ${product.ean}), 1, 'A01', 'Autor ONIX', 'ONIX, Autor')`);
    await apply(company, 'PRODUTO', [product]);
    const before = await catalogue(company);
    const changed = async () =>
      resultRows<{ data_alteracao: string }>(await database.db.execute(sql`SELECT data_alteracao::text FROM produto WHERE isbn13 = ${product.ean}`))[0].data_alteracao;
    const changedBefore = await changed();
    for (const [entity, records] of REGISTERS) await apply(company, entity, records);
    expect(await catalogue(company)).toEqual(before);
    expect(before).toEqual([
      {
        id_erp: 'P1',
        editora: 'Editora Onix',
        selo: null,
        formato_produto: 'BB',
        categoria_bisac: 'ART000000',
        contribuidores: [{ ordem: 1, papel: 'A01', nome: 'Autor ONIX', invertido: 'ONIX, Autor' }],
      },
    ]);
    expect(await changed()).toBe(changedBefore);
  });

  it('fills only the empty columns of an edited product: an edited form stays, the missing publisher and BISAC come', async () => {
    const company = await newCompany();
    const [product] = products(6000);
    await apply(company, 'PRODUTO', [product]);
    await database.db.execute(sql`UPDATE produto SET formato_produto = 'ED', categoria_bisac = '' WHERE isbn13 = ${product.ean}`);
    for (const [entity, records] of REGISTERS) await apply(company, entity, records);
    expect(await catalogue(company)).toEqual([{ ...EXPECTED[0], formato_produto: 'ED' }]);
  });

  it('fills only the products of the company whose register arrived', async () => {
    const late = await newCompany();
    const other = await newCompany();
    const [a] = products(7000);
    const [b] = products(7100);
    await apply(late, 'PRODUTO', [a]);
    await apply(other, 'PRODUTO', [b]); // names the same ERP ids, in its own company
    for (const [entity, records] of REGISTERS) await apply(late, entity, records);
    expect(await catalogue(late)).toEqual([EXPECTED[0]]);
    expect((await catalogue(other)).map((r) => [r.editora, r.formato_produto, r.categoria_bisac, r.contribuidores])).toEqual([[null, null, null, []]]);
  });
});
