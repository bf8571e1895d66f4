import { boolean, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Company (SPEC section 3 "Company"): `cnpj` holds 14 digits, no punctuation. */
export const companies = pgTable('empresa', {
  id: serial('id').primaryKey(),
  name: varchar('nome', { length: 150 }).notNull(),
  description: text('descricao'),
  cnpj: varchar('cnpj', { length: 14 }).notNull().unique(),
  erpCode: varchar('codigo_erp', { length: 50 }),
  active: boolean('ativo').notNull().default(true),
  apiAccess: boolean('acesso_api').notNull().default(false),
  createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('data_alteracao', { withTimezone: true }).notNull().defaultNow(),
});
