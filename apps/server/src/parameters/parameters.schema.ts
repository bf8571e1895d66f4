import { pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** System parameter (SPEC section 3 "Parameters"): keys and defaults in `@acervo/contracts` PARAMETER_DEFAULTS. */
export const parameters = pgTable('parametro', {
  key: varchar('chave', { length: 100 }).primaryKey(),
  value: text('valor').notNull(),
  updatedAt: timestamp('data_alteracao', { withTimezone: true }).notNull().defaultNow(),
});
