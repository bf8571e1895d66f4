import { z } from 'zod';
import { idSchema, listQuerySchema, pagedListSchema, text } from './common.ts';
import { ERP_ENTITIES } from './erp-protocol.ts';

/**
 * Wire schemas of the ERP integration screens (issue 7 part 4): integration log, lag indicator,
 * statistics, outgoing queue and reprocessing. The server validates requests and answers with
 * them; the web parses the answers with them. Dates without time are ISO `YYYY-MM-DD` on the wire
 * (the screens show DD/MM/YYYY); instants are ISO 8601 UTC strings.
 */

/** Outcome of one exchange with the ERP (`log_integracao.status`). */
export const INTEGRATION_LOG_STATUSES = ['SUCESSO', 'ERRO'] as const;
/** States of an outgoing queue item (`fila_integracao.status`). */
export const OUTGOING_STATUSES = ['PENDENTE', 'ENVIANDO', 'ENVIADO', 'ERRO'] as const;
/** Kinds of an outgoing queue item. */
export const OUTGOING_KINDS = ['PRODUTO', 'PEDIDO'] as const;
/** States of a rejected record (`registro_rejeitado.status`). */
export const REJECTED_RECORD_STATUSES = ['PENDENTE', 'REPROCESSADO', 'SUPERADO'] as const;

/** Message of a date filter that is not a real `YYYY-MM-DD` day. */
export const INVALID_DATE_MESSAGE = 'Data inválida: use AAAA-MM-DD';
/** Message of an entity type outside the 13 tracked ones. */
export const INVALID_ENTITY_MESSAGE = `Entidade inválida: use ${ERP_ENTITIES.join(', ')}`;

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 is refused). */
export const isoDaySchema = text({ max: 10 })
  .regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_DATE_MESSAGE)
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number);
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, INVALID_DATE_MESSAGE);

/** One of the 13 entity types, with the pt-BR message listing them. */
export const integrationEntitySchema = z.enum(ERP_ENTITIES, { error: INVALID_ENTITY_MESSAGE });

// ---------------------------------------------------------------- integration log

/**
 * Query of `GET log-integracao`: the list query (page, pageSize, sorter; `term` and the list
 * `status` replaced) plus
 * - `tipo`: integration type (`SIMULADOR`...), exact;
 * - `status`: SUCESSO or ERRO;
 * - `requisicao` / `resposta`: the request / response body contains this text (case-insensitive);
 * - `idEmpresa`: a company where the caller holds ROLE_VISUALIZAR_LOG_INTEGRACAO (default: the
 *   selected one);
 * - `entidade`: one of the 13 entity types;
 * - `dataInicio` / `dataFim`: days `YYYY-MM-DD` (America/Sao_Paulo), both inclusive.
 */
export const integrationLogListQuerySchema = listQuerySchema.omit({ term: true, status: true }).extend({
  tipo: text({ max: 30 }).optional(),
  status: z.enum(INTEGRATION_LOG_STATUSES, { error: 'Valor inválido: use SUCESSO ou ERRO' }).optional(),
  requisicao: text({ max: 200 }).optional(),
  resposta: text({ max: 200 }).optional(),
  idEmpresa: idSchema.optional(),
  entidade: integrationEntitySchema.optional(),
  dataInicio: isoDaySchema.optional(),
  dataFim: isoDaySchema.optional(),
});
/** Query of `GET log-integracao`. */
export type IntegrationLogListQuery = z.infer<typeof integrationLogListQuerySchema>;

/** Sortable columns of `GET log-integracao`. */
export const INTEGRATION_LOG_SORT_FIELDS = ['data', 'tipo', 'operacao', 'entidade', 'status', 'codigoHttp', 'duracaoMs', 'registros'] as const;

/** One exchange with the ERP, as the log list shows it (without the bodies). */
export const integrationLogSchema = z.object({
  id: z.number().int(),
  /** When the exchange started (ISO 8601). */
  data: z.string(),
  tipo: z.string(),
  /** LOGIN, SAUDE, LISTAR, ENVIAR_PRODUTO, ENVIAR_PEDIDO... */
  operacao: z.string(),
  entidade: z.enum(ERP_ENTITIES).nullable(),
  /** Company the exchange was for; null for exchanges of no company (login, health). */
  idEmpresa: z.number().int().nullable(),
  nomeEmpresa: z.string().nullable(),
  status: z.enum(INTEGRATION_LOG_STATUSES),
  metodo: z.string(),
  url: z.string(),
  codigoHttp: z.number().int().nullable(),
  /** Duration of the exchange in milliseconds. */
  duracaoMs: z.number().int(),
  /** Records the answer carried (LISTAR). */
  registros: z.number().int().nullable(),
  mensagem: z.string().nullable(),
});
/** One log row. */
export type IntegrationLog = z.infer<typeof integrationLogSchema>;

/** `GET log-integracao/{id}`: the row with its request and response bodies (capped, secrets masked). */
export const integrationLogDetailSchema = integrationLogSchema.extend({ requisicao: z.string().nullable(), resposta: z.string().nullable() });
/** One log row with its bodies. */
export type IntegrationLogDetail = z.infer<typeof integrationLogDetailSchema>;

/** Most rows `GET log-integracao` counts; past it `totalItens` stays at the cap and `totalLimitado` is true. */
export const LOG_COUNT_CAP = 1_000;

/**
 * Page of `GET log-integracao`: the SPEC paged shape plus `totalLimitado`, true when more than
 * LOG_COUNT_CAP rows match (then `totalItens` = LOG_COUNT_CAP: counting every match of a common
 * word on millions of rows reads hundreds of megabytes; 1,000 rows are 100 pages of 10).
 */
export const integrationLogPageSchema = pagedListSchema(integrationLogSchema).extend({ totalLimitado: z.boolean() });

// ---------------------------------------------------------------- lag

/** Query of `GET status-integracao-entidade-erp-acervo/entidade`. */
export const entityLagQuerySchema = z.strictObject({ entidade: integrationEntitySchema });

/**
 * `GET status-integracao-entidade-erp-acervo/entidade?entidade=`: the sync state of one entity
 * type in the selected company.
 * - `ultimaSincronizacao`: last successful sync (ISO 8601), null when never synced;
 * - `periodoMinutos`: minutes between the next two due times of its task `SINCRONIZAR_ERP_<ENTIDADE>`
 *   (or its repetition interval when set); null when that task does not exist;
 * - `defasagemMinutos`: whole minutes since `ultimaSincronizacao` (null when never synced);
 * - `registros`: records stored for the company; `erros`: its PENDENTE rejected records.
 */
export const entityLagSchema = z.object({
  entidade: z.enum(ERP_ENTITIES),
  ultimaSincronizacao: z.string().nullable(),
  periodoMinutos: z.number().int().nullable(),
  defasagemMinutos: z.number().int().nullable(),
  registros: z.number().int(),
  erros: z.number().int(),
});
/** Sync state of one entity type. */
export type EntityLag = z.infer<typeof entityLagSchema>;

// ---------------------------------------------------------------- statistics

/** One entity type in `GET estatistica-integracao`: its lag state plus what the screen shows. */
export const integrationEntityStatsSchema = entityLagSchema.extend({
  /** pt-BR label (ERP_ENTITY_LABELS). */
  descricao: z.string(),
  /** Last sync ≤ 2 × period (see docs/integration-screens.md). */
  emDia: z.boolean(),
  ultimaTentativa: z.string().nullable(),
  ultimoErro: z.string().nullable(),
});
/** One entity type's statistics. */
export type IntegrationEntityStats = z.infer<typeof integrationEntityStatsSchema>;

/** Records received by one entity type on one day (America/Sao_Paulo). */
export const integrationDailySchema = z.object({ dia: z.string(), entidade: z.enum(ERP_ENTITIES), registros: z.number().int(), erros: z.number().int() });
/** One day of one entity type. */
export type IntegrationDaily = z.infer<typeof integrationDailySchema>;

/**
 * `GET estatistica-integracao`: the selected company's integration at a glance.
 * `tipoIntegracao` is the ERP parameter (NENHUMA = off); `porcentagem` the lag indicator's value;
 * `entidades` the 13 types in sync order; `dias` the 30 days (oldest first, today last);
 * `diario` the non-zero daily counts of those days.
 */
export const integrationStatsSchema = z.object({
  tipoIntegracao: z.string(),
  porcentagem: z.number(),
  entidades: z.array(integrationEntityStatsSchema),
  dias: z.array(z.string()),
  diario: z.array(integrationDailySchema),
});
/** Answer of `GET estatistica-integracao`. */
export type IntegrationStats = z.infer<typeof integrationStatsSchema>;

// ---------------------------------------------------------------- outgoing queue

/** Query of `GET fila-integracao`: list query (`term` matches reference and description) plus `status` and `tipo`. */
export const outgoingListQuerySchema = listQuerySchema.omit({ status: true }).extend({
  status: z.enum(OUTGOING_STATUSES, { error: `Valor inválido: use ${OUTGOING_STATUSES.join(', ')}` }).optional(),
  tipo: z.enum(OUTGOING_KINDS, { error: 'Valor inválido: use PRODUTO ou PEDIDO' }).optional(),
});
/** Query of `GET fila-integracao`. */
export type OutgoingListQuery = z.infer<typeof outgoingListQuerySchema>;

/** Sortable columns of `GET fila-integracao`. */
export const OUTGOING_SORT_FIELDS = ['id', 'tipo', 'referencia', 'descricao', 'status', 'tentativas', 'proximaTentativa', 'dataCadastro', 'dataEnvio'] as const;

/** One outgoing item. `resposta` is the ERP's last answer (the error of a failed one). */
export const outgoingItemSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(OUTGOING_KINDS),
  referencia: z.string(),
  descricao: z.string(),
  status: z.enum(OUTGOING_STATUSES),
  tentativas: z.number().int(),
  proximaTentativa: z.string(),
  resposta: z.string().nullable(),
  idErp: z.string().nullable(),
  conteudo: z.unknown(),
  dataCadastro: z.string(),
  dataEnvio: z.string().nullable(),
});
/** One outgoing item. */
export type OutgoingItem = z.infer<typeof outgoingItemSchema>;
/** Page of `GET fila-integracao`. */
export const outgoingPageSchema = pagedListSchema(outgoingItemSchema);

/** Answer of `POST fila-integracao/{id}/reenviar` and `POST fila-integracao/reenviar-erros`. */
export const outgoingRetrySchema = z.object({ reenviados: z.number().int() });
/** How many items went back to PENDENTE. */
export type OutgoingRetry = z.infer<typeof outgoingRetrySchema>;

// ---------------------------------------------------------------- reprocessing

/** Query of `GET reprocessamento/registros`: list query (`term` matches the ERP id and the reason) plus `entidade` and `status`. */
export const rejectedRecordListQuerySchema = listQuerySchema.omit({ status: true }).extend({
  entidade: integrationEntitySchema.optional(),
  status: z.enum(REJECTED_RECORD_STATUSES, { error: `Valor inválido: use ${REJECTED_RECORD_STATUSES.join(', ')}` }).optional(),
});
/** Query of `GET reprocessamento/registros`. */
export type RejectedRecordListQuery = z.infer<typeof rejectedRecordListQuerySchema>;

/** Sortable columns of `GET reprocessamento/registros`. */
export const REJECTED_RECORD_SORT_FIELDS = ['id', 'entidade', 'idErp', 'status', 'tentativas', 'dataCadastro', 'dataAlteracao'] as const;

/** One rejected record with the reason and the raw JSON the ERP sent. */
export const rejectedRecordSchema = z.object({
  id: z.number().int(),
  entidade: z.enum(ERP_ENTITIES),
  idErp: z.string(),
  conteudo: z.unknown(),
  erro: z.string(),
  status: z.enum(REJECTED_RECORD_STATUSES),
  tentativas: z.number().int(),
  dataCadastro: z.string(),
  dataAlteracao: z.string(),
});
/** One rejected record. */
export type RejectedRecord = z.infer<typeof rejectedRecordSchema>;
/** Page of `GET reprocessamento/registros`. */
export const rejectedRecordPageSchema = pagedListSchema(rejectedRecordSchema);

/** Most ids one reprocessing request may name. */
export const MAX_REPROCESS_IDS = 1000;
/** Message of a reprocessing body with neither or both of `ids` and `todos`. */
export const REPROCESS_TARGET_MESSAGE = 'Informe os registros (ids) ou todos os pendentes (todos: true)';

/** Body of `POST reprocessamento/registros`: `ids` (1 to 1000) or `todos: true`, not both. */
export const reprocessRequestSchema = z.strictObject({
  ids: z.array(idSchema).min(1, REPROCESS_TARGET_MESSAGE).max(MAX_REPROCESS_IDS, `No máximo ${MAX_REPROCESS_IDS} registros por vez`).optional(),
  todos: z.boolean({ error: 'Deve ser verdadeiro ou falso' }).optional(),
});
/** Body of `POST reprocessamento/registros`. */
export type ReprocessRequest = z.infer<typeof reprocessRequestSchema>;

/** Answer of `POST reprocessamento/registros`. */
export const reprocessResultSchema = z.object({ reprocessados: z.number().int(), falhas: z.number().int() });
/** How many were reprocessed and how many failed again. */
export type ReprocessResult = z.infer<typeof reprocessResultSchema>;

/** Body of `POST reprocessamento/ressincronizar`: the entity type and the day to re-sync from (00:00 in America/Sao_Paulo). */
export const resyncRequestSchema = z.strictObject({ entidade: integrationEntitySchema, desde: isoDaySchema });
/** Body of `POST reprocessamento/ressincronizar`. */
export type ResyncRequest = z.infer<typeof resyncRequestSchema>;

/** Answer of `POST reprocessamento/ressincronizar`: the start instant set and the queued run's id. */
export const resyncResultSchema = z.object({ entidade: z.enum(ERP_ENTITIES), desde: z.string(), idAgendamento: z.number().int(), idExecucao: z.number().int() });
/** Answer of a re-sync request. */
export type ResyncResult = z.infer<typeof resyncResultSchema>;

/** 409 of a re-sync when the entity type's scheduled task does not exist. */
export function resyncTaskMissingMessage(entidade: string): string {
  return `A tarefa agendada SINCRONIZAR_ERP_${entidade} não existe: crie-a em Agendamentos antes de ressincronizar.`;
}

