import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.schema.ts';
import { users } from '../users/users.schema.ts';
import { products } from '../products/products.schema.ts';
import { opportunityReasons } from '../lookups/lookups.schema.ts';

/**
 * Opportunity (issue 16 part 3; SPEC 3 "Opportunity"): a lost sale (`VENDA_PERDIDA`) or a purchase
 * suggestion (`SUGESTAO_COMPRA`) registered at the Terminal in one company (`empresa_id`, the
 * selected company of the caller), by one user, at one instant (`data_cadastro`).
 * - `produto_id`: the catalogue product, NULL for a title the catalogue does not have (then `ean`
 *   and `descricao` are what was typed); deleting the product keeps the opportunity (SET NULL),
 *   its EAN and description still say what was asked for.
 * - `ean`: 13 digits (ISBN-10 typed is stored converted); `issn`: `NNNN-NNNC`.
 * - `motivo_id`: the reason (register `motivo-oportunidade`); a reason in use cannot be deleted,
 *   only deactivated (NO ACTION: the foreign key refuses the delete, which the register answers 409).
 * - `usuario_id`: who registered it; SET NULL when the user is deleted.
 * Deleting a company deletes its opportunities. The checks repeat the request bounds of contracts.
 * Indexes: per company by date (the report, newest first) and per product by date (the Terminal's
 * `oportunidadesAbertas`, 90 days), plus by EAN for titles registered without a product.
 */
export const opportunities = pgTable(
  'oportunidade',
  {
    id: serial('id').primaryKey(),
    companyId: integer('empresa_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    productId: integer('produto_id').references(() => products.id, { onDelete: 'set null' }),
    ean: varchar('ean', { length: 13 }),
    issn: varchar('issn', { length: 9 }),
    description: varchar('descricao', { length: 300 }).notNull(),
    quantity: integer('quantidade').notNull(),
    type: varchar('tipo', { length: 20 }).notNull(),
    reasonId: integer('motivo_id')
      .notNull()
      .references(() => opportunityReasons.id),
    observation: varchar('observacao', { length: 1000 }),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('oportunidade_tipo_ck', sql`${t.type} IN ('VENDA_PERDIDA', 'SUGESTAO_COMPRA')`),
    check('oportunidade_quantidade_ck', sql`${t.quantity} BETWEEN 1 AND 9999`),
    index('oportunidade_empresa_data_idx').on(t.companyId, t.createdAt.desc()),
    index('oportunidade_produto_data_idx').on(t.productId, t.createdAt),
    index('oportunidade_ean_idx').on(t.ean),
  ],
);
