import { index, integer, pgTable, serial, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.schema.ts';
import { users } from '../users/users.schema.ts';

/**
 * Server-side session behind each JWT (`jti` = id). Logout and refresh set `revokedAt`; the
 * inactivity parameter is checked against `lastSeenAt`.
 */
export const sessions = pgTable(
  'sessao',
  {
    id: uuid('id').primaryKey(),
    userId: integer('usuario_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('empresa_id').references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expira_em', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('ultimo_acesso', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revogada_em', { withTimezone: true }),
  },
  (t) => [index('sessao_usuario_idx').on(t.userId)],
);

/** One-time password reset tokens; only the SHA-256 of the token is stored. */
export const passwordResets = pgTable('redefinicao_senha', {
  id: serial('id').primaryKey(),
  userId: integer('usuario_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  expiresAt: timestamp('expira_em', { withTimezone: true }).notNull(),
  usedAt: timestamp('usado_em', { withTimezone: true }),
  createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
});

/** Outgoing e-mail: every message is written here; `sentAt` is set when SMTP delivered it. */
export const emailOutbox = pgTable('email_saida', {
  id: serial('id').primaryKey(),
  to: varchar('destinatario', { length: 254 }).notNull(),
  subject: varchar('assunto', { length: 200 }).notNull(),
  body: text('corpo').notNull(),
  createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('enviado_em', { withTimezone: true }),
  error: text('erro'),
});

/**
 * Failed-login counters for rate limiting, shared by every process. `key` is `login:<login>` or
 * `ip:<address>`; `windowStart` begins the counting window.
 */
export const loginFailures = pgTable('tentativa_login', {
  key: varchar('chave', { length: 200 }).primaryKey(),
  failures: integer('falhas').notNull().default(0),
  windowStart: timestamp('inicio_janela', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('bloqueado_ate', { withTimezone: true }),
});
