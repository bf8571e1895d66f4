import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.schema.ts';

/**
 * System parameter (SPEC section 3 "Parameters"): keys and defaults in `@acervo/contracts`
 * PARAMETER_DEFAULTS. Secret keys (SECRET_PARAMETER_KEYS) hold the AES-256-GCM stored form of
 * `shared/secrets.ts`, never the plain text.
 */
export const parameters = pgTable('parametro', {
  key: varchar('chave', { length: 100 }).primaryKey(),
  value: text('valor').notNull(),
  updatedAt: timestamp('data_alteracao', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Per-company API access login (SPEC section 3 "Parameters": id, e-mail, password, company). The
 * password is kept encrypted (`senha_cifrada`, AES-256-GCM, context `acesso-api`), never hashed,
 * because it is handed to the integration that signs in with it. E-mail unique per company,
 * without case.
 */
export const apiAccess = pgTable(
  'acesso_api',
  {
    id: serial('id').primaryKey(),
    companyId: integer('empresa_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    encryptedPassword: text('senha_cifrada').notNull(),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('data_alteracao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('acesso_api_empresa_email_uk').on(t.companyId, sql`lower(${t.email})`)],
);
