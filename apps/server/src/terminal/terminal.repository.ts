import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { OPEN_OPPORTUNITY_DAYS } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { executePrepared, executePreparedShape } from '../db/prepared.ts';
import { recentOpportunitiesOf } from '../opportunities/opportunities.repository.ts';
import { billingNature } from '../reports/billing-rules.ts';
import { prefixUpperBound } from './terminal-text.ts';

/*
 * SQL of the Terminal (docs/terminal-search.md). Catalogue tables are shared by every company;
 * stock and sales are read from the selected company's `erp_*` rows only (`empresa_id`), linked
 * to the catalogue by `erp_produto.produto_id` (docs/data-model.md).
 */

/** Rows a query statement answers, as the driver gives them. */
async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * A row count written into the statement's text, not bound: the candidate statement is prepared
 * (`executePrepared`), and PostgreSQL plans a generic plan's `LIMIT $n` as 10 % of the rows, which
 * turned the one-letter query's index walks into scans (its p95 50.7 -> 83.4 ms at 10 callers).
 * Integers only (the arms' and window's constants).
 */
function literal(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return sql.raw(String(n));
}

/**
 * Up to this many matching titles are counted exactly; beyond, the total is "more than 200". The
 * Terminal answers "do we have it": nobody pages through 200 results (they type one more word),
 * and each counted candidate costs a heap visit and a filter test (1,000 made a one-letter query
 * five times dearer on PGlite).
 */
export const TERMINAL_COUNT_UP_TO = 200;
/**
 * Rows each index arm of a word contributes to the candidates: bounds the work of a very broad word
 * (a one-letter prefix) whatever the catalogue size, while two broad words still meet (their
 * intersection is taken over this many rows of each; with several words the titles holding them
 * all in title/subtitle come from one GIN search besides).
 */
export const ARM_LIMIT_ONE_WORD = TERMINAL_COUNT_UP_TO + 1;
export const ARM_LIMIT_MANY_WORDS = 5_000;
/**
 * Several words: a word whose index arms hold at most this many rows generates the candidates, the
 * other words checked on each of them (`findWordCandidates`); each word's arms are read this far to
 * find it.
 */
const RARE_WORD_ROWS = 200;
/** Words shorter than this find titles by title/contributor prefix only (no publisher or collection arm). */
const NAME_ARM_MIN_LENGTH = 3;

/** What the vocabulary lookup answers for one typed word. */
export interface WordAnalysis {
  /** A Portuguese stop word ("de", "a", "o"…): `acervo_pt` gives it no stem. */
  stop: boolean;
  /** Vocabulary words owning one of its deletions, of a length within the budget (distance not yet checked). */
  nearWords: string[];
  /**
   * The vocabulary holds the word itself or a word starting with it (only looked up for words
   * with a typo budget; true for the others): when every word is known, the search first tries
   * the words as typed, without corrections.
   */
  known: boolean;
}

/**
 * For each typed word: whether it is a stop word, and the vocabulary words that may be within its
 * typo budget: the words owning one of its deletions (`acervo_delecoes`, SymSpell; migration
 * 0019), of a length within the budget, the word itself left out. One statement for every word;
 * the application then checks the exact distance (`editDistance`). Prepared (its text varies only
 * with the number of words and which have a budget). The deletions go in as one
 * array (an InitPlan): the planner then probes the B-tree once per deletion, where the function
 * inlined as a join was estimated at 1,500 rows and answered by a parallel scan of every variant.
 * @param words normalised words; `budgets[i]` typos allowed for `words[i]` (0 = no lookup)
 */
export async function analyzeWords(db: Executor, words: string[], budgets: number[]): Promise<WordAnalysis[]> {
  // per word: stop word, and (with a budget) whether a vocabulary word is it or starts with it —
  // the first word >= it in the vocabulary's order starts with it when any does (a prefix's words
  // are contiguous in byte order), one probe of the primary key
  const parts: SQL[] = [
    sql`SELECT (e.ord - 1)::int AS i, NULL::text AS palavra, numnode(to_tsquery('acervo_pt', e.value)) = 0 AS parada,
          CASE WHEN (${JSON.stringify(budgets)}::jsonb ->> (e.ord - 1)::int)::int > 0
            THEN coalesce((SELECT left(v.palavra, length(e.value)) = e.value FROM terminal_vocabulo v WHERE v.palavra >= e.value ORDER BY v.palavra LIMIT 1), false)
            ELSE true END AS conhecida
        FROM jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) WITH ORDINALITY e(value, ord)`,
  ];
  words.forEach((word, i) => {
    const budget = budgets[i];
    if (budget <= 0) return;
    const length = [...word].length;
    parts.push(sql`SELECT DISTINCT ${i}::int AS i, v.palavra, NULL::boolean AS parada, NULL::boolean AS conhecida FROM terminal_vocabulo_variante v
      WHERE v.variante = ANY ((SELECT array_agg(d) FROM acervo_delecoes(${word}::text, ${budget}::int) d)::text[])
        AND length(v.palavra) BETWEEN ${length - budget} AND ${length + budget} AND v.palavra <> ${word}`);
  });
  // the generic plan (without JIT, see `executePrepared`): 0.35 ms a call against 1.1 ms of
  // planning plus 0.5 ms of execution for a three-word query's custom plan
  const found = await executePrepared<{ i: number; palavra: string | null; parada: boolean | null; conhecida: boolean | null }>(
    db,
    'terminal_vocabulario',
    sql.join(parts, sql` UNION ALL `),
    { genericPlan: true },
  );
  const out: WordAnalysis[] = words.map(() => ({ stop: false, nearWords: [], known: true }));
  for (const r of found) {
    if (r.palavra === null) {
      out[r.i].stop = r.parada === true;
      out[r.i].known = r.conhecida !== false;
    } else out[r.i].nearWords.push(r.palavra);
  }
  return out;
}

/** A typed word as the candidate search uses it. */
export interface SearchWord {
  word: string;
  /** Vocabulary corrections within the typo budget. */
  corrections: string[];
  /** Match words starting with it (false inside an exact phrase but for the last word). */
  prefix: boolean;
}

/** Filters of the Terminal search, validated and normalised by the service. */
export interface TerminalFilters {
  companyId: number;
  subjectId?: number;
  publisherId?: number;
  /** Exact ISBN-13/ISBN-10 digit strings (`ean` filter). */
  isbns?: string[];
  availability?: string;
  inStock?: boolean;
  /** Normalised words that must appear consecutively (fraseExata), in title/subtitle or a contributor name. */
  phrase?: string;
}

/** Regular expression (PostgreSQL ARE) of a word at a word start: itself as prefix, or a correction whole. */
function wordRegex(w: SearchWord): string {
  const alternatives = [w.prefix ? `${w.word}[[:alnum:]]*` : w.word, ...w.corrections];
  return `(^|[^[:alnum:]])(${alternatives.join('|')})([^[:alnum:]]|$)`;
}

/** A named placeholder of the candidate statement (`findWordCandidates`): its value is set per call. */
function ph(name: string): SQL {
  return sql`${sql.placeholder(name)}`;
}

/**
 * The values of word `i`'s placeholders (`w{i}_…`) in the candidate statement, into `values`: its
 * stems' input, its name words (JSON), the prefix range, its regular expression and its tsqueries.
 */
function wordValues(w: SearchWord, i: number, values: Record<string, unknown>): void {
  const all = [w.word, ...w.corrections];
  values[`w${i}_stems`] = all.join(' ');
  values[`w${i}_names`] = JSON.stringify(all);
  values[`w${i}_word`] = w.word;
  values[`w${i}_upper`] = prefixUpperBound(w.word);
  values[`w${i}_re`] = wordRegex(w);
  values[`w${i}_alts`] = all.join(' | ');
  values[`w${i}_pfx`] = w.prefix ? `${w.word}:*` : w.word;
}

/** What the text of word `i`'s parts depends on (`wordValues` gives the rest). */
function wordShape(w: SearchWord): string {
  return `${w.prefix ? 'p' : 'w'}${[...w.word].length >= NAME_ARM_MIN_LENGTH ? 'n' : ''}${w.prefix && prefixUpperBound(w.word) === null ? 'u' : ''}`;
}

/**
 * The `produto_palavra` arms of word `i` in origin 1 (title stems) or 2 (contributor words): the exact
 * keys (`= ANY`: the stems of the word and its corrections, or the words themselves), and the words
 * starting with it (a key range). Two index scans, each stopping at `limit` rows: one OR-ed
 * condition would be planned as a filter over the whole origin (1.6 s at 500,000 titles).
 */
function wordIndexArms(w: SearchWord, i: number, source: 1 | 2, limit: number): SQL[] {
  const exact =
    source === 1
      ? sql`(SELECT w.produto_id AS id FROM produto_palavra w WHERE w.origem = 1 AND w.palavra = ANY (tsvector_to_array(to_tsvector('acervo_pt', ${ph(`w${i}_stems`)}))) LIMIT ${literal(limit)})`
      : sql`(SELECT w.produto_id AS id FROM produto_palavra w WHERE w.origem = 2 AND w.palavra IN (SELECT jsonb_array_elements_text(${ph(`w${i}_names`)}::jsonb)) LIMIT ${literal(limit)})`;
  if (!w.prefix) return [exact];
  const range = prefixUpperBound(w.word) !== null ? sql`w.palavra >= ${ph(`w${i}_word`)} AND w.palavra < ${ph(`w${i}_upper`)}` : sql`w.palavra >= ${ph(`w${i}_word`)}`;
  return [exact, sql`(SELECT w.produto_id AS id FROM produto_palavra w WHERE w.origem = ${literal(source)} AND ${range} LIMIT ${literal(limit)})`];
}

/**
 * The products word `i` finds, arm by arm, each arm stopping at `limit` rows: title/subtitle (stem,
 * prefix or correction, from the word index), contributor name word, publisher name, imprint name,
 * collection. Arms are in ranking order, so a truncated broad word keeps its title matches.
 * `titleByText`: the title arm matches the normalised title text (`titulo_busca`, trigram index)
 * instead of the stems, for words the text search parser does not make a word of (`War/Book` is
 * a file path to it, `1868-1948` a number and a negative number).
 */
function wordArms(w: SearchWord, i: number, limit: number, titleByText: boolean): SQL {
  const re = ph(`w${i}_re`);
  const arms: SQL[] = [
    ...(titleByText ? [sql`(SELECT p.id FROM produto p WHERE p.titulo_busca ~ ${re} LIMIT ${literal(limit)})`] : wordIndexArms(w, i, 1, limit)),
    ...wordIndexArms(w, i, 2, limit),
  ];
  if ([...w.word].length >= NAME_ARM_MIN_LENGTH) {
    arms.push(
      sql`(SELECT p.id FROM produto p WHERE p.editora_id IN (SELECT e.id FROM editora e WHERE acervo_normalize(e.nome) ~ ${re}) LIMIT ${literal(limit)})`,
      sql`(SELECT p.id FROM produto p WHERE p.selo_id IN (SELECT s.id FROM selo s WHERE acervo_normalize(s.nome) ~ ${re}) LIMIT ${literal(limit)})`,
      sql`(SELECT p.id FROM produto p WHERE acervo_normalize(p.colecao) ~ ${re} LIMIT ${literal(limit)})`,
    );
  }
  return sql.join(arms, sql` UNION ALL `);
}

/** Word `i`'s tsquery on `titulo_palavras`: its stems and its corrections', or a title word starting with it. */
function wordTitleQuery(i: number): SQL {
  return sql`(to_tsquery('acervo_pt', ${ph(`w${i}_alts`)}) || to_tsquery('simple', ${ph(`w${i}_pfx`)}))`;
}

/**
 * Word `i` found in one of the fields of the row `p`, as its arms find it (`wordArms`): the title and
 * subtitle stems (`titulo_palavras`, the lexemes `produto_palavra` origin 1 holds), a contributor
 * name word (origin 2: `nome_busca` split on non-alphanumerics), and from 3 letters the publisher,
 * imprint and collection names. Checked on the rows of a rarer word (`findWordCandidates`).
 */
function wordInRow(w: SearchWord, i: number): SQL {
  const re = ph(`w${i}_re`);
  const fields: SQL[] = [
    sql`p.titulo_palavras @@ (SELECT ${wordTitleQuery(i)})`,
    sql`EXISTS (SELECT 1 FROM produto_contribuidor pc WHERE pc.produto_id = p.id AND pc.nome_busca ~ ${re})`,
  ];
  if ([...w.word].length >= NAME_ARM_MIN_LENGTH) {
    fields.push(
      sql`EXISTS (SELECT 1 FROM editora e WHERE e.id = p.editora_id AND acervo_normalize(e.nome) ~ ${re})`,
      sql`EXISTS (SELECT 1 FROM selo s WHERE s.id = p.selo_id AND acervo_normalize(s.nome) ~ ${re})`,
      sql`coalesce(acervo_normalize(p.colecao) ~ ${re}, false)`,
    );
  }
  return sql`(${sql.join(fields, sql` OR `)})`;
}

/** How a filter value enters a statement: bound as itself, or as a named placeholder (see `findWordCandidates`). */
type Bind = (name: string, value: unknown) => SQL;
const bindValue: Bind = (_name, value) => sql`${value}`;

/**
 * Conditions of the filters on `produto p` (the company's ERP rows through `erp_produto`). `bind`
 * puts each value in (bound as itself unless given).
 */
function filterConditions(f: TerminalFilters, bind: Bind = bindValue): SQL[] {
  const conds: SQL[] = [];
  if (f.publisherId !== undefined) conds.push(sql`p.editora_id = ${bind('f_editora', f.publisherId)}`);
  if (f.availability !== undefined) conds.push(sql`p.situacao = ${bind('f_situacao', f.availability)}`);
  if (f.isbns) {
    const codes = f.isbns.length ? sql`(${sql.join(f.isbns.map((code, k) => bind(`f_isbn${k}`, code)), sql`, `)})` : sql`(NULL)`;
    conds.push(sql`(p.isbn13 IN ${codes} OR p.isbn10 IN ${codes})`);
  }
  if (f.subjectId !== undefined) {
    conds.push(sql`EXISTS (SELECT 1 FROM erp_produto ep WHERE ep.produto_id = p.id AND ep.empresa_id = ${bind('f_empresa', f.companyId)} AND ep.assunto_id = ${bind('f_assunto', f.subjectId)})`);
  }
  if (f.inStock) {
    conds.push(sql`(SELECT coalesce(sum(es.fisico - es.reservado - es.bloqueado), 0) FROM erp_produto ep JOIN erp_estoque es ON es.produto_id = ep.id
      WHERE ep.produto_id = p.id AND ep.empresa_id = ${bind('f_empresa', f.companyId)}) > 0`);
  }
  if (f.phrase) {
    const pattern = bind('f_frase', `% ${f.phrase}%`);
    conds.push(sql`(' ' || regexp_replace(p.titulo_busca, '[^[:alnum:]]+', ' ', 'g') LIKE ${pattern}
      OR EXISTS (SELECT 1 FROM produto_contribuidor c WHERE c.produto_id = p.id AND ' ' || regexp_replace(c.nome_busca, '[^[:alnum:]]+', ' ', 'g') LIKE ${pattern}))`);
  }
  return conds;
}

/** What the text of `filterConditions` depends on: which filters are set, and how many codes `isbns` holds. */
function filterShape(f: TerminalFilters): string {
  return [
    f.publisherId !== undefined ? 'e' : '',
    f.availability !== undefined ? 's' : '',
    f.isbns ? `i${f.isbns.length}` : '',
    f.subjectId !== undefined ? 'a' : '',
    f.inStock ? 'k' : '',
    f.phrase ? 'f' : '',
  ].join('');
}

/** `AND`-joined conditions, or `true`. */
function allOf(conds: SQL[]): SQL {
  return conds.length ? sql.join(conds, sql` AND `) : sql`true`;
}

/** Candidate ids of a search, `total` matches found (capped at TERMINAL_COUNT_UP_TO + 1). */
export interface CandidateResult {
  ids: number[];
  total: number;
}

/**
 * Candidates with their result rows for the selected company: a word search's window in no
 * particular order (the service ranks it), a barcode search's page in the page's order.
 */
export interface CandidateRows extends CandidateResult {
  rows: TerminalRow[];
}

/**
 * The result rows (`ROW_COLUMNS`, the company as placeholder `empresa`) of the ids in CTE `source`,
 * with `total` beside each: the last step of the word and barcode statements.
 */
function resultRowsOf(source: SQL, total: SQL, orderBy: SQL = sql``): SQL {
  return sql`SELECT ${total} AS total, ${ROW_COLUMNS}
      FROM ${source} s CROSS JOIN LATERAL (SELECT * FROM produto p WHERE p.id = s.id LIMIT 1) p ${rowJoins(sql.placeholder('empresa'))}${orderBy}`;
}

/** `CandidateRows` of a statement ending in `resultRowsOf` (`total` 0 when it answered no row). */
function candidateRows(result: (RawTerminalRow & { total: number })[]): CandidateRows {
  const rows = result.map(toTerminalRow);
  return { ids: rows.map((r) => r.id), total: result[0]?.total ?? 0, rows };
}

/**
 * The candidate statement of a search (`findWordCandidates`): its shape (what its text depends on),
 * its builder and the values of its named placeholders. Exported for the test that holds the shape
 * complete (two searches of one shape build the same text).
 */
export function candidateStatement(
  words: SearchWord[],
  shortWords: string[],
  f: TerminalFilters,
  window: number,
  titleByText: boolean,
  titleWords: string[],
): { shape: string; build: () => SQL; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  words.forEach((w, i) => wordValues(w, i, values));
  shortWords.forEach((s, k) => (values[`s${k}_re`] = `(^|[^[:alnum:]])${s}`));
  titleWords.forEach((t, k) => (values[`t${k}_re`] = `(^|[^[:alnum:]])${t}`));
  values.q_titulo = words.map((w) => `(${[w.word, ...w.corrections].join(' | ')})`).join(' & ');
  values.q_prefixos = words.map((w) => w.word + (w.prefix ? ':*' : '')).join(' & ');
  values.q_exato = words.map((w) => w.word).join(' & ');
  values.empresa = f.companyId;
  const conds = filterConditions(f, (name, value) => {
    values[name] = value;
    return ph(name);
  });
  for (let k = 0; k < shortWords.length; k++) {
    conds.push(sql`(p.titulo_busca ~ ${ph(`s${k}_re`)} OR EXISTS (SELECT 1 FROM produto_contribuidor c WHERE c.produto_id = p.id AND c.nome_busca ~ ${ph(`s${k}_re`)}))`);
  }
  const shape = [words.map(wordShape).join('.'), shortWords.length, titleWords.length, window, titleByText ? 'text' : 'stems', filterShape(f)].join('|');
  return { shape, build: () => buildCandidateStatement(words, conds, window, titleByText, titleWords.length), values };
}

/** The candidate statement's text (see `findWordCandidates`), values as named placeholders. */
function buildCandidateStatement(words: SearchWord[], conds: SQL[], window: number, titleByText: boolean, titleWordCount: number): SQL {
  const limit = words.length > 1 ? ARM_LIMIT_MANY_WORDS : ARM_LIMIT_ONE_WORD;
  const sets = words.map((w, i) => sql`SELECT id FROM (${wordArms(w, i, limit, titleByText)}) a`);
  // several words: the titles holding them all (title/subtitle, GIN AND search), plus the
  // words spread over fields (below)
  const inTitle = words.map((_, i) => wordTitleQuery(i)).reduce((a, b) => sql`${a} && ${b}`);
  const inTitleRows = sql`SELECT p.id FROM produto p WHERE p.titulo_palavras @@ (${inTitle}) LIMIT ${literal(ARM_LIMIT_ONE_WORD)}`;
  // Without filters, when the words all in the title already fill the count (201 titles), the
  // words' arms are not read at all (a one-time filter on the title rows' count): the statement
  // keeps only 201 matches anyway, and a match spread over fields ranks after every
  // all-in-the-title one. Two common words ("historia brasil") read up to 5,000 rows per arm for it.
  // With filters the title rows are counted before filtering, so the arms always run.
  const gated = words.length > 1 && !titleByText && conds.length === 0;
  let ctes = sql``;
  let matched: SQL;
  if (words.length === 1) matched = sql`SELECT DISTINCT id FROM (${sets[0]}) s`;
  else if (titleByText) matched = sql.join(sets, sql` INTERSECT `);
  else {
    // Several words: the rarest word generates, the others are checked on its rows. Each word's
    // arms are read up to RARE_WORD_ROWS + 1 rows (`c1`, `c2`…); a word whose arms end before that
    // is complete there, and the one with the fewest rows (`g.k`) gives the candidates, each
    // kept when every other word is in one of its fields (`wordInRow`): three words with one typo
    // read 4 rows of the rare word instead of intersecting up to 5,000 rows of each common one.
    // When every word passes RARE_WORD_ROWS (`g.k` = 0), the titles holding them all (GIN) plus
    // the intersection of the words' bounded arms, as before.
    const cte = (i: number) => sql.raw(`c${i + 1}`);
    const count = (i: number) => sql.raw(`n.n${i + 1}`);
    const capped = words.map((w, i) => sql`${cte(i)} AS MATERIALIZED (SELECT id FROM (${wordArms(w, i, limit, false)}) a LIMIT ${literal(RARE_WORD_ROWS + 1)})`);
    const least = sql`least(${sql.join(words.map((_, i) => count(i)), sql`, `)})`;
    const pick = sql`(SELECT CASE WHEN ${least} > ${literal(RARE_WORD_ROWS)} THEN 0 ${sql.join(
      words.map((_, i) => sql`WHEN ${count(i)} = ${least} THEN ${literal(i + 1)}`),
      sql` `,
    )} END FROM (SELECT ${sql.join(
      words.map((_, i) => sql`(SELECT count(*) FROM ${cte(i)}) AS ${sql.raw(`n${i + 1}`)}`),
      sql`, `,
    )}) n)`;
    // gated: a full `t` settles it (-1) before any word's arms are read
    const choice = gated ? sql`CASE WHEN (SELECT count(*) FROM t) > ${literal(TERMINAL_COUNT_UP_TO)} THEN -1 ELSE ${pick} END` : pick;
    ctes = sql`t AS MATERIALIZED (${inTitleRows}), ${sql.join(capped, sql`, `)}, g AS MATERIALIZED (SELECT ${choice} AS k), `;
    const rare = words.map((_, i) => {
      const others = words.flatMap((w, j) => (j === i ? [] : [wordInRow(w, j)]));
      return sql`SELECT c.id FROM ${cte(i)} c JOIN produto p ON p.id = c.id WHERE (SELECT k FROM g) = ${literal(i + 1)} AND ${sql.join(others, sql` AND `)}`;
    });
    matched = sql`SELECT id FROM t WHERE (SELECT k FROM g) <= 0
      UNION (SELECT x.id FROM (${sql.join(sets, sql` INTERSECT `)}) x WHERE (SELECT k FROM g) = 0)
      UNION ${sql.join(rare, sql` UNION `)}`;
  }
  // how many of every typed word (stop words and short words too: not required, but they rank)
  // start a word of the title: "Andersen quando" wants Andersen's titles with "quando" in the
  // window, not the first 60 of his titles by id
  const covered = titleWordCount
    ? sql.join(
        Array.from({ length: titleWordCount }, (_, k) => sql`coalesce(p.titulo_busca ~ ${ph(`t${k}_re`)}, false)::int`),
        sql` + `,
      )
    : sql`0`;
  // the tsqueries as scalar subqueries: built once per statement, where a prepared statement's
  // generic plan (bound values are no constants to fold) would stem them again for every row.
  // Each candidate's row is one primary-key probe (a LATERAL subquery, which LIMIT 1 keeps from
  // being flattened into a join): as a join, PGlite's generic plan merged the candidates, sorted
  // by id, with the whole primary key (49,200 rows read for 62 candidates, 146 ms instead of 20)
  return sql`WITH ${ctes}m AS MATERIALIZED (${matched}),
      f AS MATERIALIZED (
        SELECT p.id, p.titulo_palavras @@ (SELECT to_tsquery('acervo_pt', ${ph('q_titulo')}) || to_tsquery('simple', ${ph('q_prefixos')})) AS titulo,
          p.titulo_palavras @@ (SELECT to_tsquery('acervo_pt', ${ph('q_exato')})) AS exato,
          ${covered} AS cobertas
        FROM m CROSS JOIN LATERAL (SELECT * FROM produto p WHERE p.id = m.id LIMIT 1) p
        WHERE ${allOf(conds)}
        LIMIT ${literal(TERMINAL_COUNT_UP_TO + 1)}),
      w AS MATERIALIZED (SELECT f.id FROM f ORDER BY f.exato DESC, f.titulo DESC, f.cobertas DESC, f.id LIMIT ${literal(window)})
      ${resultRowsOf(sql`w`, sql`(SELECT count(*) FROM f)::int`)}`;
}

/**
 * Titles matching every candidate word (each word in any field) and the filters, at most `window`
 * of them: those with every typed word itself (its stem, no correction) in title or subtitle first,
 * then every word or a correction of it ("inferno" must not lose its title to fifty "inverno"); `total` counts the matches up to
 * TERMINAL_COUNT_UP_TO + 1. One prepared statement per shape (number of words, filters, short
 * words), built and turned into text once (`executePreparedShape`): the values, corrections
 * included, are named placeholders, the row counts are literals (`literal`). `shortWords` (1–2
 * letters, typed after longer ones) do not gather
 * candidates: they must start a word of the title, subtitle or a contributor name. `titleByText`:
 * see `wordArms` (the service's second try when the stems find nothing). `titleWords`: every typed
 * word (normalised letters and digits, stop words included); among candidates equal on the first
 * two keys, those with more of them starting a word of the title come first in the window.
 * Several words: the rarest word (at most RARE_WORD_ROWS rows in its arms) generates the candidates
 * and the others are checked on its rows; when every word is common, the titles holding them all
 * plus the intersection of the words' arms, and without filters that intersection is skipped when
 * the titles holding every word already fill the count (201).
 * The same statement answers the window's result rows (`ROW_COLUMNS` for `f.companyId`), which
 * were a second statement per search (`findTerminalRows`): one round trip and one plan fewer.
 */
export async function findWordCandidates(
  db: Executor,
  words: SearchWord[],
  shortWords: string[],
  f: TerminalFilters,
  window: number,
  titleByText = false,
  titleWords: string[] = [],
): Promise<CandidateRows> {
  const statement = candidateStatement(words, shortWords, f, window, titleByText, titleWords);
  const result = await executePreparedShape<RawTerminalRow & { total: number }>(
    db,
    'terminal_candidatos',
    statement.shape,
    statement.build,
    statement.values,
    // the generic plan: every arm is a bounded index scan whatever the words, so planning for the
    // values (1-5 ms at 500,000 titles, more than half of a three-word search's statement) buys
    // nothing; but the title-as-text arm's trigram scan depends on its pattern, so it is planned
    // for its values (a generic plan could read 500,000 titles sequentially until its LIMIT)
    { genericPlan: !titleByText },
  );
  return candidateRows(result);
}

/**
 * Titles whose ISBN-13 or ISBN-10 is one of `exact` or starts with `digits` (4+ digits), exact
 * codes first, then by ISBN-13; page `offset`/`limit` with its result rows for `f.companyId`
 * (`ROW_COLUMNS`, in the page's order); `total` capped at TERMINAL_COUNT_UP_TO + 1.
 * One prepared statement per shape (how many exact codes, a prefix range or not, the filters),
 * built once (`executePreparedShape`). Each code and range is its own index arm stopping at 201
 * rows (the range ones in ISBN order): as one OR-ed condition, an 8-digit prefix read every one of
 * its 10,000 titles through a bitmap before its LIMIT (PGlite 100,000 titles: p95 132 ms at 10
 * connections, PostgreSQL 1 ms of planning per call besides). The matches kept are the exact codes
 * and the lowest ISBNs of each range.
 */
export async function findBarcodeCandidates(
  db: Executor,
  digits: string,
  exact: string[],
  f: TerminalFilters,
  offset: number,
  limit: number,
): Promise<CandidateRows> {
  const upper = /^\d+$/.test(digits) ? prefixUpperBound(digits) : null;
  const values: Record<string, unknown> = { empresa: f.companyId };
  exact.forEach((code, k) => (values[`b_exato${k}`] = code));
  if (upper !== null) {
    values.b_de = digits;
    values.b_ate = upper;
  }
  const conds = filterConditions(f, (name, value) => {
    values[name] = value;
    return ph(name);
  });
  const shape = [exact.length, upper !== null ? 'r' : '', filterShape(f)].join('|');
  const page = async (from: number, count: number) =>
    executePreparedShape<RawTerminalRow & { total: number }>(
      db,
      'terminal_codigos',
      shape,
      () => buildBarcodeStatement(exact.length, upper !== null, conds),
      { ...values, b_offset: from, b_limit: count },
      // the generic plan: every arm is a bounded index scan whatever the codes, and a custom plan
      // of the statement with its result rows took longer to plan than to run (PostgreSQL 500,000
      // titles, one call: 1.22–1.25 ms against 0.87–0.99 ms for the unprepared OR of before)
      { genericPlan: true },
    );
  const found = candidateRows(await page(offset, limit));
  // a page past the last match answers no row: the total from the first
  if (found.rows.length === 0 && offset > 0) found.total = (await page(0, 1))[0]?.total ?? 0;
  return found;
}

/** The barcode statement's text (see `findBarcodeCandidates`), values as named placeholders. */
function buildBarcodeStatement(exactCount: number, range: boolean, conds: SQL[]): SQL {
  const where = allOf(conds);
  const codes = sql`(${sql.join(
    Array.from({ length: exactCount }, (_, k) => ph(`b_exato${k}`)),
    sql`, `,
  )})`;
  const isExact = exactCount > 0 ? sql`(p.isbn13 IN ${codes} OR p.isbn10 IN ${codes})` : sql`false`;
  const limit = literal(TERMINAL_COUNT_UP_TO + 1);
  const arms: SQL[] = [];
  if (exactCount > 0) arms.push(sql`(SELECT p.id FROM produto p WHERE ${isExact} AND ${where} LIMIT ${limit})`);
  if (range) {
    for (const column of [sql.raw('isbn13'), sql.raw('isbn10')]) {
      arms.push(sql`(SELECT p.id FROM produto p WHERE p.${column} >= ${ph('b_de')} AND p.${column} < ${ph('b_ate')} AND ${where} ORDER BY p.${column} LIMIT ${limit})`);
    }
  }
  const matched = arms.length ? sql.join(arms, sql` UNION ALL `) : sql`SELECT NULL::int AS id WHERE false`;
  return sql`WITH a AS MATERIALIZED (${matched}),
      f AS MATERIALIZED (
        SELECT p.id, p.isbn13, ${isExact} AS exato
        FROM (SELECT DISTINCT id FROM a) x CROSS JOIN LATERAL (SELECT * FROM produto p WHERE p.id = x.id LIMIT 1) p
        ORDER BY exato DESC, p.isbn13 LIMIT ${limit}),
      pg AS MATERIALIZED (SELECT f.id, f.exato, f.isbn13 FROM f ORDER BY f.exato DESC, f.isbn13 OFFSET ${ph('b_offset')} LIMIT ${ph('b_limit')})
      ${resultRowsOf(sql`pg`, sql`(SELECT count(*) FROM f)::int`, sql` ORDER BY s.exato DESC, s.isbn13`)}`;
}

/** Every title passing the filters (no text), by title; page `offset`/`limit`; capped total. */
export async function findFilteredTitles(db: Executor, f: TerminalFilters, offset: number, limit: number): Promise<CandidateResult> {
  const where = allOf(filterConditions(f));
  const [page, [count]] = await Promise.all([
    rows<{ id: number }>(db, sql`SELECT p.id FROM produto p WHERE ${where} ORDER BY p.titulo, p.id OFFSET ${offset} LIMIT ${limit}`),
    rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM produto p WHERE ${where} LIMIT ${TERMINAL_COUNT_UP_TO + 1}) x`),
  ]);
  return { ids: page.map((r) => r.id), total: count.total };
}

/** One title as the result list and the ranking read it. */
export interface TerminalRow {
  id: number;
  isbn13: string;
  title: string;
  subtitle: string | null;
  collection: string | null;
  publisherName: string | null;
  imprintName: string | null;
  /** Publisher and imprint names that are set (what the ranking matches as "publisher"). */
  publisherNames: string[];
  availability: string | null;
  /** Name of `availability` in `produto_situacao` (the picker's label), or null. */
  availabilityName: string | null;
  coverFile: string | null;
  contributors: string[];
  /** Selected company's stock: physical and available units (0 when it has no stock record). */
  onHand: number;
  available: number;
  /** Selected company's ERP price, else the catalogue's BRL price, in cents; null when neither. */
  priceCents: number | null;
  /** Latest line date of the title's sales documents in the selected company, `YYYY-MM-DD`, or null. */
  lastSale: string | null;
}

/**
 * The columns of a result row (`p` the catalogue product, `k` the company's ERP aggregate), as
 * `toTerminalRow` reads them. Publisher, imprint and situation names are scalar subqueries (one
 * unique-index probe per row): as joins the planner hashed every publisher (2,000 in the bench:
 * 0.55 ms of the 1.9 ms for 60 rows); the situation names were a second statement per search,
 * which took a second pool connection while the first was busy.
 */
const ROW_COLUMNS = sql`p.id, p.isbn13, p.titulo, p.subtitulo, p.colecao,
    (SELECT e.nome FROM editora e WHERE e.id = p.editora_id) AS editora, (SELECT s.nome FROM selo s WHERE s.id = p.selo_id) AS selo, p.situacao,
    (SELECT sit.nome FROM produto_situacao sit WHERE sit.codigo = p.situacao) AS descricao_situacao, p.arquivo_capa,
    (SELECT json_agg(c.nome_completo ORDER BY c.ordem) FROM produto_contribuidor c WHERE c.produto_id = p.id) AS autores,
    k.fisico, k.disponivel,
    coalesce(k.preco, (SELECT pp.valor_centavos FROM produto_preco pp WHERE pp.produto_id = p.id AND pp.moeda = 'BRL' ORDER BY pp.ordem LIMIT 1))::float8 AS preco,
    k.ultima::text AS ultima`;

/** The join of a result row for the selected company: `k` (stock, price, last sale over its ERP products of the title). */
function rowJoins(companyId: number | Placeholder): SQL {
  return sql`LEFT JOIN LATERAL (
      SELECT sum(es.fisico)::int AS fisico, sum(es.fisico - es.reservado - es.bloqueado)::int AS disponivel, min(ep.preco_centavos) AS preco,
        max((SELECT max(i.data_emissao) FROM erp_venda_item i WHERE i.produto_id = ep.id)) AS ultima
      FROM erp_produto ep LEFT JOIN erp_estoque es ON es.produto_id = ep.id
      WHERE ep.produto_id = p.id AND ep.empresa_id = ${companyId}) k ON true`;
}

/** A result row as the driver answers ROW_COLUMNS. */
interface RawTerminalRow {
  id: number;
  isbn13: string;
  titulo: string;
  subtitulo: string | null;
  colecao: string | null;
  editora: string | null;
  selo: string | null;
  situacao: string | null;
  descricao_situacao: string | null;
  arquivo_capa: string | null;
  autores: string[] | null;
  fisico: number | null;
  disponivel: number | null;
  preco: number | null;
  ultima: string | null;
}

/** The `TerminalRow` of a raw row. */
function toTerminalRow(r: RawTerminalRow): TerminalRow {
  return {
    id: r.id,
    isbn13: r.isbn13,
    title: r.titulo,
    subtitle: r.subtitulo,
    collection: r.colecao,
    publisherName: r.editora,
    imprintName: r.selo,
    publisherNames: [r.editora, r.selo].filter((n): n is string => n !== null),
    availability: r.situacao,
    availabilityName: r.descricao_situacao,
    coverFile: r.arquivo_capa,
    contributors: r.autores ?? [],
    onHand: r.fisico ?? 0,
    available: r.disponivel ?? 0,
    priceCents: r.preco === null ? null : Math.round(Number(r.preco)),
    lastSale: r.ultima,
  };
}

/**
 * The result rows of `ids` (in no order) for the selected company: catalogue fields, contributors
 * in order, the company's stock, price and last sale date. Used by the barcode and filter-only
 * pages; a word search gets its rows from its candidate statement (`findWordCandidates`). One prepared statement (the ids go in
 * as one array, so its text does not vary with their number), built once (`executePreparedShape`).
 * Left to PostgreSQL's plan choice: forcing its generic plan (0.06 ms of planning against 0.74 for
 * a custom one, 30 ids at 500,000 titles) measured 1.6–1.8 ms a call against 1.7–2.2 ms, within
 * the noise of the run.
 */
export async function findTerminalRows(db: Executor, companyId: number, ids: number[]): Promise<TerminalRow[]> {
  if (ids.length === 0) return [];
  const found = await executePreparedShape<RawTerminalRow>(
    db,
    'terminal_linhas',
    '',
    () => sql`SELECT ${ROW_COLUMNS} FROM produto p ${rowJoins(sql.placeholder('empresa'))} WHERE p.id = ANY (${sql.placeholder('ids')}::int[])`,
    { empresa: companyId, ids: `{${ids.join(',')}}` },
  );
  return found.map(toTerminalRow);
}

/** Stock of a title in one company of the user, units (sums over that company's ERP products of the title). */
export interface CompanyStockRow {
  companyId: number;
  companyName: string;
  onHand: number;
  reserved: number;
  consigned: number;
  blocked: number;
  onOrder: number;
}

/** Net sales of one month. */
export interface MonthSalesRow {
  month: string;
  quantity: number;
  valueCents: number;
}

/** Everything the detail shows, read by `findTerminalDetail` in one statement. */
export interface TerminalDetailRecord {
  row: TerminalRow;
  isbn10: string | null;
  issn: string | null;
  erpCode: string | null;
  category: string | null;
  subject: string | null;
  pages: number | null;
  publicationDate: string | null;
  editionYear: number | null;
  weightGrams: number | null;
  /** One row per active company of the user, by company name, then id (zeros without ERP stock). */
  stocks: CompanyStockRow[];
  /** Opportunities of the last OPEN_OPPORTUNITY_DAYS days in the companies of `stocks`. */
  openOpportunities: number;
  /** The months of sales shown: the parameter, 1..60. */
  monthCount: number;
  /** Net sales per month (`YYYY-MM`) of the window; months without documents are absent. */
  months: MonthSalesRow[];
  /** Issue date (`YYYY-MM-DD`) of the newest counted invoice, any time, or null. */
  lastSale: string | null;
}

/** What `findTerminalDetail` needs: the caller, the title, today and the months parameter. */
export interface TerminalDetailQuery {
  companyId: number;
  userId: number;
  productId: number;
  /** Today in America/Sao_Paulo, `YYYY-MM-DD`: the window ends with its month. */
  today: string;
  /** Key and default of the months parameter (TERMINAL_MESES_VENDAS, '12'). */
  monthsKey: string;
  monthsDefault: number;
}

/**
 * The Terminal detail in ONE statement (CTEs and scalar subqueries; it was 7 statements), prepared
 * (`executePrepared`: its planning cost more than its execution), or null when no product has the id:
 * - the result row's fields for the selected company (`ROW_COLUMNS`), the catalogue extras
 *   (ISBN-10, ISSN, the company's ERP code else `id_erp`, category else BISAC category, the
 *   company's ERP subject else the catalogue's, pages, dates, weight) and the situation's name;
 * - `empresas`: the title's stock in every active company the user belongs to (`usuario_empresa`),
 *   summed over each company's ERP products of the title; no other company is read;
 * - the open opportunities in those companies (`recentOpportunitiesOf`, last 90 days);
 * - `janela`: the months parameter as `getNumberParameter` reads it (a stored text that is not a
 *   positive decimal number gives the default), truncated and clamped to 1..60, and the first day
 *   of the oldest month of the window ending with `today`'s month;
 * - `vendas`: net sales per month of the window in the selected company, by the billing rules
 *   every reader of sales shares (reports/billing-rules.ts): invoices minus returns, units and net
 *   value in cents, cancelled documents left out, only billing natures (a return counts on its own
 *   date for the invoice it returns); and the newest day with an invoice of the title, any time.
 *   Both read the billing rollup `rel_faturamento_produto` (months 'M', days 'D') along its
 *   product index (migration 0019): at most 60 + 1 short index ranges, where the document lines
 *   were 1,500 rows a year for a best seller.
 */
export async function findTerminalDetail(db: Executor, q: TerminalDetailQuery): Promise<TerminalDetailRecord | null> {
  const { companyId, productId: id } = q;
  const [r] = await executePrepared<
    RawTerminalRow & {
      isbn10: string | null;
      issn: string | null;
      codigo: string | null;
      categoria: string | null;
      assunto: string | null;
      paginas: number | null;
      publicacao: string | null;
      ano: number | null;
      peso: number | null;
      estoques: { id: number; nome: string; fisico: number; reservado: number; consignado: number; bloqueado: number; pedido: number }[] | null;
      oportunidades: number;
      meses: number;
      por_mes: { mes: string; quantidade: number; valor: number }[] | null;
      ultima_venda: string | null;
    }
  >(
    db,
    'terminal_detalhe',
    sql`WITH janela AS (
        SELECT m.n, (date_trunc('month', ${q.today}::date) - make_interval(months => m.n - 1))::date AS desde
        FROM (SELECT least(60, greatest(1, trunc(coalesce(
          (SELECT CASE WHEN btrim(pr.valor) ~ '^[0-9]+([.][0-9]+)?$' AND btrim(pr.valor)::numeric > 0 THEN btrim(pr.valor)::numeric END
           FROM parametro pr WHERE pr.chave = ${q.monthsKey}),
          ${q.monthsDefault}::numeric))))::int AS n) m),
      empresas AS (
        SELECT em.id, em.nome,
          coalesce(sum(es.fisico), 0)::int AS fisico, coalesce(sum(es.reservado), 0)::int AS reservado,
          coalesce(sum(es.consignado), 0)::int AS consignado, coalesce(sum(es.bloqueado), 0)::int AS bloqueado,
          coalesce(sum(es.pedido_compra), 0)::int AS pedido
        FROM usuario_empresa ue
        JOIN empresa em ON em.id = ue.empresa_id AND em.ativo
        LEFT JOIN erp_produto ep ON ep.empresa_id = em.id AND ep.produto_id = ${id}
        LEFT JOIN erp_estoque es ON es.produto_id = ep.id
        WHERE ue.usuario_id = ${q.userId}
        GROUP BY em.id, em.nome),
      vendas AS (
        SELECT to_char(r.periodo, 'YYYY-MM') AS mes,
          sum(CASE WHEN r.devolucao THEN -r.quantidade ELSE r.quantidade END)::int AS quantidade,
          sum(CASE WHEN r.devolucao THEN -r.valor_centavos ELSE r.valor_centavos END)::float8 AS valor
        FROM erp_produto ep
        JOIN rel_faturamento_produto r ON r.empresa_id = ep.empresa_id AND r.grao = 'M' AND r.produto_id = ep.id
          AND r.periodo >= (SELECT desde FROM janela)
        JOIN erp_tipo_operacao_fiscal o ON o.id = r.operacao_id
        WHERE ep.produto_id = ${id} AND ep.empresa_id = ${companyId} AND ${billingNature('o')}
        GROUP BY 1)
      SELECT ${ROW_COLUMNS}, p.isbn10, p.issn,
        coalesce((SELECT ep.id_erp FROM erp_produto ep WHERE ep.produto_id = p.id AND ep.empresa_id = ${companyId} ORDER BY ep.id LIMIT 1), p.id_erp) AS codigo,
        coalesce(p.categoria, p.categoria_bisac) AS categoria,
        coalesce((SELECT a.descricao FROM erp_produto ep JOIN erp_assunto a ON a.id = ep.assunto_id
                  WHERE ep.produto_id = p.id AND ep.empresa_id = ${companyId} AND a.descricao IS NOT NULL ORDER BY ep.id LIMIT 1), p.assunto) AS assunto,
        p.numero_paginas AS paginas, p.data_publicacao::text AS publicacao, p.ano_edicao AS ano, p.peso_gramas AS peso,
        (SELECT json_agg(json_build_object('id', x.id, 'nome', x.nome, 'fisico', x.fisico, 'reservado', x.reservado, 'consignado', x.consignado,
                  'bloqueado', x.bloqueado, 'pedido', x.pedido) ORDER BY x.nome, x.id) FROM empresas x) AS estoques,
        (SELECT count(*)::int FROM oportunidade
          WHERE ${recentOpportunitiesOf(id, sql`oportunidade.empresa_id IN (SELECT x.id FROM empresas x)`, OPEN_OPPORTUNITY_DAYS)}) AS oportunidades,
        (SELECT n FROM janela) AS meses,
        (SELECT json_agg(json_build_object('mes', v.mes, 'quantidade', v.quantidade, 'valor', v.valor) ORDER BY v.mes) FROM vendas v) AS por_mes,
        (SELECT max(r.periodo)::text
          FROM erp_produto ep
          JOIN rel_faturamento_produto r ON r.empresa_id = ep.empresa_id AND r.grao = 'D' AND r.produto_id = ep.id AND NOT r.devolucao
          JOIN erp_tipo_operacao_fiscal o ON o.id = r.operacao_id
          WHERE ep.produto_id = ${id} AND ep.empresa_id = ${companyId} AND ${billingNature('o')}) AS ultima_venda
      FROM produto p ${rowJoins(companyId)}
      WHERE p.id = ${id}`,
  );
  if (!r) return null;
  return {
    row: toTerminalRow(r),
    isbn10: r.isbn10,
    issn: r.issn,
    erpCode: r.codigo,
    category: r.categoria,
    subject: r.assunto,
    pages: r.paginas,
    publicationDate: r.publicacao,
    editionYear: r.ano,
    weightGrams: r.peso,
    stocks: (r.estoques ?? []).map((c) => ({
      companyId: c.id,
      companyName: c.nome,
      onHand: c.fisico,
      reserved: c.reservado,
      consigned: c.consignado,
      blocked: c.bloqueado,
      onOrder: c.pedido,
    })),
    openOpportunities: r.oportunidades,
    monthCount: r.meses,
    months: (r.por_mes ?? []).map((m) => ({ month: m.mes, quantity: m.quantidade, valueCents: Math.round(Number(m.valor)) })),
    lastSale: r.ultima_venda,
  };
}
