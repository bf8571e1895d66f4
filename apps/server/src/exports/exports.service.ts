import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, count, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { ZodError } from 'zod';
import {
  EXPORT_FILE_GONE_MESSAGE,
  EXPORT_MIME_TYPES,
  EXPORT_NOT_READY_MESSAGE,
  EXPORT_QUEUE_DAYS,
  EXPORT_QUEUE_PAGE_SIZE,
  FORBIDDEN_MESSAGE,
  UNKNOWN_EXPORT_ORIGIN_MESSAGE,
  fileStampInDisplayZone,
  hasRole,
  toPagedList,
  type ExportFile,
  type ExportFormat,
  type ExportItem,
  type ExportListQuery,
  type ExportPage,
  type ExportRequest,
  exportRequestSchema,
  type ExportStatus,
  type FieldMessage,
} from '@acervo/contracts';
import type { Database, Db } from '../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { DomainError, notFound } from '../shared/errors.ts';
import type { AuthContext } from '../shared/request-auth.ts';
import type { ExportSource } from '../shared/export-source.ts';
import { getNumberParameter } from '../parameters/parameters.service.ts';
import { users } from '../users/users.schema.ts';
import { exportQueue } from './exports.schema.ts';
import { writeExportFile } from './export-writer.ts';

/** The pg-boss queue of the export jobs (declared by every process, `domains.ts` DOMAIN_QUEUES). */
export const EXPORT_QUEUE = 'fila_exportacao';

/** Largest file `GET fila-exportacao/{id}` returns as base64 in JSON (bytes); larger ones only through `/arquivo`. */
export const MAX_BASE64_BYTES = 20 * 1024 * 1024;

/** Message of a base64 download of a file over MAX_BASE64_BYTES (413). */
export const EXPORT_TOO_LARGE_FOR_JSON_MESSAGE = 'Arquivo grande demais para este download: use fila-exportacao/{id}/arquivo';

/** An item PROCESSANDO with no progress for this long is taken as interrupted (its process died). */
export const STALE_PROCESSING_MINUTES = 30;

/** Folder of the export files: `<DATA_DIR>/exports`. */
export function exportsFolder(dataDir: string): string {
  return path.join(dataDir, 'exports');
}

/** The requester as stored with the item (`requisitante`): what the job scopes the rows with. */
interface Requester {
  userId: number;
  companyId: number | null;
  roles: string[];
  login: string;
  name: string;
  profileName: string | null;
}

/** The job's data: the item id. */
export interface ExportJob {
  idExportacao: number;
}

/** A ZodError as the SPEC 400 fields, each path prefixed (`filtros.ean`); unknown keys named one by one. */
function zodFields(err: ZodError, prefix: string[]): FieldMessage[] {
  return err.issues.flatMap((issue): FieldMessage[] => {
    const at = [...prefix, ...issue.path.map(String)];
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ field: [...at, key].join('.'), message: `Campo não permitido: ${key}` }));
    return [{ field: at.join('.'), message: issue.message }];
  });
}

/**
 * The body of `POST fila-exportacao/csv|excel`, checked here rather than by the route's schema:
 * `filtros` is each report's own query, checked by that report's strict schema (`parseFilters`),
 * which a route schema written once for every report cannot list.
 * @throws DomainError VALIDATION naming the field (`origem`, `filtros`, `body`)
 */
export function parseExportRequest(body: unknown): ExportRequest {
  const parsed = exportRequestSchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fields = zodFields(parsed.error, []).map((f) => (f.field ? f : { ...f, field: 'body' }));
  throw new DomainError('VALIDATION', fields[0]!.message, fields);
}

/**
 * Parses a source's filters, mapping its errors to the SPEC 400 body with fields `filtros.<campo>`.
 * @throws DomainError VALIDATION
 */
export function parseSourceFilters(source: ExportSource, filtros: unknown): unknown {
  try {
    return source.parseFilters(filtros);
  } catch (err) {
    if (err instanceof ZodError) {
      const fields = zodFields(err, ['filtros']);
      throw new DomainError('VALIDATION', fields[0]?.message ?? 'Filtros inválidos', fields);
    }
    if (err instanceof DomainError) {
      throw new DomainError(err.code, err.message, err.fields.map((f) => ({ field: f.field ? `filtros.${f.field}` : 'filtros', message: f.message })));
    }
    throw err;
  }
}

/**
 * Queues an export (`POST fila-exportacao/csv|excel`): checks the origin, the caller's role for it
 * and its filters, then inserts the item and its job in one transaction.
 * @returns the new item's id
 * @throws DomainError VALIDATION (unknown `origem`, bad `filtros`), FORBIDDEN (the report's role is missing)
 */
export async function requestExport(
  deps: { database: Database; jobs: JobQueue; sources: ReadonlyMap<string, ExportSource> },
  auth: AuthContext,
  format: ExportFormat,
  body: ExportRequest,
): Promise<number> {
  const source = deps.sources.get(body.origem);
  if (!source) throw new DomainError('VALIDATION', UNKNOWN_EXPORT_ORIGIN_MESSAGE, [{ field: 'origem', message: UNKNOWN_EXPORT_ORIGIN_MESSAGE }]);
  if (source.role !== undefined && !hasRole(auth.roles, source.role)) throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
  parseSourceFilters(source, body.filtros);
  const requester: Requester = { userId: auth.userId, companyId: auth.companyId, roles: auth.roles, login: auth.login, name: auth.name, profileName: auth.profileName };
  const id = await deps.database.transaction(async (tx) => {
    const { rows } = await tx.executeSql(
      'INSERT INTO fila_exportacao (usuario_id, empresa_id, origem, formato, filtros, requisitante) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb) RETURNING id',
      [auth.userId, auth.companyId, source.origem, format, JSON.stringify(body.filtros), JSON.stringify(requester)],
    );
    const newId = Number(rows[0]!.id);
    await deps.jobs.send<ExportJob>(EXPORT_QUEUE, { idExportacao: newId }, { tx });
    return newId;
  });
  deps.jobs.notify(EXPORT_QUEUE);
  return id;
}

type ExportRow = typeof exportQueue.$inferSelect;

function toItem(row: ExportRow, userName: string): ExportItem {
  return {
    id: row.id,
    nomExportacao: row.origin,
    usuario: userName,
    data: row.createdAt.toISOString(),
    dtaAlteracao: row.updatedAt.toISOString(),
    status: row.status as ExportStatus,
    indVisualizado: row.viewed,
    formato: row.format as ExportFormat,
    linhas: row.rows,
    motivo: row.reason,
    nomeArquivo: row.fileName,
    tamanhoBytes: row.sizeBytes,
    arquivoDisponivel: row.status === 'SUCESSO' && row.filePath !== null,
  };
}

/** The caller's own items of the last EXPORT_QUEUE_DAYS days. */
function ownRecent(auth: AuthContext) {
  return and(eq(exportQueue.userId, auth.userId), gte(exportQueue.createdAt, sql`now() - make_interval(days => ${EXPORT_QUEUE_DAYS})`));
}

/**
 * `GET fila-exportacao`: the caller's items of the last 7 days, newest first, 10 a page (SPEC 9).
 */
export async function listExports(db: Db, auth: AuthContext, query: ExportListQuery): Promise<ExportPage> {
  const size = query.pageSize ?? query.size ?? EXPORT_QUEUE_PAGE_SIZE;
  const where = and(ownRecent(auth), query.status ? eq(exportQueue.status, query.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ item: exportQueue, userName: users.name })
      .from(exportQueue)
      .innerJoin(users, eq(users.id, exportQueue.userId))
      .where(where)
      .orderBy(desc(exportQueue.createdAt), desc(exportQueue.id))
      .limit(size)
      .offset(query.page * size),
    db.select({ n: count() }).from(exportQueue).where(where),
  ]);
  return toPagedList(
    rows.map((r) => toItem(r.item, r.userName)),
    query.page,
    size,
    total?.n ?? 0,
  );
}

/**
 * `GET fila-exportacao/notificacaoDownloads`: the caller's items of the last 7 days finished with
 * SUCESSO, whose file is still there, and not downloaded yet (the badge).
 */
export async function countUnviewed(db: Db, auth: AuthContext): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(exportQueue)
    .where(and(ownRecent(auth), eq(exportQueue.status, 'SUCESSO'), eq(exportQueue.viewed, false), isNotNull(exportQueue.filePath)));
  return row?.n ?? 0;
}

/** The caller's item `id`, or 404 (another user's item answers the same 404). */
async function ownItem(db: Db, auth: AuthContext, id: number): Promise<ExportRow> {
  const [row] = await db.select().from(exportQueue).where(and(eq(exportQueue.id, id), eq(exportQueue.userId, auth.userId)));
  if (!row) throw notFound();
  return row;
}

/** The downloadable file of an own item: its absolute path, name and MIME type. */
async function downloadable(db: Db, dataDir: string, auth: AuthContext, id: number): Promise<{ row: ExportRow; filePath: string; size: number }> {
  const row = await ownItem(db, auth, id);
  if (row.status !== 'SUCESSO') throw new DomainError('CONFLICT', EXPORT_NOT_READY_MESSAGE);
  if (!row.filePath) throw notFound(EXPORT_FILE_GONE_MESSAGE);
  const filePath = path.join(exportsFolder(dataDir), path.basename(row.filePath));
  const info = await stat(filePath).catch(() => null);
  if (!info) throw notFound(EXPORT_FILE_GONE_MESSAGE);
  return { row, filePath, size: info.size };
}

async function markViewed(db: Db, id: number): Promise<void> {
  await db.update(exportQueue).set({ viewed: true }).where(and(eq(exportQueue.id, id), eq(exportQueue.viewed, false)));
}

/**
 * `GET fila-exportacao/{id}`: the file as base64 (SPEC 3: `conteudo`, `nomeArquivo`, `miniType`); marks the item viewed.
 * @throws DomainError NOT_FOUND (not the caller's, or the file expired), CONFLICT (not SUCESSO), PAYLOAD_TOO_LARGE (over MAX_BASE64_BYTES)
 */
export async function readExportFile(db: Db, dataDir: string, auth: AuthContext, id: number): Promise<ExportFile> {
  const { row, filePath, size } = await downloadable(db, dataDir, auth, id);
  if (size > MAX_BASE64_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', EXPORT_TOO_LARGE_FOR_JSON_MESSAGE);
  const content = await readFile(filePath);
  await markViewed(db, id);
  return { conteudo: content.toString('base64'), nomeArquivo: row.fileName ?? path.basename(filePath), miniType: EXPORT_MIME_TYPES[row.format as ExportFormat] };
}

/**
 * `GET fila-exportacao/{id}/arquivo`: the file as a stream; marks the item viewed.
 * @throws DomainError NOT_FOUND, CONFLICT as `readExportFile`
 */
export async function openExportFile(db: Db, dataDir: string, auth: AuthContext, id: number): Promise<{ stream: Readable; fileName: string; mimeType: string; size: number }> {
  const { row, filePath, size } = await downloadable(db, dataDir, auth, id);
  await markViewed(db, id);
  return { stream: createReadStream(filePath), fileName: row.fileName ?? path.basename(filePath), mimeType: EXPORT_MIME_TYPES[row.format as ExportFormat], size };
}

/** Who this process is, in `processado_por` (host:pid). */
const PROCESS_NAME = `${os.hostname()}:${process.pid}`.slice(0, 100);

/** What the job needs besides the database. */
export interface ExportJobDeps {
  /** Where the item's status and progress are written. */
  database: Database;
  /**
   * Where the source's rows are read: the DATABASE_READ_URL standby (`ReadDatabase.database`), or
   * `database` when absent.
   */
  readDatabase?: Database;
  dataDir: string;
  sources: ReadonlyMap<string, ExportSource>;
}

/** pt-BR reason of a failed export (a DomainError's message, else a generic sentence with the cause). */
function failureReason(err: unknown): string {
  if (err instanceof DomainError) return err.message;
  const message = err instanceof Error ? err.message : String(err);
  return `Falha ao gerar o arquivo: ${message}`.slice(0, 1000);
}

/**
 * Runs one export: claims the item (AGUARDANDO_PROCESSAMENTO → PROCESSANDO in one conditional
 * UPDATE, so a job delivered twice, or to two processes, writes the file once), streams the
 * source's rows into `<DATA_DIR>/exports/<id>-<random>.<ext>` (written as `.part`, renamed when
 * complete), updates `linhas` about once a second, and ends SUCESSO (file, name, size, rows) or
 * ERRO (`motivo`; the partial file deleted).
 * @returns 'SUCESSO' | 'ERRO', or null when the item was not waiting (claimed elsewhere, or deleted)
 */
export async function runExport(deps: ExportJobDeps, id: number, signal?: AbortSignal): Promise<ExportStatus | null> {
  const { db } = deps.database;
  const [item] = await db
    .update(exportQueue)
    .set({ status: 'PROCESSANDO', processedBy: PROCESS_NAME, updatedAt: sql`now()` })
    .where(and(eq(exportQueue.id, id), eq(exportQueue.status, 'AGUARDANDO_PROCESSAMENTO')))
    .returning();
  if (!item) return null;
  const folder = exportsFolder(deps.dataDir);
  const extension = item.format === 'CSV' ? 'csv' : 'xlsx';
  const storedName = `${item.id}-${randomBytes(8).toString('hex')}.${extension}`;
  const finalPath = path.join(folder, storedName);
  const partPath = `${finalPath}.part`;
  try {
    const source = deps.sources.get(item.origin);
    if (!source) throw new DomainError('VALIDATION', UNKNOWN_EXPORT_ORIGIN_MESSAGE);
    const requester = item.requester as Requester;
    const auth: AuthContext = { ...requester, sessionId: '' };
    if (source.role !== undefined && !hasRole(auth.roles, source.role)) throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
    const filters = parseSourceFilters(source, item.filters);
    await mkdir(folder, { recursive: true });
    const reading = deps.readDatabase ?? deps.database;
    const { rows } = await writeExportFile({
      format: item.format as ExportFormat,
      columns: source.columnsFor ? await source.columnsFor(reading, auth, filters) : source.columns,
      rows: source.rows(reading, auth, filters),
      filePath: partPath,
      signal,
      onProgress: async (n) => {
        await db.update(exportQueue).set({ rows: n, updatedAt: sql`now()` }).where(eq(exportQueue.id, id));
      },
    });
    await rename(partPath, finalPath);
    const { size } = await stat(finalPath);
    const fileName = `${source.fileBaseName}_${fileStampInDisplayZone(item.createdAt)}.${extension}`;
    const [done] = await db
      .update(exportQueue)
      .set({ status: 'SUCESSO', rows, filePath: storedName, fileName, sizeBytes: size, updatedAt: sql`now()`, finishedAt: sql`now()` })
      .where(and(eq(exportQueue.id, id), eq(exportQueue.status, 'PROCESSANDO')))
      .returning({ id: exportQueue.id });
    // the item was deleted meanwhile (clearing, user deleted): the file has no owner
    if (!done) await rm(finalPath, { force: true });
    return 'SUCESSO';
  } catch (err) {
    await rm(partPath, { force: true }).catch(() => undefined);
    await db
      .update(exportQueue)
      .set({ status: 'ERRO', reason: failureReason(err), updatedAt: sql`now()`, finishedAt: sql`now()` })
      .where(eq(exportQueue.id, id));
    return 'ERRO';
  }
}

/**
 * Scheduled task LIMPEZA_ARQUIVOS_EXPORTACAO: deletes the files of items finished more than
 * "export file expiration days" (ARQUIVO_EXPORTACAO_EXPIRACAO_DIAS) ago; the item stays, listed
 * without a download (`arquivoDisponivel` false, `arquivo_expirado_em` set).
 * @returns the number of files deleted
 */
export async function expireExportFiles(deps: { db: Db; dataDir: string }): Promise<number> {
  const days = await getNumberParameter(deps.db, 'ARQUIVO_EXPORTACAO_EXPIRACAO_DIAS');
  const due = await deps.db
    .select({ id: exportQueue.id, file: exportQueue.filePath })
    .from(exportQueue)
    .where(and(isNotNull(exportQueue.filePath), lt(exportQueue.finishedAt, sql`now() - make_interval(days => ${days})`)));
  if (due.length === 0) return 0;
  await deps.db
    .update(exportQueue)
    .set({ filePath: null, fileExpiredAt: sql`now()` })
    .where(inArray(exportQueue.id, due.map((r) => r.id)));
  await removeFiles(deps.dataDir, due.map((r) => r.file));
  return due.length;
}

/**
 * Scheduled task LIMPEZA_FILA_EXPORTACAO: deletes the items created more than "export queue
 * clearing days" (FILA_EXPORTACAO_LIMPEZA_DIAS) ago with their files, and marks ERRO the items
 * PROCESSANDO with no progress for STALE_PROCESSING_MINUTES (their process died).
 * @returns rows deleted and items marked interrupted
 */
export async function clearExportQueue(deps: { db: Db; dataDir: string }): Promise<{ deleted: number; interrupted: number }> {
  const days = await getNumberParameter(deps.db, 'FILA_EXPORTACAO_LIMPEZA_DIAS');
  const deleted = await deps.db
    .delete(exportQueue)
    .where(lt(exportQueue.createdAt, sql`now() - make_interval(days => ${days})`))
    .returning({ file: exportQueue.filePath });
  await removeFiles(deps.dataDir, deleted.map((r) => r.file));
  const interrupted = await deps.db
    .update(exportQueue)
    .set({ status: 'ERRO', reason: 'Exportação interrompida (o processo que a gerava parou)', updatedAt: sql`now()`, finishedAt: sql`now()` })
    .where(and(eq(exportQueue.status, 'PROCESSANDO'), lt(exportQueue.updatedAt, sql`now() - make_interval(mins => ${STALE_PROCESSING_MINUTES})`)))
    .returning({ id: exportQueue.id });
  return { deleted: deleted.length, interrupted: interrupted.length };
}

async function removeFiles(dataDir: string, names: readonly (string | null)[]): Promise<void> {
  const folder = exportsFolder(dataDir);
  for (const name of names) if (name) await rm(path.join(folder, path.basename(name)), { force: true });
}
