import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.schema.ts';
import { users } from '../users/users.schema.ts';

/**
 * Goal (issue 6, part 6): the sales goal of one company in one month, in BRL integer cents
 * (`valor`, never a float). One row per (company, year, month); a month without a row has no goal.
 * The checks repeat the request bounds of `@acervo/contracts` goals (2000-2100, 1-12, value >= 0)
 * so no other writer can store what the API refuses. Deleting a company deletes its goals.
 */
export const goals = pgTable(
  'meta',
  {
    companyId: integer('empresa_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    year: smallint('ano').notNull(),
    month: smallint('mes').notNull(),
    valueCents: bigint('valor', { mode: 'number' }).notNull(),
    updatedBy: integer('usuario_alteracao_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('data_alteracao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.year, t.month] }),
    check('meta_ano_ck', sql`${t.year} BETWEEN 2000 AND 2100`),
    check('meta_mes_ck', sql`${t.month} BETWEEN 1 AND 12`),
    check('meta_valor_ck', sql`${t.valueCents} >= 0`),
  ],
);
