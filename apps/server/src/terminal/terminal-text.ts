/**
 * Pure text rules of the Terminal search (docs/terminal-search.md): normalisation, words, the typo
 * budget, edit distance, barcode recognition, the vocabulary lookup patterns and the ranking.
 * No database here, so the ranking is unit-tested on hand-made rows.
 */

/** At most this many words of a query are used (a pasted paragraph stays cheap). */
export const MAX_QUERY_WORDS = 8;

/**
 * Accent- and case-folded text, as the database's `acervo_normalize` (unaccent + lower): Unicode
 * NFKD (so `ª` is `a`, as unaccent has it) without combining marks, lower case. `"Memórias Póstumas"` → `"memorias postumas"`.
 */
export function normalize(text: string): string {
  // ASCII has nothing to decompose: skip NFKD and the mark scan (most names and many titles)
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Text made of ASCII characters only. */
const ASCII = /^[\x00-\x7f]*$/;
/** A word: a run of letters and digits. */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Normalised words of a text: runs of letters and digits (everything else separates words: `%`,
 * `_`, quotes, hyphens, control characters), at most MAX_QUERY_WORDS.
 * @example queryWords('Memórias  póstumas, "Brás"') → ['memorias', 'postumas', 'bras']
 */
export function queryWords(text: string): string[] {
  return (normalize(text).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_QUERY_WORDS);
}

/** Tokens of a stored field (title, name…), normalised, in order. */
export function fieldTokens(text: string | null | undefined): string[] {
  return text ? (normalize(text).match(WORD) ?? []) : [];
}

/**
 * Typos allowed in a typed word, the Meilisearch / Typesense defaults: 0 below 5 characters, 1
 * from 5 to 8, 2 from 9 on.
 */
export function typoBudget(word: string): number {
  const n = [...word].length;
  if (n >= 9) return 2;
  if (n >= 5) return 1;
  return 0;
}

/**
 * Optimal string alignment distance (Damerau–Levenshtein without repeated edits of a substring):
 * insertions, deletions, substitutions and swaps of two adjacent characters each cost 1, as
 * Meilisearch and Typesense count a typo. Stops early and answers `limit + 1` once every
 * alignment costs more than `limit`.
 */
export function editDistance(a: string, b: string, limit = Number.MAX_SAFE_INTEGER): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > limit) return limit + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[t.length];
}

/** A query recognised as a barcode: the digits to look for and whether a whole code was typed. */
export interface BarcodeQuery {
  /** Digits (and a final X of an ISBN-10) without hyphens, spaces or dots. */
  digits: string;
  /** Exact codes to try first: the ISBN-13/EAN, or an ISBN-10 and its ISBN-13. */
  exact: string[];
}

/**
 * ISBN-10 → ISBN-13: prefix 978, drop the old check digit, append the EAN-13 check digit
 * (weights 1,3,1,3… from the left; check = (10 − sum mod 10) mod 10, ISO 2108).
 */
export function isbn10To13(isbn10: string): string {
  const body = `978${isbn10.slice(0, 9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

/**
 * Reads a query as a barcode when, without hyphens, spaces and dots, it is 4 to 13 digits (an
 * ISBN-13/EAN, an ISBN-10, or a prefix of 4+ digits) or 9 digits and an X (ISBN-10).
 * @returns null for any other text (searched as words)
 */
export function barcodeQuery(text: string): BarcodeQuery | null {
  const cleaned = text.replace(/[\s.-]/g, '').toUpperCase();
  if (/^\d{9}[\dX]$/.test(cleaned)) return { digits: cleaned, exact: [cleaned, isbn10To13(cleaned)] };
  if (/^\d{4,13}$/.test(cleaned)) return { digits: cleaned, exact: cleaned.length === 13 ? [cleaned] : [] };
  return null;
}

/**
 * The smallest string greater than every string starting with `prefix` made of lower-case ASCII
 * letters and digits, so `palavra >= prefix AND palavra < upper` is a B-tree range of the words
 * starting with it (in C and in linguistic collations alike: only [0-9a-z] are compared).
 * @returns null when no bound exists (the prefix is all `z`) or the prefix holds other characters
 */
export function prefixUpperBound(prefix: string): string | null {
  if (!/^[0-9a-z]+$/.test(prefix)) return null;
  let p = prefix;
  while (p.length > 0) {
    const last = p[p.length - 1];
    if (last === 'z') {
      p = p.slice(0, -1);
      continue;
    }
    const next = last === '9' ? 'a' : String.fromCharCode(last.charCodeAt(0) + 1);
    return p.slice(0, -1) + next;
  }
  return null;
}

/** Field of a title a word was found in, best first (the ranking's field order). */
export const FIELD_RANK = { titulo: 0, subtitulo: 1, contribuidor: 2, editora: 3, colecao: 4 } as const;
/** A field name of FIELD_RANK. */
export type SearchField = keyof typeof FIELD_RANK;

/** What the ranking reads of one candidate title. */
export interface RankInput {
  id: number;
  title: string;
  subtitle: string | null;
  contributors: string[];
  /** Publisher and imprint names. */
  publisherNames: string[];
  collection: string | null;
  /** Available stock in the selected company (físico − reservado − bloqueado). */
  available: number;
  /** Latest sale of the title in the selected company, `YYYY-MM-DD`, or null. */
  lastSale: string | null;
}

/** How one typed word matched a title: the best field, its typos and whether it was whole. */
export interface WordMatch {
  field: SearchField;
  typos: number;
  /** True when the word equals a token; false when it is a prefix of one or a typo. */
  whole: boolean;
}

/** Ranking keys of a title; `compareRank` orders by them. */
export interface RankKeys {
  id: number;
  /** The typed words are the title's words, in order (accents, case and punctuation aside). */
  exactTitle: boolean;
  /** Every typed word found as typed (whole or as prefix, not through a correction) in the title itself (not the subtitle). */
  allInTitle: boolean;
  /** Sum over the words of the best field's rank (FIELD_RANK); a word found nowhere counts 5. */
  fieldScore: number;
  /** Sum over the words of the typos of their best match. */
  typos: number;
  inStock: boolean;
  lastSale: string | null;
  /** Words matched whole (not as prefixes or typos). */
  wholeWords: number;
  title: string;
}

/** A typed word with the vocabulary words within its typo budget (word → distance). */
export interface TypedWord {
  word: string;
  /** Vocabulary corrections within the budget, with their distance (1 or 2). */
  corrections: Map<string, number>;
  /** Prefix matching allowed (false for the words of an exact phrase but the last). */
  prefix: boolean;
}

/** The best match of `typed` among `tokens`, or null. Whole word > prefix > typo. */
function matchTokens(typed: TypedWord, tokens: string[]): { typos: number; whole: boolean } | null {
  let best: { typos: number; whole: boolean } | null = null;
  for (const token of tokens) {
    if (token === typed.word) return { typos: 0, whole: true };
    if (typed.prefix && token.startsWith(typed.word)) {
      best = { typos: 0, whole: false };
      continue;
    }
    const d = typed.corrections.get(token);
    if (d !== undefined && (!best || d < best.typos)) best = { typos: d, whole: false };
  }
  return best;
}

/**
 * The best field of each typed word in a candidate (title, then subtitle, contributors,
 * publisher/imprint, collection; fewer typos first within the same field order).
 */
export function matchWords(words: TypedWord[], row: RankInput): (WordMatch | null)[] {
  return matchFields(words, row, fieldTokens(row.title));
}

/** The searched fields in FIELD_RANK order. */
const FIELDS: readonly SearchField[] = ['titulo', 'subtitulo', 'contribuidor', 'editora', 'colecao'];

/** Tokens of field `FIELDS[index]` of a row (the title's are given to `matchFields`). */
function tokensOf(row: RankInput, index: number): string[] {
  switch (FIELDS[index]) {
    case 'subtitulo':
      return fieldTokens(row.subtitle);
    case 'contribuidor':
      return namesTokens(row.contributors);
    case 'editora':
      return namesTokens(row.publisherNames);
    case 'colecao':
      return fieldTokens(row.collection);
    default:
      return fieldTokens(row.title);
  }
}

/** Tokens of several names (contributors, publisher and imprint) as one field. */
function namesTokens(names: string[]): string[] {
  const out: string[] = [];
  for (const name of names) for (const token of fieldTokens(name)) out.push(token);
  return out;
}

/**
 * `matchWords` over a row's fields. Fields are visited in FIELD_RANK order and a word stops at
 * its first match without typos (no later field can beat it); a field is normalised and split on
 * first use only, so a row whose words are all in its title never normalises its other fields
 * (normalising and splitting took most of the ranking's 0.7 ms for 60 rows). Plain loops over an
 * array of split fields: a closure per field and row cost 0.3 ms per search under tsx, whose
 * `keepNames` wraps every function it creates.
 */
function matchFields(words: TypedWord[], row: RankInput, titleTokens: string[]): (WordMatch | null)[] {
  const split: (string[] | undefined)[] = [titleTokens, undefined, undefined, undefined, undefined];
  const out: (WordMatch | null)[] = [];
  for (const typed of words) {
    let best: WordMatch | null = null;
    for (let f = 0; f < FIELDS.length; f++) {
      const tokens = (split[f] ??= tokensOf(row, f));
      const m = matchTokens(typed, tokens);
      if (!m) continue;
      const field = FIELDS[f];
      if (!best || m.typos < best.typos || (m.typos === best.typos && FIELD_RANK[field] < FIELD_RANK[best.field])) {
        best = { field, typos: m.typos, whole: m.whole };
      }
      if (best.typos === 0) break;
    }
    out.push(best);
  }
  return out;
}

/** No vocabulary corrections (a word matched as typed only). */
const NO_CORRECTIONS = new Map<string, number>();

/** Ranking keys of one candidate for the typed words. */
export function rankKeys(words: TypedWord[], row: RankInput): RankKeys {
  // the title normalised once: its tokens serve the field matches and the exact-title test
  const title = normalize(row.title);
  const titleTokens = title.match(WORD) ?? [];
  const matches = matchFields(words, row, titleTokens);
  return {
    id: row.id,
    exactTitle: titleTokens.length === words.length && titleTokens.every((t, i) => t === words[i].word),
    // the typed words themselves (whole or as prefix): a correction is not what was typed, and a
    // title holding a near-miss of the author's name ("nova" for "Novak") must not outrank the author's titles
    allInTitle: words.length > 0 && words.every((w) => matchTokens({ ...w, corrections: NO_CORRECTIONS }, titleTokens) !== null),
    fieldScore: matches.reduce((sum, m) => sum + (m ? FIELD_RANK[m.field] : 5), 0),
    typos: matches.reduce((sum, m, i) => sum + (m ? m.typos : typoBudget(words[i].word)), 0),
    inStock: row.available > 0,
    lastSale: row.lastSale,
    wholeWords: matches.filter((m) => m?.whole).length,
    title,
  };
}

/**
 * The Terminal's order (docs/terminal-search.md "Ranking"): the whole title typed first; all words in the title next; then
 * the better fields (title > subtitle > contributors > publisher/imprint > collection); fewer
 * typos; in stock before sold out; the more recent last sale; then more whole words, shorter
 * title, title alphabetically, id. (An exact barcode is ranked before all of this by the barcode
 * search, which runs first.)
 */
export function compareRank(a: RankKeys, b: RankKeys): number {
  if (a.exactTitle !== b.exactTitle) return a.exactTitle ? -1 : 1;
  if (a.allInTitle !== b.allInTitle) return a.allInTitle ? -1 : 1;
  if (a.fieldScore !== b.fieldScore) return a.fieldScore - b.fieldScore;
  if (a.typos !== b.typos) return a.typos - b.typos;
  if (a.inStock !== b.inStock) return a.inStock ? -1 : 1;
  if (a.lastSale !== b.lastSale) {
    if (a.lastSale === null) return 1;
    if (b.lastSale === null) return -1;
    return a.lastSale > b.lastSale ? -1 : 1;
  }
  if (a.wholeWords !== b.wholeWords) return b.wholeWords - a.wholeWords;
  if (a.title.length !== b.title.length) return a.title.length - b.title.length;
  if (a.title !== b.title) return a.title < b.title ? -1 : 1;
  return a.id - b.id;
}

/** Candidates in the Terminal's order (see `compareRank`). */
export function rankCandidates<T extends RankInput>(words: TypedWord[], rows: T[]): T[] {
  const keyed = rows.map((row) => ({ row, keys: rankKeys(words, row) }));
  keyed.sort((a, b) => compareRank(a.keys, b.keys));
  return keyed.map((k) => k.row);
}
