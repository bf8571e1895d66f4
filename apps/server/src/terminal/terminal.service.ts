import {
  DEFAULT_PAGE_SIZE,
  PARAMETER_DEFAULTS,
  coverPath,
  isoDayInDisplayZone,
  toPagedList,
  type PagedList,
  type TerminalDetail,
  type TerminalItem,
  type TerminalSearchQuery,
  type TerminalStockFigures,
} from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { notFound } from '../shared/errors.ts';
import {
  TERMINAL_COUNT_UP_TO,
  analyzeWords,
  findBarcodeCandidates,
  findFilteredTitles,
  findTerminalDetail,
  findTerminalRows,
  findWordCandidates,
  type CandidateResult,
  type SearchWord,
  type TerminalFilters,
  type TerminalRow,
  type CandidateRows,
} from './terminal.repository.ts';
import { barcodeQuery, editDistance, queryWords, rankCandidates, typoBudget, type TypedWord } from './terminal-text.ts';

/**
 * Candidates ranked in the application for the first pages (more for deeper pages, up to the count
 * cap): three pages of 10. It was 60; the quality bench's figures are the same at 60, 30 and 15
 * (2026-11-27: every kind to the query, surname + title word 95.1 %), while each ranked candidate
 * costs a result row (stock, contributors, last sale) and its normalisation: 30 took the broad
 * word's p95 at 500,000 titles from 59.7 to 46.9 ms and the surname's from 64.6 to 49.5 ms.
 */
const RANK_WINDOW = 30;

/** The caller of the Terminal: user and selected company. */
export interface TerminalCaller {
  userId: number;
  companyId: number;
}

/** Repository filters of the validated query. */
function toFilters(query: TerminalSearchQuery, companyId: number, phrase: string | undefined): TerminalFilters {
  const ean = query.ean ? barcodeQuery(query.ean) : null;
  return {
    companyId,
    subjectId: query.idAssunto,
    publisherId: query.idEditora,
    // an `ean` that is no barcode matches nothing (its digits as typed)
    isbns: query.ean ? (ean ? [...new Set([ean.digits, ...ean.exact])] : [query.ean]) : undefined,
    availability: query.situacao || undefined,
    inStock: query.comEstoque === true ? true : undefined,
    phrase,
  };
}

/**
 * The typed words the candidate search uses, with their vocabulary corrections (edit distance
 * within `typoBudget`), stop words dropped from the search unless nothing else is left (they still
 * rank); words of 1–2 letters after the first longer word only refine (`short`). In an exact phrase, no corrections and only the
 * last word is a prefix. `asTypedFirst`: every required word is in the vocabulary as typed (or
 * starts one of its words) and some has corrections: the search tries the words as typed first.
 */
async function typedWords(
  db: Executor,
  words: string[],
  exactPhrase: boolean,
): Promise<{ search: SearchWord[]; short: string[]; ranking: TypedWord[]; asTypedFirst: boolean }> {
  const budgets = words.map((w) => (exactPhrase ? 0 : typoBudget(w)));
  const analysis = await analyzeWords(db, words, budgets);
  const all = words.map((word, i) => {
    const corrections = new Map<string, number>();
    for (const near of analysis[i].nearWords) {
      const d = editDistance(word, near, budgets[i]);
      if (d <= budgets[i]) corrections.set(near, d);
    }
    return { word, corrections, prefix: !exactPhrase || i === words.length - 1, stop: analysis[i].stop, known: analysis[i].known };
  });
  let kept = all.filter((w) => !w.stop);
  if (kept.length === 0) kept = all.slice(-1);
  const longOnes = kept.filter((w) => [...w.word].length >= 3);
  const searchSet = longOnes.length ? longOnes : kept.slice(0, 1);
  const short = kept.filter((w) => !searchSet.includes(w)).map((w) => w.word);
  return {
    search: searchSet.map((w) => ({ word: w.word, corrections: [...w.corrections.keys()], prefix: w.prefix })),
    short,
    // every typed word ranks, stop words too ("Freitas quando" prefers the title with "quando")
    ranking: all.map((w) => ({ word: w.word, corrections: w.corrections, prefix: w.prefix })),
    asTypedFirst: searchSet.every((w) => w.known) && searchSet.some((w) => w.corrections.size > 0),
  };
}

/** Wire item of a result row. */
function toItem(row: TerminalRow): TerminalItem {
  const autores = row.contributors;
  return {
    id: row.id,
    isbn13: row.isbn13,
    titulo: row.title,
    subtitulo: row.subtitle,
    autores,
    editora: row.publisherName,
    selo: row.imprintName,
    situacao: row.availability,
    descricaoSituacao: row.availability ? row.availabilityName : null,
    capaUrl: row.coverFile ? coverPath(row.id, row.coverFile, 'p') : null,
    estoque: { fisico: row.onHand, disponivel: row.available },
    precoCentavos: row.priceCents,
  };
}

/** Rows of `ids` in that order. */
async function rowsInOrder(db: Executor, companyId: number, ids: number[]): Promise<TerminalRow[]> {
  const found = await findTerminalRows(db, companyId, ids);
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is TerminalRow => r !== undefined);
}

/**
 * `GET produto/terminal`: one page of titles, best match first (docs/terminal-search.md).
 * - `q` a barcode (4–13 digits, ISBN-10 with X; hyphens, spaces, dots ignored): exact ISBN-13/EAN or
 *   ISBN-10 first, then titles whose ISBN starts with the digits; when none, the text is searched
 *   as words (a title "1984");
 * - `q` words: each word must be found in a field (title/subtitle, contributor, publisher, imprint,
 *   collection) as a whole word, a prefix or a correction within its typo budget (corrections
 *   only when the words as typed, each in the vocabulary, find nothing); the matches
 *   (up to TERMINAL_COUNT_UP_TO = 200 counted) are ranked by `rankCandidates`;
 * - no `q`: every title passing the filters, by title.
 * Stock and price are the selected company's. `totalItens` is exact up to 200, then
 * `totalAproximado: true`.
 */
export async function searchTerminal(db: Executor, caller: TerminalCaller, query: TerminalSearchQuery): Promise<PagedList<TerminalItem>> {
  const size = query.pageSize ?? query.size ?? DEFAULT_PAGE_SIZE;
  const offset = query.page * size;
  const q = query.q ?? '';
  const words = queryWords(q);
  const exactPhrase = query.fraseExata === true && words.length > 0;
  const filters = toFilters(query, caller.companyId, exactPhrase ? words.join(' ') : undefined);

  let found: CandidateResult | null = null;
  let pageRows: TerminalRow[] = [];
  const barcode = barcodeQuery(q);
  if (barcode) {
    const codes = await findBarcodeCandidates(db, barcode.digits, barcode.exact, filters, offset, size + 1);
    if (codes.total > 0) {
      found = codes;
      pageRows = codes.rows.slice(0, size);
    }
  }
  if (!found && words.length > 0) {
    const typed = await typedWords(db, words, exactPhrase);
    const window = Math.min(TERMINAL_COUNT_UP_TO + 1, Math.max(RANK_WINDOW, offset + size + 1));
    let ranking = typed.ranking;
    let matches: CandidateRows | null = null;
    // corrections only when the words as typed find nothing (Typesense's typo_tokens_threshold,
    // default 1): "Novak historia" lists Novak's books, not "Histórias da bossa nova" by another
    // author through "nova", one typo from "novak"; "silva" lists the Silvas, not "Silova" first
    if (typed.asTypedFirst) {
      const asTyped = typed.search.map((w) => ({ ...w, corrections: [] }));
      const exact = await findWordCandidates(db, asTyped, typed.short, filters, window, false, words);
      if (exact.total > 0) {
        matches = exact;
        ranking = typed.ranking.map((w) => ({ ...w, corrections: new Map<string, number>() }));
      }
    }
    matches ??= await findWordCandidates(db, typed.search, typed.short, filters, window, false, words);
    // nothing by the stems: the words as the title's text (words the text parser splits otherwise)
    if (matches.total === 0) matches = await findWordCandidates(db, typed.search, typed.short, filters, window, true, words);
    const ranked = rankCandidates(ranking, matches.rows);
    pageRows = ranked.slice(offset, offset + size);
    found = { ids: ranked.slice(offset, offset + size + 1).map((r) => r.id), total: matches.total };
  }
  if (!found) {
    found = await findFilteredTitles(db, filters, offset, size + 1);
    pageRows = await rowsInOrder(db, caller.companyId, found.ids.slice(0, size));
  }
  const approximate = found.total > TERMINAL_COUNT_UP_TO;
  const hasNext = found.ids.length > size;
  const total = approximate ? TERMINAL_COUNT_UP_TO : found.total;
  return toPagedList(
    pageRows.map(toItem),
    query.page,
    size,
    total,
    approximate ? { hasNext } : undefined,
  );
}

/** Parameter key of the months of sales the detail shows (default 12, 1..60). */
export const SALES_MONTHS_PARAMETER = 'TERMINAL_MESES_VENDAS' as const;

/** Stock figures with the two derived quantities (docs/terminal-search.md "Formulas"). */
export function stockFigures(s: { onHand: number; reserved: number; consigned: number; blocked: number; onOrder: number }): TerminalStockFigures {
  return {
    fisico: s.onHand,
    reservado: s.reserved,
    consignado: s.consigned,
    bloqueado: s.blocked,
    pedidoCompra: s.onOrder,
    // virtual = físico − reservado + pedido de compra
    virtual: s.onHand - s.reserved + s.onOrder,
    // disponível = físico − reservado − bloqueado
    disponivel: s.onHand - s.reserved - s.blocked,
  };
}

/**
 * The `months` calendar months ending with the month of `today` (`YYYY-MM-DD`), oldest first, as
 * `YYYY-MM`, and the first day of the oldest.
 */
export function monthRange(today: string, months: number): { months: string[]; from: string } {
  const [y, m] = today.split('-').map(Number);
  const out: string[] = [];
  for (let k = months - 1; k >= 0; k--) {
    const index = y * 12 + (m - 1) - k;
    out.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return { months: out, from: `${out[0]}-01` };
}

/**
 * `GET produto/terminal/{id}`: the title's identifiers and data, its stock in each active company
 * of the user and their sum (`estoqueRede`), its net sales in the selected company over the last
 * `TERMINAL_MESES_VENDAS` months (current month included, America/Sao_Paulo), and its open
 * opportunities (last 90 days, the user's active companies). One SQL statement
 * (`findTerminalDetail`).
 * @throws DomainError NOT_FOUND ('Não foi encontrado dados') when no product has this id
 */
export async function getTerminalDetail(db: Executor, caller: TerminalCaller, id: number, now = new Date()): Promise<TerminalDetail> {
  // the contracts' formatter, built once (a new Intl.DateTimeFormat per detail took 0.75 ms of CPU)
  const today = isoDayInDisplayZone(now);
  const record = await findTerminalDetail(db, {
    companyId: caller.companyId,
    userId: caller.userId,
    productId: id,
    today,
    monthsKey: SALES_MONTHS_PARAMETER,
    monthsDefault: Number(PARAMETER_DEFAULTS[SALES_MONTHS_PARAMETER]),
  });
  if (!record) throw notFound();
  const monthCount = record.monthCount;
  const range = monthRange(today, monthCount);
  const stocks = record.stocks;
  const estoques = stocks.map((s) => ({ idEmpresa: s.companyId, empresa: s.companyName, ...stockFigures(s) }));
  const network = stocks.reduce(
    (sum, s) => ({
      onHand: sum.onHand + s.onHand,
      reserved: sum.reserved + s.reserved,
      consigned: sum.consigned + s.consigned,
      blocked: sum.blocked + s.blocked,
      onOrder: sum.onOrder + s.onOrder,
    }),
    { onHand: 0, reserved: 0, consigned: 0, blocked: 0, onOrder: 0 },
  );
  const byMonth = new Map(record.months.map((m) => [m.month, m]));
  const porMes = range.months.map((mes) => ({ mes, quantidade: byMonth.get(mes)?.quantity ?? 0, valorCentavos: byMonth.get(mes)?.valueCents ?? 0 }));
  const row = record.row;
  return {
    id: row.id,
    codigoInterno: record.erpCode,
    isbn13: row.isbn13,
    isbn10: record.isbn10,
    issn: record.issn,
    titulo: row.title,
    subtitulo: row.subtitle,
    autores: row.contributors,
    editora: row.publisherName,
    selo: row.imprintName,
    colecao: row.collection,
    categoria: record.category,
    assunto: record.subject,
    numeroPaginas: record.pages,
    dataPublicacao: record.publicationDate,
    anoEdicao: record.editionYear,
    pesoGramas: record.weightGrams,
    situacao: row.availability,
    descricaoSituacao: row.availability ? row.availabilityName : null,
    precoCentavos: row.priceCents,
    capaUrl: row.coverFile ? coverPath(row.id, row.coverFile, 'm') : null,
    estoques,
    estoqueRede: stockFigures(network),
    vendas: { meses: monthCount, total: porMes.reduce((sum, m) => sum + m.quantidade, 0), porMes, ultimaVenda: record.lastSale },
    oportunidadesAbertas: record.openOpportunities,
  };
}
