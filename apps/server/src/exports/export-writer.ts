import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { formatDate, formatDateTime, type ExportFormat } from '@acervo/contracts';
import type { ExportColumn, ExportColumnKind } from '../shared/export-source.ts';

/*
 * Writes an export file from a stream of rows (issue 17 part 1), never holding more than one batch:
 * - CSV with csv-stringify: `;` separator, CRLF, UTF-8 with a BOM, values in pt-BR (decimal comma,
 *   DD/MM/YYYY dates, `R$` values as `1234,56`), so Excel in Portuguese opens it with typed
 *   columns. Rows are stringified a batch at a time (`csv-stringify/sync` over 1,000 rows) and
 *   written with the file stream's back-pressure: one stream transform per record cost more than the
 *   rest of the export together (docs/exports.md, figures).
 * - XLSX with exceljs's streaming `WorkbookWriter`: each row committed at once, no shared strings,
 *   one style object per column shared by all its cells (exceljs then finds its id by identity
 *   instead of serialising a style per cell); money as numbers in reais with a BRL format, dates as
 *   date cells, percents as fractions with `0.00%`. The writer yields to the event loop every
 *   batch so the zip stream drains to the file instead of buffering the sheet in memory.
 */

/** Rows stringified (CSV) or committed (XLSX) between two yields / progress reports. */
const BATCH = 1000;

/** Options of `writeExportFile`. */
export interface WriteExportOptions {
  format: ExportFormat;
  columns: readonly ExportColumn[];
  rows: AsyncIterable<unknown[]>;
  /** Destination path (created or replaced). */
  filePath: string;
  /** Sheet name of an XLSX (default 'Relatório'). */
  sheetName?: string;
  /** Called with the rows written so far, at most about once a second, and awaited. */
  onProgress?: (rows: number) => Promise<void>;
  /** Aborts the write (the file is left partial; the caller deletes it). */
  signal?: AbortSignal;
}

/** What was written. */
export interface WriteExportResult {
  rows: number;
}

/**
 * Writes the file.
 * @returns the number of data rows (the header is not counted)
 * @throws the rows' error, a write error, or the signal's reason when aborted
 */
export async function writeExportFile(options: WriteExportOptions): Promise<WriteExportResult> {
  return options.format === 'CSV' ? writeCsv(options) : writeXlsx(options);
}

/** Calls onProgress at most once a second. */
function progressReporter(onProgress: WriteExportOptions['onProgress']) {
  let last = Date.now();
  return async (rows: number) => {
    if (!onProgress || Date.now() - last < 1000) return;
    last = Date.now();
    await onProgress(rows);
  };
}

async function write(out: WriteStream, chunk: string): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

async function closeStream(out: WriteStream): Promise<void> {
  out.end();
  await once(out, 'finish');
}

/**
 * Destroys a file stream after a failure and waits until its file is closed. `createWriteStream`
 * opens the file asynchronously: without the wait, a source that fails at once lets the caller
 * delete the `.part` file before the open creates it, and the empty file stays behind.
 */
async function discard(out: WriteStream | undefined): Promise<void> {
  if (!out || out.closed) return;
  const closed = once(out, 'close').catch(() => undefined);
  out.destroy();
  await closed;
}

async function writeCsv(options: WriteExportOptions): Promise<WriteExportResult> {
  const { columns } = options;
  const formatters = columns.map((column) => CSV_FORMATTERS[column.kind]);
  const out = createWriteStream(options.filePath);
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => undefined);
  const report = progressReporter(options.onProgress);
  const csv = (records: string[][]) => stringify(records, { delimiter: ';', record_delimiter: 'windows' });
  let rows = 0;
  try {
    await Promise.race([write(out, '\ufeff' + csv([columns.map((c) => c.header)])), failed]);
    let batch: string[][] = [];
    for await (const row of options.rows) {
      const cells = new Array<string>(formatters.length);
      for (let i = 0; i < formatters.length; i++) cells[i] = formatters[i]!(row[i]);
      batch.push(cells);
      rows++;
      if (batch.length === BATCH) {
        options.signal?.throwIfAborted();
        await Promise.race([write(out, csv(batch)), failed]);
        batch = [];
        await report(rows);
      }
    }
    if (batch.length > 0) await Promise.race([write(out, csv(batch)), failed]);
    await Promise.race([closeStream(out), failed]);
    return { rows };
  } catch (err) {
    await discard(out);
    throw err;
  }
}

async function writeXlsx(options: WriteExportOptions): Promise<WriteExportResult> {
  const { columns } = options;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: options.filePath, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(options.sheetName ?? 'Relatório', { views: [{ state: 'frozen', ySplit: 1 }] });
  // one style object per column, given to every cell of the column, and one to every row: exceljs
  // caches a style's id by object identity, but gives each new cell a copy of its column's style
  // (and each row a new `{}`), which it then serialises to XML to look the id up — per cell, the
  // largest single cost of an XLSX export (docs/exports.md). Same ids, same file.
  const cellStyles: Partial<ExcelJS.Style>[] = columns.map((column) => (XLSX_FORMATS[column.kind] ? { numFmt: XLSX_FORMATS[column.kind] } : {}));
  const rowStyle: Partial<ExcelJS.Style> = {};
  sheet.columns = columns.map((column, i) => ({
    header: column.header,
    key: String(i),
    width: column.width ?? Math.max(12, Math.min(60, column.header.length + 2)),
    style: cellStyles[i],
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const converters = columns.map((column) => XLSX_VALUES[column.kind]);
  const report = progressReporter(options.onProgress);
  let rows = 0;
  try {
    for await (const row of options.rows) {
      const values = new Array<ExcelJS.CellValue>(converters.length);
      for (let i = 0; i < converters.length; i++) values[i] = converters[i]!(row[i]);
      const added = sheet.addRow(values);
      (added as unknown as { style: Partial<ExcelJS.Style> }).style = rowStyle;
      for (let i = 0; i < converters.length; i++) added.getCell(i + 1).style = cellStyles[i]!;
      added.commit();
      rows++;
      if (rows % BATCH === 0) {
        options.signal?.throwIfAborted();
        // let the zip stream hand what it holds to the file, and wait while it is behind
        await new Promise((resolve) => setImmediate(resolve));
        while (xlsxBacklog(workbook, sheet) > XLSX_BACKLOG_BYTES) {
          options.signal?.throwIfAborted();
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        await report(rows);
      }
    }
    sheet.commit();
    await workbook.commit();
  } catch (err) {
    // the workbook's own file stream (exceljs opens it from `filename`): closed before the caller deletes the part file
    await discard((workbook as unknown as { stream?: WriteStream }).stream);
    throw err;
  }
  return { rows };
}

/** Bytes of sheet XML the XLSX writer lets wait for compression before it stops adding rows. */
const XLSX_BACKLOG_BYTES = 8 * 1024 * 1024;

/** A stream of archiver's (readable-stream 2: no `writableLength`, only its states). */
interface PipeState {
  writableLength?: number;
  _writableState?: { length?: number };
  _readableState?: { length?: number };
}

/** What exceljs's streaming writer keeps in its (undocumented) fields; any of them may be absent. */
interface ExcelStreamInternals {
  _stream?: { buffers?: { length?: number }[]; pipes?: PipeState[] };
  stream?: { writableLength?: number };
}

/**
 * Bytes written by exceljs and not yet compressed or flushed: the sheet's buffer, what waits at
 * the zip's entry stream (archiver's PassThrough before the deflate), and the file stream's queue. exceljs writes the sheet XML to the zip
 * without back-pressure, so an export faster than the deflate (a thread-pool job, slow on a busy
 * machine) would otherwise pile the sheet up in memory (measured: 759 MB at 1,000,000 rows).
 * Reads exceljs's and archiver's private fields (exceljs 4.4): 0 if they change, i.e. the former yield-only behaviour.
 */
function xlsxBacklog(workbook: ExcelJS.stream.xlsx.WorkbookWriter, sheet: ExcelJS.Worksheet): number {
  const sheetStream = (sheet as unknown as ExcelStreamInternals)._stream;
  let bytes = (workbook as unknown as ExcelStreamInternals).stream?.writableLength ?? 0;
  for (const buffer of sheetStream?.buffers ?? []) bytes += buffer.length ?? 0;
  for (const pipe of sheetStream?.pipes ?? []) bytes += (pipe.writableLength ?? pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0);
  return bytes;
}

/** Cents (number, bigint or integer text) as a bigint; null for null/undefined/''. */
function cents(value: unknown): bigint | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(Math.round(value));
  return BigInt(String(value).trim());
}

/**
 * Cents as pt-BR reais without thousands separators: -123456 → '-1234,56'. Plain number arithmetic
 * for safe integers (every real amount; BigInt for each of 4 money columns × 1,000,000 rows cost
 * seconds), BigInt only past 2^53.
 */
export function centsToCsv(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? Math.round(value) : typeof value === 'string' && value.length < 16 ? Number(value) : NaN;
  if (Number.isSafeInteger(n)) {
    const abs = n < 0 ? -n : n;
    const rest = abs % 100;
    return `${n < 0 ? '-' : ''}${(abs - rest) / 100},${rest < 10 ? '0' : ''}${rest}`;
  }
  const c = cents(value)!;
  const negative = c < 0n;
  const abs = negative ? -c : c;
  return `${negative ? '-' : ''}${abs / 100n},${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A number as pt-BR text (decimal comma, no thousands separators); '' for null/undefined/''. */
function decimalToCsv(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return String(value).replace('.', ',');
}

/** A date value as pt-BR text: `YYYY-MM-DD` → `DD/MM/YYYY`; an instant (Date, ISO text, epoch ms) → `DD/MM/YYYY HH:mm` in São Paulo. */
function dateText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  return formatDateTime(value as string | number | Date);
}

/** Text that a spreadsheet would run as a formula is prefixed with `'` (CSV injection). */
function safeText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const CSV_FORMATTERS: Record<ExportColumnKind, (value: unknown) => string> = {
  text: safeText,
  integer: (value) => (value === null || value === undefined ? '' : String(value)),
  money: centsToCsv,
  date: dateText,
  decimal: decimalToCsv,
  percent: (value) => (value === null || value === undefined || value === '' ? '' : `${(Number(value) * 100).toFixed(2).replace('.', ',')}%`),
};

const XLSX_FORMATS: Record<ExportColumnKind, string | undefined> = {
  text: undefined,
  integer: '#,##0',
  money: '"R$" #,##0.00;[Red]-"R$" #,##0.00',
  date: 'dd/mm/yyyy',
  decimal: '#,##0.00##',
  percent: '0.00%',
};

/** A date value as the Date exceljs writes (its UTC fields are the São Paulo wall clock). */
function xlsxDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00Z`);
  const date = value instanceof Date ? value : new Date(value as string | number);
  if (Number.isNaN(date.getTime())) return null;
  const text = dateText(value);
  const m = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}))?$/.exec(text);
  if (!m) return null;
  return new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]), Number(m[4] ?? 0), Number(m[5] ?? 0)));
}

const XLSX_VALUES: Record<ExportColumnKind, (value: unknown) => ExcelJS.CellValue> = {
  text: (value) => (value === null || value === undefined ? null : String(value)),
  integer: (value) => (value === null || value === undefined || value === '' ? null : Number(value)),
  money: (value) => {
    const c = cents(value);
    return c === null ? null : Number(c) / 100;
  },
  date: xlsxDate,
  decimal: (value) => (value === null || value === undefined || value === '' ? null : Number(value)),
  percent: (value) => (value === null || value === undefined || value === '' ? null : Number(value)),
};
