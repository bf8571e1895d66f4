import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { erpChecksum, type ErpEntity, type ErpRecord } from '@acervo/contracts';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Database, Executor } from '../../db/client.ts';
import { companies } from '../../companies/companies.schema.ts';
import { applyErpRecords, countStoredRecords, refreshErpStatistics, storedErpStatistics } from './index.ts';
import { resultRows } from './erp-data.repository.ts';
import { checksumRecords } from './erp-data.statistics.ts';
import { at, makeRecord, makeSale, saleLine } from './erp-data.fixtures.ts';

let database: Database;
let drop: () => Promise<void>;
let companyA: number;
let companyB: number;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const rows = await database.db
    .insert(companies)
    .values([
      { name: 'Empresa A', cnpj: '11111111000191', erpCode: 'DEMO01' },
      { name: 'Empresa B', cnpj: '22222222000191', erpCode: 'DEMO02' },
    ])
    .returning({ id: companies.id });
  [companyA, companyB] = rows.map((r) => r.id);
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

/** Applies in one transaction, like the sync does. */
async function apply<E extends ErpEntity>(companyId: number, entity: E, records: ErpRecord<E>[]) {
  return database.db.transaction((tx) => applyErpRecords(tx, companyId, entity, records));
}

async function query<T>(db: Executor, text: string): Promise<T[]> {
  return resultRows<T>(await db.execute(sql.raw(text)));
}

const REGISTERS = ['TIPO_CONTRIBUICAO', 'TIPO_PRODUTO', 'TIPO_OPERACAO_FISCAL', 'FORMA_PAGAMENTO', 'TRANSPORTADORA', 'ASSUNTO', 'SELO', 'AUTOR', 'VENDEDOR', 'CLIENTE'] as const;

describe.each(REGISTERS)('register %s', (entity) => {
  const id = (n: number) => `${entity}-${n}`;
  // A company of its own per entity, so counts are exact
  let company: number;
  beforeAll(async () => {
    const [row] = await database.db
      .insert(companies)
      .values({ name: `Empresa ${entity}`, cnpj: String(30000000000000 + REGISTERS.indexOf(entity)).padStart(14, '0') })
      .returning({ id: companies.id });
    company = row.id;
  });

  it('stores records, counts them and rebuilds the checksum of the records applied', async () => {
    const records = [1, 2, 3].map((n) => makeRecord(entity, id(n), at(n), n));
    expect((await apply(company, entity, records)).rejected).toEqual([]);
    expect(await countStoredRecords(database.db, company, entity)).toBe(3);
    expect(await storedErpStatistics(database.db, company, entity)).toEqual({ registros: 3, checksum: erpChecksum(entity, records) });
  });

  it('applies the same records again without change (idempotent)', async () => {
    const records = [1, 2, 3].map((n) => makeRecord(entity, id(n), at(n), n));
    const before = await storedErpStatistics(database.db, company, entity);
    await apply(company, entity, records);
    await apply(company, entity, [...records, records[0]]);
    expect(await storedErpStatistics(database.db, company, entity)).toEqual(before);
  });

  it('takes a newer version and ignores an older one, whatever the order they arrive in', async () => {
    const newer = makeRecord(entity, id(1), at(100), 7);
    await apply(company, entity, [newer]);
    await apply(company, entity, [makeRecord(entity, id(1), at(50), 9)]);
    const expected = [newer, makeRecord(entity, id(2), at(2), 2), makeRecord(entity, id(3), at(3), 3)];
    expect((await storedErpStatistics(database.db, company, entity)).checksum).toBe(erpChecksum(entity, expected));
    // both versions in one page: the newest wins
    await apply(company, entity, [makeRecord(entity, id(2), at(200), 4), makeRecord(entity, id(2), at(150), 6)]);
    expected[1] = makeRecord(entity, id(2), at(200), 4);
    expect((await storedErpStatistics(database.db, company, entity)).checksum).toBe(erpChecksum(entity, expected));
  });

  it('gives another checksum when a stored checksum field differs from the ERP', async () => {
    const stored = await storedErpStatistics(database.db, company, entity);
    const table = `erp_${entity.toLowerCase()}`;
    await database.db.execute(sql.raw(`UPDATE ${table} SET ativo = NOT ativo WHERE empresa_id = ${company} AND id_erp = '${id(3)}'`));
    const changed = await storedErpStatistics(database.db, company, entity);
    expect(changed.registros).toBe(3);
    expect(changed.checksum).not.toBe(stored.checksum);
    await database.db.execute(sql.raw(`UPDATE ${table} SET ativo = NOT ativo WHERE empresa_id = ${company} AND id_erp = '${id(3)}'`));
    expect(await storedErpStatistics(database.db, company, entity)).toEqual(stored);
  });
});

describe('references arriving before their records', () => {
  it('a client naming a seller not synced yet points at a placeholder that the seller record fills', async () => {
    const client = makeRecord('CLIENTE', 'C-REF', at(10), 1, { idVendedor: 'V-LATE' });
    await apply(companyA, 'CLIENTE', [client]);
    expect(await countStoredRecords(database.db, companyA, 'VENDEDOR')).toBe(0);
    const [placeholder] = await query<{ id: number; nome: string | null; alterado_em_erp: string | null }>(
      database.db,
      `SELECT id, nome, alterado_em_erp FROM erp_vendedor WHERE empresa_id = ${companyA} AND id_erp = 'V-LATE'`,
    );
    expect(placeholder).toMatchObject({ nome: null, alterado_em_erp: null });
    expect(await storedErpStatistics(database.db, companyA, 'CLIENTE')).toEqual({ registros: 1, checksum: erpChecksum('CLIENTE', [client]) });

    const seller = makeRecord('VENDEDOR', 'V-LATE', at(5), 3);
    await apply(companyA, 'VENDEDOR', [seller]);
    const [filled] = await query<{ id: number; nome: string }>(database.db, `SELECT id, nome FROM erp_vendedor WHERE empresa_id = ${companyA} AND id_erp = 'V-LATE'`);
    expect(filled).toEqual({ id: placeholder.id, nome: 'Vendedor 3' });
    expect(await storedErpStatistics(database.db, companyA, 'VENDEDOR')).toEqual({ registros: 1, checksum: erpChecksum('VENDEDOR', [seller]) });
    const [link] = await query<{ vendedor: string }>(
      database.db,
      `SELECT v.nome AS vendedor FROM erp_cliente c JOIN erp_vendedor v ON v.id = c.vendedor_id WHERE c.empresa_id = ${companyA} AND c.id_erp = 'C-REF'`,
    );
    expect(link.vendedor).toBe('Vendedor 3');
  });
});

describe('company isolation', () => {
  it('keeps the same ERP id of two companies apart', async () => {
    const a = makeRecord('ASSUNTO', 'SAME', at(1), 1);
    const b = makeRecord('ASSUNTO', 'SAME', at(1), 2);
    await apply(companyA, 'ASSUNTO', [a]);
    await apply(companyB, 'ASSUNTO', [b]);
    expect(await storedErpStatistics(database.db, companyA, 'ASSUNTO')).toEqual({ registros: 1, checksum: erpChecksum('ASSUNTO', [a]) });
    expect(await storedErpStatistics(database.db, companyB, 'ASSUNTO')).toEqual({ registros: 1, checksum: erpChecksum('ASSUNTO', [b]) });
    // a reference resolves inside its own company
    await apply(companyB, 'CLIENTE', [makeRecord('CLIENTE', 'C-REF', at(1), 2, { idVendedor: 'V-LATE' })]);
    const rows = await query<{ empresa_id: number; vendedor_empresa: number }>(
      database.db,
      `SELECT c.empresa_id, v.empresa_id AS vendedor_empresa FROM erp_cliente c JOIN erp_vendedor v ON v.id = c.vendedor_id WHERE c.id_erp = 'C-REF' ORDER BY c.empresa_id`,
    );
    expect(rows.map((r) => [r.empresa_id, r.vendedor_empresa])).toEqual([
      [companyA, companyA],
      [companyB, companyB],
    ]);
    expect(await countStoredRecords(database.db, companyB, 'VENDEDOR')).toBe(0);
  });
});

describe('PRODUTO and the shared catalogue', () => {
  it('creates the catalogue product from the ERP record, with publisher, imprint, form, BISAC and contributors', async () => {
    await apply(companyA, 'SELO', [makeRecord('SELO', 'S1', at(1), 1, { nome: 'Selo Aurora', editora: 'Editora Horizonte' })]);
    await apply(companyA, 'TIPO_PRODUTO', [makeRecord('TIPO_PRODUTO', 'TP1', at(1), 1, { formatoOnix: 'BC' })]);
    await apply(companyA, 'ASSUNTO', [makeRecord('ASSUNTO', 'AS1', at(1), 1, { codigoBisac: 'FIC019000' })]);
    await apply(companyA, 'AUTOR', [makeRecord('AUTOR', 'AU1', at(1), 1, { nome: 'Clarice Souza', nomeInvertido: 'Souza, Clarice' })]);
    await apply(companyA, 'TIPO_CONTRIBUICAO', [makeRecord('TIPO_CONTRIBUICAO', 'TC1', at(1), 1, { codigoOnix: 'A01' })]);
    const product = makeRecord('PRODUTO', 'P-NEW', at(10), 11, {
      titulo: 'O Mar de Dentro',
      subtitulo: 'Contos',
      idSelo: 'S1',
      idTipoProduto: 'TP1',
      idAssunto: 'AS1',
      contribuidores: [{ idAutor: 'AU1', idTipoContribuicao: 'TC1', ordem: 1 }],
    });
    expect((await apply(companyA, 'PRODUTO', [product])).rejected).toEqual([]);
    const [row] = await query<Record<string, unknown>>(
      database.db,
      `SELECT p.titulo, p.subtitulo, e.nome AS editora, s.nome AS selo, p.formato_produto, p.categoria_bisac, p.numero_paginas, p.idioma, p.situacao,
         p.id_erp, p.fonte, p.ano_edicao, p.data_publicacao::text AS data_publicacao, ep.produto_id = p.id AS ligado
       FROM erp_produto ep JOIN produto p ON p.isbn13 = ep.ean LEFT JOIN editora e ON e.id = p.editora_id LEFT JOIN selo s ON s.id = p.selo_id
       WHERE ep.empresa_id = ${companyA} AND ep.id_erp = 'P-NEW'`,
    );
    expect(row).toEqual({
      titulo: 'O Mar de Dentro',
      subtitulo: 'Contos',
      editora: 'Editora Horizonte',
      selo: 'Selo Aurora',
      formato_produto: 'BC',
      categoria_bisac: 'FIC019000',
      numero_paginas: 211,
      idioma: 'por',
      situacao: '20',
      id_erp: 'P-NEW',
      fonte: 'erp:DEMO01',
      ano_edicao: 2025,
      data_publicacao: '2025-03-10',
      ligado: true,
    });
    const contributors = await query<Record<string, unknown>>(
      database.db,
      `SELECT c.ordem, c.tipo_contribuicao, c.nome_completo, c.nome_invertido FROM produto_contribuidor c JOIN produto p ON p.id = c.produto_id WHERE p.isbn13 = '${product.ean}'`,
    );
    expect(contributors).toEqual([{ ordem: 1, tipo_contribuicao: 'A01', nome_completo: 'Clarice Souza', nome_invertido: 'Souza, Clarice' }]);
    expect(await storedErpStatistics(database.db, companyA, 'PRODUTO')).toEqual({ registros: 1, checksum: erpChecksum('PRODUTO', [product]) });
  });

  it('links to a product the ONIX import created and fills only its empty fields', async () => {
    const ean = makeRecord('PRODUTO', 'x', at(1), 12).ean;
    await database.db.execute(sql`INSERT INTO editora (nome, nome_chave) VALUES ('Editora Onix', 'editora onix')`);
    await database.db.execute(sql`INSERT INTO produto (isbn13, titulo, numero_paginas, idioma, editora_id, situacao, fonte)
      VALUES (${ean}, 'Título ONIX', 320, 'eng', (SELECT id FROM editora WHERE nome_chave = 'editora onix'), '', 'onix:feed.xml')`);
    const product = makeRecord('PRODUTO', 'P-ONIX', at(10), 12, { titulo: 'Título do ERP', subtitulo: 'Subtítulo do ERP', idSelo: 'S1' });
    await apply(companyA, 'PRODUTO', [product]);
    const [row] = await query<Record<string, unknown>>(
      database.db,
      `SELECT p.titulo, p.subtitulo, p.numero_paginas, p.idioma, p.situacao, p.peso_gramas, p.id_erp, p.fonte, e.nome AS editora, p.selo_id, ep.produto_id = p.id AS ligado
       FROM produto p JOIN editora e ON e.id = p.editora_id JOIN erp_produto ep ON ep.ean = p.isbn13 AND ep.empresa_id = ${companyA}
       WHERE p.isbn13 = '${ean}'`,
    );
    expect(row).toEqual({
      titulo: 'Título ONIX',
      subtitulo: 'Subtítulo do ERP',
      numero_paginas: 320,
      idioma: 'eng',
      situacao: '20',
      peso_gramas: 300,
      id_erp: 'P-ONIX',
      fonte: 'onix:feed.xml',
      editora: 'Editora Onix',
      selo_id: null,
      ligado: true,
    });
    // the ERP's own title stays on the company's ERP product
    const [erp] = await query<{ titulo: string }>(database.db, `SELECT titulo FROM erp_produto WHERE empresa_id = ${companyA} AND id_erp = 'P-ONIX'`);
    expect(erp.titulo).toBe('Título do ERP');
  });

  it('applies the same products again without change, in the company or the catalogue', async () => {
    const snapshot = async () =>
      query<Record<string, unknown>>(
        database.db,
        `SELECT (SELECT count(*)::int FROM produto) AS produtos, (SELECT count(*)::int FROM produto_contribuidor) AS contribuidores, (SELECT count(*)::int FROM editora) AS editoras,
           (SELECT count(*)::int FROM selo) AS selos, (SELECT count(*)::int FROM erp_produto_contribuidor) AS contribuidores_erp, (SELECT max(data_alteracao)::text FROM produto) AS alterado`,
      );
    const before = { stats: await storedErpStatistics(database.db, companyA, 'PRODUTO'), rows: await snapshot() };
    const again = [
      makeRecord('PRODUTO', 'P-NEW', at(10), 11, { titulo: 'O Mar de Dentro', subtitulo: 'Contos', idSelo: 'S1', idTipoProduto: 'TP1', idAssunto: 'AS1', contribuidores: [{ idAutor: 'AU1', idTipoContribuicao: 'TC1', ordem: 1 }] }),
      makeRecord('PRODUTO', 'P-ONIX', at(10), 12, { titulo: 'Título do ERP', subtitulo: 'Subtítulo do ERP', idSelo: 'S1' }),
    ];
    await apply(companyA, 'PRODUTO', again);
    expect({ stats: await storedErpStatistics(database.db, companyA, 'PRODUTO'), rows: await snapshot() }).toEqual(before);
  });

  it('names an imprint not synced yet: the product is stored, the catalogue gets the publisher when the imprint arrives', async () => {
    const product = makeRecord('PRODUTO', 'P-LATE-SELO', at(10), 16, { idSelo: 'S-LATE' });
    await apply(companyA, 'PRODUTO', [product]);
    const publisher = async () =>
      (await query<{ editora: string | null }>(database.db, `SELECT e.nome AS editora FROM produto p LEFT JOIN editora e ON e.id = p.editora_id WHERE p.isbn13 = '${product.ean}'`))[0].editora;
    expect(await publisher()).toBeNull();
    await apply(companyA, 'SELO', [makeRecord('SELO', 'S-LATE', at(5), 5, { nome: 'Selo Tardio', editora: 'Editora Tardia' })]);
    const [link] = await query<{ selo: string }>(database.db, `SELECT s.nome AS selo FROM erp_produto p JOIN erp_selo s ON s.id = p.selo_id WHERE p.empresa_id = ${companyA} AND p.id_erp = 'P-LATE-SELO'`);
    expect(link.selo).toBe('Selo Tardio');
    expect(await publisher()).toBe('Editora Tardia');
    // a later version of the product keeps it
    await apply(companyA, 'PRODUTO', [makeRecord('PRODUTO', 'P-LATE-SELO', at(20), 16, { idSelo: 'S-LATE' })]);
    expect(await publisher()).toBe('Editora Tardia');
  });

  it('shares one catalogue product between companies, each with its own ERP product', async () => {
    const a = makeRecord('PRODUTO', 'P-SHARED-A', at(10), 13);
    const b = makeRecord('PRODUTO', 'P-SHARED-B', at(10), 13, { precoCentavos: 5990 });
    await apply(companyA, 'PRODUTO', [a]);
    await apply(companyB, 'PRODUTO', [b]);
    const rows = await query<{ empresa_id: number; preco_centavos: string; catalogo: number; id_erp_catalogo: string }>(
      database.db,
      `SELECT ep.empresa_id, ep.preco_centavos::text AS preco_centavos, ep.produto_id AS catalogo, p.id_erp AS id_erp_catalogo
       FROM erp_produto ep JOIN produto p ON p.id = ep.produto_id WHERE ep.ean = '${a.ean}' ORDER BY ep.empresa_id`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0].catalogo).toBe(rows[1].catalogo);
    expect(rows.map((r) => r.preco_centavos)).toEqual([String(a.precoCentavos), '5990']);
    // the catalogue's single id_erp keeps the first company's id
    expect(rows.map((r) => r.id_erp_catalogo)).toEqual(['P-SHARED-A', 'P-SHARED-A']);
  });

  it('replaces contributors with the newer version, keeps them on an older one, and rejects a repeated order', async () => {
    await apply(companyA, 'AUTOR', [makeRecord('AUTOR', 'AU2', at(1), 2)]);
    const v1 = makeRecord('PRODUTO', 'P-CONTRIB', at(10), 14, { contribuidores: [{ idAutor: 'AU1', idTipoContribuicao: 'TC1', ordem: 1 }, { idAutor: 'AU2', idTipoContribuicao: 'TC1', ordem: 2 }] });
    const v2 = makeRecord('PRODUTO', 'P-CONTRIB', at(20), 14, { contribuidores: [{ idAutor: 'AU2', idTipoContribuicao: 'TC9', ordem: 1 }] });
    const old = makeRecord('PRODUTO', 'P-CONTRIB', at(15), 14, { contribuidores: [] });
    await apply(companyA, 'PRODUTO', [v1]);
    await apply(companyA, 'PRODUTO', [v2]);
    await apply(companyA, 'PRODUTO', [old]);
    const rows = await query<{ ordem: number; autor: string; tipo: string; tipo_pendente: boolean }>(
      database.db,
      `SELECT c.ordem, a.id_erp AS autor, t.id_erp AS tipo, t.alterado_em_erp IS NULL AS tipo_pendente FROM erp_produto_contribuidor c
       JOIN erp_produto p ON p.id = c.erp_produto_id JOIN erp_autor a ON a.id = c.autor_id JOIN erp_tipo_contribuicao t ON t.id = c.tipo_contribuicao_id
       WHERE p.empresa_id = ${companyA} AND p.id_erp = 'P-CONTRIB'`,
    );
    expect(rows).toEqual([{ ordem: 1, autor: 'AU2', tipo: 'TC9', tipo_pendente: true }]);
    const repeated = makeRecord('PRODUTO', 'P-BAD', at(10), 15, { contribuidores: [{ idAutor: 'AU1', idTipoContribuicao: 'TC1', ordem: 1 }, { idAutor: 'AU2', idTipoContribuicao: 'TC1', ordem: 1 }] });
    expect((await apply(companyA, 'PRODUTO', [repeated])).rejected).toEqual([{ id: 'P-BAD', error: 'A ordem 1 aparece em mais de um contribuidor' }]);
    expect(await countStoredRecords(database.db, companyA, 'TIPO_CONTRIBUICAO')).toBe(1);
  });
});

describe('ESTOQUE', () => {
  it('stores stock per product (placeholder product first), ignores an older version and refuses a second record for a product', async () => {
    const stock = [makeRecord('ESTOQUE', 'E1', at(10), 1, { idProduto: 'P-STOCK-1' }), makeRecord('ESTOQUE', 'E2', at(10), 2, { idProduto: 'P-STOCK-2' })];
    expect((await apply(companyB, 'ESTOQUE', stock)).rejected).toEqual([]);
    expect(await countStoredRecords(database.db, companyB, 'PRODUTO')).toBe(1); // P-SHARED-B only; the two stock products are placeholders
    await apply(companyB, 'ESTOQUE', [makeRecord('ESTOQUE', 'E1', at(5), 9, { idProduto: 'P-STOCK-1' })]);
    expect(await storedErpStatistics(database.db, companyB, 'ESTOQUE')).toEqual({ registros: 2, checksum: erpChecksum('ESTOQUE', stock) });
    await apply(companyB, 'ESTOQUE', [...stock, ...stock]);
    expect(await storedErpStatistics(database.db, companyB, 'ESTOQUE')).toEqual({ registros: 2, checksum: erpChecksum('ESTOQUE', stock) });
    const second = makeRecord('ESTOQUE', 'E3', at(20), 3, { idProduto: 'P-STOCK-1' });
    const inPage = [makeRecord('ESTOQUE', 'E4', at(20), 4, { idProduto: 'P-STOCK-4' }), makeRecord('ESTOQUE', 'E5', at(20), 5, { idProduto: 'P-STOCK-4' })];
    expect((await apply(companyB, 'ESTOQUE', [second, ...inPage])).rejected).toEqual([
      { id: 'E3', error: 'O produto P-STOCK-1 já tem o registro de estoque E1' },
      { id: 'E5', error: 'O produto P-STOCK-4 já tem o registro de estoque E4' },
    ]);
    const [row] = await query<Record<string, number>>(
      database.db,
      `SELECT s.fisico, s.reservado, s.consignado, s.bloqueado, s.pedido_compra FROM erp_estoque s WHERE s.empresa_id = ${companyB} AND s.id_erp = 'E4'`,
    );
    expect(row).toEqual({ fisico: 40, reservado: 4, consignado: 8, bloqueado: 0, pedido_compra: 5 });
    // a one-unit change in storage changes the checksum
    const before = await storedErpStatistics(database.db, companyB, 'ESTOQUE');
    await database.db.execute(sql`UPDATE erp_estoque SET reservado = reservado + 1 WHERE empresa_id = ${companyB} AND id_erp = 'E4'`);
    expect((await storedErpStatistics(database.db, companyB, 'ESTOQUE')).checksum).not.toBe(before.checksum);
  });
});

describe('VENDA', () => {
  let company: number;
  beforeAll(async () => {
    const [row] = await database.db.insert(companies).values({ name: 'Empresa Vendas', cnpj: '44444444000191', erpCode: 'DEMO03' }).returning({ id: companies.id });
    company = row.id;
  });
  const invoice = makeSale('NF-1', at(10), {
    numero: 101,
    idCliente: 'C1',
    idVendedor: 'V1',
    idFormaPagamento: 'FP1',
    idTransportadora: 'T1',
    freteCentavos: 1250,
    itens: [saleLine(1, 'P1', 3, 4990, 150), saleLine(2, 'P2', 1, 12_345), saleLine(3, 'P3', 10, 1999, 1)],
  });

  async function lines(erpId: string, companyId = company) {
    return query<Record<string, unknown>>(
      database.db,
      `SELECT i.linha, p.id_erp AS produto, i.quantidade, i.preco_unitario_centavos::text AS preco, i.desconto_centavos::text AS desconto,
         i.valor_liquido_centavos::text AS liquido, i.custo_centavos::text AS custo, i.linha_origem, i.data_emissao::text AS data, i.empresa_id
       FROM erp_venda_item i JOIN erp_venda v ON v.id = i.venda_id JOIN erp_produto p ON p.id = i.produto_id
       WHERE v.empresa_id = ${companyId} AND v.id_erp = '${erpId}' ORDER BY i.linha`,
    );
  }

  it('stores an invoice with its lines, in cents, and placeholders for what it names', async () => {
    expect((await apply(company, 'VENDA', [invoice])).rejected).toEqual([]);
    expect(await lines('NF-1')).toEqual(
      invoice.itens.map((l) => ({
        linha: l.linha,
        produto: l.idProduto,
        quantidade: l.quantidade,
        preco: String(l.precoUnitarioCentavos),
        desconto: String(l.descontoCentavos),
        liquido: String(l.valorLiquidoCentavos),
        custo: l.custoCentavos === null ? null : String(l.custoCentavos),
        linha_origem: null,
        data: '2026-01-15',
        empresa_id: company,
      })),
    );
    const [header] = await query<Record<string, unknown>>(
      database.db,
      `SELECT v.tipo, v.numero, v.serie, v.data_emissao::text AS data, c.id_erp AS cliente, s.id_erp AS vendedor, v.uf, o.id_erp AS operacao, f.id_erp AS forma, t.id_erp AS transportadora,
         v.consignacao, v.cancelada, v.frete_centavos::text AS frete, v.total_centavos::text AS total
       FROM erp_venda v JOIN erp_cliente c ON c.id = v.cliente_id JOIN erp_vendedor s ON s.id = v.vendedor_id JOIN erp_tipo_operacao_fiscal o ON o.id = v.tipo_operacao_fiscal_id
         JOIN erp_forma_pagamento f ON f.id = v.forma_pagamento_id JOIN erp_transportadora t ON t.id = v.transportadora_id
       WHERE v.empresa_id = ${company} AND v.id_erp = 'NF-1'`,
    );
    expect(header).toEqual({
      tipo: 'NOTA', numero: 101, serie: '1', data: '2026-01-15', cliente: 'C1', vendedor: 'V1', uf: 'SP', operacao: 'OP1', forma: 'FP1', transportadora: 'T1',
      consignacao: false, cancelada: false, frete: '1250', total: String(invoice.totalCentavos),
    });
    for (const entity of ['CLIENTE', 'VENDEDOR', 'TIPO_OPERACAO_FISCAL', 'FORMA_PAGAMENTO', 'TRANSPORTADORA', 'PRODUTO'] as const) {
      expect(await countStoredRecords(database.db, company, entity)).toBe(0);
    }
    expect(await storedErpStatistics(database.db, company, 'VENDA')).toEqual({ registros: 1, checksum: erpChecksum('VENDA', [invoice]) });
  });

  it('applies the same document again without change', async () => {
    const before = await storedErpStatistics(database.db, company, 'VENDA');
    await apply(company, 'VENDA', [invoice, invoice]);
    expect(await storedErpStatistics(database.db, company, 'VENDA')).toEqual(before);
    expect(await lines('NF-1')).toHaveLength(3);
  });

  it('replaces the lines with a newer version and keeps them when an older one arrives', async () => {
    const cancelled = makeSale('NF-1', at(30), { ...invoice, cancelada: true, itens: [saleLine(1, 'P1', 3, 4990, 150), saleLine(4, 'P4', 2, 500)] });
    const older = makeSale('NF-1', at(20), { ...invoice, itens: [saleLine(1, 'P9', 1, 1)] });
    await apply(company, 'VENDA', [cancelled]);
    await apply(company, 'VENDA', [older]);
    expect((await lines('NF-1')).map((l) => [l.linha, l.produto])).toEqual([
      [1, 'P1'],
      [4, 'P4'],
    ]);
    expect(await storedErpStatistics(database.db, company, 'VENDA')).toEqual({ registros: 1, checksum: erpChecksum('VENDA', [cancelled]) });
    await apply(company, 'VENDA', [invoice]); // older than `cancelled` too
    expect(await storedErpStatistics(database.db, company, 'VENDA')).toEqual({ registros: 1, checksum: erpChecksum('VENDA', [cancelled]) });
  });

  it('links a return that arrives before its invoice to the invoice and the lines it returns', async () => {
    const sale = makeSale('NF-2', at(40), { numero: 102, consignacao: true, itens: [saleLine(1, 'P1', 10, 4990), saleLine(2, 'P2', 5, 3000)] });
    const ret = makeSale('DV-1', at(35), {
      tipo: 'DEVOLUCAO',
      numero: 7,
      consignacao: true,
      dataEmissao: '2026-02-01',
      idTipoOperacaoFiscal: 'OP-DEV',
      idDocumentoOrigem: 'NF-2',
      itens: [saleLine(1, 'P2', 2, 3000, 0, 2)],
    });
    await apply(company, 'VENDA', [ret]);
    expect(await countStoredRecords(database.db, company, 'VENDA')).toBe(2); // NF-1, DV-1; NF-2 is a placeholder
    await apply(company, 'VENDA', [sale]);
    const returned = await query<Record<string, unknown>>(
      database.db,
      `SELECT d.tipo, o.id_erp AS origem, o.numero, ri.linha, oi.linha AS linha_devolvida, oi.quantidade AS quantidade_vendida, ri.quantidade AS quantidade_devolvida
       FROM erp_venda d JOIN erp_venda o ON o.id = d.documento_origem_id
         JOIN erp_venda_item ri ON ri.venda_id = d.id
         JOIN erp_venda_item oi ON oi.venda_id = d.documento_origem_id AND oi.linha = ri.linha_origem
       WHERE d.empresa_id = ${company} AND d.id_erp = 'DV-1'`,
    );
    expect(returned).toEqual([{ tipo: 'DEVOLUCAO', origem: 'NF-2', numero: 102, linha: 1, linha_devolvida: 2, quantidade_vendida: 5, quantidade_devolvida: 2 }]);
    const all = [makeSale('NF-1', at(30), { ...invoice, cancelada: true, itens: [saleLine(1, 'P1', 3, 4990, 150), saleLine(4, 'P4', 2, 500)] }), ret, sale];
    expect(await storedErpStatistics(database.db, company, 'VENDA')).toEqual({ registros: 3, checksum: erpChecksum('VENDA', all) });
    // streamed a page of 1 document at a time gives the same
    expect(await checksumRecords(database.db, company, 'VENDA', 1)).toEqual({ registros: 3, checksum: erpChecksum('VENDA', all) });
  });

  it('tells a one-cent difference in a line or in the freight', async () => {
    const before = await storedErpStatistics(database.db, company, 'VENDA');
    await database.db.execute(sql`UPDATE erp_venda_item SET desconto_centavos = desconto_centavos + 1 WHERE empresa_id = ${company} AND linha = 2 AND venda_id = (SELECT id FROM erp_venda WHERE empresa_id = ${company} AND id_erp = 'NF-2')`);
    const changed = await storedErpStatistics(database.db, company, 'VENDA');
    expect(changed.registros).toBe(3);
    expect(changed.checksum).not.toBe(before.checksum);
    await database.db.execute(sql`UPDATE erp_venda_item SET desconto_centavos = desconto_centavos - 1 WHERE empresa_id = ${company} AND linha = 2 AND venda_id = (SELECT id FROM erp_venda WHERE empresa_id = ${company} AND id_erp = 'NF-2')`);
    expect(await storedErpStatistics(database.db, company, 'VENDA')).toEqual(before);
    await database.db.execute(sql`UPDATE erp_venda SET frete_centavos = frete_centavos + 1 WHERE empresa_id = ${company} AND id_erp = 'NF-2'`);
    expect((await storedErpStatistics(database.db, company, 'VENDA')).checksum).not.toBe(before.checksum);
    await database.db.execute(sql`UPDATE erp_venda SET frete_centavos = frete_centavos - 1 WHERE empresa_id = ${company} AND id_erp = 'NF-2'`);
  });

  it('stores a document of 2000 lines whole', async () => {
    const big = makeSale('NF-BIG', at(50), { numero: 999, itens: Array.from({ length: 2000 }, (_, i) => saleLine(i + 1, `P-BIG-${i % 700}`, 1 + (i % 5), 1000 + i, i % 3)) });
    await apply(company, 'VENDA', [big]);
    expect(await lines('NF-BIG')).toHaveLength(2000);
    const [sum] = await query<{ total: string }>(
      database.db,
      `SELECT (sum(i.valor_liquido_centavos) + v.frete_centavos)::text AS total FROM erp_venda v JOIN erp_venda_item i ON i.venda_id = v.id WHERE v.empresa_id = ${company} AND v.id_erp = 'NF-BIG' GROUP BY v.frete_centavos`,
    );
    expect(sum.total).toBe(String(big.totalCentavos));
    expect(await countStoredRecords(database.db, company, 'VENDA')).toBe(4);
  });

  it('rejects a document with a repeated line number and stores the rest of the page', async () => {
    const bad = makeSale('NF-BAD', at(60), { itens: [saleLine(1, 'P1', 1, 100), saleLine(1, 'P2', 1, 100)] });
    const good = makeSale('NF-OK', at(60), { numero: 5, itens: [saleLine(1, 'P1', 1, 100)] });
    expect((await apply(company, 'VENDA', [bad, good])).rejected).toEqual([{ id: 'NF-BAD', error: 'A linha 1 aparece mais de uma vez no documento' }]);
    expect(await countStoredRecords(database.db, company, 'VENDA')).toBe(5);
  });

  it('keeps the same document id of two companies apart', async () => {
    const other = makeSale('NF-1', at(10), { numero: 1, itens: [saleLine(1, 'P1', 1, 777)] });
    await apply(companyB, 'VENDA', [other]);
    expect(await storedErpStatistics(database.db, companyB, 'VENDA')).toEqual({ registros: 1, checksum: erpChecksum('VENDA', [other]) });
    expect((await lines('NF-1', companyB)).map((l) => l.preco)).toEqual(['777']);
    expect((await lines('NF-1')).map((l) => l.linha)).toEqual([1, 4]);
  });
});

describe('references without foreign-key constraints (sales)', () => {
  it('every reference of a stored document and line resolves to a row of the same company', async () => {
    const refs: [string, string][] = [
      ['cliente_id', 'erp_cliente'],
      ['vendedor_id', 'erp_vendedor'],
      ['tipo_operacao_fiscal_id', 'erp_tipo_operacao_fiscal'],
      ['forma_pagamento_id', 'erp_forma_pagamento'],
      ['transportadora_id', 'erp_transportadora'],
      ['documento_origem_id', 'erp_venda'],
    ];
    const [documents] = await query<{ n: number }>(database.db, 'SELECT count(*)::int AS n FROM erp_venda WHERE alterado_em_erp IS NOT NULL');
    expect(documents.n).toBeGreaterThan(5);
    for (const [column, table] of refs) {
      const [bad] = await query<{ n: number }>(
        database.db,
        `SELECT count(*)::int AS n FROM erp_venda v LEFT JOIN ${table} x ON x.id = v.${column} WHERE v.${column} IS NOT NULL AND (x.id IS NULL OR x.empresa_id <> v.empresa_id)`,
      );
      expect(bad.n, column).toBe(0);
    }
    const [badLines] = await query<{ n: number }>(
      database.db,
      `SELECT count(*)::int AS n FROM erp_venda_item i JOIN erp_venda v ON v.id = i.venda_id LEFT JOIN erp_produto p ON p.id = i.produto_id
       WHERE p.id IS NULL OR p.empresa_id <> v.empresa_id OR i.empresa_id <> v.empresa_id OR i.data_emissao <> v.data_emissao`,
    );
    expect(badLines.n).toBe(0);
  });
});

describe('refreshErpStatistics', () => {
  it('analyzes the tables an entity type writes, inside a transaction too', async () => {
    await refreshErpStatistics(database.db, 'ESTOQUE');
    await database.db.transaction((tx) => refreshErpStatistics(tx, 'VENDA'));
    await refreshErpStatistics(database.db, 'PRODUTO');
    const [row] = await query<{ reltuples: number }>(database.db, `SELECT reltuples FROM pg_class WHERE relname = 'erp_venda_item'`);
    const [count] = await query<{ n: number }>(database.db, 'SELECT count(*)::int AS n FROM erp_venda_item');
    expect(Number(row.reltuples)).toBe(count.n);
  });
});

describe('deleting a company', () => {
  it('deletes its ERP data, lines included, and nothing of the other companies', async () => {
    const tables = ['erp_tipo_contribuicao', 'erp_tipo_produto', 'erp_tipo_operacao_fiscal', 'erp_forma_pagamento', 'erp_transportadora', 'erp_assunto', 'erp_selo', 'erp_autor', 'erp_vendedor', 'erp_cliente', 'erp_produto', 'erp_estoque', 'erp_venda', 'erp_venda_item'];
    const count = async (companyId: number) => {
      const out: Record<string, number> = {};
      for (const t of tables) out[t] = (await query<{ n: number }>(database.db, `SELECT count(*)::int AS n FROM ${t} WHERE empresa_id = ${companyId}`))[0].n;
      return out;
    };
    const beforeA = await count(companyA);
    expect((await count(companyB)).erp_venda_item).toBeGreaterThan(0);
    await database.db.execute(sql`DELETE FROM empresa WHERE id = ${companyB}`);
    expect(Object.values(await count(companyB)).every((n) => n === 0)).toBe(true);
    expect(await count(companyA)).toEqual(beforeA);
  });
});
