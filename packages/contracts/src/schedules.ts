import { z } from 'zod';
import { idSchema, integer, listQuerySchema, pagedListSchema, text } from './common.ts';
import { MAX_REPEAT_MINUTES, cronError } from './cron.ts';

export * from './cron.ts';

/**
 * Wire schemas of scheduled tasks (issue 6, part 5): `GET/POST agendamento`,
 * `GET/PUT/DELETE agendamento/{id}`, `PUT agendamento/inativa/{id}`, `POST agendamento/{id}/executar`,
 * `GET agendamento/{id}/execucoes`, `GET agendamento/tipos`. Instants are ISO 8601 (UTC) on the wire;
 * the web shows them DD/MM/YYYY HH:mm. Periods are cron expressions evaluated in America/Sao_Paulo
 * (`cron.ts`).
 */

/**
 * Outcome of a finished run: SUCESSO; AVISO ("Sucesso com avisos": the run did its work but part of
 * it failed, e.g. an ERP sync where one company's code is unknown to the ERP while the others
 * synced; the message names what failed); ERRO (nothing done, or the task threw).
 */
export const SCHEDULE_RESULTS = ['SUCESSO', 'AVISO', 'ERRO'] as const;
/** Outcome of a finished run. */
export type ScheduleResult = (typeof SCHEDULE_RESULTS)[number];

/** State of a run: queued (PENDENTE), running (EM_EXECUCAO), then SUCESSO, AVISO or ERRO. */
export const SCHEDULE_RUN_STATUSES = ['PENDENTE', 'EM_EXECUCAO', ...SCHEDULE_RESULTS] as const;
/** State of a run. */
export type ScheduleRunStatus = (typeof SCHEDULE_RUN_STATUSES)[number];

/** Why a run happened: its due time came (AGENDADA) or a user asked (MANUAL, "Executar agora"). */
export const SCHEDULE_RUN_ORIGINS = ['AGENDADA', 'MANUAL'] as const;
/** Why a run happened. */
export type ScheduleRunOrigin = (typeof SCHEDULE_RUN_ORIGINS)[number];

/**
 * Where a task kind runs: SISTEMA (system-wide only: `idEmpresa` null), EMPRESA (needs a company)
 * or AMBOS (either).
 */
export const TASK_KIND_SCOPES = ['SISTEMA', 'EMPRESA', 'AMBOS'] as const;
/** Where a task kind runs. */
export type TaskKindScope = (typeof TASK_KIND_SCOPES)[number];

/** Runs kept per task (older ones are deleted when a run finishes). */
export const SCHEDULE_HISTORY_SIZE = 50;

/** Most characters of a task name. */
export const SCHEDULE_NAME_MAX = 100;

/** A period: a valid 5-field cron expression (message in pt-BR naming what is wrong). */
export const cronPeriodSchema = text({ min: 1, max: 100 }).superRefine((value, issueContext) => {
  if (!value) return;
  const message = cronError(value);
  if (message) issueContext.addIssue({ code: 'custom', message });
});

/** Repetition interval in minutes: null or 0 = once per due time; 1 to 1440 repeats inside the period. */
export const repeatMinutesSchema = integer({ min: 0, max: MAX_REPEAT_MINUTES }).nullable();

/**
 * Body of `POST agendamento` and `PUT agendamento/{id}` (strict: an unknown field answers 400).
 * - `nome` 1–100 characters; `tipo` a kind of `GET agendamento/tipos` (checked by the server);
 * - `periodo` a cron expression (`cronError`); `intervaloRepeticao` see `repeatMinutesSchema`;
 * - `idEmpresa` null for a system-wide task, or the caller's selected company.
 */
export const scheduleSaveRequestSchema = z.strictObject({
  nome: text({ min: 1, max: SCHEDULE_NAME_MAX }),
  tipo: text({ min: 1, max: 60 }),
  periodo: cronPeriodSchema,
  intervaloRepeticao: repeatMinutesSchema.default(null),
  ativo: z.boolean({ error: 'Deve ser verdadeiro ou falso' }).default(true),
  idEmpresa: idSchema.nullable().default(null),
});
/** Body of a task save, as sent. */
export type ScheduleSaveRequest = z.input<typeof scheduleSaveRequestSchema>;
/** Body of a task save, once parsed. */
export type ScheduleSave = z.output<typeof scheduleSaveRequestSchema>;

/** One scheduled task as every call answers it. */
export const scheduleSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  tipo: z.string(),
  /** pt-BR label of the kind (the kind's id when no longer registered). */
  descricaoTipo: z.string(),
  periodo: z.string(),
  /** pt-BR description of the period, e.g. "Às 02:00". */
  descricaoPeriodo: z.string(),
  intervaloRepeticao: z.number().int().nullable(),
  /** Next due time (ISO 8601), computed by the server; null while inactive. */
  proximaExecucao: z.string().nullable(),
  ativo: z.boolean(),
  /** Company the task belongs to; null = system-wide. */
  idEmpresa: z.number().int().nullable(),
  /** Built-in task seeded on install: may be edited or deactivated, not deleted. */
  sistema: z.boolean(),
  /** Start of the last finished run (ISO 8601). */
  ultimaExecucao: z.string().nullable(),
  ultimoResultado: z.enum(SCHEDULE_RESULTS).nullable(),
  /** Duration of the last finished run, in milliseconds. */
  ultimaDuracaoMs: z.number().int().nullable(),
  /** Message of the last finished run (what it did, or the error). */
  ultimaMensagem: z.string().nullable(),
});
/** One scheduled task. */
export type Schedule = z.infer<typeof scheduleSchema>;

/** `GET agendamento`: the list query plus `tipo` (one kind). */
export const scheduleListQuerySchema = listQuerySchema.extend({
  tipo: text({ max: 60 }).optional(),
  /**
   * Kinds (comma-separated codes) whose label in the screen's language contains `term`: `term`
   * then also finds their tasks. The server stores a built-in task's name in pt-BR only, so in
   * English "stock" found nothing although the Type column read "Sync stock from the ERP".
   * Unknown codes are ignored; without `term` it does nothing.
   */
  tiposTermo: text({ max: 4000 }).optional(),
});
/** Query of `GET agendamento`. */
export type ScheduleListQuery = z.infer<typeof scheduleListQuerySchema>;

/** Page of `GET agendamento`. */
export const schedulePageSchema = pagedListSchema(scheduleSchema);

/** Sortable columns of `GET agendamento` (`sorter=campo,asc|desc`). */
export const SCHEDULE_SORT_FIELDS = ['nome', 'tipo', 'periodo', 'intervaloRepeticao', 'proximaExecucao', 'ultimaExecucao', 'ultimoResultado', 'ultimaDuracaoMs', 'ativo'] as const;

/** One run of a task (`GET agendamento/{id}/execucoes`, newest first, at most 50). */
export const scheduleRunSchema = z.object({
  id: z.number().int(),
  idAgendamento: z.number().int(),
  origem: z.enum(SCHEDULE_RUN_ORIGINS),
  status: z.enum(SCHEDULE_RUN_STATUSES),
  /** Due time the run stands for (MANUAL: when it was asked for), ISO 8601. */
  agendadoPara: z.string(),
  inicio: z.string().nullable(),
  fim: z.string().nullable(),
  duracaoMs: z.number().int().nullable(),
  mensagem: z.string().nullable(),
  /** Who asked for a MANUAL run. */
  solicitadoPor: z.string().nullable(),
});
/** One run of a task. */
export type ScheduleRun = z.infer<typeof scheduleRunSchema>;

/** One entry of the task kind registry (`GET agendamento/tipos`). */
export const taskKindSchema = z.object({
  tipo: z.string(),
  descricao: z.string(),
  escopo: z.enum(TASK_KIND_SCOPES),
  /** Period a new task of this kind starts with in the form. */
  periodoSugerido: z.string(),
});
/** One task kind. */
export type TaskKindInfo = z.infer<typeof taskKindSchema>;
