import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { companies } from '../../companies/companies.schema.ts';
import { products } from '../../products/products.schema.ts';

/**
 * The operational data the ERP sync stores (issue 7 part 1), per company. Documented with its ER
 * diagram and every decision in `docs/data-model.md`. The shapes mirror the protocol records of
 * `@acervo/contracts` (`erp-protocol.ts`), field by field, in snake case.
 *
 * Every table has:
 * - `id`: surrogate key, what other tables refer to (integer joins for reports over millions of lines);
 * - `empresa_id`: the company (deleting a company deletes its ERP data);
 * - `id_erp`: the ERP's id, unique per company (`..._empresa_id_erp_uk`, the upsert key);
 * - `alterado_em_erp`: the ERP's `alteradoEm` of the version stored (an older version never
 *   overwrites a newer one); NULL marks a **placeholder**: a row created with only its `id_erp`
 *   because another record referred to it before its own record arrived (every other column is
 *   then NULL; the check `..._completo_ck` requires the record's mandatory columns otherwise);
 * - `data_sincronizacao`: when Acervo last wrote the row.
 * Money is BRL integer cents in `bigint` columns (`..._centavos`); quantities integer units.
 */

/** The columns every ERP table shares (a fresh set of builders per table). */
function erpColumns() {
  return {
    id: serial('id').primaryKey(),
    companyId: integer('empresa_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    erpId: varchar('id_erp', { length: 50 }).notNull(),
    erpChangedAt: timestamp('alterado_em_erp', { withTimezone: true, precision: 3 }),
    syncedAt: timestamp('data_sincronizacao', { withTimezone: true }).notNull().defaultNow(),
  };
}

/** `alterado_em_erp IS NULL OR (every listed column IS NOT NULL)`: a full record has its mandatory fields. */
function completeCheck(table: string, columns: readonly string[]) {
  return check(`${table}_completo_ck`, sql.raw(`alterado_em_erp IS NULL OR (${columns.map((c) => `${c} IS NOT NULL`).join(' AND ')})`));
}

/** The upsert key: one row per ERP id in a company. */
function erpKey(table: string, t: { companyId: AnyPgColumn; erpId: AnyPgColumn }) {
  return uniqueIndex(`${table}_empresa_id_erp_uk`).on(t.companyId, t.erpId);
}

/** TIPO_CONTRIBUICAO: contributor role (`codigo_onix` ONIX list 17). */
export const erpContributorTypes = pgTable(
  'erp_tipo_contribuicao',
  {
    ...erpColumns(),
    description: varchar('descricao', { length: 300 }),
    onixCode: varchar('codigo_onix', { length: 3 }),
    active: boolean('ativo'),
  },
  (t) => [erpKey('erp_tipo_contribuicao', t), completeCheck('erp_tipo_contribuicao', ['descricao', 'ativo'])],
);

/** TIPO_PRODUTO: product type (`formato_onix` ONIX list 150). */
export const erpProductTypes = pgTable(
  'erp_tipo_produto',
  {
    ...erpColumns(),
    description: varchar('descricao', { length: 300 }),
    onixForm: varchar('formato_onix', { length: 2 }),
    active: boolean('ativo'),
  },
  (t) => [erpKey('erp_tipo_produto', t), completeCheck('erp_tipo_produto', ['descricao', 'ativo'])],
);

/**
 * TIPO_OPERACAO_FISCAL: fiscal operation (CFOP). `natureza` (VENDA, DEVOLUCAO, CONSIGNACAO,
 * ACERTO_CONSIGNACAO, BONIFICACAO, OUTRA) says what the operation does to sales reports.
 */
export const erpFiscalOperations = pgTable(
  'erp_tipo_operacao_fiscal',
  {
    ...erpColumns(),
    cfop: varchar('cfop', { length: 4 }),
    description: varchar('descricao', { length: 300 }),
    nature: varchar('natureza', { length: 20 }),
    active: boolean('ativo'),
  },
  (t) => [erpKey('erp_tipo_operacao_fiscal', t), completeCheck('erp_tipo_operacao_fiscal', ['cfop', 'descricao', 'natureza', 'ativo'])],
);

/** FORMA_PAGAMENTO: payment form; `parcelas` instalments, `prazo_dias` days to the last one. */
export const erpPaymentForms = pgTable(
  'erp_forma_pagamento',
  {
    ...erpColumns(),
    description: varchar('descricao', { length: 300 }),
    instalments: smallint('parcelas'),
    termDays: smallint('prazo_dias'),
    active: boolean('ativo'),
  },
  (t) => [erpKey('erp_forma_pagamento', t), completeCheck('erp_forma_pagamento', ['descricao', 'parcelas', 'prazo_dias', 'ativo'])],
);

/** TRANSPORTADORA: carrier (`cnpj` 14 characters without mask). */
export const erpCarriers = pgTable(
  'erp_transportadora',
  {
    ...erpColumns(),
    name: varchar('nome', { length: 300 }),
    cnpj: varchar('cnpj', { length: 14 }),
    uf: varchar('uf', { length: 2 }),
    active: boolean('ativo'),
  },
  (t) => [erpKey('erp_transportadora', t), completeCheck('erp_transportadora', ['nome', 'ativo'])],
);

/** ASSUNTO: subject, with its BISAC code when the ERP maps it. */
export const erpSubjects = pgTable(
  'erp_assunto',
  {
    ...erpColumns(),
    description: varchar('descricao', { length: 300 }),
    bisacCode: varchar('codigo_bisac', { length: 9 }),
    active: boolean('ativo'),
  },
  (t) => [erpKey('erp_assunto', t), completeCheck('erp_assunto', ['descricao', 'ativo'])],
);

/** SELO: imprint, with its publisher's name and CNPJ (the ERP has no publisher register). */
export const erpImprints = pgTable(
  'erp_selo',
  {
    ...erpColumns(),
    name: varchar('nome', { length: 300 }),
    publisherName: varchar('editora', { length: 300 }),
    publisherCnpj: varchar('cnpj_editora', { length: 14 }),
    active: boolean('ativo'),
  },
  (t) => [erpKey('erp_selo', t), completeCheck('erp_selo', ['nome', 'editora', 'ativo'])],
);

/** AUTOR: contributor (person or corporate body). */
export const erpAuthors = pgTable(
  'erp_autor',
  {
    ...erpColumns(),
    name: varchar('nome', { length: 300 }),
    invertedName: varchar('nome_invertido', { length: 300 }),
    biography: text('biografia'),
    active: boolean('ativo'),
  },
  (t) => [erpKey('erp_autor', t), completeCheck('erp_autor', ['nome', 'ativo'])],
);

/** VENDEDOR: seller (sales representative); `email` links to an Acervo user with the same e-mail. */
export const erpSellers = pgTable(
  'erp_vendedor',
  {
    ...erpColumns(),
    name: varchar('nome', { length: 300 }),
    email: varchar('email', { length: 254 }),
    active: boolean('ativo'),
  },
  (t) => [erpKey('erp_vendedor', t), completeCheck('erp_vendedor', ['nome', 'ativo'])],
);

/**
 * CLIENTE: customer. `documento` CNPJ (14) or CPF (11) without mask; `tipo` LIVRARIA, ESCOLA,
 * MARKETPLACE, GOVERNO, DISTRIBUIDOR, PESSOA_FISICA; `vendedor_id` the seller in charge.
 */
export const erpClients = pgTable(
  'erp_cliente',
  {
    ...erpColumns(),
    legalName: varchar('razao_social', { length: 300 }),
    tradeName: varchar('nome_fantasia', { length: 300 }),
    document: varchar('documento', { length: 14 }),
    type: varchar('tipo', { length: 20 }),
    uf: varchar('uf', { length: 2 }),
    city: varchar('municipio', { length: 300 }),
    ibgeCityCode: varchar('codigo_municipio_ibge', { length: 7 }),
    sellerId: integer('vendedor_id').references(() => erpSellers.id),
    active: boolean('ativo'),
  },
  (t) => [
    erpKey('erp_cliente', t),
    completeCheck('erp_cliente', ['razao_social', 'documento', 'tipo', 'uf', 'municipio', 'ativo']),
    index('erp_cliente_vendedor_idx').on(t.sellerId),
    index('erp_cliente_empresa_uf_idx').on(t.companyId, t.uf),
  ],
);

/**
 * PRODUTO: the company's ERP product, as the ERP describes it (its own title, price, cost,
 * situation...), linked to the shared catalogue by `produto_id` (found by `ean` = `produto.isbn13`,
 * the catalogue product created from this record when the catalogue lacked it). Prices in cents.
 */
export const erpProducts = pgTable(
  'erp_produto',
  {
    ...erpColumns(),
    productId: integer('produto_id').references(() => products.id, { onDelete: 'set null' }),
    ean: varchar('ean', { length: 13 }),
    title: varchar('titulo', { length: 500 }),
    subtitle: varchar('subtitulo', { length: 500 }),
    imprintId: integer('selo_id').references(() => erpImprints.id),
    productTypeId: integer('tipo_produto_id').references(() => erpProductTypes.id),
    subjectId: integer('assunto_id').references(() => erpSubjects.id),
    priceCents: bigint('preco_centavos', { mode: 'number' }),
    costCents: bigint('custo_centavos', { mode: 'number' }),
    releaseDate: date('data_lancamento'),
    editionYear: smallint('ano_edicao'),
    pages: integer('paginas'),
    weightGrams: integer('peso_gramas'),
    language: varchar('idioma', { length: 3 }),
    availability: varchar('situacao', { length: 2 }),
    active: boolean('ativo'),
  },
  (t) => [
    erpKey('erp_produto', t),
    completeCheck('erp_produto', ['ean', 'titulo', 'preco_centavos', 'situacao', 'ativo']),
    index('erp_produto_produto_idx').on(t.productId),
    index('erp_produto_empresa_ean_idx').on(t.companyId, t.ean),
  ],
);

/** Contributors of an ERP product in display order (`ordem` from 1): author and contribution type. */
export const erpProductContributors = pgTable(
  'erp_produto_contribuidor',
  {
    erpProductId: integer('erp_produto_id')
      .notNull()
      .references(() => erpProducts.id, { onDelete: 'cascade' }),
    sequence: smallint('ordem').notNull(),
    authorId: integer('autor_id')
      .notNull()
      .references(() => erpAuthors.id),
    contributorTypeId: integer('tipo_contribuicao_id')
      .notNull()
      .references(() => erpContributorTypes.id),
  },
  (t) => [primaryKey({ columns: [t.erpProductId, t.sequence] }), index('erp_produto_contribuidor_autor_idx').on(t.authorId)],
);

/**
 * ESTOQUE: stock of one ERP product in the company, units: `fisico` on hand, `reservado` for open
 * sales orders, `consignado` held by clients on consignment, `bloqueado` damaged or held,
 * `pedido_compra` on open purchase orders. One row per product (`erp_estoque_produto_uk`).
 * Never a placeholder (nothing refers to a stock record).
 */
export const erpStock = pgTable(
  'erp_estoque',
  {
    ...erpColumns(),
    erpProductId: integer('produto_id')
      .notNull()
      .references(() => erpProducts.id),
    onHand: integer('fisico').notNull(),
    reserved: integer('reservado').notNull(),
    consigned: integer('consignado').notNull(),
    blocked: integer('bloqueado').notNull(),
    onOrder: integer('pedido_compra').notNull(),
  },
  (t) => [erpKey('erp_estoque', t), uniqueIndex('erp_estoque_produto_uk').on(t.erpProductId)],
);

/**
 * VENDA: a sales document. `tipo` NOTA (invoice) or DEVOLUCAO (a return; `documento_origem_id`
 * is the invoice it returns). `data_emissao` is the local issue date in America/Sao_Paulo.
 * `consignacao` marks consignment shipments and their returns; `cancelada` documents stay stored
 * (reports leave them out). `total_centavos` = Σ lines' net value + `frete_centavos`.
 * The references (`cliente_id` → `erp_cliente`, `vendedor_id` → `erp_vendedor`,
 * `tipo_operacao_fiscal_id`, `forma_pagamento_id`, `transportadora_id` → their registers,
 * `documento_origem_id` → `erp_venda`) are surrogate ids of the same company **without foreign-key
 * constraints**: the writer is their only source and resolves each by a join to a row it has just
 * made sure exists (placeholders), and ERP rows are never deleted but with their company; the
 * constraints' per-row checks doubled the time to write a page of sales (docs/data-model.md).
 */
export const erpSales = pgTable(
  'erp_venda',
  {
    ...erpColumns(),
    type: varchar('tipo', { length: 10 }),
    number: integer('numero'),
    series: varchar('serie', { length: 3 }),
    issueDate: date('data_emissao'),
    clientId: integer('cliente_id'),
    sellerId: integer('vendedor_id'),
    uf: varchar('uf', { length: 2 }),
    fiscalOperationId: integer('tipo_operacao_fiscal_id'),
    paymentFormId: integer('forma_pagamento_id'),
    carrierId: integer('transportadora_id'),
    consignment: boolean('consignacao'),
    cancelled: boolean('cancelada'),
    originDocumentId: integer('documento_origem_id'),
    freightCents: bigint('frete_centavos', { mode: 'number' }),
    totalCents: bigint('total_centavos', { mode: 'number' }),
    /** The Acervo sales order this invoice bills (`referenciaPedido`, the order's number; issue 19, migration 0015). */
    orderReference: varchar('referencia_pedido', { length: 50 }),
  },
  (t) => [
    erpKey('erp_venda', t),
    completeCheck('erp_venda', [
      'tipo',
      'numero',
      'serie',
      'data_emissao',
      'cliente_id',
      'uf',
      'tipo_operacao_fiscal_id',
      'consignacao',
      'cancelada',
      'frete_centavos',
      'total_centavos',
    ]),
    index('erp_venda_empresa_data_idx').on(t.companyId, t.issueDate),
    index('erp_venda_cliente_data_idx').on(t.clientId, t.issueDate),
    index('erp_venda_vendedor_data_idx').on(t.sellerId, t.issueDate),
    index('erp_venda_empresa_uf_data_idx').on(t.companyId, t.uf, t.issueDate),
    index('erp_venda_documento_origem_idx').on(t.originDocumentId),
    index('erp_venda_referencia_pedido_idx').on(t.companyId, t.orderReference).where(sql`referencia_pedido IS NOT NULL`),
  ],
);

/**
 * A line of a sales document, replaced whole whenever its document is written. `empresa_id` and
 * `data_emissao` repeat the document's (so sales by product and period read one index);
 * `valor_liquido_centavos` = quantidade × preco_unitario_centavos − desconto_centavos;
 * `custo_centavos` the line's total cost. A return line names the line it returns by number
 * (`linha_origem`, a line of the document's `documento_origem_id`). `produto_id` → `erp_produto`
 * has no foreign-key constraint, like the document's references; `venda_id` has one (ON DELETE
 * CASCADE: a company's lines go with its documents).
 */
export const erpSaleLines = pgTable(
  'erp_venda_item',
  {
    saleId: integer('venda_id')
      .notNull()
      .references(() => erpSales.id, { onDelete: 'cascade' }),
    line: smallint('linha').notNull(),
    companyId: integer('empresa_id').notNull(),
    issueDate: date('data_emissao').notNull(),
    erpProductId: integer('produto_id').notNull(),
    quantity: integer('quantidade').notNull(),
    unitPriceCents: bigint('preco_unitario_centavos', { mode: 'number' }).notNull(),
    discountCents: bigint('desconto_centavos', { mode: 'number' }).notNull(),
    netCents: bigint('valor_liquido_centavos', { mode: 'number' }).notNull(),
    costCents: bigint('custo_centavos', { mode: 'number' }),
    originLine: smallint('linha_origem'),
  },
  (t) => [primaryKey({ columns: [t.saleId, t.line] }), index('erp_venda_item_produto_data_idx').on(t.erpProductId, t.issueDate)],
);
