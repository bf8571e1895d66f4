import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.schema.ts';
import { users } from '../users/users.schema.ts';

/**
 * One export the user asked for (issue 17 part 1; SPEC "Export queue item"), migration 0014.
 * - `origem` the report and tab (the item's `nomExportacao`), `formato` CSV | XLSX, `filtros` the
 *   report's query as sent, `requisitante` the requester as when asked (selected company, roles,
 *   login: the job scopes the rows with it, exactly as the report's GET route would have)
 * - `status` AGUARDANDO_PROCESSAMENTO → PROCESSANDO → SUCESSO | ERRO (`motivo`, pt-BR);
 *   `linhas` rows written so far (progress), `processado_por` the process that claimed it
 * - the file: `arquivo` its path under `<DATA_DIR>/exports/` (NULL until SUCESSO, and again once
 *   the expiry task deleted it: `arquivo_expirado_em`), `nome_arquivo` the name the user gets,
 *   `tamanho_bytes`; `visualizado` set by the first download
 * Deleting the user or the company deletes their items (the files go with the next clearing).
 */
export const exportQueue = pgTable(
  'fila_exportacao',
  {
    id: serial('id').primaryKey(),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('empresa_id').references(() => companies.id, { onDelete: 'cascade' }),
    origin: varchar('origem', { length: 200 }).notNull(),
    format: varchar('formato', { length: 4 }).notNull(),
    filters: jsonb('filtros').notNull(),
    requester: jsonb('requisitante').notNull(),
    status: varchar('status', { length: 30 }).notNull().default('AGUARDANDO_PROCESSAMENTO'),
    reason: text('motivo'),
    rows: integer('linhas').notNull().default(0),
    processedBy: varchar('processado_por', { length: 100 }),
    filePath: varchar('arquivo', { length: 300 }),
    fileName: varchar('nome_arquivo', { length: 300 }),
    sizeBytes: bigint('tamanho_bytes', { mode: 'number' }),
    fileExpiredAt: timestamp('arquivo_expirado_em', { withTimezone: true }),
    viewed: boolean('visualizado').notNull().default(false),
    createdAt: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('alterado_em', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('concluido_em', { withTimezone: true }),
  },
  (t) => [
    index('fila_exportacao_usuario_idx').on(t.userId, t.createdAt.desc()),
    // the badge: a user's finished (SUCESSO), not yet downloaded items
    index('fila_exportacao_nao_visualizado_idx').on(t.userId).where(sql`NOT ${t.viewed} AND ${t.status} = 'SUCESSO'`),
    index('fila_exportacao_criado_idx').on(t.createdAt),
  ],
);
