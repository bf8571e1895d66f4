/**
 * Reading a BISAC heading file (JSON or CSV) into rows, and judging its rows (malformed codes,
 * duplicated codes) before anything is written. Pure functions: `categoria-bisac.service.ts`
 * writes what they accept. Decisions in `docs/catalogue-matching.md`.
 */
import iconv from 'iconv-lite';
import { fieldError } from '../shared/errors.ts';

/** One heading read from the file; `linha` is 1-based (JSON array position, or CSV line with the header as 1). */
export interface BisacFileRow {
  linha: number;
  codigo: string;
  descricao: string;
  descricaoEn: string | null;
}

/** A parsed file: its format and rows in file order. */
export interface BisacFile {
  formato: 'JSON' | 'CSV';
  rows: BisacFileRow[];
}

/** The field every file error names. */
export const BISAC_FILE_FIELD = 'arquivo';
/** 400: no file, or an empty one. */
export const BISAC_EMPTY_FILE_MESSAGE = 'O arquivo está vazio';
/** 400: bytes that are neither JSON nor CSV text (an image, a spreadsheet, random bytes). */
export const BISAC_BINARY_FILE_MESSAGE = 'O arquivo não é um JSON nem um CSV de texto';
/** 400: text starting like JSON that does not parse. */
export const BISAC_BROKEN_JSON_MESSAGE = 'O arquivo JSON está malformado';
/** 400 prefix: the columns a file must have (what follows names them). */
export const BISAC_COLUMNS_MESSAGE = 'O arquivo não tem as colunas obrigatórias: código (code ou codigo) e descrição (description_ptbr, descricao ou descricao_ptbr)';
/** 400: a file with the columns but no row. */
export const BISAC_NO_ROWS_MESSAGE = 'O arquivo não tem nenhuma categoria';

/** Accepted names of each column (compared lower-case, accents and separators removed). */
const COLUMN_NAMES = {
  codigo: ['code', 'codigo', 'bisac', 'codigobisac', 'bisaccode'],
  descricao: ['descriptionptbr', 'descricao', 'descricaoptbr', 'descricaopt', 'headingptbr', 'cabecalho', 'nome'],
  descricaoEn: ['descriptionen', 'descricaoen', 'description', 'heading', 'headingen', 'literal'],
} as const;

/** A BISAC code: 3 letters, 6 digits. */
export const BISAC_CODE = /^[A-Z]{3}[0-9]{6}$/;

function columnKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Which wire column each of the file's column names is (undefined when none). */
function columnOf(name: string): keyof typeof COLUMN_NAMES | undefined {
  const key = columnKey(name);
  for (const column of Object.keys(COLUMN_NAMES) as (keyof typeof COLUMN_NAMES)[]) {
    if ((COLUMN_NAMES[column] as readonly string[]).includes(key)) return column;
  }
  return undefined;
}

/**
 * Decodes the file's bytes: UTF-8 (BOM removed), or Windows-1252 when the bytes are not UTF-8 (a
 * CSV saved by Excel in Brazil).
 * @throws DomainError 400 (field `arquivo`) for an empty file or binary bytes (NUL or other C0
 *   control characters besides tab, CR and LF)
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes.length === 0) throw fieldError(BISAC_FILE_FIELD, BISAC_EMPTY_FILE_MESSAGE);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = iconv.decode(Buffer.from(bytes), 'win1252');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text)) throw fieldError(BISAC_FILE_FIELD, BISAC_BINARY_FILE_MESSAGE);
  if (text.trim() === '') throw fieldError(BISAC_FILE_FIELD, BISAC_EMPTY_FILE_MESSAGE);
  return text;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Rows of JSON: an array of objects, or an object holding one such array. */
function jsonRows(text: string): BisacFileRow[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw fieldError(BISAC_FILE_FIELD, BISAC_BROKEN_JSON_MESSAGE);
  }
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const inner = Object.values(data).find(Array.isArray);
    data = inner ?? [data];
  }
  const items = data as unknown[];
  if (items.length === 0) throw fieldError(BISAC_FILE_FIELD, BISAC_NO_ROWS_MESSAGE);
  if (!items.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))) throw fieldError(BISAC_FILE_FIELD, BISAC_COLUMNS_MESSAGE);
  const names = new Map<string, keyof typeof COLUMN_NAMES>();
  for (const item of items as Record<string, unknown>[]) {
    for (const key of Object.keys(item)) {
      const column = columnOf(key);
      if (column && ![...names.values()].includes(column)) names.set(key, column);
    }
  }
  const present = new Set(names.values());
  if (!present.has('codigo') || !present.has('descricao')) throw fieldError(BISAC_FILE_FIELD, BISAC_COLUMNS_MESSAGE);
  return (items as Record<string, unknown>[]).map((item, index) => {
    const row: BisacFileRow = { linha: index + 1, codigo: '', descricao: '', descricaoEn: null };
    for (const [key, column] of names) {
      const value = asText(item[key]);
      if (column === 'descricaoEn') row.descricaoEn = value.trim() === '' ? null : value;
      else row[column] = value;
    }
    return row;
  });
}

/** The delimiter of a CSV: the one of `;`, `,` and tab seen most on the header line (`;` on a tie, the Brazilian default). */
function detectDelimiter(headerLine: string): string {
  const counts = [';', ',', '\t'].map((d) => [d, headerLine.split(d).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] === 0 ? ';' : best[0];
}

/** RFC 4180 records: quoted fields may hold delimiters, line breaks and doubled quotes. Each record keeps its 1-based start line. */
function csvRecords(text: string, delimiter: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      if (fields.some((f) => f.trim() !== '')) records.push({ line: start, fields });
      fields = [];
      field = '';
      line++;
      start = line;
    } else field += c;
  }
  fields.push(field);
  if (fields.some((f) => f.trim() !== '')) records.push({ line: start, fields });
  return records;
}

/** Rows of CSV with a header naming the columns. */
function csvRows(text: string): BisacFileRow[] {
  const firstLine = text.split(/\r?\n/, 1)[0];
  const records = csvRecords(text, detectDelimiter(firstLine));
  const [header, ...body] = records;
  const columns = header.fields.map(columnOf);
  const index = (column: keyof typeof COLUMN_NAMES) => columns.indexOf(column);
  if (index('codigo') < 0 || index('descricao') < 0) throw fieldError(BISAC_FILE_FIELD, BISAC_COLUMNS_MESSAGE);
  if (body.length === 0) throw fieldError(BISAC_FILE_FIELD, BISAC_NO_ROWS_MESSAGE);
  return body.map((record) => {
    const en = index('descricaoEn') >= 0 ? (record.fields[index('descricaoEn')] ?? '') : '';
    return { linha: record.line, codigo: record.fields[index('codigo')] ?? '', descricao: record.fields[index('descricao')] ?? '', descricaoEn: en.trim() === '' ? null : en };
  });
}

/**
 * Reads a BISAC heading file. JSON when the text starts with `[` or `{` (an array of objects with
 * `code`/`codigo`, `description_ptbr`/`descricao` and optionally `description_en`/`descricao_en`;
 * or an object holding such an array); otherwise CSV with a header of the same column names,
 * delimiter `;`, `,` or tab (detected), quotes as RFC 4180.
 * @throws DomainError 400 (field `arquivo`, pt-BR message) for an empty file, binary bytes, broken
 *   JSON, missing columns or no rows
 */
export function parseBisacFile(bytes: Uint8Array): BisacFile {
  const text = decodeText(bytes);
  const head = text.trimStart()[0];
  if (head === '[' || head === '{') return { formato: 'JSON', rows: jsonRows(text) };
  return { formato: 'CSV', rows: csvRows(text) };
}

/** A code repeated in the file (see `judgeBisacRows`). */
export interface BisacDuplicate {
  codigo: string;
  linhas: number[];
  descricoes: string[];
  importado: boolean;
  motivo: string;
}

/** What `judgeBisacRows` decides. */
export interface BisacJudgement {
  /** One row per code to write, in file order, with trimmed headings. */
  accepted: BisacFileRow[];
  duplicados: BisacDuplicate[];
  malformados: { linha: number; codigo: string; motivo: string }[];
}

/** A heading compared for "the same heading spelt differently": accents, case, spaces and trailing '/' ignored. */
function sameHeadingKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s/]+$/, '')
    .trim();
}

/**
 * Judges the file's rows:
 * - malformed (reported, not imported): a code that is not 3 letters and 6 digits after trimming
 *   and upper-casing, or an empty heading;
 * - duplicated codes (every one reported with its lines and distinct headings): when the copies
 *   name the same heading (the English one when every copy has it, else the pt-BR one; accents,
 *   case, spaces and a trailing '/' ignored) the first copy is imported; when they name different
 *   headings none is (which one is right cannot be told: the customer fixes the file).
 * Headings are trimmed (the source list has trailing spaces).
 */
export function judgeBisacRows(rows: readonly BisacFileRow[]): BisacJudgement {
  const malformados: BisacJudgement['malformados'] = [];
  const byCode = new Map<string, BisacFileRow[]>();
  for (const row of rows) {
    const codigo = row.codigo.trim().toUpperCase();
    const descricao = row.descricao.trim().replace(/\s+/g, ' ');
    if (!BISAC_CODE.test(codigo)) {
      malformados.push({ linha: row.linha, codigo: row.codigo, motivo: 'Código BISAC inválido: deve ter 3 letras e 6 dígitos' });
      continue;
    }
    if (descricao === '') {
      malformados.push({ linha: row.linha, codigo, motivo: 'Descrição vazia' });
      continue;
    }
    if (descricao.length > 300 || (row.descricaoEn?.trim().length ?? 0) > 300) {
      malformados.push({ linha: row.linha, codigo, motivo: 'Descrição com mais de 300 caracteres' });
      continue;
    }
    const clean: BisacFileRow = { linha: row.linha, codigo, descricao, descricaoEn: row.descricaoEn?.trim().replace(/\s+/g, ' ') || null };
    const list = byCode.get(codigo);
    if (list) list.push(clean);
    else byCode.set(codigo, [clean]);
  }
  const accepted: BisacFileRow[] = [];
  const duplicados: BisacDuplicate[] = [];
  for (const [codigo, copies] of byCode) {
    if (copies.length === 1) {
      accepted.push(copies[0]);
      continue;
    }
    const useEnglish = copies.every((c) => c.descricaoEn !== null);
    const keys = new Set(copies.map((c) => sameHeadingKey(useEnglish ? (c.descricaoEn as string) : c.descricao)));
    const same = keys.size === 1;
    if (same) accepted.push(copies[0]);
    const descricoes = [...new Set(copies.flatMap((c) => [c.descricao, ...(c.descricaoEn ? [c.descricaoEn] : [])]))];
    duplicados.push({
      codigo,
      linhas: copies.map((c) => c.linha),
      descricoes,
      importado: same,
      motivo: same ? `Código repetido com a mesma categoria: importada a linha ${copies[0].linha}` : 'Código repetido com categorias diferentes: nenhuma foi importada; corrija o arquivo',
    });
  }
  accepted.sort((a, b) => a.linha - b.linha);
  return { accepted, duplicados, malformados };
}
