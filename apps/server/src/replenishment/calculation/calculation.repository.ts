import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { billingNature } from '../../reports/billing-rules.ts';

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

/** One ERP product of a basis company linked to a catalogue product, with its stock (units; cents). */
export interface CandidateRow {
  produto_id: number;
  empresa_id: number;
  erp_produto_id: number;
  editora_id: number | null;
  situacao: string | null;
  tipo_produto_id: number | null;
  preco_centavos: string | number | null;
  custo_centavos: string | number | null;
  estoque_minimo: number | null;
  estoque_maximo: number | null;
  fisico: number;
  reservado: number;
  bloqueado: number;
  pedido_compra: number;
}

/**
 * The ERP products of the basis companies linked (`erp_produto.produto_id`) to a catalogue product,
 * complete records only, with their stock (0 without a stock row) and the catalogue's publisher and
 * minimum/maximum stock; `publisherId` filters on the catalogue publisher. Only numbers and codes:
 * the texts of the lines (ISBN, title, SKU, publisher, authors) are joined when they are inserted. One row per
 * ERP product: the service merges a title's rows (a title in several companies under REDE, or two
 * ERP products of one company with the same EAN) and picks the representative — a plain join that
 * both PGlite and PostgreSQL answer without sorting (DISTINCT ON over a CTE cost 4× more on PGlite).
 */
export async function readCandidates(db: Executor, basis: readonly number[], publisherId: number | null): Promise<CandidateRow[]> {
  const result = await db.execute(sql`SELECT p.produto_id, p.empresa_id, p.id AS erp_produto_id, c.editora_id, p.situacao, p.tipo_produto_id, p.preco_centavos, p.custo_centavos, c.estoque_minimo, c.estoque_maximo,
      COALESCE(e.fisico, 0) AS fisico, COALESCE(e.reservado, 0) AS reservado, COALESCE(e.bloqueado, 0) AS bloqueado, COALESCE(e.pedido_compra, 0) AS pedido_compra
    FROM erp_produto p
    JOIN produto c ON c.id = p.produto_id
    LEFT JOIN erp_estoque e ON e.produto_id = p.id
    WHERE p.empresa_id IN (${ids(basis)}) AND p.alterado_em_erp IS NOT NULL ${publisherId != null ? sql`AND c.editora_id = ${publisherId}::int` : sql``}`);
  return resultRows<CandidateRow>(result);
}

/** Σ(physical − reserved − blocked + on order) per catalogue product over `companies` (saldoRede: the user's companies but the selected). */
export async function readNetworkBalance(db: Executor, companies: readonly number[]): Promise<{ produto_id: number; rede: string | number }[]> {
  if (companies.length === 0) return [];
  const result = await db.execute(sql`SELECT p.produto_id, sum(e.fisico - e.reservado - e.bloqueado + e.pedido_compra)::bigint AS rede
    FROM erp_produto p JOIN erp_estoque e ON e.produto_id = p.id
    WHERE p.empresa_id IN (${ids(companies)}) AND p.produto_id IS NOT NULL AND p.alterado_em_erp IS NOT NULL
    GROUP BY p.produto_id`);
  return resultRows(result);
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
 * Demand of one title: `meses` = "index:units,index:units,…" (index = year·12 + month − 1; an index may
 * repeat, one entry per fiscal operation, company and invoice/return: the reader sums them), plus the
 * period's net units and net cents (best-seller ranking). Text, not int[] arrays: PGlite parses a text
 * column several times faster than two arrays, and one aggregation level hashes instead of sorting.
 */
export interface DemandRow {
  produto_id: number;
  meses: string;
  quantidade: string | number;
  valor_centavos: string | number;
}

/**
 * Monthly net demand per catalogue product over the basis companies, from the billing rollup
 * `rel_faturamento_produto` (reports/billing-rollups.ts), so the billing rules hold: cancelled and
 * placeholder documents out, only billing natures (`billingNature`), a return on its own date on
 * the row of what it returns, subtracted when `considerReturns` (else left out).
 */
export async function readDemand(db: Executor, basis: readonly number[], start: string, end: string, considerReturns: boolean): Promise<DemandRow[]> {
  const ranges = rollupRanges(start, end).map((r) => sql`(r.grao = ${r.grain} AND r.periodo >= ${r.from}::date AND r.periodo < ${r.toExclusive}::date)`);
  const signed = (column: string) => sql.raw(considerReturns ? `CASE WHEN r.devolucao THEN -r.${column} ELSE r.${column} END` : `r.${column}`);
  const result = await db.execute(sql`SELECT p.produto_id,
      string_agg((extract(year FROM r.periodo)::int * 12 + extract(month FROM r.periodo)::int - 1) || ':' || ${signed('quantidade')}, ',') AS meses,
      sum(${signed('quantidade')})::bigint AS quantidade, sum(${signed('valor_centavos')})::bigint AS valor_centavos
    FROM rel_faturamento_produto r
    JOIN erp_tipo_operacao_fiscal o ON o.id = r.operacao_id AND ${billingNature('o')}
    JOIN erp_produto p ON p.id = r.produto_id AND p.produto_id IS NOT NULL
    WHERE r.empresa_id IN (${ids(basis)}) AND (${sql.join(ranges, sql` OR `)}) ${considerReturns ? sql`` : sql`AND NOT r.devolucao`}
    GROUP BY p.produto_id`);
  return resultRows<DemandRow>(result);
}

/** Lost sales (Terminal `VENDA_PERDIDA`) per catalogue product and month of the period (America/Sao_Paulo days). */
export async function readLostSales(db: Executor, basis: readonly number[], start: string, end: string): Promise<{ produto_id: number; mes: number; quantidade: string | number }[]> {
  const result = await db.execute(sql`SELECT produto_id, (extract(year FROM d)::int * 12 + extract(month FROM d)::int - 1) AS mes, sum(quantidade)::bigint AS quantidade
    FROM (SELECT produto_id, quantidade, (data_cadastro AT TIME ZONE 'America/Sao_Paulo')::date AS d FROM oportunidade
      WHERE tipo = 'VENDA_PERDIDA' AND produto_id IS NOT NULL AND empresa_id IN (${ids(basis)})
        AND data_cadastro >= (${start}::date::timestamp AT TIME ZONE 'America/Sao_Paulo') AND data_cadastro < (${addDays(end, 1)}::date::timestamp AT TIME ZONE 'America/Sao_Paulo')) o
    GROUP BY 1, 2`);
  return resultRows(result);
}

/**
 * Units already covered by APPROVED replacements of the basis companies that the ERP stock does not
 * show yet (docs/replenishment.md, "coberto"): an item counts while its supplier's purchase order
 * has not been queued (no `reposicao_pedido_compra` row yet), is still in the outgoing queue
 * (PENDENTE, ENVIANDO, ERRO), or was sent (`data_envio`) after the company's last successful stock
 * sync (`status_integracao_entidade` ESTOQUE) — until then `erp_estoque.pedido_compra` cannot hold it.
 * A purchase order whose queue item was cleared (link null) was sent long ago: not counted.
 */
export async function readCovered(db: Executor, basis: readonly number[]): Promise<{ produto_id: number; quantidade: string | number }[]> {
  const result = await db.execute(sql`SELECT ri.produto_id, sum(ri.quantidade_pedido)::bigint AS quantidade
    FROM reposicao r
    JOIN reposicao_item ri ON ri.reposicao_id = r.id
    LEFT JOIN reposicao_pedido_compra pc ON pc.reposicao_id = r.id AND COALESCE(pc.editora_id, 0) = COALESCE(ri.editora_id, 0)
    LEFT JOIN fila_integracao f ON f.id = pc.fila_integracao_id
    LEFT JOIN status_integracao_entidade s ON s.empresa_id = r.empresa_id AND s.entidade = 'ESTOQUE'
    WHERE r.status = 'APROVADA' AND r.empresa_id IN (${ids(basis)}) AND ri.quantidade_pedido > 0
      AND (pc.id IS NULL OR (f.id IS NOT NULL AND (f.status <> 'ENVIADO' OR f.data_envio IS NULL OR s.ultima_sincronizacao IS NULL OR s.ultima_sincronizacao < f.data_envio)))
    GROUP BY ri.produto_id`);
  return resultRows(result);
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
      FROM jsonb_to_recordset(${chunk}::jsonb) AS r(${sql.raw(LINE_RECORD)})
      JOIN produto c ON c.id = r.produto_id
      LEFT JOIN erp_produto ep ON ep.id = r.erp_produto_id
      LEFT JOIN editora ed ON ed.id = c.editora_id`);
  }
}
