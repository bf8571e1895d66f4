/**
 * ONIX for Books import into the shared catalogue: `importOnixFiles(db, files)` reads each file
 * with the streaming reader, maps each product, and writes the file in ONE transaction (batched
 * upserts as the parse goes). A malformed file (XML error, unsupported encoding, not ONIX) is
 * refused and nothing of it is written; an invalid record is rejected with a reason and the others
 * are imported. Used by the CLI (`onix.cli.ts`), the tests and the benchmark.
 */
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client.ts';
import { applyPartialRecord, newNameCache, upsertFullRecords, type NameCache } from '../catalog-writer.ts';
import { detectFileEncoding, UnsupportedEncodingError } from './onix-encoding.ts';
import { mapProduct, type OnixRecord } from './onix-record.ts';
import { OnixXmlError, streamOnixProducts } from './onix-xml.ts';

/** Options of {@link importOnixFiles}. */
export interface OnixImportOptions {
  /** ISO 4217 currency for prices without `CurrencyCode` (e.g. `AUD`); without it they are dropped with a notice. */
  defaultCurrency?: string | null;
  /** Products per multi-row upsert (default 500). */
  batchSize?: number;
}

/** A record that was not imported: record reference (or null), start line, ISBN seen, pt-BR reason. */
export interface RejectedRecord {
  reference: string | null;
  line: number;
  isbn: string | null;
  reason: string;
}

/** Result for one file. When `status` is `refused`, nothing of the file was written and counts are 0. */
export interface OnixFileReport {
  file: string;
  /** Value stored in `produto.fonte`: `onix:<file name>`. */
  source: string;
  status: 'imported' | 'refused';
  /** Why the file was refused (pt-BR, with the line for XML errors), else null. */
  error: string | null;
  /** `release` of the message (`3.0`, `2.1`) or inferred from the structure; null if unknown. */
  release: string | null;
  /** Encoding the file was read with. */
  encoding: string | null;
  /** Product elements read (created + updated + rejected when imported). */
  products: number;
  created: number;
  updated: number;
  rejected: number;
  rejections: RejectedRecord[];
  /** pt-BR notes: encoding fallback, parts of records ignored (with counts). */
  notices: string[];
  elapsedMs: number;
}

/** Result of {@link importOnixFiles}. */
export interface OnixImportReport {
  files: OnixFileReport[];
  /** Number of refused files (the CLI exits with 1 when > 0). */
  refused: number;
}

class NotOnixError extends Error {}

async function importOneFile(db: Db, file: string, options: OnixImportOptions): Promise<OnixFileReport> {
  const started = performance.now();
  const report: OnixFileReport = {
    file,
    source: `onix:${path.basename(file)}`.slice(0, 300),
    status: 'imported',
    error: null,
    release: null,
    encoding: null,
    products: 0,
    created: 0,
    updated: 0,
    rejected: 0,
    rejections: [],
    notices: [],
    elapsedMs: 0,
  };
  const refuse = (error: string) => {
    Object.assign(report, { status: 'refused', error, created: 0, updated: 0, rejected: 0, rejections: [] });
    report.elapsedMs = Math.round(performance.now() - started);
    return report;
  };
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return refuse('arquivo não encontrado');
  try {
    const detected = await detectFileEncoding(file);
    report.encoding = detected.encoding;
    if (detected.notice) report.notices.push(detected.notice);
  } catch (err) {
    if (err instanceof UnsupportedEncodingError) return refuse(err.message);
    throw err;
  }

  const batchSize = Math.max(1, options.batchSize ?? 500);
  const noticeCounts = new Map<string, number>();
  let sawV3 = false;
  try {
    await db.transaction(async (tx) => {
      const cache: NameCache = newNameCache();
      let pending: OnixRecord[] = [];
      const pendingIsbns = new Set<string>();
      // One batch is written while the next one is parsed (the XML parser runs in this process,
      // the upsert in the database server); writes stay sequential on the transaction.
      let writing: Promise<void> = Promise.resolve();
      let writeError: unknown = null;
      const settle = async () => {
        await writing;
        if (writeError) throw writeError;
      };
      const flush = async () => {
        if (pending.length === 0) return;
        const batch = pending;
        pending = [];
        pendingIsbns.clear();
        await settle();
        writing = upsertFullRecords(tx, batch, report.source, cache).then(
          (outcomes) => {
            for (const o of outcomes) report[o === 'created' ? 'created' : 'updated']++;
          },
          (err: unknown) => {
            writeError = err;
          },
        );
      };
      const info = await streamOnixProducts(file, report.encoding as string, async (nodes) => {
        for (const node of nodes) {
          if (node.node.children.some((c) => c.key === 'descriptivedetail' || c.key === 'productsupply')) sawV3 = true;
          const mapped = mapProduct(node, { defaultCurrency: options.defaultCurrency ?? null });
          if (!mapped.ok) {
            report.rejections.push({ reference: mapped.reference, line: mapped.line, isbn: mapped.isbn, reason: mapped.reason });
            continue;
          }
          for (const n of new Set(mapped.notices)) noticeCounts.set(n, (noticeCounts.get(n) ?? 0) + 1);
          const record = mapped.record;
          if (record.blocks !== null || record.deletion) {
            await flush();
            await settle();
            const outcome = await applyPartialRecord(tx, record, report.source, cache);
            if (outcome === 'missing') {
              report.rejections.push({
                reference: record.reference,
                line: record.line,
                isbn: record.isbn13,
                reason: record.deletion
                  ? 'exclusão (NotificationType 05) de produto que não está no catálogo'
                  : 'atualização em bloco (NotificationType 04) de produto que não está no catálogo',
              });
            } else report.updated++;
            continue;
          }
          if (pendingIsbns.has(record.isbn13)) await flush();
          pending.push(record);
          pendingIsbns.add(record.isbn13);
          if (pending.length >= batchSize) await flush();
        }
      }).catch(async (err: unknown) => {
        await writing; // let an in-flight batch finish before the transaction rolls back
        throw err;
      });
      await flush();
      await settle();
      if (info.root !== 'onixmessage' && info.root !== 'product') {
        throw new NotOnixError(`não é uma mensagem ONIX (elemento raiz <${info.root ?? '?'}>)`);
      }
      report.products = info.products;
      report.release = info.release ?? (info.products > 0 ? (sawV3 ? '3.0' : '2.1') : null);
    });
  } catch (err) {
    if (err instanceof OnixXmlError) return refuse(`${err.message}; nada foi gravado`);
    if (err instanceof NotOnixError) return refuse(`${err.message}; nada foi gravado`);
    throw err;
  }
  report.rejected = report.rejections.length;
  for (const [notice, count] of noticeCounts) report.notices.push(`${notice} em ${count} registro(s)`);
  report.elapsedMs = Math.round(performance.now() - started);
  return report;
}

/**
 * Imports ONIX for Books 3.0 / 2.1 files (reference or short tags) into the catalogue, one
 * transaction per file. Products are upserted by ISBN-13 (re-importing updates, never
 * duplicates; contributors, subjects and prices are replaced); publishers and imprints are found or
 * created by `nome_chave`; `fonte` = `onix:<file name>`.
 * @param db the app database (PGlite or PostgreSQL)
 * @param files paths of the files, imported in order
 * @throws only on database/IO failures; malformed files are reported as `refused`
 */
export async function importOnixFiles(db: Db, files: string[], options: OnixImportOptions = {}): Promise<OnixImportReport> {
  const reports: OnixFileReport[] = [];
  for (const file of files) reports.push(await importOneFile(db, file, options));
  const written = reports.reduce((n, r) => n + r.created + r.updated, 0);
  // Fresh planner statistics after a load: PGlite has no autovacuum, and the catalogue's unfiltered
  // total is read from them above 100,000 rows (products.repository.ts `unfilteredTotal`).
  if (written > 0) await db.execute(sql`ANALYZE produto, produto_contribuidor, produto_palavra, produto_assunto, produto_preco, editora, selo`);
  return { files: reports, refused: reports.filter((r) => r.status === 'refused').length };
}

/**
 * Text report, one block per file:
 * `<name> (ONIX 3.0, utf-8): created N / updated N / rejected N` then `  aviso: …` and
 * `  rejeitado: registro <ref> (linha L, ISBN …): <reason>` lines; refused files print
 * `<name>: RECUSADO — <reason>`.
 */
export function formatImportReport(report: OnixImportReport): string {
  const lines: string[] = [];
  for (const f of report.files) {
    const name = path.basename(f.file);
    if (f.status === 'refused') {
      lines.push(`${name}: RECUSADO — ${f.error}`);
      for (const n of f.notices) lines.push(`  aviso: ${n}`);
      continue;
    }
    const meta = [f.release ? `ONIX ${f.release}` : null, f.encoding].filter(Boolean).join(', ');
    lines.push(`${name} (${meta}): created ${f.created} / updated ${f.updated} / rejected ${f.rejected}`);
    for (const n of f.notices) lines.push(`  aviso: ${n}`);
    for (const r of f.rejections) {
      const where = [`linha ${r.line}`, r.isbn ? `ISBN/EAN ${r.isbn}` : null].filter(Boolean).join(', ');
      lines.push(`  rejeitado: registro ${r.reference ?? '(sem RecordReference)'} (${where}): ${r.reason}`);
    }
  }
  return lines.join('\n');
}
