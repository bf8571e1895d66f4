import { boolean, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Profile (SPEC section 3 "Profile"): a named set of roles. */
export const profiles = pgTable('perfil', {
  id: serial('id').primaryKey(),
  name: varchar('nome', { length: 100 }).notNull().unique(),
  description: text('descricao'),
  active: boolean('ativo').notNull().default(true),
  createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('data_alteracao', { withTimezone: true }).notNull().defaultNow(),
});

/** The roles (catalogue strings of `@acervo/contracts` ROLES) a profile grants. */
export const profileRoles = pgTable(
  'perfil_permissao',
  {
    profileId: integer('perfil_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 100 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.role] })],
);
