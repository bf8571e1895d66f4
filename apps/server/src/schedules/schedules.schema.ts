import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { ScheduleResult, ScheduleRunOrigin, ScheduleRunStatus } from '@acervo/contracts';
import { companies } from '../companies/companies.schema.ts';

/**
 * Scheduled task (SPEC section 3 "Scheduled task", issue 6 part 5). `periodo` is a 5-field cron
 * expression evaluated in America/Sao_Paulo; `nextRunAt` (`proxima_execucao`) is computed by the
 * server on every save and moved forward by the scheduler when it claims a due time (a conditional
 * UPDATE, so one process claims each due time); null while inactive. `companyId` null = system-wide.
 * `systemKey` marks a built-in task seeded on install (not deletable). The `last*` columns copy the
 * last finished run, for the list.
 */
export const scheduledTasks = pgTable(
  'agendamento',
  {
    id: serial('id').primaryKey(),
    name: varchar('nome', { length: 100 }).notNull(),
    kind: varchar('tipo', { length: 60 }).notNull(),
    period: varchar('periodo', { length: 100 }).notNull(),
    repeatMinutes: integer('intervalo_repeticao'),
    nextRunAt: timestamp('proxima_execucao', { withTimezone: true }),
    active: boolean('ativo').notNull().default(true),
    companyId: integer('empresa_id').references(() => companies.id),
    systemKey: varchar('chave_sistema', { length: 60 }).unique(),
    lastRunAt: timestamp('ultima_execucao', { withTimezone: true }),
    lastResult: varchar('ultimo_resultado', { length: 10 }).$type<ScheduleResult>(),
    lastDurationMs: integer('ultima_duracao_ms'),
    lastMessage: text('ultima_mensagem'),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('data_alteracao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agendamento_proxima_idx').on(t.nextRunAt), index('agendamento_empresa_idx').on(t.companyId)],
);

/**
 * One run of a scheduled task (the last 50 per task are kept). A scheduled run is written in the
 * same transaction that claims its due time, with `dueAt` = that due time: the unique key
 * (task, origin, due time) makes a second run of one due time impossible. The worker moves it
 * PENDENTE → EM_EXECUCAO with a conditional UPDATE (one delivery starts it), then SUCESSO or ERRO.
 */
export const scheduledTaskRuns = pgTable(
  'agendamento_execucao',
  {
    id: serial('id').primaryKey(),
    taskId: integer('agendamento_id')
      .notNull()
      .references(() => scheduledTasks.id, { onDelete: 'cascade' }),
    origin: varchar('origem', { length: 10 }).notNull().$type<ScheduleRunOrigin>(),
    status: varchar('status', { length: 12 }).notNull().$type<ScheduleRunStatus>(),
    dueAt: timestamp('agendado_para', { withTimezone: true }).notNull(),
    startedAt: timestamp('inicio', { withTimezone: true }),
    finishedAt: timestamp('fim', { withTimezone: true }),
    durationMs: integer('duracao_ms'),
    message: text('mensagem'),
    requestedBy: varchar('solicitado_por', { length: 150 }),
  },
  (t) => [uniqueIndex('agendamento_execucao_devida_uk').on(t.taskId, t.origin, t.dueAt), index('agendamento_execucao_agendamento_idx').on(t.taskId, t.id)],
);
