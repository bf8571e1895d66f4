import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { billingNature } from '../../reports/billing-rules.ts';
import { STOCKOUT_SHARE } from '../stockouts/stockouts.service.ts';

/*
 * SQL of the replenishment calculation (docs/replenishment.md "Part 2"): every read aggregates in the
 * database and answers one row per catalogue product (`produto.id`), so Node receives at most one
 * row per title per query whatever the number of sales lines.
 */

const ids = (values: readonly number[]): SQL => (values.length ? sql.join(values.map((v) => sql`${v}::int`), sql`, `) : sql`NULL::int`);

/** The active companies the user is linked to (the network of REDE and of `saldoRede`). */
export async function userCompanyIds(db: Executor, userId: number): Promise<number[]> {
  const rows = resultRows<{ id: number }>(
    await db.execute(sql`SELECT e.id FROM usuario_empresa ue JOIN empresa e ON e.id = ue.empresa_id AND e.ativo WHERE ue.usuario_id = ${userId} ORDER BY e.id`),
  );
  return rows.map((r) => Number(r.id));
}

/** `YYYY-MM-DD` plus `days`. */
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** First day of the month of `day`, and of the month after. */
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
function nextMonthStart(day: string): string {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The rollup rows covering the days [start, end]: month rows (`grao` 'M') for the whole months inside,
 * day rows ('D') for the partial months at either end — as in the billing report.
 */
export function rollupRanges(start: string, end: string): { grain: 'M' | 'D'; from: string; toExclusive: string }[] {
  const endExclusive = addDays(end, 1);
  const firstFull = start === monthStart(start) ? start : nextMonthStart(start);
  const afterLastFull = monthStart(endExclusive);
  if (firstFull >= afterLastFull) return [{ grain: 'D', from: start, toExclusive: endExclusive }];
  const out: { grain: 'M' | 'D'; from: string; toExclusive: string }[] = [];
  if (start < firstFull) out.push({ grain: 'D', from: start, toExclusive: firstFull });
  out.push({ grain: 'M', from: firstFull, toExclusive: afterLastFull });
  if (afterLastFull < endExclusive) out.push({ grain: 'D', from: afterLastFull, toExclusive: endExclusive });
  return out;
}

/**
 * Everything the calculation reads about one title (catalogue product), in one row: the stock of its
 * ERP products of the basis summed, its representative ERP product (SKU, price, cost, situation,
 * type: the selected company's, else the lowest id), the catalogue's publisher and minimum/maximum
 * stock, saldoRede, coberto, and the period's demand and lost sales as texts. Sums are bigint
 * (strings on node-postgres).
 */
export interface TitleRow {
  produto_id: number;
  /** The representative ERP product. */
  erp_produto_id: number;
  editora_id: number | null;
  situacao: string | null;
  tipo_produto_id: number | null;
  preco_centavos: string | number | null;
  custo_centavos: string | number | null;
  estoque_minimo: number | null;
  estoque_maximo: number | null;
  fisico: string | number;
  reservado: string | number;
  bloqueado: string | number;
  pedido_compra: string | number;
  /** Σ(physical − reserved − blocked + on order) over the user's other companies; null when none. */
  rede: string | number | null;
  /** Units of approved replacements the ERP stock does not show yet (docs/replenishment.md "coberto"); null when none. */
  coberto: string | number | null;
  /**
   * Net demand, one entry per rollup row, comma-separated: entry = days × 2⁴⁰ + signed units, days
   * counted from the period's first day (the reader decodes it and sums the entries of a month); null without any billing row. One bigint per row collected by `array_agg` costs the
   * database a third less than building a "month:units" text per row (1.04 → 0.69 s CPU for 1.2 million
   * rows), and node-postgres parses one text column far faster than arrays.
   */
  meses: string | null;
  /**
   * Months of the period (0-based, comma-separated, may repeat) in which the title's ERP product of
   * the selected company had no available stock on at least `STOCKOUT_SHARE` of the days the
   * stockout history observed (replenishment/stockouts); null when none.
   */
  sem_estoque: string | null;
  /** The period's net cents (best-seller ABC ranking; null unless `withValue`, and without billing rows). */
  valor_centavos: string | number | null;
  /** Lost sales as "month:units,…" (same indexes); null without any lost sale. */
  perdas: string | null;
}

/** What `titleInputsQuery` selects on. */
export interface TitleQueryOptions {
  /** Basis companies (the selected one, or the user's network under REDE). */
  basis: readonly number[];
  /** The user's other companies (saldoRede). */
  others: readonly number[];
  /** The selected company (its ERP product is the representative). */
  companyId: number;
  /** Catalogue publisher filter, or null. */
  publisherId: number | null;
  /** ERP situations to keep (a product without one counts as ''), empty = all. */
  situations: readonly string[];
  /** ERP product type to keep (a product without one counts as 0), or null. */
  productType: number | null;
  /** The period, `YYYY-MM-DD` inclusive days. */
  start: string;
  end: string;
  /** Month index (year·12 + month − 1) of the period's first month: the lost sales count months from it. */
  startIndex: number;
  considerReturns: boolean;
  /** Whether to sum the net cents sold (`valor_centavos`, for the best-seller ranking). */
  withValue: boolean;
  /**
   * Only the titles whose catalogue id ≡ `index` (mod `count`): one of `count` disjoint parts, read on
   * `count` connections at once (`calculate` on PostgreSQL); absent = every title.
   */
  part?: { index: number; count: number };
}

/** Multiplier of the day in a demand entry (`TitleRow.meses`): units up to ±2³⁹ per rollup row, days up to 8,191 (60 months ≈ 1,830). */
export const DEMAND_DAY_FACTOR = 2 ** 40;


/**
 * The query of the calculation's inputs, one `TitleRow` per candidate title (catalogue product with a
 * complete ERP product in the basis), unordered — every aggregation and merge done in the database,
 * so Node parses one row per title (it merged five result sets before: 7× the SQL floor) and can
 * read it through a cursor. Parts:
 * - candidates: the basis's ERP products linked to a catalogue product (complete records only), with
 *   their stock (0 without a stock row), grouped per title (hash aggregate: the representative is
 *   `min(id)` among the selected company's, else `min(id)` — no sort);
 * - demand: the billing rollup `rel_faturamento_produto` (reports/billing-rollups.ts), so the billing
 *   rules hold: cancelled and placeholder documents out, only billing natures (`billingNature`, as an
 *   array the rows are tested against instead of a join), month rows ('M') for whole months and day
 *   rows ('D') for partial ones (`rollupRanges`), a return on its own date on the row of what it
 *   returns, subtracted when `considerReturns` (else left out). Aggregated per ERP product first
 *   (the catalogue link joined on 100,000 groups, not on 1.2 million rows), then per title;
 * - lost sales (Terminal `VENDA_PERDIDA`) per month of the period (America/Sao_Paulo days);
 * - months without stock: the months of the period in which the selected company's ERP product of
 *   the title had no available stock on at least `STOCKOUT_SHARE` of the days observed
 *   (replenishment/stockouts: `estoque_ruptura_mes` over `estoque_observacao_mes`);
 * - saldoRede over `others`; coberto (docs/replenishment.md "coberto": an APPROVED replacement's item
 *   counts while its supplier's purchase order has not been queued, is still in the outgoing queue
 *   (PENDENTE, ENVIANDO, ERRO), or was sent after the company's last successful stock sync; a purchase
 *   order whose queue item was cleared was sent long ago: not counted).
 */
export function titleInputsQuery(o: TitleQueryOptions): SQL {
  const ranges = rollupRanges(o.start, o.end).map((r) => sql`(r.grao = ${r.grain} AND r.periodo >= ${r.from}::date AND r.periodo < ${r.toExclusive}::date)`);
  const signed = (column: string) => sql.raw(o.considerReturns ? `CASE WHEN r.devolucao THEN -r.${column} ELSE r.${column} END` : `r.${column}`);
  const month = (column: SQL) => sql`((date_part('year', ${column}) * 12 + date_part('month', ${column}))::int - ${o.startIndex + 1}::int)`;
  const filters: SQL[] = [];
  if (o.situations.length) filters.push(sql`COALESCE(rp.situacao, '') IN (${sql.join(o.situations.map((s) => sql`${s}`), sql`, `)})`);
  if (o.productType !== null) filters.push(sql`COALESCE(rp.tipo_produto_id, 0) = ${o.productType}::int`);
  // a part: the title's catalogue id modulo the count, tested where each piece is read (the demand's
  // rollup rows through their ERP product, so each part groups only its own rows)
  const inPart = (column: string) => (o.part ? sql`AND ${sql.raw(column)} % ${o.part.count}::int = ${o.part.index}::int` : sql``);
  const demandPart = o.part
    ? sql`AND r.produto_id IN (SELECT x.id FROM erp_produto x WHERE x.empresa_id IN (${ids(o.basis)}) AND x.produto_id % ${o.part.count}::int = ${o.part.index}::int)`
    : sql``;
  return sql`WITH candidato AS (
      SELECT p.produto_id, p.empresa_id, p.id, COALESCE(e.fisico, 0) AS fisico, COALESCE(e.reservado, 0) AS reservado, COALESCE(e.bloqueado, 0) AS bloqueado, COALESCE(e.pedido_compra, 0) AS pedido_compra
      FROM erp_produto p
      JOIN produto c ON c.id = p.produto_id
      LEFT JOIN erp_estoque e ON e.produto_id = p.id
      WHERE p.empresa_id IN (${ids(o.basis)}) AND p.alterado_em_erp IS NOT NULL ${inPart('p.produto_id')} ${o.publisherId != null ? sql`AND c.editora_id = ${o.publisherId}::int` : sql``}
    ), titulo AS (
      SELECT produto_id, COALESCE(min(id) FILTER (WHERE empresa_id = ${o.companyId}::int), min(id)) AS erp_produto_id,
        sum(fisico) AS fisico, sum(reservado) AS reservado, sum(bloqueado) AS bloqueado, sum(pedido_compra) AS pedido_compra
      FROM candidato GROUP BY produto_id
    ), demanda AS (
      SELECT p.produto_id, string_agg(g.meses, ',') AS meses, ${o.withValue ? sql`sum(g.valor_centavos)::bigint` : sql`NULL::bigint`} AS valor_centavos
      FROM (SELECT r.produto_id, array_to_string(array_agg((r.periodo - ${o.start}::date)::bigint * ${DEMAND_DAY_FACTOR}::bigint + ${signed('quantidade')}), ',') AS meses
          ${o.withValue ? sql`, sum(${signed('valor_centavos')}) AS valor_centavos` : sql``}
        FROM rel_faturamento_produto r
        WHERE r.operacao_id = ANY (ARRAY(SELECT o.id FROM erp_tipo_operacao_fiscal o WHERE ${billingNature('o')}))
          AND r.empresa_id IN (${ids(o.basis)}) AND (${sql.join(ranges, sql` OR `)}) ${o.considerReturns ? sql`` : sql`AND NOT r.devolucao`} ${demandPart}
        GROUP BY r.produto_id) g
      JOIN erp_produto p ON p.id = g.produto_id AND p.produto_id IS NOT NULL
      GROUP BY p.produto_id
    ), perdas AS (
      SELECT produto_id, string_agg(mes || ':' || quantidade, ',') AS perdas
      FROM (SELECT produto_id, ${month(sql`d`)} AS mes, sum(quantidade)::bigint AS quantidade
        FROM (SELECT produto_id, quantidade, (data_cadastro AT TIME ZONE 'America/Sao_Paulo')::date AS d FROM oportunidade
          WHERE tipo = 'VENDA_PERDIDA' AND produto_id IS NOT NULL AND empresa_id IN (${ids(o.basis)}) ${inPart('produto_id')}
            AND data_cadastro >= (${o.start}::date::timestamp AT TIME ZONE 'America/Sao_Paulo') AND data_cadastro < (${addDays(o.end, 1)}::date::timestamp AT TIME ZONE 'America/Sao_Paulo')) v
        GROUP BY 1, 2) m
      GROUP BY produto_id
    ), rede AS (
      SELECT p.produto_id, sum(e.fisico - e.reservado - e.bloqueado + e.pedido_compra)::bigint AS rede
      FROM erp_produto p JOIN erp_estoque e ON e.produto_id = p.id
      WHERE p.empresa_id IN (${ids(o.others)}) AND p.produto_id IS NOT NULL AND p.alterado_em_erp IS NOT NULL ${inPart('p.produto_id')}
      GROUP BY p.produto_id
    ), semestoque AS (
      SELECT p.produto_id, string_agg(${month(sql`r.mes`)}::text, ',') AS meses
      FROM estoque_ruptura_mes r
      JOIN estoque_observacao_mes ob ON ob.empresa_id = r.empresa_id AND ob.mes = r.mes
      JOIN erp_produto p ON p.id = r.produto_id AND p.produto_id IS NOT NULL
      WHERE r.empresa_id = ${o.companyId}::int AND r.mes >= date_trunc('month', ${o.start}::date) AND r.mes <= ${o.end}::date
        AND r.dias_sem_estoque >= ob.dias * ${STOCKOUT_SHARE}::numeric ${inPart('p.produto_id')}
      GROUP BY p.produto_id
    ), coberto AS (
      SELECT ri.produto_id, sum(ri.quantidade_pedido)::bigint AS quantidade
      FROM reposicao r
      JOIN reposicao_item ri ON ri.reposicao_id = r.id
      LEFT JOIN reposicao_pedido_compra pc ON pc.reposicao_id = r.id AND COALESCE(pc.editora_id, 0) = COALESCE(ri.editora_id, 0)
      LEFT JOIN fila_integracao f ON f.id = pc.fila_integracao_id
      LEFT JOIN status_integracao_entidade s ON s.empresa_id = r.empresa_id AND s.entidade = 'ESTOQUE'
      WHERE r.status = 'APROVADA' AND r.empresa_id IN (${ids(o.basis)}) AND ri.quantidade_pedido > 0 ${inPart('ri.produto_id')}
        AND (pc.id IS NULL OR (f.id IS NOT NULL AND (f.status <> 'ENVIADO' OR f.data_envio IS NULL OR s.ultima_sincronizacao IS NULL OR s.ultima_sincronizacao < f.data_envio)))
      GROUP BY ri.produto_id
    )
    SELECT t.produto_id, t.erp_produto_id, c.editora_id, rp.situacao, rp.tipo_produto_id, rp.preco_centavos, rp.custo_centavos, c.estoque_minimo, c.estoque_maximo,
      t.fisico, t.reservado, t.bloqueado, t.pedido_compra, rede.rede, cob.quantidade AS coberto, d.meses, d.valor_centavos, pe.perdas, se.meses AS sem_estoque
    FROM titulo t
    JOIN erp_produto rp ON rp.id = t.erp_produto_id
    JOIN produto c ON c.id = t.produto_id
    LEFT JOIN demanda d ON d.produto_id = t.produto_id
    LEFT JOIN perdas pe ON pe.produto_id = t.produto_id
    LEFT JOIN rede ON rede.produto_id = t.produto_id
    LEFT JOIN coberto cob ON cob.produto_id = t.produto_id
    LEFT JOIN semestoque se ON se.produto_id = t.produto_id
    ${filters.length ? sql`WHERE ${sql.join(filters, sql` AND `)}` : sql``}`;
}

/** One line as inserted (wire of `insertLines`: snake_case columns of `reposicao_calculo_item`). */
export interface LineRow {
  produto_id: number;
  erp_produto_id: number | null;
  editora_id: number | null;
  situacao: string | null;
  fisico: number;
  reservado: number;
  bloqueado: number;
  pedido_compra: number;
  disponivel: number;
  rede: number;
  coberto: number;
  estoque_minimo: number | null;
  estoque_maximo: number | null;
  demanda_media: number;
  nivel_reposicao: number;
  quantidade_sugerida: number;
  quantidade_pedido: number;
  preco_centavos: number | null;
  custo_centavos: number | null;
  metodo: string;
  /** `{1,0,3}` text of the int[] history. */
  historico: string;
  ruptura: { meses: number[]; vendasPerdidas: number[] } | null;
}

const LINE_RECORD = `produto_id int, erp_produto_id int, editora_id int, situacao varchar,
  fisico int, reservado int, bloqueado int, pedido_compra int, disponivel int, rede int, coberto int, estoque_minimo int, estoque_maximo int,
  demanda_media numeric, nivel_reposicao int, quantidade_sugerida int, quantidade_pedido int, preco_centavos bigint, custo_centavos bigint,
  metodo varchar, historico text, ruptura jsonb`;
const LINE_COLUMNS = `produto_id, erp_produto_id, editora_id, situacao, fisico, reservado, bloqueado, pedido_compra,
  disponivel, rede, coberto, estoque_minimo, estoque_maximo, demanda_media, nivel_reposicao, quantidade_sugerida, quantidade_pedido,
  preco_centavos, custo_centavos, metodo, historico, ruptura`;

/** Lines per INSERT: one JSON parameter each (a VALUES list of 26 parameters per line would hit the 65,535-parameter limit at 2,520 lines). */
export const INSERT_CHUNK = 5000;

/**
 * Inserts a calculation's lines, `INSERT_CHUNK` per statement, each chunk as ONE JSON parameter read
 * by `jsonb_to_recordset`; the texts are joined here: `isbn13` and `titulo` from the catalogue product,
 * `editora` its publisher's name, `sku` the ERP product's id, `autores` the catalogue contributors
 * (in order, "; ", at most 500 characters).
 */
export async function insertLines(db: Executor, calculationId: number, lines: readonly LineRow[]): Promise<void> {
  const select = LINE_COLUMNS.split(',')
    .map((c) => c.trim())
    .map((c) => (c === 'historico' ? 'r.historico::int[]' : `r.${c}`))
    .join(', ');
  for (let i = 0; i < lines.length; i += INSERT_CHUNK) {
    const chunk = JSON.stringify(lines.slice(i, i + INSERT_CHUNK));
    await db.execute(sql`INSERT INTO reposicao_calculo_item (calculo_id, ${sql.raw(LINE_COLUMNS)}, sku, isbn13, titulo, editora, autores)
      SELECT ${calculationId}::int, ${sql.raw(select)}, ep.id_erp, c.isbn13, c.titulo, ed.nome,
        (SELECT left(string_agg(pc.nome_completo, '; ' ORDER BY pc.ordem), 500) FROM produto_contribuidor pc WHERE pc.produto_id = r.produto_id)
      FROM json_to_recordset(${chunk}::json) AS r(${sql.raw(LINE_RECORD)})
      JOIN produto c ON c.id = r.produto_id
      LEFT JOIN erp_produto ep ON ep.id = r.erp_produto_id
      LEFT JOIN editora ed ON ed.id = c.editora_id`);
  }
}
