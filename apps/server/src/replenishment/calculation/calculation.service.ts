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
import type { Db, Executor } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { DomainError, fieldError, notFound } from '../../shared/errors.ts';
import { INVALID_SORTER_MESSAGE, matchesTerm, termPattern } from '../../shared/paging.ts';
import type { AuthContext } from '../../shared/request-auth.ts';
import { monthIndex, periodOf } from '../forecast/history-csv.ts';
import { computeLine, explainLine, type LineSettings } from './calculation.engine.ts';
import { insertLines, readCandidates, readCovered, readDemand, readLostSales, readNetworkBalance, userCompanyIds, type CandidateRow, type LineRow } from './calculation.repository.ts';
import { computeLinesParallel } from './calculation.parallel.ts';

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
  /** The representative ERP product row. */
  row: CandidateRow;
  /** Stock summed over the basis (units). */
  fisico: number;
  reservado: number;
  bloqueado: number;
  pedidoCompra: number;
  /** Available balance of the user's other companies. */
  rede: number;
  history: number[];
  lostSales: number[] | null;
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
 * Runs the calculation's reads in one transaction (one snapshot: stock, sales and coverage agree)
 * with `work_mem` raised to 128 MB and JIT off for it (SET LOCAL): grouping a year or two of monthly
 * rollup rows of 100,000 titles spilled 110 MB to disk in 257 batches under the default 4 MB
 * (4.8 s → well under 1 s), and JIT compilation cost more than it saved on these one-pass scans.
 * Inside a caller's transaction (`db` a Tx), the settings last until that transaction ends.
 */
async function readInputs<T>(db: Executor, reads: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL work_mem = '128MB'`);
    await tx.execute(sql`SET LOCAL jit = off`);
    return reads(tx);
  });
}

/**
 * Reads and prepares every candidate title of a calculation (SQL aggregation; no forecasting yet),
 * with the best-seller and balance filters applied. Exported for the bench (its SQL-only baseline).
 */
export async function prepareLines(db: Executor, auth: AuthContext, companyId: number, p: ResolvedInputs): Promise<{ lines: PreparedLine[]; historyStart: number }> {
  const network = await userCompanyIds(db, auth.userId);
  if (!network.includes(companyId)) network.push(companyId);
  const basis = p.base === 'REDE' ? network : [companyId];
  const others = network.filter((c) => c !== companyId);
  const start = monthIndex(p.dataInicio.slice(0, 7));
  const months = monthIndex(p.dataFim.slice(0, 7)) - start + 1;
  const [candidates, rede, demand, lost, covered] = await readInputs(db, async (tx) => [
    await readCandidates(tx, basis, p.idEditora),
    await readNetworkBalance(tx, others),
    await readDemand(tx, basis, p.dataInicio, p.dataFim, p.considerarDevolucoes),
    await readLostSales(tx, basis, p.dataInicio, p.dataFim),
    await readCovered(tx, basis),
  ]);
  const demandBy = new Map(demand.map((d) => [Number(d.produto_id), d]));
  const coveredBy = new Map(covered.map((c) => [Number(c.produto_id), n(c.quantidade)]));
  const redeBy = new Map(rede.map((r) => [Number(r.produto_id), n(r.rede)]));
  const lostBy = new Map<number, number[]>();
  for (const l of lost) {
    const id = Number(l.produto_id);
    let arr = lostBy.get(id);
    if (!arr) lostBy.set(id, (arr = new Array<number>(months).fill(0)));
    const i = Number(l.mes) - start;
    if (i >= 0 && i < months) arr[i] += n(l.quantidade);
  }
  // one title per catalogue product: stock summed over its ERP products of the basis; the
  // representative (SKU, price, cost, situation, type) is the selected company's, else the lowest id
  const titles = new Map<number, { row: CandidateRow; fisico: number; reservado: number; bloqueado: number; pedido: number }>();
  for (const row of candidates) {
    const id = Number(row.produto_id);
    const seen = titles.get(id);
    if (!seen) {
      titles.set(id, { row, fisico: n(row.fisico), reservado: n(row.reservado), bloqueado: n(row.bloqueado), pedido: n(row.pedido_compra) });
      continue;
    }
    seen.fisico += n(row.fisico);
    seen.reservado += n(row.reservado);
    seen.bloqueado += n(row.bloqueado);
    seen.pedido += n(row.pedido_compra);
    const mine = (r: CandidateRow) => Number(r.empresa_id) === companyId;
    if ((mine(row) && !mine(seen.row)) || (mine(row) === mine(seen.row) && Number(row.erp_produto_id) < Number(seen.row.erp_produto_id))) seen.row = row;
  }
  const situations = p.situacoes.length ? new Set(p.situacoes) : null;
  let lines: PreparedLine[] = [];
  for (const [id, title] of titles) {
    const row = title.row;
    if (situations && !situations.has(row.situacao ?? '')) continue;
    if (p.tipoProduto !== null && Number(row.tipo_produto_id) !== p.tipoProduto) continue;
    const history = new Array<number>(months).fill(0);
    const d = demandBy.get(id);
    if (d?.meses) {
      for (const entry of d.meses.split(',')) {
        const colon = entry.indexOf(':');
        const i = Number(entry.slice(0, colon)) - start;
        if (i >= 0 && i < months) history[i] += Number(entry.slice(colon + 1));
      }
      // a month whose returns exceed its invoices reads 0 (demand is never negative)
      for (let i = 0; i < months; i++) if (history[i] < 0) history[i] = 0;
    }
    lines.push({
      row,
      fisico: title.fisico,
      reservado: title.reservado,
      bloqueado: title.bloqueado,
      pedidoCompra: title.pedido,
      rede: redeBy.get(id) ?? 0,
      history,
      lostSales: lostBy.get(id) ?? null,
      available: title.fisico - title.reservado - title.bloqueado + title.pedido,
      covered: coveredBy.get(id) ?? 0,
      quantitySold: d ? n(d.quantidade) : 0,
      valueSold: d ? n(d.valor_centavos) : 0,
    });
  }
  lines = bestSellers(lines, p.maisVendidos);
  if (p.somenteSaldoMenorQue !== null) lines = lines.filter((l) => l.available < p.somenteSaldoMenorQue!);
  return { lines, historyStart: start };
}

/** The totals of lines (`ReplenishmentTotals`): ordered value = quantity to order × unit price (cost 0 when unknown). */
function totalsOf(lines: readonly LineRow[]): ReplenishmentTotals {
  const t: ReplenishmentTotals = { itens: 0, itensComSugestao: 0, quantidadeSugerida: 0, quantidadePedido: 0, valorCapaCentavos: 0, valorCustoCentavos: 0 };
  for (const l of lines) {
    t.itens++;
    if (l.quantidade_sugerida > 0) t.itensComSugestao++;
    t.quantidadeSugerida += l.quantidade_sugerida;
    t.quantidadePedido += l.quantidade_pedido;
    t.valorCapaCentavos += l.quantidade_pedido * (l.preco_centavos ?? 0);
    t.valorCustoCentavos += l.quantidade_pedido * (l.custo_centavos ?? 0);
  }
  return t;
}

/** Lines at or above which the forecasting runs in worker threads. */
export const PARALLEL_THRESHOLD = 20_000;

/**
 * `POST reposicao/calculo`: calculates and stores (module comment).
 * @returns the stored calculation with its totals and first page (by suggestion, descending)
 * @throws DomainError VALIDATION on the period (`validatePeriod`) and on `idModelo` not a template of the company
 */
export async function calculate(db: Db, auth: AuthContext, companyId: number, body: ReplenishmentCalculationRequest): Promise<ReplenishmentCalculation> {
  validatePeriod(body.dataInicio, body.dataFim);
  const startedAt = performance.now();
  if (body.idModelo != null) {
    const found = resultRows(await db.execute(sql`SELECT 1 FROM reposicao_modelo WHERE id = ${body.idModelo}::int AND empresa_id = ${companyId}::int`));
    if (found.length === 0) throw fieldError('idModelo', REPLENISHMENT_MESSAGES.templateNotFound);
  }
  const p = resolveInputs(body);
  const settings = lineSettings(p);
  const { lines, historyStart } = await prepareLines(db, auth, companyId, p);
  const inputs = lines.map((l) => ({
    history: l.history,
    lostSales: l.lostSales,
    available: l.available,
    covered: l.covered,
    productMinStock: nOrNull(l.row.estoque_minimo),
    productMaxStock: nOrNull(l.row.estoque_maximo),
  }));
  const results = inputs.length >= PARALLEL_THRESHOLD ? await computeLinesParallel(inputs, settings) : inputs.map((input) => computeLine(input, settings));
  const rows: LineRow[] = [];
  lines.forEach((l, i) => {
    const r = results[i];
    if (p.somenteComReposicao && r.suggested <= 0) return;
    const row = l.row;
    rows.push({
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
      ruptura: l.lostSales ? { meses: [], vendasPerdidas: l.lostSales } : null,
    });
  });
  const totals = totalsOf(rows);
  const parameters: ReplenishmentCalculationRequest = { ...body };
  const id = await db.transaction(async (tx) => {
    const [created] = resultRows<{ id: number }>(
      await tx.execute(sql`INSERT INTO reposicao_calculo (empresa_id, usuario_id, modelo_id, parametros, totais, historico_inicio, duracao_ms, expira_em)
        VALUES (${companyId}::int, ${auth.userId}::int, ${body.idModelo ?? null}::int, ${JSON.stringify(parameters)}::jsonb, ${JSON.stringify(totals)}::jsonb,
          ${periodOf(historyStart)}, 0, now() + make_interval(hours => ${REPLENISHMENT_LIMITS.resultRetentionHours}::int))
        RETURNING id`),
    );
    await insertLines(tx, Number(created.id), rows);
    await tx.execute(sql`UPDATE reposicao_calculo SET duracao_ms = ${Math.round(performance.now() - startedAt)}::int WHERE id = ${created.id}::int`);
    return Number(created.id);
  });
  return getCalculation(db, companyId, id);
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
