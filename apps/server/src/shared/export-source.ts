import type { Database } from '../db/client.ts';
import type { AuthContext } from './request-auth.ts';

/*
 * The contract between a report and the export queue (issue 17, part 1). A report domain describes
 * one exportable list (a report and its tab) as an ExportSource; the composition root lists every
 * source in EXPORT_SOURCES (`domains.ts`) and hands the list to the exports domain through the
 * context (`ctx.exportSources`) and its queue. The exports domain never imports a report domain,
 * and a report domain never imports the exports domain: both import only this file.
 *
 * Adding a source (docs/exports.md, "Registering a report"):
 *   export const BILLING_EXPORT_SOURCES: ExportSource[] = [{ origem: 'relatorio/faturamento/cliente', … }];
 * and spread it into EXPORT_SOURCES in `domains.ts`. `origem` must be unique (checked at start).
 */

/**
 * How a column's values are written.
 * - `text`: string (null/undefined → empty cell)
 * - `integer`: whole number (number, bigint or numeric string), e.g. units
 * - `money`: integer CENTS (number, bigint or numeric string); written as reais: CSV `1234,56`,
 *   XLSX a number 1234.56 with the BRL format `"R$" #,##0.00`
 * - `date`: a calendar day as text `YYYY-MM-DD` (CSV `DD/MM/YYYY`), or an instant (Date, ISO text
 *   with a time, epoch ms; CSV `DD/MM/YYYY HH:mm` in America/Sao_Paulo); XLSX a date cell
 *   (`dd/mm/yyyy`) holding the São Paulo wall clock
 * - `decimal`: any number, CSV with a decimal comma, XLSX a number `#,##0.00##`
 * - `percent`: a FRACTION of 1 (0.125 = 12,5 %); CSV `12,50%` (Excel pt-BR reads it as a percent),
 *   XLSX the fraction with the format `0.00%`
 */
export type ExportColumnKind = 'text' | 'integer' | 'money' | 'date' | 'decimal' | 'percent';

/** One column of an exported file, in the order of the row arrays. */
export interface ExportColumn {
  /** Header cell, pt-BR (e.g. 'Valor bruto (R$)'). */
  header: string;
  kind: ExportColumnKind;
  /** XLSX column width in characters (default from the header, at least 12). */
  width?: number;
}

/**
 * One exportable list: a report (and its tab) the user may ask `POST fila-exportacao/csv|excel`
 * for with `{origem, filtros}`.
 * @typeParam F the parsed filters (the report's own query type)
 */
export interface ExportSource<F = unknown> {
  /** Unique name of the report and tab, the request's `origem` and the queue's `nomExportacao`, e.g. `relatorio/faturamento/cliente`. */
  origem: string;
  /** Role the caller must hold in the selected company to request and to run it (as a route's `config.role`); undefined = any signed-in user. */
  role: string | readonly string[] | undefined;
  /** File name without extension; the queue appends `_<id>.csv|.xlsx` (e.g. `relatorio_estoque`). */
  fileBaseName: string;
  /** The columns, in the order `rows` yields each row's values. */
  columns: readonly ExportColumn[];
  /**
   * The columns of one export when they depend on its filters (e.g. one column per chosen
   * company); the job calls it after `parseFilters`, with the same arguments `rows` gets, and
   * `rows` then yields values in that order. Absent: `columns`.
   */
  columnsFor?(database: Database, auth: AuthContext, filters: F): Promise<readonly ExportColumn[]>;
  /**
   * Parses the request's `filtros` (the report's query, as the screen sends it to the report's
   * GET route; strings or arrays of strings, or JSON values) with the report's zod schema.
   * Called when the export is requested (a throw answers 400 there) and again by the job.
   * @throws ZodError or DomainError VALIDATION: the request answers 400 `{messages:[{field,message}]}`
   *   (a ZodError's paths are prefixed with `filtros.`)
   */
  parseFilters(filtros: unknown): F;
  /**
   * The rows of the whole report (no paging), in the report's order, streamed: read them with a
   * cursor (`streamRows` of `shared/cursor.ts`) or by key ranges, never the whole result in memory.
   * Each row is an array with one value per column (see ExportColumnKind for each kind's values).
   * @param database the open database (`database.db` for Drizzle, `database.transaction` for a cursor)
   * @param auth the requester as when the export was asked (selected company, roles); scope the
   *   rows to it exactly as the report's GET route does
   * @param filters `parseFilters`' result
   */
  rows(database: Database, auth: AuthContext, filters: F): AsyncIterable<unknown[]>;
}

/**
 * Checks a list of sources (unique `origem`, at least one column, a file name), as the
 * composition root builds EXPORT_SOURCES.
 * @returns a map origem → source
 * @throws Error naming the first duplicate or malformed source
 */
export function indexExportSources(sources: readonly ExportSource[]): ReadonlyMap<string, ExportSource> {
  const byOrigin = new Map<string, ExportSource>();
  for (const source of sources) {
    if (!source.origem || source.columns.length === 0 || !source.fileBaseName) throw new Error(`Fonte de exportação inválida: ${source.origem}`);
    if (byOrigin.has(source.origem)) throw new Error(`Fonte de exportação repetida: ${source.origem}`);
    byOrigin.set(source.origem, source);
  }
  return byOrigin;
}
