import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * An uploaded product import (migration 0007; docs/product-import.md). `status` PREVIA → NA_FILA →
 * PROCESSANDO → CONCLUIDA | ERRO. Counts: `total` rows read, `novas`/`atualizacoes` valid rows,
 * `comErro` rows refused by the preview; write progress `processados`, `gravados`, `rejeitados`,
 * `linhasPorSegundo`. `avisos` pt-BR notes (string[]); `colunas` the file's columns in order
 * (string[], for the rejected-rows XLSX). Deleted with its rows after `expiraEm`.
 */
export const productImports = pgTable(
  'produto_importacao',
  {
    id: serial('id').primaryKey(),
    userId: integer('usuario_id'),
    fileName: varchar('nome_arquivo', { length: 300 }).notNull(),
    format: varchar('formato', { length: 10 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('PREVIA'),
    total: integer('total').notNull().default(0),
    creates: integer('novas').notNull().default(0),
    updates: integer('atualizacoes').notNull().default(0),
    withErrors: integer('com_erro').notNull().default(0),
    processed: integer('processados').notNull().default(0),
    written: integer('gravados').notNull().default(0),
    rejected: integer('rejeitados').notNull().default(0),
    rowsPerSecond: doublePrecision('linhas_por_segundo').notNull().default(0),
    notices: jsonb('avisos').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    columns: jsonb('colunas').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    message: text('mensagem'),
    createdAt: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('iniciado_em', { withTimezone: true }),
    finishedAt: timestamp('concluido_em', { withTimezone: true }),
    expiresAt: timestamp('expira_em', { withTimezone: true }).notNull(),
  },
  (t) => [index('produto_importacao_expira_idx').on(t.expiresAt)],
);

/**
 * One row of an import. `linha` spreadsheet row (header = 1) or ONIX `<Product>` start line;
 * `acao` CRIAR | ALTERAR (null when `erros`); `erros` `[{coluna, motivo}]` or null; `dados` what
 * the write needs (`{record, extras}`, null when `erros`); `original` the row as read (column →
 * text) for the rejected-rows XLSX; `resultado` GRAVADA | REJEITADA after the write.
 */
export const productImportRows = pgTable(
  'produto_importacao_linha',
  {
    importId: integer('importacao_id')
      .notNull()
      .references(() => productImports.id, { onDelete: 'cascade' }),
    line: integer('linha').notNull(),
    isbn13: varchar('isbn13', { length: 13 }),
    title: varchar('titulo', { length: 500 }),
    action: varchar('acao', { length: 10 }),
    errors: jsonb('erros').$type<{ coluna: string; motivo: string }[]>(),
    data: jsonb('dados'),
    original: jsonb('original').$type<Record<string, string>>().notNull(),
    result: varchar('resultado', { length: 10 }),
  },
  (t) => [
    primaryKey({ name: 'produto_importacao_linha_pk', columns: [t.importId, t.line] }),
    index('produto_importacao_linha_erros_idx').on(t.importId, t.line).where(sql`${t.errors} IS NOT NULL`),
  ],
);
