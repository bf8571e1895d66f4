/**
 * Product import service (issue 8 part 4; docs/product-import.md):
 * - {@link createPreview}: reads an uploaded file (CSV, XLSX, ONIX) in batches, checks every row
 *   (`productSaveSchema`, references, ISBN repeated in the file) and stores the preview in
 *   `produto_importacao(_linha)` in ONE transaction: a refused file leaves nothing behind; the
 *   catalogue is not touched;
 * - {@link getImport}: the import, its progress and one page of rows;
 * - {@link confirmImport}: queues the write on the job queue (`PRODUCT_IMPORT_QUEUE`);
 * - {@link runImport}: the job: valid rows in batches of 1,000, each batch one transaction through
 *   the catalogue's bulk writer (`upsertFullRecords`); a batch the database refuses is retried row
 *   by row so only the bad rows are rejected; progress written after every batch;
 * - {@link writeRejectedXlsx} and {@link writeTemplateXlsx}: the downloads;
 * - {@link deleteExpiredImports}: the clean-up (also run before every upload).
 */
import { and, asc, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { PRODUCT_IMPORT_MESSAGES, normalizeIsbn13, type ProductImport, type ProductImportQuery, type ProductImportStatus } from '@acervo/contracts';
import type { Database, Db, Executor } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { DomainError, notFound } from '../../shared/errors.ts';
import { imprints, products, publishers } from '../products.schema.ts';
import { recordAudits, type AuditActor } from '../../audit/audit.service.ts';
import { enqueueOutgoingMany } from '../../erp/outgoing-queue.ts';
import { integrationType } from '../../integration/integration.service.ts';
import { productAuditSnapshot, toErpProduct } from '../product-save.service.ts';
import { findProductDetailsByIsbn, type ProductDetailRecord } from '../products.repository.ts';
import { toProductDetail } from '../products.mapper.ts';
import { newNameCache, upsertFullRecords, type ExtraValues, type KeptOnUpdate, type NameCache } from '../catalog-writer.ts';
import type { OnixRecord } from '../onix/onix-record.ts';
import { ImportFileError, readImportFile, type ImportRow } from './import-file.ts';
import { IMPORT_COLUMNS, TEMPLATE_EXAMPLE, bodyToWritable, columnFormat, keptOnUpdate, rowToBody, validateBody, type RowError } from './import-row.ts';
import { productImportRows, productImports } from './product-import.schema.ts';

/** The job queue of the import writes. */
export const PRODUCT_IMPORT_QUEUE = 'produto-importacao';
/**
 * Job data: the import id and who confirmed it (`ator`: user, name and selected company), for the
 * audit entry of each product and the ERP queue of that company. Absent in jobs queued before it
 * existed: products are then written without either.
 */
export interface ProductImportJob {
  idImportacao: number;
  ator?: AuditActor;
}
/** How long a preview (and a finished import's report) is kept, in hours. */
export const IMPORT_RETENTION_HOURS = 48;
/** Valid rows per write transaction. */
export const WRITE_BATCH = 1000;

/** Stored `dados` of a valid row. */
interface RowData {
  record: OnixRecord;
  extras?: ExtraValues;
}

interface PreparedRow {
  importacao_id: number;
  linha: number;
  isbn13: string | null;
  titulo: string | null;
  acao: 'CRIAR' | 'ALTERAR' | null;
  erros: RowError[] | null;
  dados: RowData | null;
  original: Record<string, string>;
}

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const REFERENCE_TABLES: [field: string, table: string][] = [
  ['idFaixaEtaria', 'faixa_etaria'],
  ['idPublicoAlvo', 'publico_alvo'],
  ['idClassificacaoIndicativa', 'classificacao_indicativa'],
  ['idLinhaProduto', 'linha_produto'],
];

/** Ids of `table` among `ids` that exist. */
async function existingIds(db: Executor, table: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const result = await db.execute(sql`SELECT id FROM ${sql.identifier(table)} WHERE id IN (SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
  return new Set(rows<{ id: number }>(result).map((r) => Number(r.id)));
}

/** Checks one batch of read rows and shapes them for the preview table. */
async function prepareBatch(db: Executor, importId: number, batch: ImportRow[], seen: Map<string, number>): Promise<PreparedRow[]> {
  // `isbn` takes part in the repeated-ISBN check and the action; `shownIsbn` is only shown: the valid
  // ISBN of a row rejected for other fields, so the preview says which product the row was about
  type Stage = { line: number; original: Record<string, string>; errors: RowError[]; isbn: string | null; shownIsbn?: string | null; title: string | null; data: RowData | null; pub: string | null; imp: string | null; body?: Record<string, unknown> };
  const staged: Stage[] = [];
  for (const row of batch) {
    if (row.kind === 'onix') {
      const m = row.mapped;
      if (!m.ok) {
        staged.push({ line: row.line, original: { referencia: m.reference ?? '', isbn13: m.isbn ?? '', titulo: '' }, errors: [{ coluna: 'arquivo', motivo: m.reason }], isbn: null, title: null, data: null, pub: null, imp: null });
        continue;
      }
      const r = m.record;
      const original = { referencia: r.reference ?? '', isbn13: r.isbn13, titulo: r.title ?? '' };
      const errors: RowError[] = [];
      if (r.blocks !== null || r.deletion) errors.push({ coluna: 'arquivo', motivo: 'atualização em bloco (NotificationType 04) e exclusão (05) não são aceitas nesta importação; use a importação ONIX de linha de comando' });
      if (!r.title) errors.push({ coluna: 'titulo', motivo: 'O campo é obrigatório' });
      staged.push({ line: row.line, original, errors, isbn: r.isbn13, title: r.title, data: errors.length ? null : { record: r }, pub: null, imp: null });
      continue;
    }
    const { body, errors, publisherName, imprintName } = rowToBody(row.cells);
    const checked = validateBody(body);
    const title = typeof body.titulo === 'string' ? body.titulo.slice(0, 500) : null;
    if (!checked.ok) {
      const isbnErrorFree = !checked.errors.some((e) => e.coluna === 'isbn13') && !errors.some((e) => e.coluna === 'isbn13');
      const shownIsbn = isbnErrorFree && typeof body.isbn13 === 'string' ? normalizeIsbn13(body.isbn13) : null;
      staged.push({ line: row.line, original: row.cells, errors: [...errors, ...checked.errors], isbn: null, shownIsbn, title, data: null, pub: null, imp: null, body: isbnErrorFree ? body : undefined });
      continue;
    }
    const value = checked.value;
    const w = bodyToWritable(value, row.line, publisherName, imprintName);
    staged.push({ line: row.line, original: row.cells, errors, isbn: value.isbn13, title: value.titulo, data: errors.length ? null : w, pub: publisherName, imp: imprintName, body: value as unknown as Record<string, unknown> });
  }

  // references given as ids: must exist; publisher/imprint ids become names for the writer
  const idsOf = (field: string) => [...new Set(staged.map((s) => s.body?.[field]).filter((v): v is number => typeof v === 'number'))];
  const pubIds = idsOf('idEditora');
  const impIds = idsOf('idSelo');
  const pubNames = new Map<number, string>();
  if (pubIds.length) for (const p of await db.select({ id: publishers.id, name: publishers.name }).from(publishers).where(sql`${publishers.id} IN (SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify(pubIds)}::jsonb))`)) pubNames.set(p.id, p.name);
  const impInfo = new Map<number, { name: string; publisherId: number }>();
  if (impIds.length) {
    for (const i of await db.select({ id: imprints.id, name: imprints.name, publisherId: imprints.publisherId }).from(imprints).where(sql`${imprints.id} IN (SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify(impIds)}::jsonb))`)) impInfo.set(i.id, i);
    const extra = [...new Set([...impInfo.values()].map((i) => i.publisherId).filter((id) => !pubNames.has(id)))];
    if (extra.length) for (const p of await db.select({ id: publishers.id, name: publishers.name }).from(publishers).where(sql`${publishers.id} IN (SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify(extra)}::jsonb))`)) pubNames.set(p.id, p.name);
  }
  const refSets = new Map<string, Set<number>>();
  for (const [field, table] of REFERENCE_TABLES) refSets.set(field, await existingIds(db, table, idsOf(field)));
  for (const s of staged) {
    if (!s.body || !s.data) continue;
    for (const [field] of REFERENCE_TABLES) {
      const id = s.body[field];
      if (typeof id === 'number' && !refSets.get(field)?.has(id)) s.errors.push({ coluna: field, motivo: `Registro não encontrado (id ${id})` });
    }
    const pubId = s.body.idEditora;
    const impId = s.body.idSelo;
    let publisherName = s.pub;
    let imprintName = s.imp;
    if (typeof pubId === 'number') {
      const name = pubNames.get(pubId);
      if (!name) s.errors.push({ coluna: 'idEditora', motivo: `Editora não encontrada (id ${pubId})` });
      else publisherName = name;
    }
    if (typeof impId === 'number') {
      const info = impInfo.get(impId);
      if (!info) s.errors.push({ coluna: 'idSelo', motivo: `Selo não encontrado (id ${impId})` });
      else if (typeof pubId === 'number' && info.publisherId !== pubId) s.errors.push({ coluna: 'idSelo', motivo: 'O selo não pertence à editora informada' });
      else {
        imprintName = info.name;
        if (typeof pubId !== 'number') publisherName = pubNames.get(info.publisherId) ?? publisherName;
      }
    }
    if (s.errors.length) s.data = null;
    else {
      s.data.record.publisherName = publisherName;
      s.data.record.imprintName = imprintName;
    }
  }

  // ISBN repeated in the file; ISBN in the catalogue → update
  for (const s of staged) {
    if (!s.isbn) continue;
    const first = seen.get(s.isbn);
    if (first !== undefined) {
      s.errors.push({ coluna: 'isbn13', motivo: `ISBN repetido no arquivo (já na linha ${first})` });
      s.data = null;
    } else seen.set(s.isbn, s.line);
  }
  const isbns = [...new Set(staged.filter((s) => s.data).map((s) => s.isbn as string))];
  const existing = new Set<string>();
  if (isbns.length) {
    const found = await db.execute(sql`SELECT isbn13 FROM produto WHERE isbn13 IN (SELECT value FROM jsonb_array_elements_text(${JSON.stringify(isbns)}::jsonb))`);
    for (const r of rows<{ isbn13: string }>(found)) existing.add(r.isbn13);
  }
  return staged.map((s) => ({
    importacao_id: importId,
    linha: s.line,
    isbn13: s.isbn ?? s.shownIsbn ?? null,
    titulo: s.title,
    acao: s.data ? (existing.has(s.isbn as string) ? 'ALTERAR' : 'CRIAR') : null,
    erros: s.errors.length ? s.errors : null,
    dados: s.data,
    // the row as read is kept for the rejected-rows XLSX only when it has errors (a valid row the
    // database refuses later is reported with its ISBN and title)
    original: s.errors.length ? s.original : { isbn13: s.isbn ?? '', titulo: s.title ?? '' },
  }));
}

/** Deletes imports whose `expira_em` passed (their rows go by cascade). @returns how many */
export async function deleteExpiredImports(db: Executor): Promise<number> {
  const deleted = await db.delete(productImports).where(lt(productImports.expiresAt, sql`now()`)).returning({ id: productImports.id });
  return deleted.length;
}

/**
 * Reads an uploaded file into a new preview.
 * @param file path of the uploaded file (the caller deletes it)
 * @param fileName the name the user gave it (shown and stored in `fonte` as `importacao:<name>`)
 * @returns the new import's id
 * @throws ImportFileError (pt-BR) for a file that cannot be read; nothing is stored then
 */
export async function createPreview(db: Db, file: string, fileName: string, userId: number | null): Promise<number> {
  await deleteExpiredImports(db);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(productImports)
      .values({ userId, fileName: fileName.slice(0, 300) || 'arquivo', format: 'CSV', expiresAt: sql`now() + make_interval(hours => ${IMPORT_RETENTION_HOURS})` })
      .returning({ id: productImports.id });
    const id = created.id;
    const seen = new Map<string, number>();
    const totals = { total: 0, creates: 0, updates: 0, withErrors: 0 };
    // one batch is inserted while the next one is parsed and checked (the database works in its
    // own process); statements stay in order on the transaction's connection
    let inserting: Promise<unknown> = Promise.resolve();
    let insertError: unknown = null;
    const info = await readImportFile(file, async (batch) => {
      const prepared = await prepareBatch(tx, id, batch, seen);
      for (const p of prepared) {
        totals.total++;
        if (p.erros) totals.withErrors++;
        else if (p.acao === 'ALTERAR') totals.updates++;
        else totals.creates++;
      }
      await inserting;
      if (insertError) throw insertError;
      inserting = tx
        .execute(
          sql`INSERT INTO produto_importacao_linha (importacao_id, linha, isbn13, titulo, acao, erros, dados, original)
        SELECT importacao_id, linha, isbn13, titulo, acao, erros, dados, original
        FROM jsonb_to_recordset(${JSON.stringify(prepared)}::jsonb)
          AS r(importacao_id int, linha int, isbn13 varchar, titulo varchar, acao varchar, erros jsonb, dados jsonb, original jsonb)`,
        )
        .catch((err: unknown) => {
          insertError = err;
        });
    }).finally(() => inserting);
    if (insertError) throw insertError;
    if (totals.total === 0) {
      throw new ImportFileError(PRODUCT_IMPORT_MESSAGES.noRows);
    }
    await tx
      .update(productImports)
      .set({ format: info.format, columns: info.columns, notices: info.notices, total: totals.total, creates: totals.creates, updates: totals.updates, withErrors: totals.withErrors, rejected: totals.withErrors })
      .where(eq(productImports.id, id));
    return id;
  });
}

async function findImport(db: Executor, id: number) {
  const [row] = await db.select().from(productImports).where(eq(productImports.id, id));
  if (!row) throw notFound(PRODUCT_IMPORT_MESSAGES.notFound);
  return row;
}

/**
 * The import with its progress and one page of rows (`apenasErros=true`: rows with errors only).
 * @throws DomainError NOT_FOUND when absent or expired
 */
export async function getImport(db: Db, id: number, query: ProductImportQuery): Promise<ProductImport> {
  const imp = await findImport(db, id);
  const where = query.apenasErros === 'true' ? and(eq(productImportRows.importId, id), isNotNull(productImportRows.errors)) : eq(productImportRows.importId, id);
  const [page, [{ total }]] = await Promise.all([
    db
      .select({ linha: productImportRows.line, isbn13: productImportRows.isbn13, titulo: productImportRows.title, acao: productImportRows.action, erros: productImportRows.errors, resultado: productImportRows.result })
      .from(productImportRows)
      .where(where)
      .orderBy(asc(productImportRows.line))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ total: count() }).from(productImportRows).where(where),
  ]);
  const toWrite = imp.creates + imp.updates;
  const totalPage = Math.ceil(total / query.pageSize);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: imp.id,
    nomeArquivo: imp.fileName,
    formato: imp.format as ProductImport['formato'],
    status: imp.status as ProductImportStatus,
    total: imp.total,
    novas: imp.creates,
    atualizacoes: imp.updates,
    comErro: imp.withErrors,
    processados: imp.processed,
    gravados: imp.written,
    rejeitados: imp.rejected,
    percentual: imp.status === 'CONCLUIDA' ? 100 : toWrite > 0 ? Math.min(100, Math.round((imp.processed / toWrite) * 1000) / 10) : 0,
    linhasPorSegundo: Math.round(imp.rowsPerSecond),
    avisos: imp.notices,
    mensagem: imp.message,
    criadoEm: imp.createdAt.toISOString(),
    iniciadoEm: iso(imp.startedAt),
    concluidoEm: iso(imp.finishedAt),
    expiraEm: imp.expiresAt.toISOString(),
    linhas: {
      itens: page.map((r) => ({ ...r, acao: r.acao as 'CRIAR' | 'ALTERAR' | null, erros: r.erros ?? [], resultado: r.resultado as 'GRAVADA' | 'REJEITADA' | null })),
      page: query.page,
      size: query.pageSize,
      totalPage,
      totalItens: total,
      proxima: query.page + 1 < totalPage,
    },
  };
}

/**
 * Confirms a preview: status NA_FILA and one job on `PRODUCT_IMPORT_QUEUE`, in one transaction
 * (the conditional update makes two confirmations race-safe: one wins, the other gets 409).
 * @param actor who confirms: each written product's audit entry names them, and their selected
 *   company's ERP queue receives the products when the integration is on
 * @throws DomainError NOT_FOUND; CONFLICT (409) when already confirmed; VALIDATION when no row is valid
 */
export async function confirmImport(database: Database, queue: JobQueue, id: number, actor?: AuditActor): Promise<void> {
  const imp = await findImport(database.db, id);
  if (imp.status !== 'PREVIA') throw new DomainError('CONFLICT', PRODUCT_IMPORT_MESSAGES.notPreview);
  if (imp.creates + imp.updates === 0) throw new DomainError('VALIDATION', PRODUCT_IMPORT_MESSAGES.nothingToWrite);
  await database.transaction(async (tx) => {
    // the report is kept IMPORT_RETENTION_HOURS after the confirmation
    const claimed = await tx.executeSql(
      `UPDATE produto_importacao SET status = 'NA_FILA', expira_em = now() + make_interval(hours => $2::int) WHERE id = $1 AND status = 'PREVIA' RETURNING id`,
      [id, IMPORT_RETENTION_HOURS],
    );
    if (claimed.rows.length === 0) throw new DomainError('CONFLICT', PRODUCT_IMPORT_MESSAGES.notPreview);
    await queue.send<ProductImportJob>(PRODUCT_IMPORT_QUEUE, actor ? { idImportacao: id, ator: actor } : { idImportacao: id }, { tx, singletonKey: `importacao:${id}` });
  });
}

/** pt-BR text of a database error for a rejected row. */
function dbReason(err: unknown): string {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code;
  const message = e.cause?.message ?? e.message ?? String(err);
  if (code === '23503') return 'Referência inexistente (editora, selo ou cadastro auxiliar removido)';
  if (code === '23505') return 'Valor já usado por outro produto';
  if (code === '22001') return 'Texto longo demais para o campo';
  return `Recusada pelo banco de dados: ${message.split('\n')[0].slice(0, 300)}`;
}

/**
 * The job: writes the valid rows of import `id` (status NA_FILA or PROCESSANDO after a restart) in
 * batches of {@link WRITE_BATCH}, each in its own transaction, updating the progress after each.
 * With `actor` (who confirmed), each batch's transaction also writes one audit entry per product
 * and, when the ERP integration is on and the actor has a company, queues the products for the
 * ERP (`traceWrittenRows`), as the product form does for one product.
 * Ends CONCLUIDA; on an unexpected failure ERRO with the message (batches committed stay).
 */
export async function runImport(db: Db, id: number, signal?: AbortSignal, actor?: AuditActor): Promise<void> {
  const [imp] = await db.select().from(productImports).where(eq(productImports.id, id));
  if (!imp || (imp.status !== 'NA_FILA' && imp.status !== 'PROCESSANDO')) return;
  const source = `importacao:${imp.fileName}`.slice(0, 300);
  const kept = keptOnUpdate(imp.columns);
  const trace: TraceOptions | null = actor
    ? { importId: id, fileName: imp.fileName, actor, erpCompanyId: actor.companyId !== null && (await integrationType(db)) !== 'NENHUMA' ? actor.companyId : null }
    : null;
  await db.update(productImports).set({ status: 'PROCESSANDO', startedAt: sql`coalesce(${productImports.startedAt}, now())` }).where(eq(productImports.id, id));
  const started = performance.now();
  let cache: NameCache = newNameCache();
  let processed = imp.processed;
  let written = imp.written;
  let rejected = imp.rejected;
  let lastLine = 0;
  const fetchAfter = (line: number) =>
    db
      .select({ line: productImportRows.line, data: productImportRows.data })
      .from(productImportRows)
      .where(and(eq(productImportRows.importId, id), isNull(productImportRows.errors), isNull(productImportRows.result), gt(productImportRows.line, line)))
      .orderBy(asc(productImportRows.line))
      .limit(WRITE_BATCH);
  try {
    let next = fetchAfter(0);
    for (;;) {
      signal?.throwIfAborted();
      const batch = await next;
      if (batch.length === 0) break;
      lastLine = batch[batch.length - 1].line;
      // the next batch is read (another pooled connection on PostgreSQL) while this one is written
      next = fetchAfter(lastLine);
      next.catch(() => undefined);
      const items = batch.map((b) => ({ line: b.line, data: b.data as RowData }));
      const rate = () => (processed / Math.max(0.001, (performance.now() - started) / 1000));
      try {
        await db.transaction(async (tx) => {
          const before = trace ? await findProductDetailsByIsbn(tx, isbnsOf(items)) : null;
          await writeRows(tx, items, source, cache, kept);
          if (trace && before) await traceWrittenRows(tx, trace, items[0].line, lastLine, before);
          await tx.execute(sql`UPDATE produto_importacao_linha SET resultado = 'GRAVADA' WHERE importacao_id = ${id} AND linha BETWEEN ${items[0].line} AND ${lastLine} AND erros IS NULL AND resultado IS NULL`);
          processed += items.length;
          written += items.length;
          await tx.update(productImports).set({ processed, written, rowsPerSecond: rate() }).where(eq(productImports.id, id));
        });
      } catch {
        // the batch rolled back (publishers created in it too): retry row by row
        cache = newNameCache();
        for (const item of items) {
          try {
            await db.transaction(async (tx) => {
              const before = trace ? await findProductDetailsByIsbn(tx, isbnsOf([item])) : null;
              await writeRows(tx, [item], source, cache, kept);
              if (trace && before) await traceWrittenRows(tx, trace, item.line, item.line, before);
              await tx.update(productImportRows).set({ result: 'GRAVADA' }).where(and(eq(productImportRows.importId, id), eq(productImportRows.line, item.line)));
            });
            written++;
          } catch (err) {
            cache = newNameCache();
            await db
              .update(productImportRows)
              .set({ result: 'REJEITADA', errors: [{ coluna: 'linha', motivo: dbReason(err) }] })
              .where(and(eq(productImportRows.importId, id), eq(productImportRows.line, item.line)));
            rejected++;
          }
          processed++;
        }
        await db.update(productImports).set({ processed, written, rejected, rowsPerSecond: rate() }).where(eq(productImports.id, id));
      }
    }
    await db.update(productImports).set({ status: 'CONCLUIDA', finishedAt: sql`now()` }).where(eq(productImports.id, id));
    // fresh planner statistics after a load (as the ONIX import does)
    if (written > 0) await db.execute(sql`ANALYZE produto, produto_contribuidor, produto_palavra, produto_assunto, produto_preco, editora, selo`);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await db.update(productImports).set({ status: 'ERRO', finishedAt: sql`now()`, message: `A importação parou: ${message}`.slice(0, 2000) }).where(eq(productImports.id, id));
    throw err;
  }
}

/** A price as `traceWrittenRows` reads it (cents may come back as text from a bigint). */
type TracedPrice = { tipo: string; moeda: string; valorCentavos: number | string };

/** What `traceWrittenRows` needs: the import, who confirmed it, and the company whose ERP queue gets the products (null: none). */
/** The ISBN-13 of each row of a batch about to be written. */
function isbnsOf(items: readonly { data: RowData }[]): string[] {
  return items.map((i) => i.data.record.isbn13);
}

interface TraceOptions {
  importId: number;
  fileName: string;
  actor: AuditActor;
  erpCompanyId: number | null;
}

/**
 * For the rows `from`..`to` of the import just written in `tx` (valid, not yet marked): one audit
 * entry per product, like a form save (issue 15, defect 9): CRIACAO with the product as written,
 * or ALTERACAO with each changed field before/after (`productAuditSnapshot` of `before`, read
 * just before the write, and of the product as written), plus the field `importacao` naming the
 * file, the import and the line; and, with `erpCompanyId`, one ERP outgoing item per product
 * (`toErpProduct`, the form's mapping). Per batch: the SELECT of the rows, the 4 queries of
 * `findProductDetailsByIsbn`, and at most two INSERTs.
 * @param before the details of the batch's products before the write, by ISBN-13
 */
async function traceWrittenRows(tx: Executor, trace: TraceOptions, from: number, to: number, before: Map<string, ProductDetailRecord>): Promise<void> {
  const written = rows<{
    linha: number;
    acao: string;
    id: number;
    id_erp: string | null;
    isbn13: string;
    titulo: string;
    subtitulo: string | null;
    ano_edicao: number | null;
    numero_paginas: number | null;
    situacao: string | null;
    editora: string | null;
    selo: string | null;
    precos: TracedPrice[] | string | null;
  }>(
    await tx.execute(sql`SELECT l.linha, l.acao, p.id, p.id_erp, p.isbn13, p.titulo, p.subtitulo, p.ano_edicao, p.numero_paginas, p.situacao,
        e.nome AS editora, s.nome AS selo,
        ${trace.erpCompanyId === null ? sql`NULL` : sql`(SELECT jsonb_agg(jsonb_build_object('tipo', pr.tipo, 'moeda', pr.moeda, 'valorCentavos', pr.valor_centavos) ORDER BY pr.ordem) FROM produto_preco pr WHERE pr.produto_id = p.id)`} AS precos
      FROM produto_importacao_linha l
      JOIN produto p ON p.isbn13 = l.isbn13
      LEFT JOIN editora e ON e.id = p.editora_id
      LEFT JOIN selo s ON s.id = p.selo_id
      WHERE l.importacao_id = ${trace.importId} AND l.linha BETWEEN ${from} AND ${to} AND l.erros IS NULL AND l.resultado IS NULL
      ORDER BY l.linha`),
  );
  const after = await findProductDetailsByIsbn(tx, written.map((r) => r.isbn13));
  const view = (record: ProductDetailRecord | undefined) => (record ? productAuditSnapshot(toProductDetail(record)) : null);
  await recordAudits(
    tx,
    written.map((r) => {
      const old = view(before.get(r.isbn13));
      return {
        actor: trace.actor,
        entity: 'produto' as const,
        recordId: Number(r.id),
        action: old === null ? ('CRIACAO' as const) : ('ALTERACAO' as const),
        before: old,
        after: { ...view(after.get(r.isbn13)), importacao: `${trace.fileName} (importação ${trace.importId}, linha ${r.linha})` },
      };
    }),
  );
  if (trace.erpCompanyId === null) return;
  await enqueueOutgoingMany(
    tx,
    trace.erpCompanyId,
    written.map((r) => {
      const precos = (typeof r.precos === 'string' ? JSON.parse(r.precos) : (r.precos ?? [])) as TracedPrice[];
      return {
        tipo: 'PRODUTO' as const,
        referencia: r.isbn13,
        descricao: r.titulo,
        conteudo: toErpProduct({
          idErp: r.id_erp,
          isbn13: r.isbn13,
          titulo: r.titulo,
          subtitulo: r.subtitulo,
          anoEdicao: r.ano_edicao === null ? null : Number(r.ano_edicao),
          numeroPaginas: r.numero_paginas === null ? null : Number(r.numero_paginas),
          situacao: r.situacao,
          editora: r.editora === null ? null : { nome: r.editora },
          selo: r.selo === null ? null : { nome: r.selo },
          precos: precos.map((p) => ({ ...p, valorCentavos: Number(p.valorCentavos) })),
        }),
      };
    }),
  );
}

/**
 * Writes rows through the catalogue writer: spreadsheet rows with their extra columns, leaving on
 * existing products what the file has no column for (`kept`); ONIX rows as the ONIX import does.
 */
async function writeRows(tx: Executor, items: { data: RowData }[], source: string, cache: NameCache, kept: KeptOnUpdate): Promise<void> {
  const records = items.map((i) => i.data.record);
  if (items.every((i) => i.data.extras)) await upsertFullRecords(tx, records, source, cache, items.map((i) => i.data.extras as ExtraValues), kept);
  else await upsertFullRecords(tx, records, source, cache);
}

/**
 * Streams the rejected rows of import `id` (preview errors and rows the database refused) as XLSX
 * to `out`: columns `linha`, `erros` ("coluna: motivo; …"), then the file's columns as read.
 * @throws DomainError NOT_FOUND
 */
export async function writeRejectedXlsx(db: Db, id: number, out: Writable): Promise<void> {
  const imp = await findImport(db, id);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet('Rejeitados');
  const columns = imp.columns;
  sheet.columns = [{ header: 'linha', key: 'linha', width: 8 }, { header: 'erros', key: 'erros', width: 60 }, ...columns.map((c) => ({ header: c, key: c, width: 18 }))];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let last = 0;
  for (;;) {
    const page = await db
      .select({ line: productImportRows.line, errors: productImportRows.errors, original: productImportRows.original })
      .from(productImportRows)
      .where(and(eq(productImportRows.importId, id), isNotNull(productImportRows.errors), gt(productImportRows.line, last)))
      .orderBy(asc(productImportRows.line))
      .limit(2000);
    if (page.length === 0) break;
    for (const r of page) {
      sheet.addRow({ linha: r.line, erros: (r.errors ?? []).map((e) => `${e.coluna}: ${e.motivo}`).join('; '), ...r.original }).commit();
    }
    last = page[page.length - 1].line;
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * Writes the XLSX template to `out`: sheet "Produtos" with every column (row 1, each header with a
 * note on its format) and an example row; sheet "Instruções" with one line per column.
 */
export async function writeTemplateXlsx(out: Writable): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Produtos');
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: c, key: c, width: Math.max(14, c.length + 2) }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  IMPORT_COLUMNS.forEach((c, i) => {
    header.getCell(i + 1).note = columnFormat(c);
  });
  sheet.addRow(TEMPLATE_EXAMPLE);
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const help = workbook.addWorksheet('Instruções');
  help.columns = [
    { header: 'coluna', key: 'coluna', width: 28 },
    { header: 'formato', key: 'formato', width: 100 },
  ];
  help.getRow(1).font = { bold: true };
  help.addRow({ coluna: '(arquivo)', formato: 'Só a primeira planilha é lida; a linha 1 tem os nomes das colunas; colunas ausentes ficam em branco. CSV também é aceito (separador ; , ou tabulação; UTF-8 ou Windows-1252).' });
  help.addRow({ coluna: '(atualização)', formato: 'ISBN já cadastrado = o produto é alterado: as células em branco limpam o campo, exceto sim/não, que mantêm o valor atual; as colunas que o arquivo não tem mantêm o valor atual (apague do arquivo as colunas que não quer alterar).' });
  for (const c of IMPORT_COLUMNS) help.addRow({ coluna: c, formato: columnFormat(c) });
  await workbook.xlsx.write(out);
}

/** Row counts per status of an import (tests). */
export async function importRowResults(db: Db, id: number): Promise<{ result: string | null; n: number }[]> {
  return db
    .select({ result: productImportRows.result, n: count() })
    .from(productImportRows)
    .where(eq(productImportRows.importId, id))
    .groupBy(productImportRows.result);
}

/** Products in the catalogue (tests: "nothing was written"). */
export async function productCount(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(products);
  return n;
}
