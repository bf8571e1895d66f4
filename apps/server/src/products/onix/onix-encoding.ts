/**
 * Character-encoding detection for ONIX files. Rules, in order:
 * 1. a byte-order mark decides (UTF-8, UTF-16LE, UTF-16BE);
 * 2. the XML declaration `encoding="…"`: ISO-8859-1 / Latin-1 / Windows-1252 labels are read as
 *    Windows-1252 (the superset browsers use for those labels); other labels iconv-lite knows are
 *    read as declared;
 * 3. UTF-8 (declared, ASCII or undeclared) is verified on the whole file with a strict decoder; a
 *    file with invalid UTF-8 is read as Windows-1252 and the report says so (feeds exported from
 *    Windows tools often declare UTF-8 but hold Windows-1252 bytes).
 */
import fs from 'node:fs';
import iconv from 'iconv-lite';

/** Result of {@link detectFileEncoding}. */
export interface DetectedEncoding {
  /** Encoding the file is read with (iconv-lite / WHATWG label: `utf-8`, `windows-1252`, `utf-16le`…). */
  encoding: string;
  /** Encoding named in the XML declaration, lower-case, or null. */
  declared: string | null;
  /** pt-BR note for the report when the file was not read as declared, else null. */
  notice: string | null;
}

/** Raised when the declared encoding is unknown to iconv-lite (the file is refused). */
export class UnsupportedEncodingError extends Error {
  constructor(readonly declared: string) {
    super(`codificação declarada "${declared}" não suportada`);
    this.name = 'UnsupportedEncodingError';
  }
}

/** Notice given when a file declared as UTF-8 holds Windows-1252 bytes. */
export const WINDOWS_1252_FALLBACK_NOTICE = 'arquivo declarado UTF-8 contém bytes Windows-1252; lido como Windows-1252';

const LATIN1_LABELS = new Set(['iso-8859-1', 'iso8859-1', 'iso_8859-1', 'latin1', 'latin-1', 'l1', 'windows-1252', 'cp1252', 'x-cp1252']);
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii']);

/**
 * Reads the encoding label from the XML declaration in the first bytes of a file.
 * @returns the label in lower case, or null when there is no declaration or no `encoding`
 */
export function declaredEncoding(head: Buffer): string | null {
  const text = head.toString('latin1');
  const m = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(text);
  return m ? m[1].toLowerCase() : null;
}

function bomEncoding(head: Buffer): string | null {
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
}

async function isValidUtf8(file: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
      decoder.decode(chunk as Buffer, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/**
 * Decides how to read `file` (see the module rules).
 * @throws UnsupportedEncodingError when the declared encoding is unknown
 */
export async function detectFileEncoding(file: string): Promise<DetectedEncoding> {
  const fd = await fs.promises.open(file, 'r');
  const head = Buffer.alloc(1024);
  let n: number;
  try {
    ({ bytesRead: n } = await fd.read(head, 0, head.length, 0));
  } finally {
    await fd.close();
  }
  const first = head.subarray(0, n);
  const bom = bomEncoding(first);
  const declared = declaredEncoding(bom === 'utf-8' ? first.subarray(3) : first);
  if (bom && bom !== 'utf-8') return { encoding: bom, declared, notice: null };
  if (!bom && declared && !UTF8_LABELS.has(declared)) {
    if (LATIN1_LABELS.has(declared)) return { encoding: 'windows-1252', declared, notice: null };
    if (iconv.encodingExists(declared)) return { encoding: declared, declared, notice: null };
    throw new UnsupportedEncodingError(declared);
  }
  if (await isValidUtf8(file)) return { encoding: 'utf-8', declared, notice: null };
  return { encoding: 'windows-1252', declared, notice: WINDOWS_1252_FALLBACK_NOTICE };
}

/** An incremental byte → text decoder. */
export interface ChunkDecoder {
  write(chunk: Buffer): string;
  end(): string;
}

/** Creates an incremental decoder for an encoding returned by {@link detectFileEncoding} (BOM dropped). */
export function createChunkDecoder(encoding: string): ChunkDecoder {
  if (encoding === 'utf-8') {
    const d = new TextDecoder('utf-8');
    return { write: (c) => d.decode(c, { stream: true }), end: () => d.decode() };
  }
  const d = iconv.getDecoder(encoding);
  return { write: (c) => d.write(c), end: () => d.end() ?? '' };
}
