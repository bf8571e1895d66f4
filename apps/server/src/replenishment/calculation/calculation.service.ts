import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_PAGE_SIZE,
  REPLENISHMENT_DEFAULTS,
  REPLENISHMENT_ITEM_SORT_FIELDS,
  REPLENISHMENT_LIMITS,
  REPLENISHMENT_MESSAGES,
  parseSorter,
  toPagedList,
  type FieldMessage,
  type PagedList,
  type ReplenishmentCalculation,
  type ReplenishmentCalculationRequest,
  type ReplenishmentExplanation,
  type ReplenishmentItem,
  type ReplenishmentItemQuery,
  type ReplenishmentMethod,
  type ReplenishmentSupplierTotals,
  type ReplenishmentTotals,
} from '@acervo/contracts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { DomainError, fieldError, notFound } from '../../shared/errors.ts';
import { INVALID_SORTER_MESSAGE, matchesTerm, termPattern } from '../../shared/paging.ts';
import type { AuthContext } from '../../shared/request-auth.ts';
import { monthIndex, periodOf } from '../forecast/history-csv.ts';
import { explainLine, type LineResult, type LineSettings } from './calculation.engine.ts';
import { DEMAND_DAY_FACTOR, INSERT_CHUNK, insertLines, titleInputsQuery, userCompanyIds, type LineRow, type TitleQueryOptions, type TitleRow } from './calculation.repository.ts';
import { createLinePool, defaultWorkers, type LinePool } from './calculation.parallel.ts';

/*
 * The replenishment calculation (issue 18 Part 2; docs/replenishment.md "Part 2"):
 * `POST reposicao/calculo` aggregates in SQL (calculation.repository.ts), forecasts and rounds in Node
 * (calculation.engine.ts, in worker threads for large catalogues), stores the result for 24 hours and
 * answers its totals and first page; the other routes read, page, edit and explain the stored lines.
 */

/** The inputs with the defaults filled in (`REPLENISHMENT_DEFAULTS`). */
export interface ResolvedInputs {
  base: 'EMPRESA' | 'REDE';
  dataInicio: string;
  dataFim: string;
  situacoes: string[];
  maisVendidos: ReplenishmentCalculationRequest['maisVendidos'];
  estoqueMinimo: number | null;
  quantidadeMinimaPedido: number;
  tipoProduto: number | null;
  somenteSaldoMenorQue: number | null;
  periodosProjecao: number;
  metodoPonderacao: ReplenishmentMethod;
  somenteComReposicao: boolean;
  idEditora: number | null;
  considerarDevolucoes: boolean;
  prazoEntregaMeses: number;
  nivelServico: number;
}

/** Fills the defaults of the optional inputs. */
export function resolveInputs(body: ReplenishmentCalculationRequest): ResolvedInputs {
  return {
    base: body.base ?? REPLENISHMENT_DEFAULTS.base,
    dataInicio: body.dataInicio,
    dataFim: body.dataFim,
    situacoes: body.situacoes ?? [],
    maisVendidos: body.maisVendidos ?? null,
    estoqueMinimo: body.estoqueMinimo ?? null,
    quantidadeMinimaPedido: body.quantidadeMinimaPedido ?? REPLENISHMENT_DEFAULTS.quantidadeMinimaPedido,
    tipoProduto: body.tipoProduto ?? null,
    somenteSaldoMenorQue: body.somenteSaldoMenorQue ?? null,
    periodosProjecao: body.periodosProjecao ?? REPLENISHMENT_DEFAULTS.periodosProjecao,
    metodoPonderacao: body.metodoPonderacao ?? REPLENISHMENT_DEFAULTS.metodoPonderacao,
    somenteComReposicao: body.somenteComReposicao ?? REPLENISHMENT_DEFAULTS.somenteComReposicao,
    idEditora: body.idEditora ?? null,
    considerarDevolucoes: body.considerarDevolucoes ?? REPLENISHMENT_DEFAULTS.considerarDevolucoes,
    prazoEntregaMeses: body.prazoEntregaMeses ?? REPLENISHMENT_DEFAULTS.prazoEntregaMeses,
    nivelServico: body.nivelServico ?? REPLENISHMENT_DEFAULTS.nivelServico,
  };
}

/** The engine settings of resolved inputs. */
export function lineSettings(p: ResolvedInputs): LineSettings {
  return {
    method: p.metodoPonderacao,
    leadTimeMonths: p.prazoEntregaMeses,
    projectionMonths: p.periodosProjecao,
    serviceLevel: p.nivelServico,
    multiple: p.quantidadeMinimaPedido,
    minStock: p.estoqueMinimo,
  };
}

/**
 * Checks what the schema cannot: the end date on or after the start (400 on `dataFim`), and the
 * period spanning at most 60 calendar months (400 on `dataInicio`).
 * @throws DomainError VALIDATION with every problem found
 */
export function validatePeriod(dataInicio: string, dataFim: string): void {
  const messages: FieldMessage[] = [];
  if (dataFim < dataInicio) messages.push({ field: 'dataFim', message: REPLENISHMENT_MESSAGES.dateOrder });
  else if (monthIndex(dataFim.slice(0, 7)) - monthIndex(dataInicio.slice(0, 7)) + 1 > REPLENISHMENT_LIMITS.maxPeriodMonths) {
    messages.push({ field: 'dataInicio', message: REPLENISHMENT_MESSAGES.periodTooLong });
  }
  if (messages.length) throw new DomainError('VALIDATION', messages[0].message, messages);
}

const n = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const nOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A candidate with everything the engine needs. */
export interface PreparedLine {
  /** The title's row (its representative ERP product's fields). */
  row: TitleRow;
  /** Stock summed over the basis (units). */
  fisico: number;
  reservado: number;
  bloqueado: number;
  pedidoCompra: number;
  /** Available balance of the user's other companies. */
  rede: number;
  history: number[];
  lostSales: number[] | null;
  /** Months of the period (0-based, ascending) without available stock (`TitleRow.sem_estoque`); null when none. */
  noStockMonths: number[] | null;
  available: number;
  covered: number;
  quantitySold: number;
  valueSold: number;
}

/**
 * Best-seller filter (`maisVendidos`) over the candidates: TOP N keeps the N titles with the most net
 * units sold in the period (only titles that sold, ties by product id); ABC ranks titles by net value
 * sold, descending, and a title is A while the share of the titles before it is below 80 %, B below
 * 95 %, C otherwise (titles without positive value are C); `valor` 'B' keeps A and B, 'C' keeps all.
 */
export function bestSellers(lines: PreparedLine[], filter: ResolvedInputs['maisVendidos']): PreparedLine[] {
  if (!filter) return lines;
  if (filter.tipo === 'TOP' && typeof filter.valor === 'number') {
    return lines
      .filter((l) => l.quantitySold > 0)
      .sort((a, b) => b.quantitySold - a.quantitySold || a.row.produto_id - b.row.produto_id)
      .slice(0, filter.valor);
  }
  if (filter.valor === 'C') return lines;
  const limit = filter.valor === 'A' ? 0.8 : 0.95;
  const ranked = lines.filter((l) => l.valueSold > 0).sort((a, b) => b.valueSold - a.valueSold || a.row.produto_id - b.row.produto_id);
  const total = ranked.reduce((s, l) => s + l.valueSold, 0);
  const out: PreparedLine[] = [];
  let before = 0;
  for (const l of ranked) {
    if (before / total >= limit) break;
    out.push(l);
    before += l.valueSold;
  }
  return out;
}

/**
 * Settings of the calculation's transaction (SET LOCAL): `work_mem` 128 MB — grouping a year or two
 * of monthly rollup rows of 100,000 titles spilled 110 MB to disk in 257 batches under the default
 * 4 MB (4.8 s → well under 1 s); `hash_mem_multiplier` 8 — the planner reckons 8 kB per group for a
 * `string_agg` state (50 MB used for 100,000 titles, 650 MB planned) and split the grouping into
 * partitions written to disk; JIT off — compiling cost more than it saved on these one-pass scans.
 */
async function readSettings(tx: Executor): Promise<void> {
  await tx.execute(sql`SET LOCAL work_mem = '128MB'`);
  await tx.execute(sql`SET LOCAL hash_mem_multiplier = 8`);
  await tx.execute(sql`SET LOCAL jit = off`);
}

/** How a calculation reads its titles: the query, the basis, and the period's months and days. */
interface TitleQuery {
  query: SQL;
  /** The query of one of `count` disjoint parts of the titles (`TitleQueryOptions.part`). */
  partQuery(index: number, count: number): SQL;
  basis: number[];
  /** Month index (year·12 + month − 1) of the period's first month. */
  historyStart: number;
  months: number;
  /** Month (0-based in the period) of each day of the period, by day offset from its first day. */
  monthOfDay: Int16Array;
}

/** The basis, the other companies and the month range of a calculation, and the query of its titles. */
async function titleQuery(db: Executor, auth: AuthContext, companyId: number, p: ResolvedInputs): Promise<TitleQuery> {
  const network = await userCompanyIds(db, auth.userId);
  if (!network.includes(companyId)) network.push(companyId);
  const basis = p.base === 'REDE' ? network : [companyId];
  const historyStart = monthIndex(p.dataInicio.slice(0, 7));
  const months = monthIndex(p.dataFim.slice(0, 7)) - historyStart + 1;
  const first = Date.parse(`${p.dataInicio}T00:00:00Z`);
  const days = Math.round((Date.parse(`${p.dataFim}T00:00:00Z`) - first) / 86_400_000) + 1;
  const monthOfDay = new Int16Array(days);
  for (let d = 0; d < days; d++) {
    const date = new Date(first + d * 86_400_000);
    monthOfDay[d] = date.getUTCFullYear() * 12 + date.getUTCMonth() - historyStart;
  }
  const options: TitleQueryOptions = {
    basis,
    others: network.filter((c) => c !== companyId),
    companyId,
    publisherId: p.idEditora,
    situations: p.situacoes,
    productType: p.tipoProduto,
    start: p.dataInicio,
    end: p.dataFim,
    startIndex: historyStart,
    considerReturns: p.considerarDevolucoes,
    withValue: p.maisVendidos?.tipo === 'ABC',
  };
  return { query: titleInputsQuery(options), partQuery: (index, count) => titleInputsQuery({ ...options, part: { index, count } }), basis, historyStart, months, monthOfDay };
}

/** Month indexes "i,j,i" as a set in ascending order, indexes outside [0, months) left out; null when none is left. */
function monthIndexes(text: string, months: number): number[] | null {
  const set = new Set<number>();
  for (const part of text.split(',')) {
    const i = Number(part);
    if (Number.isInteger(i) && i >= 0 && i < months) set.add(i);
  }
  return set.size ? [...set].sort((a, b) => a - b) : null;
}

/** Lost sales "i:q,i:q" (indexes may repeat: summed) as `months` values, indexes outside [0, months) ignored. */
function monthlyValues(text: string, months: number): number[] {
  const out = new Array<number>(months).fill(0);
  for (const entry of text.split(',')) {
    const colon = entry.indexOf(':');
    const i = Number(entry.slice(0, colon));
    if (i >= 0 && i < months) out[i] += Number(entry.slice(colon + 1));
  }
  return out;
}

/**
 * One title's row as the engine's inputs: the demand entries (`TitleRow.meses`: day × 2⁴⁰ + units)
 * summed per month — a month whose returns exceed its invoices reads 0 — and over the period (units sold).
 */
function prepare(row: TitleRow, q: TitleQuery): PreparedLine {
  const history = new Array<number>(q.months).fill(0);
  let quantitySold = 0;
  if (row.meses) {
    for (const entry of row.meses.split(',')) {
      const v = Number(entry);
      const day = Math.round(v / DEMAND_DAY_FACTOR);
      const units = v - day * DEMAND_DAY_FACTOR;
      quantitySold += units;
      const i = day >= 0 && day < q.monthOfDay.length ? q.monthOfDay[day] : -1;
      if (i >= 0 && i < q.months) history[i] += units;
    }
    for (let i = 0; i < q.months; i++) if (history[i] < 0) history[i] = 0;
  }
  const fisico = n(row.fisico);
  const reservado = n(row.reservado);
  const bloqueado = n(row.bloqueado);
  const pedidoCompra = n(row.pedido_compra);
  return {
    row,
    fisico,
    reservado,
    bloqueado,
    pedidoCompra,
    rede: n(row.rede),
    history,
    lostSales: row.perdas ? monthlyValues(row.perdas, q.months) : null,
    noStockMonths: row.sem_estoque ? monthIndexes(row.sem_estoque, q.months) : null,
    available: fisico - reservado - bloqueado + pedidoCompra,
    covered: n(row.coberto),
    quantitySold,
    valueSold: n(row.valor_centavos),
  };
}

/** The balance filter (`somenteSaldoMenorQue`). */
const balanceFilter = (p: ResolvedInputs) => (lines: PreparedLine[]) => (p.somenteSaldoMenorQue === null ? lines : lines.filter((l) => l.available < p.somenteSaldoMenorQue!));

/**
 * Reads and prepares every candidate title of a calculation at once (no forecasting yet), with the
 * best-seller and balance filters applied. Exported for the bench (its reads-only step); `calculate`
 * reads through a cursor instead unless a best-seller filter needs every title first.
 */
export async function prepareLines(db: Executor, auth: AuthContext, companyId: number, p: ResolvedInputs): Promise<{ lines: PreparedLine[]; historyStart: number }> {
  const q = await titleQuery(db, auth, companyId, p);
  const rows = await db.transaction(async (tx) => {
    await readSettings(tx);
    return resultRows<TitleRow>(await tx.execute(q.query));
  });
  return { lines: balanceFilter(p)(bestSellers(rows.map((r) => prepare(r, q)), p.maisVendidos)), historyStart: q.historyStart };
}

/** The stored line of a prepared title and its result, or null when it is not stored (`somenteComReposicao` without suggestion). */
function lineRow(l: PreparedLine, r: LineResult, onlyWithSuggestion: boolean): LineRow | null {
  if (onlyWithSuggestion && r.suggested <= 0) return null;
  const row = l.row;
  return {
    produto_id: Number(row.produto_id),
    erp_produto_id: nOrNull(row.erp_produto_id),
    editora_id: nOrNull(row.editora_id),
    situacao: row.situacao,
    fisico: l.fisico,
    reservado: l.reservado,
    bloqueado: l.bloqueado,
    pedido_compra: l.pedidoCompra,
    disponivel: l.available,
    rede: l.rede,
    coberto: l.covered,
    estoque_minimo: r.minStock,
    estoque_maximo: nOrNull(row.estoque_maximo),
    demanda_media: Math.round(r.meanDemand * 100) / 100,
    nivel_reposicao: r.level,
    quantidade_sugerida: r.suggested,
    quantidade_pedido: r.suggested,
    preco_centavos: nOrNull(row.preco_centavos),
    custo_centavos: nOrNull(row.custo_centavos),
    metodo: r.method,
    historico: `{${l.history.join(',')}}`,
    ruptura: l.lostSales || l.noStockMonths ? { meses: l.noStockMonths ?? [], vendasPerdidas: l.lostSales ?? [] } : null,
  };
}

/** Adds lines to totals (`ReplenishmentTotals`): ordered value = quantity to order × unit price (cost 0 when unknown). */
function addTotals(t: ReplenishmentTotals, lines: readonly LineRow[]): void {
  for (const l of lines) {
    t.itens++;
    if (l.quantidade_sugerida > 0) t.itensComSugestao++;
    t.quantidadeSugerida += l.quantidade_sugerida;
    t.quantidadePedido += l.quantidade_pedido;
    t.valorCapaCentavos += l.quantidade_pedido * (l.preco_centavos ?? 0);
    t.valorCustoCentavos += l.quantidade_pedido * (l.custo_centavos ?? 0);
  }
}

/** Candidate ERP products at or above which the forecasting runs in worker threads too. */
export const PARALLEL_THRESHOLD = 20_000;

/** Titles read (FETCH) and stored (one INSERT) at a time: bounds what the process holds. */
export const CALCULATION_BATCH = INSERT_CHUNK;

/** Connections reading a large calculation's titles at once on PostgreSQL (each a part of the titles). */
export const POSTGRES_READERS = 2;

/** Tuning of `calculate`: the database kind, and for tests and the bench titles per batch, worker threads and readers (default: by the candidates' count). */
export interface CalculateOptions {
  /** The database's driver (`AppContext.dbKind`): only PostgreSQL reads on several connections. Default pglite. */
  dbKind?: 'pglite' | 'postgres';
  batchSize?: number;
  workers?: number;
  /**
   * Connections reading the titles, each one part (`TitleQueryOptions.part`) in the same snapshot
   * (`pg_export_snapshot`). Default: `POSTGRES_READERS` on PostgreSQL from `PARALLEL_THRESHOLD`
   * candidates, else 1. Ignored on PGlite (one connection: a second transaction would wait for the first).
   */
  readers?: number;
}

/**
 * `POST reposicao/calculo`: calculates and stores (module comment).
 * @returns the stored calculation with its totals and first page (by suggestion, descending)
 * @throws DomainError VALIDATION on the period (`validatePeriod`) and on `idModelo` not a template of the company
 */
export async function calculate(db: Db, auth: AuthContext, companyId: number, body: ReplenishmentCalculationRequest, options: CalculateOptions = {}): Promise<ReplenishmentCalculation> {
  validatePeriod(body.dataInicio, body.dataFim);
  const startedAt = performance.now();
  if (body.idModelo != null) {
    const found = resultRows(await db.execute(sql`SELECT 1 FROM reposicao_modelo WHERE id = ${body.idModelo}::int AND empresa_id = ${companyId}::int`));
    if (found.length === 0) throw fieldError('idModelo', REPLENISHMENT_MESSAGES.templateNotFound);
  }
  const p = resolveInputs(body);
  const settings = lineSettings(p);
  const q = await titleQuery(db, auth, companyId, p);
  const postgres = options.dbKind === 'postgres';
  let large = false;
  if (options.workers === undefined || (postgres && options.readers === undefined)) {
    const [{ n: candidates }] = resultRows<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM erp_produto WHERE empresa_id IN (${sql.join(q.basis.map((c) => sql`${c}::int`), sql`, `)}) AND produto_id IS NOT NULL`),
    );
    large = Number(candidates) >= PARALLEL_THRESHOLD;
  }
  const workers = options.workers ?? (large ? defaultWorkers() : 0);
  const readers = postgres ? Math.max(1, Math.floor(options.readers ?? (large ? POSTGRES_READERS : 1))) : 1;
  // workers start now and load the engine while the database aggregates
  const pool = createLinePool(settings, workers);
  const batchSize = Math.max(1, options.batchSize ?? CALCULATION_BATCH);
  try {
    const run = (tx: Tx) => calculateIn(tx, { db, auth, companyId, body, p, q, pool, startedAt, batchSize, readers });
    // several readers share the main transaction's snapshot, which a repeatable-read transaction keeps for all its statements
    const id = await (readers > 1 ? db.transaction(run, { isolationLevel: 'repeatable read' }) : db.transaction(run));
    return await getCalculation(db, companyId, id);
  } finally {
    await pool.close();
  }
}

/** A snapshot id as `pg_export_snapshot()` answers it (hexadecimal words and dashes), checked before it is written into SQL. */
const SNAPSHOT_ID = /^[0-9A-Fa-f]+(-[0-9A-Fa-f]+)+$/;

/**
 * Reads one part of the titles in a second transaction on its own connection, in the snapshot
 * `snapshot` of the calculation's transaction (`SET TRANSACTION SNAPSHOT`, PostgreSQL): both see the
 * same stock, sales and coverage. `read` gets the transaction; the transaction commits (it only read) when `read` resolves.
 */
function inSnapshot<T>(db: Db, snapshot: string, read: (tx: Tx) => Promise<T>): Promise<T> {
  if (!SNAPSHOT_ID.test(snapshot)) throw new Error(`unexpected snapshot id ${snapshot}`);
  return db.transaction(
    async (tx) => {
      await tx.execute(sql.raw(`SET TRANSACTION SNAPSHOT '${snapshot}'`));
      await readSettings(tx);
      return read(tx);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The calculation inside its transaction: the reads' settings, the calculation row, then the titles
 * through a cursor, `CALCULATION_BATCH` at a time — each batch forecast (`pool`) and its lines
 * inserted while the next is computed (the database works on one batch while Node works on the
 * next; statements go one after the other on the connection) — then the totals and the duration.
 * With `readers` > 1 (PostgreSQL) the titles are read in that many disjoint parts at once, each
 * part on a connection of its own in this transaction's snapshot (`pg_export_snapshot`), so the
 * database groups the demand on several cores; every batch, whatever its part, is forecast by the
 * same pool and stored through this transaction, whose connection then only writes (a part read
 * here waited behind the inserts: 100,000 titles 2.65–2.78 s → 2.31–2.47 s median, docs/replenishment.md).
 * With a best-seller filter every title is read first (the ranking needs them all), then computed
 * and stored in batches the same way.
 * @returns the new calculation's id
 */
async function calculateIn(
  tx: Tx,
  c: { db: Db; auth: AuthContext; companyId: number; body: ReplenishmentCalculationRequest; p: ResolvedInputs; q: TitleQuery; pool: LinePool; startedAt: number; batchSize: number; readers: number },
): Promise<number> {
  const { p, q, pool, batchSize, readers } = c;
  await readSettings(tx);
  const [created] = resultRows<{ id: number }>(
    await tx.execute(sql`INSERT INTO reposicao_calculo (empresa_id, usuario_id, modelo_id, parametros, totais, historico_inicio, duracao_ms, expira_em)
      VALUES (${c.companyId}::int, ${c.auth.userId}::int, ${c.body.idModelo ?? null}::int, ${JSON.stringify({ ...c.body })}::jsonb, '{}'::jsonb,
        ${periodOf(q.historyStart)}, 0, now() + make_interval(hours => ${REPLENISHMENT_LIMITS.resultRetentionHours}::int))
      RETURNING id`),
  );
  const id = Number(created.id);
  const totals: ReplenishmentTotals = { itens: 0, itensComSugestao: 0, quantidadeSugerida: 0, quantidadePedido: 0, valorCapaCentavos: 0, valorCustoCentavos: 0 };
  // one statement at a time on the connection; an insert's failure is kept and thrown at the end
  // (the statements after it fail too: the transaction is aborted)
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn);
    queue = next.catch(() => undefined);
    return next;
  };
  let failure: unknown = null;
  const store = async (lines: PreparedLine[]) => {
    const results = await pool.compute(
      lines.map((l) => ({ history: l.history, lostSales: l.lostSales, noStockMonths: l.noStockMonths, available: l.available, covered: l.covered, productMinStock: nOrNull(l.row.estoque_minimo), productMaxStock: nOrNull(l.row.estoque_maximo) })),
    );
    const rows: LineRow[] = [];
    for (let i = 0; i < lines.length; i++) {
      const row = lineRow(lines[i], results[i], p.somenteComReposicao);
      if (row) rows.push(row);
    }
    addTotals(totals, rows);
    if (rows.length) void serial(() => insertLines(tx, id, rows)).catch((err: unknown) => (failure ??= err));
  };
  const keep = balanceFilter(p);
  const partQuery = (index: number) => (readers > 1 ? q.partQuery(index, readers) : q.query);
  // the other parts' transactions start from this one's snapshot (taken by its first statement, the INSERT above)
  const snapshot = readers > 1 ? String(resultRows<{ s: string }>(await tx.execute(sql`SELECT pg_export_snapshot() AS s`))[0].s) : '';
  /** Runs `read` for every part at once (one part: here; several: each in the snapshot on its own connection); waits for all, then throws the first failure. */
  const everyPart = async <T>(read: (part: Tx, index: number, run: <R>(fn: () => Promise<R>) => Promise<R>) => Promise<T>): Promise<T[]> => {
    const settled = await Promise.allSettled(
      Array.from({ length: readers }, (_, index) => (readers === 1 ? read(tx, 0, serial) : inSnapshot(c.db, snapshot, (other) => read(other, index, (fn) => fn())))),
    );
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.map((r) => (r as PromiseFulfilledResult<T>).value);
  };
  try {
    if (p.maisVendidos) {
      const parts = await everyPart(async (part, index, run) => resultRows<TitleRow>(await run(() => part.execute(partQuery(index)))));
      const lines = keep(bestSellers(parts.flat().map((r) => prepare(r, q)), p.maisVendidos));
      for (let i = 0; i < lines.length; i += batchSize) await store(lines.slice(i, i + batchSize));
    } else {
      // one part: `run` puts its statements in this connection's queue, behind the inserts; several parts have a connection each
      await everyPart(async (part, index, run) => {
        const cursor = sql.raw(`reposicao_calculo_${id}_${index}`);
        await run(() => part.execute(sql`DECLARE ${cursor} NO SCROLL CURSOR FOR ${partQuery(index)}`));
        const ahead = () => {
          const promise = run(async () => resultRows<TitleRow>(await part.execute(sql`FETCH ${sql.raw(String(batchSize))} FROM ${cursor}`)));
          promise.catch(() => undefined); // awaited below; not an unhandled rejection if a batch fails first
          return promise;
        };
        let next = ahead();
        for (;;) {
          const rows = await next;
          if (rows.length === 0) break;
          // the next batch is asked for before this one is computed: the database reads it meanwhile
          next = rows.length < batchSize ? Promise.resolve([]) : ahead();
          await store(keep(rows.map((r) => prepare(r, q))));
        }
        await run(() => part.execute(sql`CLOSE ${cursor}`));
      });
    }
    await queue;
  } catch (err) {
    await queue;
    throw failure ?? err;
  }
  if (failure) throw failure;
  await tx.execute(sql`UPDATE reposicao_calculo SET totais = ${JSON.stringify(totals)}::jsonb, duracao_ms = ${Math.round(performance.now() - c.startedAt)}::int WHERE id = ${id}::int`);
  return id;
}

/** A stored calculation row (kept and not expired) of the company, or 404 calculationNotFound. */
async function findCalculation(db: Executor, companyId: number, id: number) {
  const [row] = resultRows<{ id: number; empresa_id: number; data_cadastro: string | Date; expira_em: string | Date | null; parametros: ReplenishmentCalculationRequest; totais: ReplenishmentTotals; historico_inicio: string; duracao_ms: number }>(
    await db.execute(sql`SELECT id, empresa_id, data_cadastro, expira_em, parametros, totais, historico_inicio, duracao_ms FROM reposicao_calculo
      WHERE id = ${id}::int AND empresa_id = ${companyId}::int AND (expira_em IS NULL OR expira_em > now())`),
  );
  if (!row) throw notFound(REPLENISHMENT_MESSAGES.calculationNotFound);
  return row;
}

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

/**
 * `GET reposicao/calculo/{id}`: the calculation, its inputs, totals and first page (10 lines by suggestion desc).
 * @throws DomainError NOT_FOUND (calculationNotFound) for an id of another company, absent or expired
 */
export async function getCalculation(db: Db, companyId: number, id: number): Promise<ReplenishmentCalculation> {
  const row = await findCalculation(db, companyId, id);
  const itens = await listItems(db, companyId, id, { page: 0 });
  return {
    id: Number(row.id),
    idEmpresa: Number(row.empresa_id),
    criadoEm: iso(row.data_cadastro)!,
    expiraEm: iso(row.expira_em),
    parametros: row.parametros,
    totais: row.totais,
    itens,
    duracaoMs: Number(row.duracao_ms),
  };
}

/** Column of each sortable field of the lines. */
const ITEM_COLUMNS: Record<(typeof REPLENISHMENT_ITEM_SORT_FIELDS)[number], string> = {
  titulo: 'lower(unaccent(titulo))',
  isbn13: 'isbn13',
  editora: 'lower(unaccent(editora))',
  saldoAtual: 'fisico',
  saldoDisponivel: 'disponivel',
  saldoRede: 'rede',
  quantidadePedidaCompra: 'pedido_compra',
  quantidadeReservada: 'reservado',
  quantidadeBloqueada: 'bloqueado',
  demandaMedia: 'demanda_media',
  quantidadeSugerida: 'quantidade_sugerida',
  quantidadePedido: 'quantidade_pedido',
  valorCapaCentavos: 'preco_centavos',
  valorCustoCentavos: 'custo_centavos',
};

const ITEM_SELECT = sql.raw(`produto_id, sku, isbn13, titulo, autores, editora_id, editora, situacao, fisico, reservado, bloqueado, pedido_compra, disponivel,
  rede, coberto, estoque_minimo, estoque_maximo, demanda_media, nivel_reposicao, quantidade_sugerida, quantidade_pedido, preco_centavos, custo_centavos, metodo`);

function toItem(r: Record<string, unknown>): ReplenishmentItem {
  return {
    idProduto: n(r.produto_id),
    sku: (r.sku as string | null) ?? null,
    isbn13: (r.isbn13 as string | null) ?? null,
    titulo: String(r.titulo ?? ''),
    autores: (r.autores as string | null) ?? null,
    idEditora: nOrNull(r.editora_id),
    editora: (r.editora as string | null) ?? null,
    situacao: (r.situacao as string | null) ?? null,
    saldoAtual: n(r.fisico),
    saldoDisponivel: n(r.disponivel),
    saldoRede: n(r.rede),
    quantidadePedidaCompra: n(r.pedido_compra),
    quantidadeReservada: n(r.reservado),
    quantidadeBloqueada: n(r.bloqueado),
    estoqueMinimo: nOrNull(r.estoque_minimo),
    estoqueMaximo: nOrNull(r.estoque_maximo),
    demandaMedia: n(r.demanda_media),
    nivelReposicao: n(r.nivel_reposicao),
    quantidadeSugerida: n(r.quantidade_sugerida),
    quantidadePedido: n(r.quantidade_pedido),
    valorCapaCentavos: nOrNull(r.preco_centavos),
    valorCustoCentavos: nOrNull(r.custo_centavos),
    metodo: r.metodo as ReplenishmentMethod,
  };
}

/**
 * `GET reposicao/calculo/{id}/itens`: a page of the lines, `term` over title, ISBN, SKU and authors
 * (accent- and case-insensitive), `idEditora`, `somenteComSugestao`; sorted by `sorter`
 * (REPLENISHMENT_ITEM_SORT_FIELDS; default quantidadeSugerida desc), product id as tie-breaker.
 * @throws DomainError NOT_FOUND (calculationNotFound); VALIDATION on `sorter`
 */
export async function listItems(db: Executor, companyId: number, id: number, query: Partial<ReplenishmentItemQuery>): Promise<PagedList<ReplenishmentItem>> {
  await findCalculation(db, companyId, id);
  let sort;
  try {
    sort = parseSorter(query.sorter ?? query.sort, REPLENISHMENT_ITEM_SORT_FIELDS);
  } catch {
    throw fieldError('sorter', INVALID_SORTER_MESSAGE);
  }
  const { field, direction } = sort ?? { field: 'quantidadeSugerida' as const, direction: 'desc' as const };
  const where: SQL[] = [sql`calculo_id = ${id}::int`];
  const pattern = termPattern(query.term);
  if (pattern) where.push(sql`(${matchesTerm(sql`titulo`, pattern)} OR isbn13 LIKE ${pattern} OR ${matchesTerm(sql`sku`, pattern)} OR ${matchesTerm(sql`autores`, pattern)})`);
  if (query.idEditora !== undefined) where.push(sql`editora_id = ${query.idEditora}::int`);
  if (query.somenteComSugestao === 'true') where.push(sql`quantidade_sugerida > 0`);
  if (query.somenteComSugestao === 'false') where.push(sql`quantidade_sugerida = 0`);
  const whereSql = sql.join(where, sql` AND `);
  const size = query.pageSize ?? query.size ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 0;
  const dir = direction === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST';
  const [rows, count] = await Promise.all([
    db.execute(sql`SELECT ${ITEM_SELECT} FROM reposicao_calculo_item WHERE ${whereSql}
      ORDER BY ${sql.raw(`${ITEM_COLUMNS[field]} ${dir}, produto_id ${direction === 'desc' ? 'DESC' : 'ASC'}`)} LIMIT ${size}::int OFFSET ${page * size}::int`),
    db.execute(sql`SELECT count(*)::int AS n FROM reposicao_calculo_item WHERE ${whereSql}`),
  ]);
  return toPagedList(resultRows<Record<string, unknown>>(rows).map(toItem), page, size, n(resultRows<{ n: number }>(count)[0]?.n));
}

/**
 * `GET reposicao/calculo/{id}/fornecedores`: the totals per supplier (catalogue publisher; null = none),
 * by ordered cost value descending.
 * @throws DomainError NOT_FOUND (calculationNotFound)
 */
export async function supplierTotals(db: Executor, companyId: number, id: number): Promise<ReplenishmentSupplierTotals[]> {
  await findCalculation(db, companyId, id);
  const rows = resultRows<Record<string, unknown>>(
    await db.execute(sql`SELECT editora_id, max(editora) AS editora, count(*)::int AS itens, count(*) FILTER (WHERE quantidade_sugerida > 0)::int AS com_sugestao,
        sum(quantidade_sugerida)::bigint AS sugerida, sum(quantidade_pedido)::bigint AS pedido,
        sum(quantidade_pedido::bigint * COALESCE(preco_centavos, 0))::bigint AS capa, sum(quantidade_pedido::bigint * COALESCE(custo_centavos, 0))::bigint AS custo
      FROM reposicao_calculo_item WHERE calculo_id = ${id}::int GROUP BY editora_id ORDER BY custo DESC, editora_id NULLS LAST`),
  );
  return rows.map((r) => ({
    idEditora: nOrNull(r.editora_id),
    editora: (r.editora as string | null) ?? null,
    itens: n(r.itens),
    itensComSugestao: n(r.com_sugestao),
    quantidadeSugerida: n(r.sugerida),
    quantidadePedido: n(r.pedido),
    valorCapaCentavos: n(r.capa),
    valorCustoCentavos: n(r.custo),
  }));
}

/** Message of a line that is not in the calculation. */
export const LINE_NOT_FOUND_MESSAGE = 'Item não encontrado neste cálculo';

/**
 * `PUT reposicao/calculo/{id}/itens/{idProduto}`: sets the quantity to order of one line (a multiple
 * of the calculation's order multiple) and moves the stored totals by the difference, in one transaction.
 * @returns the line after the change
 * @throws DomainError NOT_FOUND (calculation or line); VALIDATION on `quantidadePedido` not a multiple
 */
export async function updateItem(db: Db, companyId: number, id: number, productId: number, quantity: number): Promise<ReplenishmentItem> {
  return db.transaction(async (tx) => {
    const calc = await findCalculation(tx, companyId, id);
    const multiple = calc.parametros.quantidadeMinimaPedido ?? REPLENISHMENT_DEFAULTS.quantidadeMinimaPedido;
    if (quantity % multiple !== 0) throw fieldError('quantidadePedido', REPLENISHMENT_MESSAGES.orderMultiple(multiple));
    const [before] = resultRows<{ quantidade_pedido: number; preco_centavos: string | null; custo_centavos: string | null }>(
      await tx.execute(sql`SELECT quantidade_pedido, preco_centavos, custo_centavos FROM reposicao_calculo_item WHERE calculo_id = ${id}::int AND produto_id = ${productId}::int FOR UPDATE`),
    );
    if (!before) throw notFound(LINE_NOT_FOUND_MESSAGE);
    const delta = quantity - n(before.quantidade_pedido);
    const [row] = resultRows<Record<string, unknown>>(
      await tx.execute(sql`UPDATE reposicao_calculo_item SET quantidade_pedido = ${quantity}::int WHERE calculo_id = ${id}::int AND produto_id = ${productId}::int RETURNING ${ITEM_SELECT}`),
    );
    if (delta !== 0) {
      await tx.execute(sql`UPDATE reposicao_calculo SET totais = jsonb_set(jsonb_set(jsonb_set(totais,
          '{quantidadePedido}', to_jsonb((totais->>'quantidadePedido')::bigint + ${delta}::int)),
          '{valorCapaCentavos}', to_jsonb((totais->>'valorCapaCentavos')::bigint + ${delta * n(before.preco_centavos)}::bigint)),
          '{valorCustoCentavos}', to_jsonb((totais->>'valorCustoCentavos')::bigint + ${delta * n(before.custo_centavos)}::bigint))
        WHERE id = ${id}::int`);
    }
    return toItem(row);
  });
}

/**
 * `GET reposicao/calculo/{id}/itens/{idProduto}/explicacao`: recomputes the line from its stored
 * history and stock terms with the calculation's inputs (calculation.engine.ts `explainLine`).
 * @throws DomainError NOT_FOUND (calculation or line)
 */
export async function explainItem(db: Db, companyId: number, id: number, productId: number): Promise<ReplenishmentExplanation> {
  const calc = await findCalculation(db, companyId, id);
  const [r] = resultRows<Record<string, unknown>>(
    await db.execute(sql`SELECT produto_id, titulo, fisico, reservado, bloqueado, pedido_compra, disponivel, rede, coberto, estoque_minimo, estoque_maximo, historico, ruptura
      FROM reposicao_calculo_item i WHERE calculo_id = ${id}::int AND produto_id = ${productId}::int`),
  );
  if (!r) throw notFound(LINE_NOT_FOUND_MESSAGE);
  const p = resolveInputs(calc.parametros);
  const history = parseIntArray(r.historico);
  const ruptura = r.ruptura as { meses: number[]; vendasPerdidas: number[] } | null;
  // the stored minimum is max(asked, product's) as it was: above the asked one it was the product's
  const storedMin = nOrNull(r.estoque_minimo);
  const productMin = storedMin !== null && (p.estoqueMinimo === null || storedMin > p.estoqueMinimo) ? storedMin : null;
  return explainLine(
    {
      idProduto: n(r.produto_id),
      titulo: String(r.titulo),
      historyStart: calc.historico_inicio,
      history,
      lostSales: ruptura?.vendasPerdidas ?? null,
      noStockMonths: ruptura?.meses ?? null,
      available: n(r.disponivel),
      covered: n(r.coberto),
      productMinStock: productMin,
      productMaxStock: nOrNull(r.estoque_maximo),
      physical: n(r.fisico),
      reserved: n(r.reservado),
      blocked: n(r.bloqueado),
      onOrder: n(r.pedido_compra),
      network: n(r.rede),
      considerReturns: p.considerarDevolucoes,
    },
    lineSettings(p),
  );
}

/** An int[] as the drivers give it: an array (node-postgres, PGlite) or its text `{1,2}`. */
function parseIntArray(v: unknown): number[] {
  if (Array.isArray(v)) return v.map(Number);
  const s = String(v ?? '').replace(/[{}]/g, '');
  return s ? s.split(',').map(Number) : [];
}

/**
 * Scheduled task LIMPEZA_CALCULO_REPOSICAO: deletes the calculations whose `expira_em` has passed
 * (their lines go by ON DELETE CASCADE); those a replacement was generated from have no expiry.
 * @returns the number of calculations deleted
 */
export async function deleteExpiredCalculations(db: Executor): Promise<number> {
  const rows = resultRows(await db.execute(sql`DELETE FROM reposicao_calculo WHERE expira_em IS NOT NULL AND expira_em <= now() RETURNING id`));
  return rows.length;
}
