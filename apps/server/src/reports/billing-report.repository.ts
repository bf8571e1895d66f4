import { sql, type SQL } from 'drizzle-orm';
import type { BillingFilter, BillingTab } from '@acervo/contracts';
import { billingLinesSql, billingNature } from './billing-rules.ts';
import { matchesTerm, termPattern } from '../shared/paging.ts';

/**
 * SQL of the billing report (docs/reports.md "How a query is answered"): picks the smallest
 * source that has every dimension the tab and the filters need — one of the three rollups
 * (billing-rollups.ts) or, for invoice number/series and the combinations no rollup holds, the
 * billing lines themselves (`billingLinesSql`) — and builds the grouped query over it.
 */

/** Who sees what: the companies, and for a seller profile flagged "own sales only" its seller. */
export interface BillingScope {
  companyIds: number[];
  /** company → the only seller (erp_vendedor.id) whose sales the caller sees there; -1 = none. */
  ownSalesOnly: Map<number, number>;
}

/** A dimension a rollup row carries. */
type Dimension = 'cliente' | 'vendedor' | 'uf' | 'produto';

/** Where the rows come from. */
type Source = { kind: 'rollup'; table: string; dims: readonly Dimension[] } | { kind: 'linhas' };

/** The rollups, smallest first. */
const ROLLUP_SOURCES: readonly Source[] = [
  { kind: 'rollup', table: 'rel_faturamento_vendedor', dims: ['vendedor', 'uf'] },
  { kind: 'rollup', table: 'rel_faturamento_documento', dims: ['cliente', 'vendedor', 'uf'] },
  { kind: 'rollup', table: 'rel_faturamento_produto', dims: ['produto'] },
];

const TAB_DIMENSION: Record<BillingTab, Dimension | null> = {
  data: null,
  cliente: 'cliente',
  vendedor: 'vendedor',
  estado: 'uf',
  produto: 'produto',
  editora: 'produto',
  assunto: 'produto',
};

/** True when a filter names product attributes. */
function hasProductFilter(f: BillingFilter): boolean {
  return f.idAssunto !== undefined || f.idEditora !== undefined || !!f.ean || !!f.descricaoProduto;
}

/** The dimensions a query needs: the tab's and its filters'. */
function neededDimensions(tab: BillingTab | null, f: BillingFilter, scope: BillingScope): Set<Dimension> {
  const dims = new Set<Dimension>();
  const tabDim = tab ? TAB_DIMENSION[tab] : null;
  if (tabDim) dims.add(tabDim);
  if (f.idCliente !== undefined) dims.add('cliente');
  if (f.uf) dims.add('uf');
  if (scope.ownSalesOnly.size > 0) dims.add('vendedor');
  if (hasProductFilter(f)) dims.add('produto');
  return dims;
}

/**
 * The source of a query: lines for an invoice filter (number, series), else the first rollup
 * holding every needed dimension, else lines.
 */
export function chooseSource(tab: BillingTab | null, f: BillingFilter, scope: BillingScope): Source {
  if (f.numeroNota !== undefined || f.serie) return { kind: 'linhas' };
  const dims = neededDimensions(tab, f, scope);
  return ROLLUP_SOURCES.find((s) => s.kind === 'rollup' && [...dims].every((d) => s.dims.includes(d))) ?? { kind: 'linhas' };
}

/** `YYYY-MM-DD` plus `days`. */
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Which rollup rows cover [start, end]: month rows for the whole months inside, day rows for the
 * partial months at either end (or day rows only when `daysOnly`, for the date tab by day), as
 * `[grao, from, toExclusive]` ranges, empty ones left out: each is one index range of the
 * rollup's primary key (empresa_id, grao, periodo, …).
 */
export function periodRanges(start: string, end: string, daysOnly: boolean): ['D' | 'M', string, string][] {
  const after = addDays(end, 1);
  if (daysOnly) return [['D', start, after]];
  const fullStart = start.endsWith('-01') ? start : `${addDays(`${start.slice(0, 7)}-01`, 32).slice(0, 7)}-01`;
  const fullEnd = after.endsWith('-01') ? after : `${end.slice(0, 7)}-01`;
  if (fullStart >= fullEnd) return [['D', start, after]];
  const ranges: ['D' | 'M', string, string][] = [['M', fullStart, fullEnd]];
  if (start < fullStart) ranges.push(['D', start, fullStart]);
  if (fullEnd < after) ranges.push(['D', fullEnd, after]);
  return ranges;
}

const ints = (values: readonly number[]): SQL => sql.raw(values.map((v) => String(Math.trunc(v))).join(', '));

/** The base rows `f` of a query, with `data`, the source's dimension columns, `operacao_id`, `devolucao`, `quantidade`, `valor_centavos` and (rollups) `notas` / (lines) `venda_id`. */
function baseRows(source: Source, f: BillingFilter, scope: BillingScope, daysOnly: boolean): SQL {
  const companies = ints(scope.companyIds);
  if (source.kind === 'linhas') {
    return billingLinesSql((d, inv) => {
      const doc = sql.raw(d);
      const invoice = sql.raw(inv);
      const parts = [sql`${doc}.empresa_id IN (${companies}) AND ${doc}.data_emissao BETWEEN ${f.dataInicio}::date AND ${f.dataFim}::date`];
      if (f.numeroNota !== undefined) parts.push(sql`${invoice}.numero = ${f.numeroNota}::int`);
      if (f.serie) parts.push(sql`${invoice}.serie = ${f.serie}`);
      return sql.join(parts, sql` AND `);
    });
  }
  const table = sql.raw(source.table);
  const parts = periodRanges(f.dataInicio, f.dataFim, daysOnly).map(
    ([grain, from, to]) => sql`SELECT f.*, f.periodo AS data FROM ${table} f
      WHERE f.empresa_id IN (${companies}) AND f.grao = ${grain} AND f.periodo >= ${from}::date AND f.periodo < ${to}::date`,
  );
  return sql.join(parts, sql` UNION ALL `);
}

/** The joins and conditions over `f` for the filters, the billing natures and the seller scope. */
function filtersSql(f: BillingFilter, scope: BillingScope, needsProduct: boolean): { joins: SQL; where: SQL } {
  const joins: SQL[] = [sql`JOIN erp_tipo_operacao_fiscal o ON o.id = f.operacao_id AND ${billingNature('o')}`];
  const where: SQL[] = [sql`true`];
  const pattern = needsProduct ? termPattern(f.descricaoProduto) : null;
  // the product tables only when a product filter reads them: a product-side tab joins them once
  // per group, after the sums (`tabGroup`); joined here they cost a lookup per rollup row
  // (the month's best sellers on 5 million lines: 156 → 115 ms)
  if (needsProduct && (f.idAssunto !== undefined || f.idEditora !== undefined || f.ean || pattern)) {
    joins.push(sql`LEFT JOIN erp_produto p ON p.id = f.produto_id LEFT JOIN produto cp ON cp.id = p.produto_id`);
    if (f.idAssunto !== undefined) where.push(sql`p.assunto_id = ${f.idAssunto}::int`);
    if (f.idEditora !== undefined) where.push(sql`cp.editora_id = ${f.idEditora}::int`);
    if (f.ean) where.push(sql`p.ean = ${f.ean}`);
    if (pattern) where.push(matchesTerm(sql`p.titulo`, pattern));
  }
  if (f.idCliente !== undefined) where.push(sql`f.cliente_id = ${f.idCliente}::int`);
  if (f.uf) where.push(sql`f.uf = ${f.uf.toUpperCase()}`);
  if (scope.ownSalesOnly.size > 0) {
    const free = scope.companyIds.filter((id) => !scope.ownSalesOnly.has(id));
    const own = [...scope.ownSalesOnly].map(([company, seller]) => sql`(f.empresa_id = ${company}::int AND f.vendedor_id = ${seller}::int)`);
    if (free.length > 0) own.push(sql`f.empresa_id IN (${ints(free)})`);
    where.push(sql`(${sql.join(own, sql` OR `)})`);
  }
  return { joins: sql.join(joins, sql` `), where: sql.join(where, sql` AND `) };
}

/**
 * How a tab groups: `id` the grouping column over the base rows `f` (an integer id where there
 * is one, so the sums run on integers before any join), then `key`, `label` and `joins` over the
 * grouped rows `g` (`g.gid`): the descriptive tables are joined once per group, not per row.
 */
function tabGroup(tab: BillingTab, f: BillingFilter): { id: SQL; key: SQL; label: SQL; joins: SQL } {
  const product = sql`LEFT JOIN erp_produto p ON p.id = g.gid LEFT JOIN produto cp ON cp.id = p.produto_id`;
  switch (tab) {
    case 'data': {
      const id = f.agrupamento === 'mes' ? sql`to_char(f.data, 'YYYY-MM')` : sql`to_char(f.data, 'YYYY-MM-DD')`;
      return { id, key: sql`g.gid`, label: sql`g.gid`, joins: sql`` };
    }
    case 'cliente':
      return {
        id: sql`f.cliente_id`,
        key: sql`COALESCE(c.documento, 'id:' || c.id_erp, '')`,
        label: sql`COALESCE(c.razao_social, c.id_erp, '')`,
        joins: sql`LEFT JOIN erp_cliente c ON c.id = g.gid`,
      };
    case 'vendedor':
      return {
        id: sql`f.vendedor_id`,
        key: sql`COALESCE(lower(s.nome), 'id:' || s.id_erp, '')`,
        label: sql`COALESCE(s.nome, s.id_erp, '')`,
        joins: sql`LEFT JOIN erp_vendedor s ON s.id = g.gid`,
      };
    case 'estado':
      return { id: sql`f.uf`, key: sql`g.gid`, label: sql`g.gid`, joins: sql`` };
    case 'produto':
      return { id: sql`f.produto_id`, key: sql`COALESCE(p.ean, 'id:' || p.id_erp, '')`, label: sql`COALESCE(p.titulo, p.id_erp, '')`, joins: product };
    case 'editora':
      return { id: sql`f.produto_id`, key: sql`COALESCE(e.id::text, '')`, label: sql`COALESCE(e.nome, '')`, joins: sql`${product} LEFT JOIN editora e ON e.id = cp.editora_id` };
    case 'assunto':
      return {
        id: sql`f.produto_id`,
        key: sql`COALESCE(lower(a.descricao), '')`,
        label: sql`COALESCE(a.descricao, '')`,
        joins: sql`${product} LEFT JOIN erp_assunto a ON a.id = p.assunto_id`,
      };
  }
}

/**
 * Per company (and group) sums: `qv`/`qd` units sold/returned, `bruto`/`dev` cents, `notas`.
 * `notas` counts distinct invoices; with a product dimension (a product-side tab or a product
 * filter) it counts (invoice, title) pairs, what the product rollup can add exactly.
 */
function groupedSql(tab: BillingTab | null, f: BillingFilter, scope: BillingScope, linesOnly = false): SQL {
  const source: Source = linesOnly ? { kind: 'linhas' } : chooseSource(tab, f, scope);
  const productDim = neededDimensions(tab, f, scope).has('produto');
  const { joins, where } = filtersSql(f, scope, productDim);
  const daysOnly = tab === 'data' && f.agrupamento === 'dia';
  const notas =
    source.kind === 'rollup'
      ? sql`sum(f.notas)`
      : productDim
        ? sql`count(DISTINCT (f.venda_id, f.produto_id)) FILTER (WHERE NOT f.devolucao)`
        : sql`count(DISTINCT f.venda_id) FILTER (WHERE NOT f.devolucao)`;
  const sums = sql`COALESCE(sum(f.quantidade) FILTER (WHERE NOT f.devolucao), 0) AS qv,
      COALESCE(sum(f.quantidade) FILTER (WHERE f.devolucao), 0) AS qd,
      COALESCE(sum(f.valor_centavos) FILTER (WHERE NOT f.devolucao), 0) AS bruto,
      COALESCE(sum(f.valor_centavos) FILTER (WHERE f.devolucao), 0) AS dev,
      ${notas} AS notas`;
  const base = sql`FROM (${baseRows(source, f, scope, daysOnly)}) f ${joins} WHERE ${where}`;
  if (!tab) return sql`SELECT f.empresa_id, '' AS chave, '' AS descricao, ${sums} ${base} GROUP BY f.empresa_id`;
  const group = tabGroup(tab, f);
  return sql`SELECT g.empresa_id, ${group.key} AS chave, min(${group.label}) AS descricao,
      sum(g.qv) AS qv, sum(g.qd) AS qd, sum(g.bruto) AS bruto, sum(g.dev) AS dev, sum(g.notas) AS notas
    FROM (SELECT f.empresa_id, ${group.id} AS gid, ${sums} ${base} GROUP BY f.empresa_id, ${group.id}) g ${group.joins}
    GROUP BY g.empresa_id, ${group.key}`;
}

/**
 * Figures of the groups over companies, with `por_empresa` (jsonb per company when several; the
 * one company's id otherwise, the row being its figures: no jsonb built for thousands of groups)
 * and net per the returns option.
 */
function figuresSql(grouped: SQL, considerReturns: boolean, severalCompanies: boolean): SQL {
  const returns = considerReturns ? '1' : '0';
  return sql`SELECT chave, min(descricao) AS descricao,
      (sum(qv) - ${sql.raw(returns)} * sum(qd))::bigint AS quantidade,
      sum(bruto)::bigint AS bruto, sum(dev)::bigint AS dev,
      (sum(bruto) - ${sql.raw(returns)} * sum(dev))::bigint AS liquido, sum(notas)::bigint AS notas,
      ${
        severalCompanies
          ? sql`jsonb_agg(jsonb_build_object('idEmpresa', empresa_id, 'quantidade', qv - ${sql.raw(returns)} * qd, 'brutoCentavos', bruto,
        'devolucoesCentavos', dev, 'liquidoCentavos', bruto - ${sql.raw(returns)} * dev, 'notas', notas) ORDER BY empresa_id)`
          : sql`min(empresa_id)`
      } AS por_empresa
    FROM (${grouped}) g GROUP BY chave`;
}

/** Sort column of each wire field. */
export const BILLING_SORT_COLUMNS = {
  chave: 'chave',
  descricao: 'lower(descricao)',
  quantidade: 'quantidade',
  brutoCentavos: 'bruto',
  devolucoesCentavos: 'dev',
  liquidoCentavos: 'liquido',
  notas: 'notas',
  participacao: 'participacao',
} as const;

/**
 * The rows of a tab with `participacao` (% of the net of all rows) and the row count
 * (`total_itens`), ordered by `sort` then `chave`; paged with `limit`/`offset` when given (the
 * export streams it whole).
 */
export function billingTabSql(
  tab: BillingTab,
  f: BillingFilter,
  scope: BillingScope,
  sort: { column: keyof typeof BILLING_SORT_COLUMNS; direction: 'asc' | 'desc' },
  page?: { limit: number; offset: number },
  linesOnly = false,
): SQL {
  const dir = sql.raw(sort.direction === 'desc' ? 'DESC' : 'ASC');
  const paging = page ? sql`LIMIT ${page.limit}::int OFFSET ${page.offset}::int` : sql``;
  return sql`SELECT r.*, CASE WHEN sum(r.liquido) OVER () = 0 THEN 0 ELSE round(100.0 * r.liquido / sum(r.liquido) OVER (), 2) END AS participacao,
      count(*) OVER () AS total_itens
    FROM (${figuresSql(groupedSql(tab, f, scope, linesOnly), f.considerarDevolucoes, scope.companyIds.length > 1)}) r
    ORDER BY ${sql.raw(BILLING_SORT_COLUMNS[sort.column])} ${dir} NULLS LAST, chave ${dir} ${paging}`;
}

/**
 * The totals (one row, `por_empresa` per company; no row when nothing matched).
 * `linesOnly` (here and in `billingTabSql`) reads the lines whatever the filters: the bench's
 * baseline, and a check that rollups and lines agree.
 */
export function billingTotalsSql(f: BillingFilter, scope: BillingScope, linesOnly = false): SQL {
  return figuresSql(groupedSql(null, f, scope, linesOnly), f.considerarDevolucoes, scope.companyIds.length > 1);
}
