import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { AuditChange } from '@acervo/contracts';
import { users } from '../users/users.schema.ts';

/**
 * Audit trail (issue 6, part 7): one row per create, update, delete, activation, password change
 * and permission change, written in the same transaction as the change. `companyId` is the
 * actor's selected company (kept as a plain number: the company may be deleted later);
 * `changes` lists the changed fields with their values before and after, secrets masked.
 */
export const auditLog = pgTable(
  'auditoria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('data', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    userName: varchar('nome_usuario', { length: 150 }),
    companyId: integer('empresa_id'),
    entity: varchar('entidade', { length: 50 }).notNull(),
    recordId: varchar('id_registro', { length: 50 }).notNull(),
    action: varchar('acao', { length: 20 }).notNull(),
    changes: jsonb('alteracoes').$type<AuditChange[]>().notNull(),
  },
  (t) => [index('auditoria_registro_idx').on(t.entity, t.recordId, t.at.desc())],
);
