import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Profile (SPEC section 3 "Profile"): a named set of roles; the name is unique without case. */
export const profiles = pgTable(
  'perfil',
  {
    id: serial('id').primaryKey(),
    name: varchar('nome', { length: 100 }).notNull(),
    description: text('descricao'),
    active: boolean('ativo').notNull().default(true),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('data_alteracao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('perfil_nome_uk').on(sql`lower(${t.name})`)],
);

/** The roles (catalogue strings of `@acervo/contracts` ROLES) a profile grants. */
export const profileRoles = pgTable(
  'perfil_permissao',
  {
    profileId: integer('perfil_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 100 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.role] })],
);
