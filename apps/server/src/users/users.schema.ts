import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.schema.ts';
import { profiles } from '../profiles/profiles.schema.ts';

/**
 * User (SPEC section 3 "User"). `passwordHash` is the argon2id hash of the client hash (never the
 * typed password). `mustChangePassword` is the session's `indNewPassword`.
 */
export const users = pgTable(
  'usuario',
  {
    id: serial('id').primaryKey(),
    name: varchar('nome', { length: 150 }).notNull(),
    email: varchar('email', { length: 254 }),
    login: varchar('login', { length: 100 }).notNull(),
    passwordHash: text('senha_hash').notNull(),
    active: boolean('ativo').notNull().default(true),
    mustChangePassword: boolean('ind_new_password').notNull().default(false),
    erpId: varchar('id_erp', { length: 50 }),
    isSeller: boolean('ind_vendedor').notNull().default(false),
    /** The user's seller code in the ERP (wire `codigoVendedorErp`); `erpId` is the ERP user code (`codigoErp`). */
    erpSellerCode: varchar('codigo_vendedor_erp', { length: 50 }),
    lastCompanyId: integer('ultima_empresa_id').references(() => companies.id, { onDelete: 'set null' }),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('data_alteracao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('usuario_login_uk').on(sql`lower(${t.login})`),
    uniqueIndex('usuario_email_uk').on(sql`lower(${t.email})`),
  ],
);

/** User–company–profile link: a user may hold a different profile in each company. */
export const userCompanies = pgTable(
  'usuario_empresa',
  {
    userId: integer('usuario_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('empresa_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    profileId: integer('perfil_id').notNull().references(() => profiles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('usuario_empresa_empresa_idx').on(t.companyId)],
);
