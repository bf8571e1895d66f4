/**
 * Test data of the stock report and the export queue (not used by the app): a company's ERP
 * imprints, product types, categories, products and stock written through the sync's writer
 * (`applyErpRecords`), with values that exercise every filter and formula.
 */
import type { Db } from '../db/client.ts';
import { applyErpRecords } from '../erp/data/index.ts';
import { at, isbn, makeRecord } from '../erp/data/erp-data.fixtures.ts';

/** One stock line as written: product `n` of the company. */
export interface StockFixture {
  n: number;
  titulo: string;
  precoCentavos: number;
  custoCentavos: number | null;
  situacao: string;
  fisico: number;
  reservado: number;
  consignado: number;
  bloqueado: number;
  pedidoCompra: number;
  selo: 1 | 2;
  assunto: 1 | 2;
  tipo: 1 | 2;
}

/** The default lines: `count` products with varied stock (negative, zero, consigned only, blocked) and titles. */
export function stockFixtures(count: number, offset = 0): StockFixture[] {
  const titles = ['Memórias Póstumas', 'O Cortiço', 'Iracema', 'Dom Casmurro', 'Vidas Secas', '=Fórmula perigosa', 'Ação & Reação; "aspas"', 'Quincas Borba'];
  return Array.from({ length: count }, (_, i) => {
    const n = offset + i + 1;
    return {
      n,
      titulo: `${titles[i % titles.length]} ${n}`,
      precoCentavos: 1990 + ((n * 137) % 9000),
      custoCentavos: n % 7 === 0 ? null : 900 + ((n * 53) % 4000),
      situacao: n % 3 === 0 ? '31' : '20',
      fisico: (n % 5) * 7 - 7,
      reservado: n % 4,
      consignado: n % 6 === 0 ? 0 : n % 3,
      bloqueado: n % 5 === 0 ? 1 : 0,
      pedidoCompra: n % 2,
      selo: (n % 2 === 0 ? 2 : 1) as 1 | 2,
      assunto: (n % 3 === 0 ? 2 : 1) as 1 | 2,
      tipo: (n % 4 === 0 ? 2 : 1) as 1 | 2,
    };
  });
}

/**
 * Writes the registers and `lines` for company `companyId` through `applyErpRecords`.
 * @param eanBase added to each line's n for its ISBN (distinct companies may share titles by sharing EANs)
 */
export async function seedStock(db: Db, companyId: number, lines: readonly StockFixture[], eanBase = 0): Promise<void> {
  const when = at(1);
  await db.transaction(async (tx) => {
    await applyErpRecords(tx, companyId, 'SELO', [1, 2].map((n) => makeRecord('SELO', `S${n}`, when, n, { nome: `Selo ${n}`, editora: `Editora Ficção ${n}` })));
    await applyErpRecords(tx, companyId, 'TIPO_PRODUTO', [1, 2].map((n) => makeRecord('TIPO_PRODUTO', `T${n}`, when, n, { descricao: n === 1 ? 'Livro' : 'E-book', ativo: true })));
    await applyErpRecords(tx, companyId, 'ASSUNTO', [1, 2].map((n) => makeRecord('ASSUNTO', `A${n}`, when, n, { descricao: n === 1 ? 'Romance' : 'Poesia', ativo: true })));
    await applyErpRecords(
      tx,
      companyId,
      'PRODUTO',
      lines.map((l) =>
        makeRecord('PRODUTO', `P${l.n}`, when, l.n, {
          ean: isbn(eanBase + l.n),
          titulo: l.titulo,
          idSelo: `S${l.selo}`,
          idTipoProduto: `T${l.tipo}`,
          idAssunto: `A${l.assunto}`,
          precoCentavos: l.precoCentavos,
          custoCentavos: l.custoCentavos,
          situacao: l.situacao,
          ativo: true,
        }),
      ),
    );
    await applyErpRecords(
      tx,
      companyId,
      'ESTOQUE',
      lines.map((l) =>
        makeRecord('ESTOQUE', `E${l.n}`, when, l.n, { idProduto: `P${l.n}`, fisico: l.fisico, reservado: l.reservado, consignado: l.consignado, bloqueado: l.bloqueado, pedidoCompra: l.pedidoCompra }),
      ),
    );
  });
}
