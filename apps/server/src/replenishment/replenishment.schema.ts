import { bigint, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar, text } from 'drizzle-orm/pg-core';
import type { ReplacementStatus, ReplenishmentCalculationRequest, ReplenishmentInput, ReplenishmentMethod, ReplenishmentTotals } from '@acervo/contracts';
import { companies } from '../companies/companies.schema.ts';
import { users } from '../users/users.schema.ts';
import { products } from '../products/products.schema.ts';
import { outgoingItems } from '../integration/integration.schema.ts';
import { erpProducts } from '../erp/data/erp-data.schema.ts';

/**
 * Stock replacement (issue 18 Parts 2–3, docs/replenishment.md; migration 0017_replenishment.sql).
 *
 * - `reposicao_modelo`: named calculation inputs per company (SPEC 3 "Replacement template").
 * - `reposicao_calculo` + `reposicao_calculo_item`: a calculation's stored result, one line per
 *   catalogue product; kept until `expira_em` (24 h), or for good (`expira_em` null) once a
 *   replacement was generated from it. `historico` is the monthly net demand the forecast read
 *   (oldest first, from `historico_inicio` 'YYYY-MM'), so the explanation recomputes the line
 *   without reading the sales again.
 * - `reposicao` + `reposicao_item`: a generated replacement (SPEC 3 "Replacement") and its items;
 *   `reposicao_transicao` the audit trail of its status; `reposicao_pedido_compra` the purchase
 *   orders the approval queued for the ERP (one per supplier, `referencia` = `REP-{id}-{editora|0}`).
 * Quantities are units; money integer cents.
 */
export const replenishmentTemplates = pgTable(
  'reposicao_modelo',
  {
    id: serial('id').primaryKey(),
    companyId: integer('empresa_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('nome', { length: 100 }).notNull(),
    /** Lower-cased, accent-stripped name: unique per company. */
    nameKey: varchar('nome_chave', { length: 100 }).notNull(),
    parameters: jsonb('parametros').$type<ReplenishmentInput>().notNull(),
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('data_alteracao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reposicao_modelo_empresa_nome_uk').on(t.companyId, t.nameKey)],
);

/** A stored calculation (see the module comment). */
export const replenishmentCalculations = pgTable(
  'reposicao_calculo',
  {
    id: serial('id').primaryKey(),
    companyId: integer('empresa_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    templateId: integer('modelo_id').references(() => replenishmentTemplates.id, { onDelete: 'set null' }),
    parameters: jsonb('parametros').$type<ReplenishmentCalculationRequest>().notNull(),
    totals: jsonb('totais').$type<ReplenishmentTotals>().notNull(),
    /** First month of every line's `historico`, 'YYYY-MM'. */
    historyStart: varchar('historico_inicio', { length: 7 }).notNull(),
    durationMs: integer('duracao_ms').notNull(),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expira_em', { withTimezone: true }),
  },
  (t) => [index('reposicao_calculo_empresa_idx').on(t.companyId, t.createdAt), index('reposicao_calculo_expira_idx').on(t.expiresAt)],
);

/** One line of a calculation (see the module comment and `ReplenishmentItem` of contracts). */
export const replenishmentCalculationLines = pgTable(
  'reposicao_calculo_item',
  {
    calculationId: integer('calculo_id')
      .notNull()
      .references(() => replenishmentCalculations.id, { onDelete: 'cascade' }),
    productId: integer('produto_id').notNull(),
    erpProductId: integer('erp_produto_id'),
    sku: varchar('sku', { length: 100 }),
    isbn13: varchar('isbn13', { length: 13 }),
    title: varchar('titulo', { length: 500 }).notNull(),
    authors: varchar('autores', { length: 500 }),
    publisherId: integer('editora_id'),
    publisher: varchar('editora', { length: 300 }),
    situation: varchar('situacao', { length: 10 }),
    physical: integer('fisico').notNull(),
    reserved: integer('reservado').notNull(),
    blocked: integer('bloqueado').notNull(),
    onOrder: integer('pedido_compra').notNull(),
    available: integer('disponivel').notNull(),
    network: integer('rede').notNull(),
    /** Units already covered by approved replacements the ERP stock does not show yet. */
    covered: integer('coberto').notNull().default(0),
    minStock: integer('estoque_minimo'),
    maxStock: integer('estoque_maximo'),
    meanDemand: numeric('demanda_media', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    level: integer('nivel_reposicao').notNull(),
    suggested: integer('quantidade_sugerida').notNull(),
    toOrder: integer('quantidade_pedido').notNull(),
    coverPriceCents: bigint('preco_centavos', { mode: 'number' }),
    unitCostCents: bigint('custo_centavos', { mode: 'number' }),
    method: varchar('metodo', { length: 30 }).$type<ReplenishmentMethod>().notNull(),
    /** Monthly net demand read (oldest first, from the calculation's `historico_inicio`). */
    history: integer('historico').array().notNull(),
    /** Months without available stock (0-based indexes into `historico`) and lost sales per month, for the stockout correction. */
    stockout: jsonb('ruptura').$type<{ meses: number[]; vendasPerdidas: number[] }>(),
  },
  (t) => [
    primaryKey({ columns: [t.calculationId, t.productId] }),
    index('reposicao_calculo_item_sugerida_idx').on(t.calculationId, t.suggested),
    index('reposicao_calculo_item_editora_idx').on(t.calculationId, t.publisherId),
  ],
);

/** A generated replacement (SPEC 3 "Replacement"). */
export const replacements = pgTable(
  'reposicao',
  {
    id: serial('id').primaryKey(),
    companyId: integer('empresa_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    calculationId: integer('calculo_id').references(() => replenishmentCalculations.id, { onDelete: 'set null' }),
    description: varchar('descricao', { length: 200 }).notNull(),
    status: varchar('status', { length: 12 }).$type<ReplacementStatus>().notNull().default('GERADA'),
    parameters: jsonb('parametros').$type<ReplenishmentCalculationRequest>().notNull(),
    generatedBy: integer('gerado_por').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    approvedBy: integer('aprovado_por').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('data_aprovacao', { withTimezone: true }),
    justification: varchar('justificativa', { length: 500 }),
    /** Totals over the items, kept in step with every item edit. */
    items: integer('itens').notNull().default(0),
    suggestedQuantity: integer('quantidade_sugerida').notNull().default(0),
    orderQuantity: integer('quantidade_pedido').notNull().default(0),
    coverValueCents: bigint('valor_capa_centavos', { mode: 'number' }).notNull().default(0),
    costValueCents: bigint('valor_custo_centavos', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('reposicao_empresa_data_idx').on(t.companyId, t.createdAt), index('reposicao_empresa_status_idx').on(t.companyId, t.status)],
);

/** One item of a replacement. */
export const replacementItems = pgTable(
  'reposicao_item',
  {
    id: serial('id').primaryKey(),
    replacementId: integer('reposicao_id')
      .notNull()
      .references(() => replacements.id, { onDelete: 'cascade' }),
    productId: integer('produto_id')
      .notNull()
      .references(() => products.id),
    erpProductId: integer('erp_produto_id').references(() => erpProducts.id, { onDelete: 'set null' }),
    sku: varchar('sku', { length: 100 }),
    isbn13: varchar('isbn13', { length: 13 }),
    title: varchar('titulo', { length: 500 }).notNull(),
    authors: varchar('autores', { length: 500 }),
    publisherId: integer('editora_id'),
    publisher: varchar('editora', { length: 300 }),
    available: integer('saldo_disponivel').notNull(),
    suggested: integer('quantidade_sugerida').notNull(),
    toOrder: integer('quantidade_pedido').notNull(),
    coverPriceCents: bigint('preco_centavos', { mode: 'number' }),
    unitCostCents: bigint('custo_centavos', { mode: 'number' }),
    method: varchar('metodo', { length: 30 }).$type<ReplenishmentMethod>().notNull(),
  },
  (t) => [uniqueIndex('reposicao_item_produto_uk').on(t.replacementId, t.productId), index('reposicao_item_produto_idx').on(t.productId)],
);

/** Audit trail of a replacement's status: every transition with user, time and justification. */
export const replacementTransitions = pgTable(
  'reposicao_transicao',
  {
    id: serial('id').primaryKey(),
    replacementId: integer('reposicao_id')
      .notNull()
      .references(() => replacements.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 12 }).$type<ReplacementStatus>().notNull(),
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    justification: text('justificativa'),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reposicao_transicao_reposicao_idx').on(t.replacementId, t.id)],
);

/** A purchase order the approval queued for the ERP: one per supplier (publisher; null = none). */
export const replacementPurchaseOrders = pgTable(
  'reposicao_pedido_compra',
  {
    id: serial('id').primaryKey(),
    replacementId: integer('reposicao_id')
      .notNull()
      .references(() => replacements.id, { onDelete: 'cascade' }),
    publisherId: integer('editora_id'),
    publisher: varchar('editora', { length: 300 }),
    reference: varchar('referencia', { length: 50 }).notNull(),
    items: integer('itens').notNull(),
    quantity: integer('quantidade').notNull(),
    outgoingItemId: integer('fila_integracao_id').references(() => outgoingItems.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('reposicao_pedido_compra_referencia_uk').on(t.replacementId, t.reference)],
);

/**
 * Days the stockout history looked at a company's stock in a month (`mes` = its first day), and the
 * last day it did (a second run the same day counts nothing). Migration 0018_stockout_history.sql.
 */
export const stockObservationMonths = pgTable(
  'estoque_observacao_mes',
  {
    companyId: integer('empresa_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    month: date('mes').notNull(),
    days: smallint('dias').notNull(),
    lastDay: date('ultimo_dia').notNull(),
  },
  (t) => [primaryKey({ name: 'estoque_observacao_mes_pk', columns: [t.companyId, t.month] })],
);

/** Days of a month (`mes` = its first day) an ERP product had no available stock when the history looked. */
export const stockoutMonths = pgTable(
  'estoque_ruptura_mes',
  {
    companyId: integer('empresa_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    erpProductId: integer('produto_id')
      .notNull()
      .references(() => erpProducts.id, { onDelete: 'cascade' }),
    month: date('mes').notNull(),
    daysWithoutStock: smallint('dias_sem_estoque').notNull(),
  },
  (t) => [primaryKey({ name: 'estoque_ruptura_mes_pk', columns: [t.companyId, t.month, t.erpProductId] }), index('estoque_ruptura_mes_produto_idx').on(t.erpProductId)],
);
