import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { ErpEntity } from '@acervo/contracts';
import { companies } from '../companies/companies.schema.ts';

/**
 * Tables of the ERP integration's bookkeeping (issue 7), shared by the sync (`erp/`, which writes
 * them) and the integration screens (`integration/`, which read them and act on them). The
 * operational data the sync stores (sales, stock, clients...) lives in `erp/erp-data.schema.ts`.
 */

/** Outcome of one exchange with the ERP. */
export type IntegrationStatus = 'SUCESSO' | 'ERRO';

/**
 * Integration log: one row per HTTP exchange with the ERP (SPEC section 2 "integration log").
 * `tipo` is the ERP-integration type (`SIMULADOR`...), `operacao` what the call did (LOGIN, SAUDE,
 * LISTAR, ENVIAR_PRODUTO, ENVIAR_PEDIDO), `entidade` the entity type for LISTAR (null otherwise),
 * `registros` the records the answer carried (LISTAR). Bodies are capped (`LOG_BODY_LIMIT`
 * characters, then '…[truncado]'); passwords and tokens are masked before they are written.
 * "Contains" filters on `requisicao`/`resposta` use the trigram indexes.
 * Kept by the log-retention parameters through a clean-up task.
 */
export const integrationLogs = pgTable(
  'log_integracao',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('data', { withTimezone: true }).notNull().defaultNow(),
    integrationType: varchar('tipo', { length: 30 }).notNull(),
    operation: varchar('operacao', { length: 30 }).notNull(),
    entity: varchar('entidade', { length: 30 }).$type<ErpEntity>(),
    companyId: integer('empresa_id').references(() => companies.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 10 }).$type<IntegrationStatus>().notNull(),
    method: varchar('metodo', { length: 10 }).notNull(),
    url: varchar('url', { length: 2000 }).notNull(),
    httpStatus: integer('codigo_http'),
    durationMs: integer('duracao_ms').notNull(),
    records: integer('registros'),
    request: text('requisicao'),
    response: text('resposta'),
    message: text('mensagem'),
  },
  (t) => [
    index('log_integracao_data_idx').on(t.createdAt.desc(), t.id.desc()),
    index('log_integracao_empresa_data_idx').on(t.companyId, t.createdAt.desc()),
    index('log_integracao_requisicao_trgm').using('gin', sql`${t.request} gin_trgm_ops`),
    index('log_integracao_resposta_trgm').using('gin', sql`${t.response} gin_trgm_ops`),
  ],
);

/**
 * Sync state of one entity type in one company: the watermark (`cursor`, the protocol's opaque
 * position after the last record applied, moved in the same transaction as the page's upserts),
 * the last successful sync (a run that reached the end of the feed), the last attempt and its
 * error, and `registros` = the records stored for the company (refreshed after each run). A row
 * without cursor and `resyncFrom` starts from the beginning of the feed.
 */
export const entitySyncStates = pgTable(
  'status_integracao_entidade',
  {
    companyId: integer('empresa_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    entity: varchar('entidade', { length: 30 }).$type<ErpEntity>().notNull(),
    cursor: varchar('cursor', { length: 500 }),
    /** Start of a re-sync (`desde` of the protocol) while `cursor` is null: set by "re-sync from a date". */
    resyncFrom: timestamp('sincronizar_desde', { withTimezone: true }),
    lastSuccessAt: timestamp('ultima_sincronizacao', { withTimezone: true }),
    lastAttemptAt: timestamp('ultima_tentativa', { withTimezone: true }),
    lastError: text('ultimo_erro'),
    storedRecords: bigint('registros', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('data_alteracao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.entity] })],
);

/**
 * Records received per company, entity type and local day (America/Sao_Paulo), for the statistics
 * chart (30 days); `erros` = malformed records of that day. Upserted by each page.
 */
export const syncDailyCounts = pgTable(
  'sincronizacao_diaria',
  {
    companyId: integer('empresa_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    entity: varchar('entidade', { length: 30 }).$type<ErpEntity>().notNull(),
    day: date('dia').notNull(),
    records: integer('registros').notNull().default(0),
    errors: integer('erros').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.entity, t.day] })],
);

/** State of a rejected record: PENDENTE until reprocessed (REPROCESSADO) or superseded by a newer valid version (SUPERADO). */
export type RejectedRecordStatus = 'PENDENTE' | 'REPROCESSADO' | 'SUPERADO';

/**
 * A record the sync could not apply (malformed, or referring to something missing), kept with its
 * raw JSON and the reason so the rest of the page goes on; reprocessing applies it again.
 * One row per (company, entity, ERP id): a second failure of the same record updates it.
 */
export const rejectedRecords = pgTable(
  'registro_rejeitado',
  {
    id: serial('id').primaryKey(),
    companyId: integer('empresa_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    entity: varchar('entidade', { length: 30 }).$type<ErpEntity>().notNull(),
    erpId: varchar('id_erp', { length: 100 }).notNull(),
    payload: jsonb('conteudo').notNull(),
    error: text('erro').notNull(),
    status: varchar('status', { length: 12 }).$type<RejectedRecordStatus>().notNull().default('PENDENTE'),
    attempts: integer('tentativas').notNull().default(1),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('data_alteracao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('registro_rejeitado_uk').on(t.companyId, t.entity, t.erpId), index('registro_rejeitado_status_idx').on(t.companyId, t.status)],
);

/** Kind of an outgoing item. */
export type OutgoingKind = 'PRODUTO' | 'PEDIDO';
/** State of an outgoing item. */
export type OutgoingStatus = 'PENDENTE' | 'ENVIANDO' | 'ENVIADO' | 'ERRO';

/**
 * Outgoing queue (SPEC "integration queue", `/product/fila`): products and orders waiting to go to
 * the ERP. `payload` is the protocol body (`ErpProductOut`/`ErpOrderOut`); `reference` the Acervo
 * key (product id, order reference) shown in the screen. A sender job takes PENDENTE items whose
 * `nextAttemptAt` has come, with exponential back-off on failure (`attempts`); after the last
 * attempt the item stays ERRO with the ERP's answer until someone retries it.
 */
export const outgoingItems = pgTable(
  'fila_integracao',
  {
    id: serial('id').primaryKey(),
    companyId: integer('empresa_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: varchar('tipo', { length: 10 }).$type<OutgoingKind>().notNull(),
    reference: varchar('referencia', { length: 100 }).notNull(),
    description: varchar('descricao', { length: 500 }).notNull(),
    payload: jsonb('conteudo').notNull(),
    status: varchar('status', { length: 10 }).$type<OutgoingStatus>().notNull().default('PENDENTE'),
    attempts: integer('tentativas').notNull().default(0),
    nextAttemptAt: timestamp('proxima_tentativa', { withTimezone: true }).notNull().defaultNow(),
    response: text('resposta'),
    erpId: varchar('id_erp', { length: 100 }),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('data_envio', { withTimezone: true }),
    updatedAt: timestamp('data_alteracao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fila_integracao_empresa_status_idx').on(t.companyId, t.status, t.id), index('fila_integracao_pendente_idx').on(t.status, t.nextAttemptAt)],
);
