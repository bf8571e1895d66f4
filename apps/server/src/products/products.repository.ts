import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { ageRanges, bindings, contentRatings, contributionTypes, productLines, productSituations, targetAudiences } from '../lookups/lookups.schema.ts';
import { imprints, productContributors, productPrices, products, productSubjects, productWords, publishers } from './products.schema.ts';

/** Sortable columns of the catalogue list (wire names of `PRODUCT_SORT_FIELDS`). */
export type ProductSortField = 'titulo' | 'isbn13' | 'idErp' | 'editora' | 'anoEdicao' | 'situacao' | 'id';

/**
 * How the title part of the `title` and `term` filters matches (docs/catalog-search.md):
 * - `words`: every word of the text matches a word of the title or subtitle with the same stem
 *   (Portuguese Snowball, accents ignored: "memoria" finds "Memórias") or that starts with it
 *   ("colab" finds "colaboração"); full-text search on `titulo_palavras` (GIN);
 * - `fragments`: the whole text is contained anywhere (accents and case ignored), pg_trgm on
 *   `titulo_busca`. Used when the words find nothing, so "otter" still finds "Potter".
 */
export type TextMatch = 'words' | 'fragments';

/**
 * Filters of the catalogue list, already normalised by the service. Every present filter is
 * ANDed. Text filters are raw user text (this module escapes LIKE wildcards and normalises accents
 * and case in SQL with `acervo_normalize`).
 * - `term`: title/subtitle match (see `textMatch`), contributor name contains, publisher name
 *   contains, or exact ISBN when `termIsbns` is non-empty (digits of an ISBN-13 and/or ISBN-10)
 * - `isbns`: exact match on `isbn13` or `isbn10` against any of these digit strings
 * - `textMatch`: how `title` and the title part of `term` match; absent = `words`, falling back
 *   to `fragments` when the words match nothing (`resolveTextMatch`)
 */
export interface ProductListFilters {
  term?: string;
  termIsbns?: string[];
  erpId?: string;
  isbns?: string[];
  title?: string;
  publisher?: string;
  availability?: string;
  editionYear?: number;
  active?: boolean;
  textMatch?: TextMatch;
}

/** Page request: zero-based `page`, `size` rows, sort field and direction (id breaks ties). */
export interface ProductPageRequest {
  page: number;
  size: number;
  sortField: ProductSortField;
  direction: 'asc' | 'desc';
}

/** Columns of one catalogue list row, as read from the database. */
export interface ProductListRow {
  id: number;
  erpId: string | null;
  isbn13: string;
  title: string;
  subtitle: string | null;
  publisherName: string | null;
  imprintName: string | null;
  contributors: string | null;
  availability: string | null;
  editionYear: number | null;
  productForm: string | null;
  active: boolean;
  /** `arquivo_capa` (the list row's `capaUrl` is built from it). */
  coverFile: string | null;
}

/**
 * One page of rows and the number of rows matching the filters: exact when `approximate` is
 * false; otherwise a lower bound (more rows than `total` match; see `findProductPage`).
 * `hasNext`: a row exists after this page.
 */
export interface ProductListResult {
  rows: ProductListRow[];
  total: number;
  approximate: boolean;
  hasNext: boolean;
}

/**
 * Up to this many matching rows the list's total is exact; with more, counting stops here and the
 * answer is flagged approximate ("mais de 1.000"). Counting every match of a broad word costs a
 * heap visit per match (10,616 matches: 6–9 ms of database time per request); stopping at 1,001
 * bounds that cost whatever the catalogue size (bench/README.md "Catalogue").
 */
export const COUNT_EXACT_UP_TO = 1_000;

/**
 * The whole catalogue (no filter) is counted exactly up to this many titles: an index-only count of
 * 10,000 rows costs about 0.5 ms, so a distributor with a few thousand titles sees the exact number;
 * above it the total is the planner's estimate, flagged approximate (`catalogueLowerBound`).
 */
export const CATALOGUE_COUNT_EXACT_UP_TO = 10_000;

/**
 * With more than COUNT_EXACT_UP_TO matches, pages ending within this many rows are read by walking
 * the sort index and stopping after the page (the matches are dense enough to fill it quickly);
 * deeper pages sort every match instead.
 */
export const WALK_PAGES_UP_TO_ROWS = 100;

/**
 * Sort-index rows the first statement reads, for a broad match, before leaving the page to a
 * second statement (at least; 100 per row of the page for deeper pages). At the smallest density
 * a broad match can have on 500,000 titles (1,001 matches, 0.2 %) 5,000 rows hold 10 on average;
 * the bench's broad words (0.5 % and 2 %) fill a page of 10 within it. Reading 5,000 rows costs
 * about 2 ms; a denser match stops much earlier.
 */
const WALK_WINDOW_ROWS = 5_000;

/** Sort fields with an index that yields rows in list order (`produto_titulo_idx`, unique ISBN, `id_erp`, primary key). */
const WALKABLE_SORTS: ReadonlySet<ProductSortField> = new Set(['titulo', 'isbn13', 'idErp', 'id']);

/** At most this many words of a search text are used (a pasted paragraph stays cheap). */
const MAX_SEARCH_WORDS = 8;

/**
 * Words of a search text: runs of Unicode letters and digits, at most MAX_SEARCH_WORDS
 * (punctuation, `%`, `_` and spaces separate words).
 * @example searchWords('Memórias póstumas, vol. 2') → ['Memórias', 'póstumas', 'vol', '2']
 */
export function searchWords(text: string): string[] {
  return (text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_WORDS);
}

/** Escapes `\`, `%` and `_` so user text is matched literally inside a LIKE pattern. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `'%' || acervo_normalize(text) || '%'`: accent- and case-insensitive "contains" pattern. */
function containsPattern(text: string): SQL {
  return sql`'%' || acervo_normalize(${escapeLike(text)}) || '%'`;
}

/**
 * The `tsquery` of `words`: for each word, its stem in `acervo_pt` OR the unaccented word as a
 * prefix (`simple` configuration, `palavra:*`), all ANDed. A stop word ("de", "a") yields an empty
 * query for its stem and is left out, so it does not require a word starting with "de". Words are
 * letters and digits only (`searchWords`), so they cannot carry tsquery operators.
 */
function wordsQuery(words: string[]): SQL {
  const parts = words.map(
    (w) => sql`(CASE WHEN numnode(to_tsquery('acervo_pt', ${w})) = 0 THEN ''::tsquery
      ELSE to_tsquery('acervo_pt', ${w}) || to_tsquery('simple', acervo_normalize(${w}) || ':*') END)`,
  );
  return sql.join(parts, sql` && `);
}

/** Title/subtitle condition on the `produto` row named `alias` (`produto` itself when null). */
function titleCondition(text: string, mode: TextMatch, alias: string | null): SQL {
  const prefix = sql.raw(alias ? `${alias}.` : '"produto".');
  if (mode === 'fragments') return sql`${prefix}titulo_busca LIKE ${containsPattern(text)}`;
  const words = searchWords(text);
  if (!words.length) return sql`false`;
  return sql`${prefix}titulo_palavras @@ (${wordsQuery(words)})`;
}

/**
 * Whether a contributor of the `produto` row matches `pattern`, read per row from the contributor
 * primary key. OFFSET 0 keeps it so: without it the planner may swap in a hashed variant that
 * reads every matching contributor first (12,399 for "silva": 8 ms per request).
 */
function contributorsMatch(pattern: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM ${productContributors} c WHERE c.produto_id = ${products.id} AND c.nome_busca LIKE ${pattern} OFFSET 0)`;
}

/**
 * The WHERE conditions of the list (empty when no filter is set), over `produto` unaliased; also
 * used by the ONIX export (`onix/onix-export.ts`) so it selects exactly the list's rows.
 * @param form `set` (default) writes `term` as a UNION of id sets, each answered by its own index
 *   (title full-text or trigram, contributor name trigram, publisher name trigram, ISBN btree; an
 *   OR of sub-selects would scan the whole table); `row` writes it as an OR of tests on the row,
 *   for reading along the sort index, where each row is tested as it comes.
 * @param arms only with `row`, inside `firstMatches`' statement: its CTE `a` already holds the
 *   products whose contributors match, complete unless it reached `contributorLimit` rows or was
 *   not read (`amplo.bn`); a row is then looked up in that set, and its contributors are read
 *   only when the set is incomplete.
 */
export function buildConditions(f: ProductListFilters, form: 'set' | 'row' = 'set', arms?: { contributorLimit: number }): SQL[] {
  const conds: SQL[] = [];
  const mode = f.textMatch ?? 'words';
  if (f.term) {
    const pattern = containsPattern(f.term);
    if (form === 'set') {
      const parts: SQL[] = [
        sql`SELECT t.id FROM ${products} t WHERE ${titleCondition(f.term, mode, 't')}`,
        sql`SELECT c.produto_id FROM ${productContributors} c WHERE c.nome_busca LIKE ${pattern}`,
        sql`SELECT t.id FROM ${products} t WHERE t.editora_id IN (SELECT e.id FROM ${publishers} e WHERE acervo_normalize(e.nome) LIKE ${pattern})`,
      ];
      for (const isbn of f.termIsbns ?? []) {
        parts.push(sql`SELECT t.id FROM ${products} t WHERE t.isbn13 = ${isbn} OR t.isbn10 = ${isbn}`);
      }
      conds.push(sql`${products.id} IN (${sql.join(parts, sql` UNION `)})`);
    } else {
      const tests: SQL[] = [
        titleCondition(f.term, mode, null),
        arms
          ? sql`(${products.id} IN (SELECT a.id FROM a WHERE a.arm = 2) OR (((SELECT amplo.bn FROM amplo) OR (SELECT count(*) FROM a WHERE a.arm = 2) = ${arms.contributorLimit}) AND ${contributorsMatch(pattern)}))`
          : contributorsMatch(pattern),
        sql`${products.publisherId} IN (SELECT e.id FROM ${publishers} e WHERE acervo_normalize(e.nome) LIKE ${pattern})`,
      ];
      for (const isbn of f.termIsbns ?? []) tests.push(sql`${products.isbn13} = ${isbn} OR ${products.isbn10} = ${isbn}`);
      conds.push(sql`(${sql.join(tests, sql` OR `)})`);
    }
  }
  if (f.erpId) conds.push(eq(products.erpId, f.erpId));
  if (f.isbns) {
    const alternatives = f.isbns.flatMap((isbn) => [sql`${products.isbn13} = ${isbn}`, sql`${products.isbn10} = ${isbn}`]);
    conds.push(alternatives.length ? sql`(${sql.join(alternatives, sql` OR `)})` : sql`false`);
  }
  if (f.title) conds.push(titleCondition(f.title, mode, null));
  if (f.publisher) {
    conds.push(
      sql`${products.publisherId} IN (SELECT e.id FROM ${publishers} e WHERE acervo_normalize(e.nome) LIKE ${containsPattern(f.publisher)})`,
    );
  }
  if (f.availability) conds.push(eq(products.availability, f.availability));
  if (f.editionYear !== undefined) conds.push(eq(products.editionYear, f.editionYear));
  if (f.active !== undefined) conds.push(eq(products.active, f.active));
  return conds;
}

/** Sort key expression of the list (over `produto` left-joined to `editora`). */
function sortKey(field: ProductSortField): SQL {
  switch (field) {
    case 'titulo':
      return sql`${products.title}`;
    case 'isbn13':
      return sql`${products.isbn13}`;
    case 'idErp':
      return sql`${products.erpId}`;
    case 'editora':
      return sql`${publishers.name}`;
    case 'anoEdicao':
      return sql`${products.editionYear}`;
    case 'situacao':
      return sql`${products.availability}`;
    case 'id':
      return sql`${products.id}`;
  }
}

/** First value of a one-row, one-column answer, as a number. */
async function scalar(db: Executor, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return Number(Object.values(result.rows[0] ?? { n: 0 })[0] ?? 0);
}

/**
 * Number of rows matching `conds`, counted up to `cap + 1` (so a result above `cap` means "more
 * than cap"). The sub-select's LIMIT stops the scan there: with the GIN indexes the cost is the
 * index lookup plus at most cap + 1 heap visits.
 */
function cappedCount(db: Executor, conds: SQL[], cap: number): Promise<number> {
  const where = conds.length ? sql`WHERE ${and(...conds)}` : sql``;
  return scalar(db, sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${products} ${where} LIMIT ${cap + 1}) s`);
}

/** Whether the filters hold a title text whose match mode is still open. */
function hasOpenTextMatch(f: ProductListFilters): boolean {
  return f.textMatch === undefined && Boolean(f.title || f.term);
}

/**
 * Settles `textMatch`: `words` when some row matches the filters that way, else `fragments`.
 * Filters without a title text, or with `textMatch` set, come back unchanged. One EXISTS-like
 * query (LIMIT 1). The ONIX export calls it so it exports what the list shows.
 */
export async function resolveTextMatch(db: Executor, filters: ProductListFilters): Promise<ProductListFilters> {
  if (!hasOpenTextMatch(filters)) return filters;
  const found = await cappedCount(db, buildConditions({ ...filters, textMatch: 'words' }), 0);
  return { ...filters, textMatch: found > 0 ? 'words' : 'fragments' };
}

/**
 * SQL of the planner's size estimate of `produto`: `reltuples / relpages × current pages`
 * (pg_class statistics from the last VACUUM/ANALYZE, scaled by the table's current size, as
 * PostgreSQL's `estimate_rel_size` does); 0 when never analysed.
 */
const SIZE_ESTIMATE = sql`(SELECT CASE WHEN c.relpages > 0 AND c.reltuples > 0
    THEN c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::int) ELSE 0 END
  FROM pg_class c WHERE c.oid = 'produto'::regclass)`;

/**
 * Lower bound of the unfiltered catalogue size when it holds more than `cap` rows, from the
 * planner's `estimate` (SIZE_ESTIMATE): less 1 % for drift between ANALYZE runs, rounded down to
 * two significant digits (500,000 → 490,000), never below `cap`.
 */
export function catalogueLowerBound(estimate: number, cap: number): number {
  const bound = Math.floor(estimate * 0.99);
  if (bound <= cap) return cap;
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(bound)) - 1);
  return Math.max(cap, Math.floor(bound / unit) * unit);
}

/** Rows of the contributor alternative of `term` in `firstMatches`: twice cap + 1 (see there). */
function contributorRowLimit(cap: number): number {
  return 2 * (cap + 1);
}

/**
 * The text of a filter set that holds one title or `term` text of ONE word and nothing else, in
 * word mode: the case where the word index (`produto_palavra`) can tell "more than cap" alone.
 * `nameWord`: for `term`, the text when it is itself a single word (its contributor-name test is
 * "contains", and a name holding it as a whole word contains it).
 */
function singleWordFilter(f: ProductListFilters): { words: string; nameWord: string | null } | null {
  if ((f.textMatch ?? 'words') !== 'words' || Boolean(f.title) === Boolean(f.term)) return null;
  if (buildConditions({ ...f, title: undefined, term: undefined, termIsbns: undefined }).length > 0) return null;
  const text = (f.title ?? f.term) as string;
  const words = searchWords(text);
  if (words.length === 0) return null;
  const nameWord = f.term && words.length === 1 && words[0] === text.trim() ? words[0] : null;
  return { words: words.join(' '), nameWord };
}

/**
 * CTE `amplo`: `b` true when a count that stops early shows that more than `cap` products match
 * the filters, so nothing else needs counting (docs/catalog-search.md "Broad words"): the word
 * index for one title or `term` word, `broadPublisherMatch` for a publisher name; `bn` true when
 * that came from contributor names (so `term`'s contributor alternative, which would read every
 * matching name, is left to the page walk). Both false when the index cannot tell. Only for
 * `singleWordFilter`s: a title text whose words have ONE stem after stop words (every product
 * holding that stem matches: each word's test is "same stem or starts with"), and for `term` also
 * a one-word text held as a whole word by more than `cap` products' contributor names. Each probe
 * reads at most cap + 1 entries of the index's primary key.
 */
function broadMatch(f: ProductListFilters, cap: number): SQL {
  if (f.publisher && buildConditions({ ...f, publisher: undefined }).length === 0) return broadPublisherMatch(f.publisher, cap);
  const single = singleWordFilter(f);
  if (!single) return NOT_BROAD;
  const probe = (source: number, word: SQL) =>
    sql`(SELECT count(*) FROM (SELECT 1 FROM ${productWords} w WHERE w.origem = ${source} AND w.palavra = ${word} LIMIT ${cap + 1}) x) > ${cap}`;
  // Written inline (immutable functions of the bound text), not as a sub-select: the planner then
  // sees a constant and reads the key's first cap + 1 entries; with a sub-select's parameter it
  // chose a bitmap of every entry of the word (10,623 for "memorias": 2.2 ms instead of 0.3).
  const stems = sql`tsvector_to_array(to_tsvector('acervo_pt', ${single.words}::text))`;
  const stem = sql`CASE WHEN cardinality(${stems}) = 1 THEN (${stems})[1] END`;
  if (!single.nameWord) return sql`amplo AS (SELECT ${probe(1, stem)} AS b, false AS bn)`;
  return sql`amplo AS (SELECT t OR n AS b, n AS bn FROM (SELECT ${probe(2, sql`acervo_normalize(${single.nameWord}::text)`)} AS n, ${probe(1, stem)} AS t) p)`;
}

/**
 * `amplo` of a list whose only filter is the publisher name: the matching products counted up to
 * cap + 1 publisher by publisher, each through `produto_editora_id_idx` with its own LIMIT, the whole
 * stopping at cap + 1 (a product has one publisher, so the sets do not overlap). Written so, the
 * count stops early; as a join the planner built a bitmap of every product of the publishers
 * (11,383 for the bench's largest) before counting the first.
 */
function broadPublisherMatch(publisher: string, cap: number): SQL {
  return sql`amplo AS (SELECT (SELECT count(*) FROM (SELECT 1 FROM ${publishers} e,
      LATERAL (SELECT 1 FROM ${products} p WHERE p.editora_id = e.id LIMIT ${cap + 1}) x
      WHERE acervo_normalize(e.nome) LIKE ${containsPattern(publisher)} LIMIT ${cap + 1}) y) > ${cap} AS b, false AS bn)`;
}

/** `amplo` when the word index is not asked. */
const NOT_BROAD = sql`amplo AS (SELECT false AS b, false AS bn)`;

/**
 * Whether the page runs `probeBroad` before its statement: a one-word `term` that is not an ISBN
 * (`singleWordFilter`). Only there is the one statement's planning worth a second round trip
 * (CPU per request on 500,000 titles, bench/README.md "Broad terms under load": `term=silva`
 * 3.9 → 2.8 ms); a title word or publisher gained under 7 % while a rare word paid ≈ 0.5 ms for
 * the extra statement, so they keep the single statement, whose `amplo` probes in place.
 */
function hasBroadProbe(f: ProductListFilters): boolean {
  return Boolean(f.term) && !f.termIsbns?.length && singleWordFilter(f) !== null;
}

/**
 * Runs `broadMatch` alone: `b` more than `cap` products match (from the word index or the
 * publisher count), `bn` that came from contributor names. Two index probes of at most cap + 1
 * entries each (≈ 0.5 ms), planned without the rest of the page statement.
 */
async function probeBroad(db: Executor, f: ProductListFilters, cap: number): Promise<{ b: boolean; bn: boolean }> {
  const result = (await db.execute(sql`WITH ${broadMatch(f, cap)} SELECT amplo.b AS b, amplo.bn AS bn FROM amplo`)) as unknown as { rows: { b: boolean; bn: boolean }[] };
  const row = result.rows[0];
  return { b: row?.b === true, bn: row?.bn === true };
}

/**
 * CTEs `amplo` (`broadMatch`), `m` (id and sort key `k` of at most `cap` + 1 matching rows,
 * MATERIALIZED; not read when `amplo` says more than cap) and `contagem` (`n`: the number of
 * matches when at most `cap`, anything above `cap` otherwise; `estimate` null).
 * Without `term`: the first cap + 1 matches of all conditions. With `term`, whose UNION of id
 * sets would otherwise be computed whole (every title match visited: 41 ms for a broad word on
 * 500,000 titles), each alternative (title, contributor, publisher, ISBN) carries the other
 * filters and stops at cap + 1 rows (CTE `a`; contributors at twice that, since two matching
 * contributors of one title repeat it). An alternative with more than cap distinct products
 * means "more than cap"; contributor rows that stopped at their limit with at most cap distinct
 * products leave the count unknown: `n` = -1, and the caller counts every match instead;
 * otherwise the union is complete and counted exactly.
 */
function firstMatches(f: ProductListFilters, key: SQL, source: SQL, cap: number, wordIndex: boolean): SQL {
  const lim = sql`LIMIT ${cap + 1}`;
  const broad = wordIndex ? broadMatch(f, cap) : NOT_BROAD;
  const notBroad = sql`NOT (SELECT amplo.b FROM amplo)`;
  // The contributor alternative is still read when the title alone was broad: the page walk then
  // looks rows up in it instead of reading each row's contributors (a rare name: a short list).
  const notBroadNames = sql`NOT (SELECT amplo.bn FROM amplo)`;
  if (!f.term) {
    return sql`${broad},
      m AS MATERIALIZED (SELECT ${products.id} AS id, ${key} AS k FROM ${source} WHERE ${notBroad} AND ${and(...buildConditions(f))} ${lim}),
      contagem AS (SELECT CASE WHEN (SELECT amplo.b FROM amplo) THEN ${cap + 1} ELSE (SELECT count(*) FROM m) END AS n, NULL AS estimate)`;
  }
  const others = buildConditions({ ...f, term: undefined, termIsbns: undefined });
  // Contributor rows repeat a product when two of its contributors match ("Silva" and "Silva
  // Filho"): twice the rows, so that more than cap distinct products are usually among them.
  const contributorLim = sql`LIMIT ${contributorRowLimit(cap)}`;
  const rest = sql` AND ${notBroad}${others.length ? sql` AND ${and(...others)}` : sql``}`;
  const pattern = containsPattern(f.term);
  const arms: SQL[] = [
    sql`(SELECT 1 AS arm, ${products.id} AS id FROM ${products} WHERE ${titleCondition(f.term, f.textMatch ?? 'words', null)}${rest} ${lim})`,
    others.length
      ? sql`(SELECT 2 AS arm, ${products.id} AS id FROM ${productContributors} c JOIN ${products} ON ${products.id} = c.produto_id WHERE c.nome_busca LIKE ${pattern} AND ${notBroadNames} AND ${and(...others)} ${contributorLim})`
      : sql`(SELECT 2 AS arm, c.produto_id AS id FROM ${productContributors} c WHERE c.nome_busca LIKE ${pattern} AND ${notBroadNames} ${contributorLim})`,
    sql`(SELECT 3 AS arm, ${products.id} AS id FROM ${products} WHERE ${products.publisherId} IN (SELECT e.id FROM ${publishers} e WHERE acervo_normalize(e.nome) LIKE ${pattern})${rest} ${lim})`,
    ...(f.termIsbns ?? []).map(
      (isbn, i) => sql`(SELECT ${4 + i} AS arm, ${products.id} AS id FROM ${products} WHERE (${products.isbn13} = ${isbn} OR ${products.isbn10} = ${isbn})${rest} ${lim})`,
    ),
  ];
  return sql`${broad},
    a AS MATERIALIZED (${sql.join(arms, sql` UNION ALL `)}),
    m AS MATERIALIZED (SELECT ${products.id} AS id, ${key} AS k FROM ${source} WHERE ${products.id} IN (SELECT a.id FROM a) ${lim}),
    contagem AS (SELECT CASE
        WHEN (SELECT amplo.b FROM amplo) THEN ${cap + 1}
        WHEN EXISTS (SELECT 1 FROM a GROUP BY a.arm HAVING count(DISTINCT a.id) > ${cap}) THEN ${cap + 1}
        WHEN (SELECT count(*) FROM a WHERE a.arm = 2) = ${contributorRowLimit(cap)} THEN -1
        ELSE (SELECT count(*) FROM m) END AS n,
      NULL AS estimate)`;
}

/** Options of `findProductPage` (tests lower the threshold to exercise it on a few rows). */
export interface ProductPageOptions {
  /** Exact-count threshold of a filtered list; default COUNT_EXACT_UP_TO. */
  countExactUpTo?: number;
  /** Exact-count threshold of the whole catalogue; default CATALOGUE_COUNT_EXACT_UP_TO. */
  catalogueCountExactUpTo?: number;
  /** Sort-index rows the first statement may walk; default WALK_WINDOW_ROWS, or 100 per row up to the page end if more. */
  walkWindowRows?: number;
  /** Whether the word index may answer "more than the threshold" (`broadMatch`); default true. Tests compare both ways. */
  wordIndex?: boolean;
}

/** Raw row of the page statements: a list row (null past the end) with the count columns. */
type PageQueryRow = Omit<ProductListRow, 'id'> & { id: number | null; n: number | string; estimate: number | string | null };

/**
 * One page of the catalogue and its total (docs/catalog-search.md):
 * - No filter, one statement: the rows counted up to `catalogueCountExactUpTo` + 1, the planner's
 *   size estimate, and the page by walking the sort index. Total: the count, or above the
 *   threshold `catalogueLowerBound` of the estimate (`approximate`).
 * - Filters, one statement in the usual cases: CTE `m` (MATERIALIZED) holds the id and sort key of
 *   the first `countExactUpTo` + 1 matches, read through the filters' indexes (`firstMatches`).
 *   At most the threshold: they are every match, so their number is the exact total and the page a
 *   top-N sort of them. When the only filter is one title or `term` word, the word index may
 *   already know that more than the threshold match (`broadMatch`), and `m` is not read.
 *   More: total = the threshold (`approximate`, "more than 1,000") and, for an
 *   indexed sort (`titulo`, `isbn13`, `idErp`, `id`) and a page ending within
 *   WALK_PAGES_UP_TO_ROWS, the same statement reads the page along the sort index, testing each of
 *   its first `walkWindowRows` rows (`buildConditions(…, 'row')`) and stopping when the page is full.
 * - A walkable page of a one-word `term` (`hasBroadProbe`) first runs the word-index probe
 *   alone (`probeBroad`); when it says
 *   "more than the threshold", a statement that only walks the sort index reads the page
 *   (`broadWalk`), so the count's branches are neither planned nor run; otherwise the usual
 *   statement runs without probing again.
 * - When the title words match nothing, the title text is matched as a fragment and the statement
 *   runs again. A second statement also reads the page when the window held too few matches (the
 *   whole index walked, sequential scans and JIT off for its transaction), for deeper pages and
 *   other sorts (every match sorted), and when a `term` count is unknown (`firstMatches`).
 * Every page query reads size + 1 rows: the extra one only tells `hasNext`. The page's rows get
 * publisher, imprint and contributors (`string_agg` of names in `ordem`).
 * @returns rows in the asked order (sort column, then id, same direction), total, flags
 */
export async function findProductPage(
  db: Executor,
  filters: ProductListFilters,
  req: ProductPageRequest,
  options: ProductPageOptions = {},
): Promise<ProductListResult> {
  const cap = options.countExactUpTo ?? COUNT_EXACT_UP_TO;
  const dir = req.direction === 'asc' ? sql`ASC` : sql`DESC`;
  const key = sortKey(req.sortField);
  const offset = req.page * req.size;
  const limit = sql`LIMIT ${req.size + 1} OFFSET ${offset}`;
  const source = sql`${products} LEFT JOIN ${publishers} ON ${publishers.id} = ${products.publisherId}`;
  /** The page's columns for the ids in CTE `pagina`, after the counting CTE `contagem` (columns n, estimate). */
  const select = (ctes: SQL) => sql`WITH ${ctes}
    SELECT contagem.n AS "n", contagem.estimate AS "estimate", ${products.id} AS "id", ${products.erpId} AS "erpId", ${products.isbn13} AS "isbn13",
      ${products.title} AS "title", ${products.subtitle} AS "subtitle",
      (SELECT e.nome FROM ${publishers} e WHERE e.id = ${products.publisherId}) AS "publisherName",
      (SELECT s.nome FROM ${imprints} s WHERE s.id = ${products.imprintId}) AS "imprintName",
      (SELECT string_agg(c.nome_completo, '; ' ORDER BY c.ordem) FROM ${productContributors} c WHERE c.produto_id = ${products.id}) AS "contributors",
      ${products.availability} AS "availability", ${products.editionYear} AS "editionYear",
      ${products.productForm} AS "productForm", ${products.active} AS "active", ${products.coverFile} AS "coverFile"
    FROM contagem
    LEFT JOIN (pagina JOIN ${products} ON ${products.id} = pagina.id) ON true
    ORDER BY pagina.k ${dir}, pagina.id ${dir}`;
  const done = (raw: PageQueryRow[], total: number, approximate: boolean): ProductListResult => {
    const found = raw.filter((r): r is PageQueryRow & { id: number } => r.id !== null);
    const rows = found.slice(0, req.size).map(({ n: _n, estimate: _e, ...r }) => ({
      ...r,
      id: Number(r.id),
      editionYear: r.editionYear === null ? null : Number(r.editionYear),
    }));
    return { rows, total, approximate, hasNext: found.length > req.size };
  };

  if (!hasAnyFilter(filters)) {
    const all = options.catalogueCountExactUpTo ?? CATALOGUE_COUNT_EXACT_UP_TO;
    const raw = await pageRows(
      db,
      select(sql`contagem AS (SELECT (SELECT count(*) FROM (SELECT 1 FROM ${products} LIMIT ${all + 1}) s) AS n, ${SIZE_ESTIMATE} AS estimate),
        pagina AS (SELECT ${products.id} AS id, ${key} AS k FROM ${source} ORDER BY ${key} ${dir}, ${products.id} ${dir} ${limit})`),
    );
    const n = Number(raw[0]?.n ?? 0);
    return n <= all ? done(raw, n, false) : done(raw, catalogueLowerBound(Number(raw[0].estimate ?? 0), all), true);
  }

  const walkable = WALKABLE_SORTS.has(req.sortField) && offset + req.size <= WALK_PAGES_UP_TO_ROWS;
  // Sort-index rows a broad match's first statement reads before giving up (see below).
  const window = options.walkWindowRows ?? Math.max(WALK_WINDOW_ROWS, 100 * (offset + req.size + 1));
  /**
   * One statement: the first matches (up to cap + 1); when they are all of them, the page sorted
   * from them; when there are more (and the sort is walkable), the page read along the sort index
   * from its first `window` rows, testing each (`hit`) until the page and one more row are found.
   * Each branch runs only when the count (an InitPlan) selects it.
   */
  const fewMatches = (f: ProductListFilters, wordIndex: boolean) =>
    pageRows(
      db,
      select(sql`${firstMatches(f, key, source, cap, wordIndex)},
        pagina AS ((SELECT m.id, m.k FROM m WHERE (SELECT n FROM contagem) BETWEEN 0 AND ${cap} ORDER BY m.k ${dir}, m.id ${dir} ${limit})
        ${
          walkable
            ? sql`UNION ALL (SELECT w.id, w.k FROM (SELECT ${products.id} AS id, ${key} AS k, (${and(...buildConditions(f, 'row', f.term ? { contributorLimit: contributorRowLimit(cap) } : undefined))}) AS hit
                FROM ${products} ORDER BY ${key} ${dir}, ${products.id} ${dir} LIMIT ${window}) w
              WHERE (SELECT n FROM contagem) > ${cap} AND w.hit ${limit})`
            : sql``
        })`),
    );
  /** Every match, counted exactly, and the page sorted from them (cost grows with the matches). */
  const allMatches = (f: ProductListFilters) =>
    pageRows(
      db,
      select(sql`m AS MATERIALIZED (SELECT ${products.id} AS id, ${key} AS k FROM ${source} WHERE ${and(...buildConditions(f))}),
        contagem AS (SELECT count(*) AS n, NULL AS estimate FROM m),
        pagina AS (SELECT m.id, m.k FROM m ORDER BY m.k ${dir}, m.id ${dir} ${limit})`),
    );
  /**
   * The page of a match already known to be broad (`probeBroad`), read along the sort index from its
   * first `window` rows, alone: nothing is counted (total = the threshold, approximate). For `term`
   * whose contributor names were not the broad part (`bn` false), CTE `a` holds the contributor
   * alternative (up to twice cap + 1 rows) and a walked row is looked up there, its contributors read
   * only when `a` is incomplete, as in `firstMatches`' statement (same CTE names, same
   * `buildConditions`); with `bn` each walked row's contributors are read (a broad name is common).
   */
  const broadWalk = (f: ProductListFilters, bn: boolean) => {
    const contributorLimit = contributorRowLimit(cap);
    const lookUp = Boolean(f.term) && !bn;
    const names = lookUp
      ? sql`amplo AS (SELECT false AS bn),
        a AS MATERIALIZED (SELECT 2 AS arm, c.produto_id AS id FROM ${productContributors} c WHERE c.nome_busca LIKE ${containsPattern(f.term as string)} LIMIT ${contributorLimit}),`
      : sql``;
    return pageRows(
      db,
      select(sql`${names}
        contagem AS (SELECT ${cap + 1} AS n, NULL AS estimate),
        pagina AS (SELECT w.id, w.k FROM (SELECT ${products.id} AS id, ${key} AS k, (${and(...buildConditions(f, 'row', lookUp ? { contributorLimit } : undefined))}) AS hit
            FROM ${products} ORDER BY ${key} ${dir}, ${products.id} ${dir} LIMIT ${window}) w
          WHERE w.hit ${limit})`),
    );
  };
  let f: ProductListFilters = hasOpenTextMatch(filters) ? { ...filters, textMatch: 'words' } : filters;
  let wordIndex = options.wordIndex ?? true;
  let raw: PageQueryRow[] | null = null;
  if (wordIndex && walkable && hasBroadProbe(f)) {
    // A one-word term: probe first; if broad, a statement that only walks the sort index. The
    // page statement below would do both in one, but planning its every branch (the alternatives,
    // the exact count) cost as much as running it (≈ 1.3 ms of 3 for `term=silva` on 500,000 titles).
    const broad = await probeBroad(db, f, cap);
    if (broad.b) {
      raw = await broadWalk(f, broad.bn);
      if (raw.filter((r) => r.id !== null).length > req.size) return done(raw, cap, true);
    }
    wordIndex = false; // asked already: the page statement need not probe again
  }
  if (!raw) {
    raw = await fewMatches(f, wordIndex);
    if (Number(raw[0]?.n ?? 0) === 0 && hasOpenTextMatch(filters)) {
      f = { ...f, textMatch: 'fragments' };
      raw = await fewMatches(f, wordIndex);
    }
  }
  let n = Number(raw[0]?.n ?? 0);
  if (n < 0) {
    // `term` alternatives stopped early on rows that repeat products: count every match instead.
    raw = await allMatches(f);
    n = Number(raw[0]?.n ?? 0);
    return n <= cap ? done(raw, n, false) : done(raw, cap, true);
  }
  if (n <= cap) return done(raw, n, false);
  // More than cap matches exist, so at least offset + size + 1 (WALK_PAGES_UP_TO_ROWS < cap): a
  // walk that found fewer only ran out of window.
  if (walkable && raw.filter((r) => r.id !== null).length > req.size) return done(raw, cap, true);

  if (walkable) {
    // The matches are too sparse for the window: walk the whole sort index. `(…) IS TRUE` hides
    // the conditions from produto's indexes; sequential scans are off for this transaction, since
    // the planner's guess for a word, trigram or OR match is far off (50 rows for 10,616) and it
    // would otherwise scan and sort everything; JIT too, which the disabled plan's cost would
    // trigger (compiling took longer than running: 2.8 s p95 for `term` on 500,000 titles).
    const query = select(
      sql`contagem AS (SELECT NULL AS n, NULL AS estimate),
        pagina AS (SELECT ${products.id} AS id, ${key} AS k FROM ${products} WHERE (${and(...buildConditions(f, 'row'))}) IS TRUE ORDER BY ${key} ${dir}, ${products.id} ${dir} ${limit})`,
    );
    raw = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`);
      return pageRows(tx, query);
    });
  } else {
    raw = await allMatches(f);
  }
  return done(raw, cap, true);
}

/** Whether any filter is set (an empty text counts as unset: the service drops those). */
function hasAnyFilter(f: ProductListFilters): boolean {
  return buildConditions(f).length > 0;
}

/** Runs a page statement and answers its rows. */
async function pageRows(db: Executor, query: SQL): Promise<PageQueryRow[]> {
  return ((await db.execute(query)) as unknown as { rows: PageQueryRow[] }).rows;
}

/** Columns of the product detail, as read from the database (lookups already joined). */
export type ProductDetailRow = NonNullable<Awaited<ReturnType<typeof findProductRow>>>;

/** The detail row query (product and its lookups' names), filtered by `where`. */
function selectProductRows(db: Executor, where: SQL | undefined) {
  return db
    .select({
      product: products,
      publisher: { id: publishers.id, name: publishers.name },
      imprint: { id: imprints.id, name: imprints.name },
      ageRange: { id: ageRanges.id, name: ageRanges.name },
      targetAudience: { id: targetAudiences.id, name: targetAudiences.name },
      contentRating: { id: contentRatings.id, name: contentRatings.name },
      productLine: { id: productLines.id, name: productLines.name },
      situationName: productSituations.name,
      productFormName: bindings.name,
    })
    .from(products)
    .leftJoin(publishers, eq(publishers.id, products.publisherId))
    .leftJoin(imprints, eq(imprints.id, products.imprintId))
    .leftJoin(ageRanges, eq(ageRanges.id, products.ageRangeId))
    .leftJoin(targetAudiences, eq(targetAudiences.id, products.targetAudienceId))
    .leftJoin(contentRatings, eq(contentRatings.id, products.contentRatingId))
    .leftJoin(productLines, eq(productLines.id, products.productLineId))
    .leftJoin(productSituations, eq(productSituations.code, products.availability))
    .leftJoin(bindings, eq(bindings.code, products.productForm))
    .where(where);
}

async function findProductRow(db: Executor, id: number) {
  const [row] = await selectProductRows(db, eq(products.id, id));
  return row;
}

/** A product with its lookups, contributors, subjects and prices (children in `ordem` order). */
export interface ProductDetailRecord {
  row: ProductDetailRow;
  /** Contributors, each with the label of its role in the contributor-role lookup (null when the lookup has no such code). */
  contributors: ((typeof productContributors.$inferSelect) & { roleName: string | null })[];
  subjects: (typeof productSubjects.$inferSelect)[];
  prices: (typeof productPrices.$inferSelect)[];
}

/**
 * Reads one product for `GET produto/{id}`: the product row joined to publisher, imprint and the
 * four simple lookups, with the labels of its situation and product form in the coded lookups,
 * plus its contributors (with their role's label), subjects and prices ordered by `ordem`.
 * @returns the record, or null when no product has this id
 */
export async function findProductDetail(db: Executor, id: number): Promise<ProductDetailRecord | null> {
  const [row, contributors, subjects, prices] = await Promise.all([
    findProductRow(db, id),
    db
      .select({ contributor: productContributors, roleName: contributionTypes.name })
      .from(productContributors)
      .leftJoin(contributionTypes, eq(contributionTypes.code, productContributors.role))
      .where(eq(productContributors.productId, id))
      .orderBy(asc(productContributors.sequence)),
    db.select().from(productSubjects).where(eq(productSubjects.productId, id)).orderBy(asc(productSubjects.sequence)),
    db.select().from(productPrices).where(eq(productPrices.productId, id)).orderBy(asc(productPrices.sequence)),
  ]);
  if (!row) return null;
  return { row, contributors: contributors.map((c) => ({ ...c.contributor, roleName: c.roleName })), subjects, prices };
}

/**
 * The product-situation lookup's labels by code (`'20'` → `'Disponível'`), about 30 rows: the
 * catalogue list names each row's situation with them, as the situation picker does.
 */
export async function findSituationNames(db: Executor): Promise<Map<string, string>> {
  const rows = await db.select({ code: productSituations.code, name: productSituations.name }).from(productSituations);
  return new Map(rows.map((r) => [r.code, r.name]));
}

/**
 * The details of the products holding `isbns` (at most a batch: the import passes 1,000), by
 * ISBN-13, in 4 queries whatever the count: what `findProductDetail` reads for one product. An
 * ISBN no product holds is absent from the map.
 */
export async function findProductDetailsByIsbn(db: Executor, isbns: readonly string[]): Promise<Map<string, ProductDetailRecord>> {
  const found = new Map<string, ProductDetailRecord>();
  if (isbns.length === 0) return found;
  const rows = await selectProductRows(db, inArray(products.isbn13, [...new Set(isbns)]));
  if (rows.length === 0) return found;
  const ids = rows.map((r) => r.product.id);
  const [contributors, subjects, prices] = await Promise.all([
    db
      .select({ contributor: productContributors, roleName: contributionTypes.name })
      .from(productContributors)
      .leftJoin(contributionTypes, eq(contributionTypes.code, productContributors.role))
      .where(inArray(productContributors.productId, ids))
      .orderBy(asc(productContributors.productId), asc(productContributors.sequence)),
    db.select().from(productSubjects).where(inArray(productSubjects.productId, ids)).orderBy(asc(productSubjects.productId), asc(productSubjects.sequence)),
    db.select().from(productPrices).where(inArray(productPrices.productId, ids)).orderBy(asc(productPrices.productId), asc(productPrices.sequence)),
  ]);
  const byId = new Map<number, ProductDetailRecord>();
  for (const row of rows) {
    const record: ProductDetailRecord = { row, contributors: [], subjects: [], prices: [] };
    byId.set(row.product.id, record);
    found.set(row.product.isbn13, record);
  }
  for (const c of contributors) byId.get(c.contributor.productId)?.contributors.push({ ...c.contributor, roleName: c.roleName });
  for (const s of subjects) byId.get(s.productId)?.subjects.push(s);
  for (const p of prices) byId.get(p.productId)?.prices.push(p);
  return found;
}
