import { z } from 'zod';
import { boundedMap, integer, pagedListSchema, text } from './common.ts';

/** Largest number a report filter carries (BRL cents of ten billion reais; stock thresholds are far below). */
const MAX_FILTER_NUMBER = 1_000_000_000_000;

/**
 * Export queue (issue 17 part 1; SPEC sections 2 "Downloads drawer", 3, 4, 7, 9): a report asks
 * `POST fila-exportacao/csv|excel` `{origem, filtros}` and gets 201 `{id}`; a background job writes
 * the file; the top bar's Downloads drawer lists the user's items of the last 7 days
 * (`GET fila-exportacao`) and downloads them (`GET fila-exportacao/{id}/arquivo`, or `{id}` as
 * base64); the badge polls `GET fila-exportacao/notificacaoDownloads`. Design: docs/exports.md.
 */

/** Life of an item (SPEC section 4): waiting → processing → success, or error with the reason. */
export const EXPORT_STATUSES = ['AGUARDANDO_PROCESSAMENTO', 'PROCESSANDO', 'SUCESSO', 'ERRO'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** File kinds: `excel` (XLSX) and `csv`, the last segment of the request's path. */
export const EXPORT_FORMATS = ['CSV', 'XLSX'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Page size of the export queue (SPEC section 9). */
export const EXPORT_QUEUE_PAGE_SIZE = 10;
/** The drawer lists the items of the last 7 days (SPEC section 9). */
export const EXPORT_QUEUE_DAYS = 7;
/** The badge polls `notificacaoDownloads` every 60,000 ms (SPEC section 9). */
export const EXPORT_BADGE_POLL_MS = 60_000;

/** Message of a request naming no registered report (`origem`, 400). */
export const UNKNOWN_EXPORT_ORIGIN_MESSAGE = 'Relatório de exportação desconhecido';
/** Message of an export item whose file no longer exists (expired or deleted; 404 on download). */
export const EXPORT_FILE_GONE_MESSAGE = 'O arquivo desta exportação expirou ou não está mais disponível';
/** Message of a download of an item not finished with SUCESSO (409). */
export const EXPORT_NOT_READY_MESSAGE = 'A exportação ainda não foi concluída com sucesso';

/**
 * One value of a report query as a screen sends it: a text, a number, a boolean, or a list of texts
 * or numbers (a repeated query field such as `idEmpresa`). Each report's `parseFilters` then checks
 * its own fields.
 */
const filterScalar = z.union([text({ max: 1000 }), z.number().min(-MAX_FILTER_NUMBER).max(MAX_FILTER_NUMBER), z.boolean()]);
const filterValueSchema = z.union([filterScalar, z.array(z.union([text({ max: 1000 }), z.number().min(-MAX_FILTER_NUMBER).max(MAX_FILTER_NUMBER)])).max(200)]);

/**
 * Body of `POST fila-exportacao/csv|excel`: `origem` names the report and tab
 * (`relatorio/estoque`, `relatorio/faturamento/cliente`…), `filtros` is that report's query as the
 * screen sends it to the report's GET route (an object; checked by the report's own schema, 400
 * with fields `filtros.<campo>`).
 */
export const exportRequestSchema = z.strictObject({
  origem: text({ max: 200, min: 1 }),
  filtros: boundedMap({ maxKeys: 40, keyMax: 60, value: filterValueSchema }).default({}),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;

/** Answer of `POST fila-exportacao/csv|excel` (201). */
export const exportCreatedSchema = z.object({ id: z.number().int() });

/**
 * One item of the queue (SPEC section 3): `nomExportacao` is the origin (`origem`), `usuario` the
 * requester's name, `data` when it was asked and `dtaAlteracao` its last change (ISO instants),
 * `indVisualizado` false until the user downloads it. Also: `formato`, `linhas` rows written so far
 * (progress while PROCESSANDO; the total once SUCESSO), `motivo` the pt-BR reason of an ERRO,
 * `nomeArquivo`, `tamanhoBytes` and `arquivoDisponivel` (false once the file expired).
 */
export const exportItemSchema = z.object({
  id: z.number().int(),
  nomExportacao: z.string(),
  usuario: z.string(),
  data: z.string(),
  dtaAlteracao: z.string(),
  status: z.enum(EXPORT_STATUSES),
  indVisualizado: z.boolean(),
  formato: z.enum(EXPORT_FORMATS),
  linhas: z.number().int(),
  motivo: z.string().nullable(),
  nomeArquivo: z.string().nullable(),
  tamanhoBytes: z.number().int().nullable(),
  arquivoDisponivel: z.boolean(),
});
export type ExportItem = z.infer<typeof exportItemSchema>;

/** The queue page (SPEC section 3 paged list). */
export const exportPageSchema = pagedListSchema(exportItemSchema);
export type ExportPage = z.infer<typeof exportPageSchema>;

/**
 * Query of `GET fila-exportacao`: `page` (zero-based), `pageSize`/`size` (default 10, at most
 * 50), `status` one status. Always the caller's own items of the last 7 days, newest first.
 */
export const exportListQuerySchema = z.strictObject({
  page: integer({ min: 0, max: 100_000 }).default(0),
  pageSize: integer({ min: 1, max: 50 }).optional(),
  size: integer({ min: 1, max: 50 }).optional(),
  status: z.enum(EXPORT_STATUSES, { error: `Valor inválido: use ${EXPORT_STATUSES.join(', ')}` }).optional(),
});
export type ExportListQuery = z.infer<typeof exportListQuerySchema>;

/** Answer of `GET fila-exportacao/{id}` (SPEC section 3): the file as base64, its name and MIME type (`miniType`, SPEC's spelling). */
export const exportFileSchema = z.object({ conteudo: z.string(), nomeArquivo: z.string(), miniType: z.string() });
export type ExportFile = z.infer<typeof exportFileSchema>;

/** MIME type of each format. */
export const EXPORT_MIME_TYPES: Record<ExportFormat, string> = {
  CSV: 'text/csv; charset=utf-8',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
