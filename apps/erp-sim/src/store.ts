import type { ErpEntity } from '@acervo/contracts/erp-protocol';

/**
 * The simulator's storage of one company's records of one entity type: every version ever
 * written, kept in (alteradoEm, id) order, plus the current version of each id. A change appends
 * a new version with a later `alteradoEm`; the previous version stays in the log as dead (the
 * index skips it) until a compaction drops dead versions.
 *
 * Cursor: base64url of JSON `[alteradoEm, id]`, the position of the last record handed out; a
 * page holds the live versions strictly after that position. Ids are compared as strings (UTF-16
 * code unit order), like `alteradoEm` (fixed-width ISO 8601, so text order is time order).
 */

/** A stored record: any protocol record, at least its id and change instant. */
export interface StoredRecord {
  readonly id: string;
  readonly alteradoEm: string;
  readonly [field: string]: unknown;
}

/** A position in the (alteradoEm, id) order. */
export interface Position {
  alteradoEm: string;
  id: string;
}

/** Encodes a position as an opaque cursor. */
export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.alteradoEm, position.id]), 'utf8').toString('base64url');
}

/** Decodes a cursor; null when it is not one this simulator produced. */
export function decodeCursor(cursor: string): Position | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || typeof value[1] !== 'string') return null;
    return { alteradoEm: value[0], id: value[1] };
  } catch {
    return null;
  }
}

/** -1, 0 or 1: order of a record or position against a position. */
export function comparePosition(a: Position, b: Position): number {
  if (a.alteradoEm !== b.alteradoEm) return a.alteradoEm < b.alteradoEm ? -1 : 1;
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return 0;
}

/** The records of one company and entity type. */
export class EntityLog<R extends StoredRecord = StoredRecord> {
  private entries: R[] = [];
  private readonly current = new Map<string, R>();
  /** Increments on every change (for statistics caches). */
  version = 0;

  constructor(readonly entity: ErpEntity) {}

  /**
   * Loads the initial versions in one go (sorted here). Throws when an id repeats.
   */
  load(records: R[]): void {
    for (const record of records) {
      if (this.current.has(record.id)) throw new Error(`${this.entity}: id repetido ${record.id}`);
      this.current.set(record.id, record);
    }
    this.entries = records.slice().sort(comparePosition);
    this.version++;
  }

  /**
   * Writes a new version. Its `alteradoEm` must be later than every stored version's (the caller
   * draws it from `Clock.next`), so the log stays ordered and a reader past the old end sees it.
   */
  put(record: R): void {
    const last = this.entries[this.entries.length - 1];
    if (last && comparePosition(record, last) <= 0) throw new Error(`${this.entity}: alteradoEm fora de ordem (${record.alteradoEm} <= ${last.alteradoEm})`);
    this.entries.push(record);
    this.current.set(record.id, record);
    this.version++;
    if (this.entries.length > 2 * this.current.size + 1000) this.entries = this.entries.filter((e) => this.current.get(e.id) === e);
  }

  /** The current version of an id. */
  get(id: string): R | undefined {
    return this.current.get(id);
  }

  /** Number of current records. */
  get size(): number {
    return this.current.size;
  }

  /** The latest `alteradoEm` stored ('' when empty). */
  get lastChange(): string {
    return this.entries.length ? this.entries[this.entries.length - 1].alteradoEm : '';
  }

  /** Current records, in (alteradoEm, id) order. */
  *records(): IterableIterator<R> {
    for (const entry of this.entries) if (this.current.get(entry.id) === entry) yield entry;
  }

  /**
   * Up to `limit` current records strictly after `after`, in order, and whether more follow.
   * @returns `{records, more}`; `records` empty when nothing follows
   */
  page(after: Position, limit: number): { records: R[]; more: boolean } {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (comparePosition(this.entries[mid], after) <= 0) lo = mid + 1;
      else hi = mid;
    }
    const records: R[] = [];
    for (let i = lo; i < this.entries.length; i++) {
      const entry = this.entries[i];
      if (this.current.get(entry.id) !== entry) continue;
      if (records.length === limit) return { records, more: true };
      records.push(entry);
    }
    return { records, more: false };
  }
}

/**
 * The simulated clock: starts at `hoje` and runs at real speed from the start of the process;
 * `next()` answers instants strictly increasing by at least 1 ms, so every change gets a distinct,
 * later `alteradoEm` than anything generated before.
 */
export class Clock {
  private readonly startedAt = Date.now();
  private last: number;

  /** @param hoje the simulated "now" at start; @param floor the latest instant already used (ms) */
  constructor(
    private readonly hoje: Date,
    floor: number,
  ) {
    this.last = floor;
  }

  /** Simulated time added by `advance` (ms). */
  private skipped = 0;

  /** The simulated now, ms since the epoch. */
  now(): number {
    return this.hoje.getTime() + (Date.now() - this.startedAt) + this.skipped;
  }

  /** Moves the simulated now `ms` forward at once (tests and demos: "a simulated day later"). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance: ms must be a non-negative number');
    this.skipped += ms;
  }

  /** The next change instant, ms: max(now, previous + 1). */
  next(): number {
    this.last = Math.max(this.now(), this.last + 1);
    return this.last;
  }
}
