/**
 * Streaming readers of an uploaded import file: the kind is told by the content (ZIP magic → XLSX,
 * `<` after an optional BOM → ONIX XML, readable text → CSV, anything else refused), never by the
 * name. Rows are handed over in batches (the caller's callback is awaited before reading on), so a
 * 100,000-row file never sits in memory. A file that cannot be read throws {@link ImportFileError}
 * with a pt-BR message (the upload answers 400 and nothing is written).
 *
 * CSV: encoding by BOM (UTF-8, UTF-16), else UTF-8 when the whole file is valid UTF-8, else
 * Windows-1252; delimiter `;`, `,` or tab, the one found most often in the header line (outside
 * quotes). XLSX: the first worksheet, row 1 the header (exceljs streaming reader). ONIX 3.0/2.1:
 * the foundation's streaming reader and mapper (`../onix/`).
 */
import fs from 'node:fs';
import iconv from 'iconv-lite';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { PRODUCT_IMPORT_MESSAGES, type ProductImportFormat } from '@acervo/contracts';
import { detectFileEncoding, UnsupportedEncodingError } from '../onix/onix-encoding.ts';
import { OnixXmlError, streamOnixProducts } from '../onix/onix-xml.ts';
import { mapProduct, type MappedProduct } from '../onix/onix-record.ts';
import { IMPORT_COLUMNS, REQUIRED_COLUMNS } from './import-row.ts';

/** A file the import refuses; `message` is pt-BR and shown to the user. */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}

/** A spreadsheet row: its row number (header = 1) and cells by column (canonical wire name). */
export interface SheetRow {
  kind: 'sheet';
  line: number;
  cells: Record<string, string>;
}

/** An ONIX product mapped by the foundation's mapper (`line` = where `<Product>` starts). */
export interface OnixRow {
  kind: 'onix';
  line: number;
  mapped: MappedProduct;
}

export type ImportRow = SheetRow | OnixRow;

/** What the reader learned about the file. */
export interface FileInfo {
  format: ProductImportFormat;
  /** Columns of the file in order (canonical names); ONIX: `referencia`, `isbn13`, `titulo`. */
  columns: string[];
  /** pt-BR notes: encoding, delimiter, ONIX release, parts ignored. */
  notices: string[];
}

/** Rows per callback. */
const BATCH = 1000;

/** Columns of an ONIX import's rows (for the rejected-rows XLSX). */
export const ONIX_COLUMNS = ['referencia', 'isbn13', 'titulo'];

/**
 * Tells the kind of a file by its first bytes.
 * @throws ImportFileError for an empty file or binary content that is neither XLSX nor text
 */
export async function detectFormat(file: string): Promise<ProductImportFormat> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    const head = buf.subarray(0, bytesRead);
    if (bytesRead === 0) throw new ImportFileError(PRODUCT_IMPORT_MESSAGES.empty);
    if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'XLSX';
    const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
    const text = utf16 ? iconv.decode(head, head[0] === 0xff ? 'utf-16le' : 'utf-16be') : head.toString('latin1');
    const trimmed = text.replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '').trimStart();
    if (trimmed === '') throw new ImportFileError(PRODUCT_IMPORT_MESSAGES.empty);
    if (trimmed.startsWith('<')) return 'ONIX';
    // text: no NUL and few other control characters
    let control = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0) throw new ImportFileError(PRODUCT_IMPORT_MESSAGES.unknownFormat);
      if (c < 32 && c !== 9 && c !== 10 && c !== 13) control++;
    }
    if (control > text.length / 100) throw new ImportFileError(PRODUCT_IMPORT_MESSAGES.unknownFormat);
    return 'CSV';
  } finally {
    await handle.close();
  }
}

/**
 * Encoding of a CSV file: a BOM decides; else `utf-8` when every byte sequence is valid UTF-8
 * (checked over the whole file, streaming), else `windows-1252`.
 */
export async function detectCsvEncoding(file: string): Promise<{ encoding: string; bom: boolean }> {
  const handle = await fs.promises.open(file, 'r');
  const head = Buffer.alloc(3);
  await handle.read(head, 0, 3, 0);
  await handle.close();
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bom: true };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bom: true };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bom: true };
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return { encoding: 'utf-8', bom: false };
  } catch {
    return { encoding: 'windows-1252', bom: false };
  }
}

/** The delimiter found most often outside quotes in `headerLine` (`;` wins ties); `;` when none. */
export function detectDelimiter(headerLine: string): ';' | ',' | '\t' {
  const counts = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++;
  }
  const best = (Object.entries(counts) as [';' | ',' | '\t', number][]).sort((a, b) => b[1] - a[1])[0];
  return best[1] > 0 ? best[0] : ';';
}

const CANONICAL = new Map(IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c]));

/**
 * Checks a header and maps it to canonical column names.
 * @throws ImportFileError naming unknown, repeated or missing required columns
 */
export function resolveHeader(cells: string[]): (string | null)[] {
  const out: (string | null)[] = [];
  const unknown: string[] = [];
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const cell of cells) {
    const name = cell.replace(/^\uFEFF/, '').trim();
    if (name === '') {
      out.push(null);
      continue;
    }
    const canonical = CANONICAL.get(name.toLowerCase());
    if (!canonical) unknown.push(name);
    else if (seen.has(canonical)) repeated.push(name);
    else seen.add(canonical);
    out.push(canonical ?? null);
  }
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 10).join(', ') + (unknown.length > 10 ? ` e mais ${unknown.length - 10}` : '');
    throw new ImportFileError(`Colunas desconhecidas: ${shown}. Use as colunas do modelo (baixe o modelo XLSX)`);
  }
  if (repeated.length > 0) throw new ImportFileError(`Colunas repetidas: ${repeated.join(', ')}`);
  const missing = REQUIRED_COLUMNS.filter((c) => !seen.has(c));
  if (missing.length > 0) throw new ImportFileError(`Faltam as colunas obrigatórias: ${missing.join(', ')}`);
  return out;
}

function rowCells(header: (string | null)[], values: string[]): Record<string, string> | null {
  const cells: Record<string, string> = {};
  let any = false;
  for (let i = 0; i < header.length; i++) {
    const col = header[i];
    if (!col) continue;
    const v = values[i] ?? '';
    cells[col] = v;
    if (v.trim() !== '') any = true;
  }
  return any ? cells : null;
}

async function readCsv(file: string, onRows: (rows: ImportRow[]) => Promise<void>): Promise<FileInfo> {
  const { encoding, bom } = await detectCsvEncoding(file);
  // header line for the delimiter: the first 64 KB decoded
  const handle = await fs.promises.open(file, 'r');
  const buf = Buffer.alloc(65536);
  const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
  await handle.close();
  const firstLine = iconv.decode(buf.subarray(0, bytesRead), encoding).replace(/^\uFEFF/, '').split(/\r?\n/)[0];
  const delimiter = detectDelimiter(firstLine);
  const delimiterName = delimiter === ';' ? 'ponto e vírgula' : delimiter === ',' ? 'vírgula' : 'tabulação';
  const notices = [`CSV lido como ${encoding === 'windows-1252' ? 'Windows-1252' : encoding.toUpperCase()}${bom ? ' (com BOM)' : ''}, separador ${delimiterName}`];
  const parser = fs
    .createReadStream(file, { highWaterMark: 1 << 16 })
    .pipe(iconv.decodeStream(encoding, { stripBOM: true }))
    .pipe(parse({ delimiter, relax_column_count: true, skip_empty_lines: true, bom: true, info: true }));
  let header: (string | null)[] | null = null;
  let columns: string[] = [];
  let batch: ImportRow[] = [];
  let quotedCrlf = 0;
  try {
    for await (const { record: values, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // The file line the row starts on, as an editor shows it (blank lines before it count).
      // `info.lines` is the line the row ends on, except that csv-parse counts a CRLF inside quotes
      // as two lines (6.2): those are taken off, for this row and the rows after it.
      const crlf = values.reduce((n, v) => n + (v.match(/\r\n/g)?.length ?? 0), 0);
      quotedCrlf += crlf;
      const breaks = values.reduce((n, v) => n + (v.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
      const line = info.lines - quotedCrlf - breaks;
      if (!header) {
        header = resolveHeader(values);
        columns = header.filter((c): c is string => c !== null);
        continue;
      }
      const cells = rowCells(header, values);
      if (!cells) continue;
      batch.push({ kind: 'sheet', line, cells });
      if (batch.length >= BATCH) {
        await onRows(batch);
        batch = [];
      }
    }
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    const e = err as { code?: string; message?: string; lines?: number };
    if (e.code?.startsWith('CSV_')) throw new ImportFileError(`CSV inválido${e.lines ? ` na linha ${e.lines}` : ''}: ${csvReason(e.code)}`);
    throw err;
  }
  if (!header) throw new ImportFileError(PRODUCT_IMPORT_MESSAGES.empty);
  if (batch.length > 0) await onRows(batch);
  return { format: 'CSV', columns, notices };
}

function csvReason(code: string): string {
  if (code === 'CSV_QUOTE_NOT_CLOSED') return 'aspas abertas e não fechadas';
  if (code === 'CSV_INVALID_CLOSING_QUOTE' || code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE') return 'caractere inesperado depois de aspas';
  return code;
}

/** Text of an exceljs cell value (numbers as typed by JS, dates as YYYY-MM-DD, booleans sim/não). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if (v.text !== undefined) return cellText(v.text);
    if ('result' in v) return cellText(v.result);
    if (v.error !== undefined) return '';
  }
  return String(value);
}

async function readXlsx(file: string, onRows: (rows: ImportRow[]) => Promise<void>): Promise<FileInfo> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'emit' });
  let header: (string | null)[] | null = null;
  let columns: string[] = [];
  let batch: ImportRow[] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const raw = row.values as unknown[];
        const values: string[] = [];
        for (let i = 1; i < raw.length; i++) values.push(cellText(raw[i]));
        if (!header) {
          header = resolveHeader(values);
          columns = header.filter((c): c is string => c !== null);
          continue;
        }
        const cells = rowCells(header, values);
        if (!cells) continue;
        batch.push({ kind: 'sheet', line: row.number, cells });
        if (batch.length >= BATCH) {
          await onRows(batch);
          batch = [];
        }
      }
      break; // the first worksheet only
    }
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError(`Planilha XLSX inválida: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!header) throw new ImportFileError(PRODUCT_IMPORT_MESSAGES.noRows);
  if (batch.length > 0) await onRows(batch);
  return { format: 'XLSX', columns, notices: ['XLSX: lida a primeira planilha'] };
}

async function readOnix(file: string, onRows: (rows: ImportRow[]) => Promise<void>): Promise<FileInfo> {
  let encoding: string;
  const notices: string[] = [];
  try {
    const detected = await detectFileEncoding(file);
    encoding = detected.encoding;
    if (detected.notice) notices.push(detected.notice);
  } catch (err) {
    if (err instanceof UnsupportedEncodingError) throw new ImportFileError(`ONIX: ${err.message}`);
    throw err;
  }
  const noticeCounts = new Map<string, number>();
  let root: string | null = null;
  let release: string | null = null;
  let sawV3 = false;
  let products = 0;
  try {
    const info = await streamOnixProducts(file, encoding, async (nodes) => {
      const rows: ImportRow[] = nodes.map((node) => {
        if (node.node.children.some((c) => c.key === 'descriptivedetail' || c.key === 'productsupply')) sawV3 = true;
        const mapped = mapProduct(node, { defaultCurrency: null });
        if (mapped.ok) for (const n of new Set(mapped.notices)) noticeCounts.set(n, (noticeCounts.get(n) ?? 0) + 1);
        return { kind: 'onix', line: node.line, mapped };
      });
      await onRows(rows);
    });
    root = info.root;
    products = info.products;
    // as the foundation's import: the declared release, else inferred from the structure
    release = info.release ?? (products > 0 ? (sawV3 ? '3.0' : '2.1') : null);
  } catch (err) {
    if (err instanceof OnixXmlError) throw new ImportFileError(`ONIX: ${err.message}; nada foi gravado`);
    throw err;
  }
  if (root !== 'onixmessage' && root !== 'product') throw new ImportFileError(`Não é uma mensagem ONIX (elemento raiz <${root ?? '?'}>)`);
  notices.unshift(`ONIX${release ? ` ${release}` : ''} lido como ${encoding}`);
  for (const [notice, count] of noticeCounts) notices.push(`${notice} em ${count} registro(s)`);
  return { format: 'ONIX', columns: ONIX_COLUMNS, notices };
}

/**
 * Reads an import file, handing its rows to `onRows` in batches of up to 1,000.
 * @throws ImportFileError (pt-BR) for an empty, unknown, malformed or wrongly-headed file
 */
export async function readImportFile(file: string, onRows: (rows: ImportRow[]) => Promise<void>): Promise<FileInfo> {
  const format = await detectFormat(file);
  if (format === 'XLSX') return readXlsx(file, onRows);
  if (format === 'ONIX') return readOnix(file, onRows);
  return readCsv(file, onRows);
}

