import { bigint, index, integer, numeric, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.schema.ts';
import { users } from '../users/users.schema.ts';
import { products } from '../products/products.schema.ts';
import { outgoingItems } from '../integration/integration.schema.ts';
import { erpCarriers, erpClients, erpFiscalOperations, erpPaymentForms, erpProducts, erpSellers } from '../erp/data/erp-data.schema.ts';

/**
 * Sales orders (issue 19 part 2, docs/sales-orders.md; migration 0015_sales_orders.sql).
 * `numero` counts from 1 per company and is the ERP `referencia`; `usuario_id` who typed it;
 * `vendedor_usuario_id` the seller (an Acervo user flagged seller) and `vendedor_erp_id` the ERP
 * seller it resolved to (by the user's ERP seller code, else by e-mail; null when none);
 * the registers are the company's ERP rows. `quantidade` units and `total_centavos` (Σ line nets,
 * cents) repeat the lines for the list. The ERP status is the queue item's (`fila_integracao_id`).
 * `chave_idempotencia` is the submit's `Idempotency-Key`, unique per company and user.
 */
export const salesOrders = pgTable(
  'pedido_venda',
  {
    id: serial('id').primaryKey(),
    companyId: integer('empresa_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    number: integer('numero').notNull(),
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    sellerUserId: integer('vendedor_usuario_id').references(() => users.id, { onDelete: 'set null' }),
    erpSellerId: integer('vendedor_erp_id').references(() => erpSellers.id),
    clientId: integer('cliente_id')
      .notNull()
      .references(() => erpClients.id),
    paymentFormId: integer('forma_pagamento_id')
      .notNull()
      .references(() => erpPaymentForms.id),
    carrierId: integer('transportadora_id').references(() => erpCarriers.id),
    fiscalOperationId: integer('tipo_operacao_fiscal_id')
      .notNull()
      .references(() => erpFiscalOperations.id),
    note: varchar('observacao', { length: 1000 }),
    quantity: integer('quantidade').notNull(),
    totalCents: bigint('total_centavos', { mode: 'number' }).notNull(),
    outgoingItemId: integer('fila_integracao_id').references(() => outgoingItems.id, { onDelete: 'set null' }),
    idempotencyKey: varchar('chave_idempotencia', { length: 100 }),
    /** SHA-256 (hex) of the submitted body: a key re-sent with another body answers 409. */
    requestHash: varchar('hash_requisicao', { length: 64 }),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pedido_venda_empresa_numero_uk').on(t.companyId, t.number),
    uniqueIndex('pedido_venda_idempotencia_uk').on(t.companyId, t.userId, t.idempotencyKey),
    index('pedido_venda_empresa_data_idx').on(t.companyId, t.createdAt),
    index('pedido_venda_vendedor_data_idx').on(t.sellerUserId, t.createdAt),
    index('pedido_venda_cliente_idx').on(t.clientId),
  ],
);

/**
 * A line of a sales order: the catalogue product and the company's ERP product it was sent as,
 * units, unit price (cents), discount percent (2 decimals) and the computed discount and net
 * (`orderLineNet` of contracts: net = quantidade × preço − round(bruto × desconto / 100)).
 */
export const salesOrderLines = pgTable(
  'pedido_venda_item',
  {
    orderId: integer('pedido_venda_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    line: smallint('linha').notNull(),
    productId: integer('produto_id')
      .notNull()
      .references(() => products.id),
    erpProductId: integer('erp_produto_id')
      .notNull()
      .references(() => erpProducts.id),
    quantity: integer('quantidade').notNull(),
    unitPriceCents: bigint('preco_unitario_centavos', { mode: 'number' }).notNull(),
    discountPercent: numeric('desconto_percentual', { precision: 5, scale: 2 }).notNull(),
    discountCents: bigint('desconto_centavos', { mode: 'number' }).notNull(),
    netCents: bigint('valor_liquido_centavos', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.line] })],
);
