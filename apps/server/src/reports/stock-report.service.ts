import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_PAGE_SIZE,
  FORBIDDEN_MESSAGE,
  REQUIRED,
  STOCK_REPORT_ORIGIN,
  STOCK_REPORT_SORT_FIELDS,
  parseSorter,
  text,
  stockReportFilterSchema,
  toPagedList,
  type StockReportFilter,
  type StockReportOptions,
  type StockReportPage,
  type StockReportQuery,
  type StockReportRow,
  type StockReportSortField,
  type StockReportTotals,
  type StockType,
} from '@acervo/contracts';
import type { Database, Db } from '../db/client.ts';
import { DomainError, fieldError } from '../shared/errors.ts';
import { termPattern, matchesTerm, INVALID_SORTER_MESSAGE } from '../shared/paging.ts';
import type { AuthContext } from '../shared/request-auth.ts';
import type { ExportSource } from '../shared/export-source.ts';
import { streamRows } from '../shared/cursor.ts';
import { resultRows } from '../db/rows.ts';

/*
 * Stock report (issue 17 part 3; docs/stock-report.md): one row per stock record (`erp_estoque`)
 * of the selected company, with its ERP product (`erp_produto`, full records only), the catalogue
 * publisher (`produto` → `editora`, else the imprint's publisher name), category (`erp_assunto`),
 * product type and situation label. One SQL text serves the page, the totals and the export (a
 * cursor over the same FROM/WHERE), so the three always agree.
 */

/** The FROM and joins of every stock query. */
const FROM = sql`
  FROM erp_estoque e
  JOIN erp_produto p ON p.id = e.produto_id AND p.alterado_em_erp IS NOT NULL
  LEFT JOIN produto c ON c.id = p.produto_id
  LEFT JOIN editora ed ON ed.id = c.editora_id
  LEFT JOIN erp_selo s ON s.id = p.selo_id
  LEFT JOIN erp_assunto a ON a.id = p.assunto_id
  LEFT JOIN erp_tipo_produto t ON t.id = p.tipo_produto_id
  LEFT JOIN produto_situacao ps ON ps.codigo = p.situacao`;

/** Expression of each output column (also the ORDER BY of each sortable field). */
const COLUMNS: Record<StockReportSortField | 'idProduto', SQL> = {
  idProduto: sql`p.id`,
  ean: sql`p.ean`,
  titulo: sql`p.titulo`,
  editora: sql`COALESCE(ed.nome, s.editora)`,
  assunto: sql`a.descricao`,
  situacao: sql`COALESCE(ps.nome, p.situacao)`,
  tipoProduto: sql`t.descricao`,
  precoCentavos: sql`p.preco_centavos`,
  custoCentavos: sql`p.custo_centavos`,
  fisico: sql`e.fisico`,
  reservado: sql`e.reservado`,
  consignado: sql`e.consignado`,
  bloqueado: sql`e.bloqueado`,
  pedidoCompra: sql`e.pedido_compra`,
  proprio: sql`(e.fisico + e.consignado)`,
  disponivel: sql`(e.fisico - e.reservado - e.bloqueado)`,
  valorCustoCentavos: sql`(GREATEST(e.fisico, 0)::bigint * COALESCE(p.custo_centavos, 0))`,
  valorCapaCentavos: sql`(GREATEST(e.fisico, 0)::bigint * p.preco_centavos)`,
};

/** Text columns sort case- and accent-insensitively. */
const TEXT_SORT = new Set<StockReportSortField>(['titulo', 'editora', 'assunto', 'situacao', 'tipoProduto']);

/** The condition of each stock type of the filter (any selected type above zero). */
const STOCK_TYPE_CONDITIONS: Record<StockType, SQL> = {
  FISICO_POSITIVO: sql`e.fisico > 0`,
  CONSIGNADO: sql`e.consignado > 0`,
  PROPRIO: sql`(e.fisico + e.consignado) > 0`,
  DISPONIVEL: sql`(e.fisico - e.reservado - e.bloqueado) > 0`,
};

const ids = (values: readonly number[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** The WHERE of the filters for one company. */
function whereClause(companyId: number, f: StockReportFilter): SQL {
  const parts: SQL[] = [sql`e.empresa_id = ${companyId}`];
  if (f.ean) parts.push(sql`p.ean LIKE ${`${f.ean}%`}`);
  const pattern = termPattern(f.descricao);
  if (pattern) parts.push(matchesTerm(sql`p.titulo`, pattern));
  if (f.idEditora?.length) parts.push(sql`c.editora_id IN (${ids(f.idEditora)})`);
  if (f.idAssunto?.length) parts.push(sql`p.assunto_id IN (${ids(f.idAssunto)})`);
  if (f.idTipoProduto?.length) parts.push(sql`p.tipo_produto_id IN (${ids(f.idTipoProduto)})`);
  if (f.situacao?.length) parts.push(sql`p.situacao IN (${sql.join(f.situacao.map((v) => sql`${v}`), sql`, `)})`);
  if (f.fisicoMenorQue !== undefined) parts.push(sql`e.fisico < ${f.fisicoMenorQue}`);
  if (f.fisicoMaiorQue !== undefined) parts.push(sql`e.fisico > ${f.fisicoMaiorQue}`);
  if (f.tiposEstoque?.length) parts.push(sql`(${sql.join([...new Set(f.tiposEstoque)].map((t) => STOCK_TYPE_CONDITIONS[t]), sql` OR `)})`);
  return sql.join(parts, sql` AND `);
}

/** The ORDER BY of a `sorter` (default `titulo,asc`), with `p.id` as tie-breaker. */
function orderBy(sorter: string | undefined): SQL {
  let sort;
  try {
    sort = parseSorter(sorter, STOCK_REPORT_SORT_FIELDS);
  } catch {
    throw fieldError('sorter', INVALID_SORTER_MESSAGE);
  }
  const { field, direction } = sort ?? { field: 'titulo' as const, direction: 'asc' as const };
  const expr = TEXT_SORT.has(field) ? sql`lower(unaccent(${COLUMNS[field]}))` : COLUMNS[field];
  const dir = sql.raw(direction === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST');
  return sql`${expr} ${dir}, p.id ${sql.raw(direction === 'desc' ? 'DESC' : 'ASC')}`;
}

/** The SELECT list (each column aliased by its wire name). */
const SELECT = sql.join(
  (Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]).map((key) => sql`${COLUMNS[key]} AS ${sql.identifier(key)}`),
  sql`, `,
);

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** A database row (PostgreSQL gives bigint as text) as the wire row. */
function toRow(r: Record<string, unknown>): StockReportRow {
  return {
    idProduto: num(r.idProduto),
    ean: String(r.ean ?? ''),
    titulo: String(r.titulo ?? ''),
    editora: (r.editora as string | null) ?? null,
    assunto: (r.assunto as string | null) ?? null,
    situacao: (r.situacao as string | null) ?? null,
    tipoProduto: (r.tipoProduto as string | null) ?? null,
    precoCentavos: num(r.precoCentavos),
    custoCentavos: r.custoCentavos === null || r.custoCentavos === undefined ? null : Number(r.custoCentavos),
    fisico: num(r.fisico),
    reservado: num(r.reservado),
    consignado: num(r.consignado),
    bloqueado: num(r.bloqueado),
    pedidoCompra: num(r.pedidoCompra),
    proprio: num(r.proprio),
    disponivel: num(r.disponivel),
    valorCustoCentavos: num(r.valorCustoCentavos),
    valorCapaCentavos: num(r.valorCapaCentavos),
  };
}

/**
 * `GET relatorio/estoque`: one page of the filtered stock of the company, sorted by `sorter`.
 * @throws DomainError VALIDATION on `sorter` for a field not in STOCK_REPORT_SORT_FIELDS
 */
export async function stockReportPage(db: Db, companyId: number, query: StockReportQuery): Promise<StockReportPage> {
  const size = query.pageSize ?? query.size ?? DEFAULT_PAGE_SIZE;
  const order = orderBy(query.sorter ?? query.sort);
  const where = whereClause(companyId, query);
  const [page, total] = await Promise.all([
    db.execute(sql`SELECT ${SELECT} ${FROM} WHERE ${where} ORDER BY ${order} LIMIT ${size} OFFSET ${query.page * size}`),
    db.execute(sql`SELECT count(*)::int AS n ${FROM} WHERE ${where}`),
  ]);
  return toPagedList(resultRows<Record<string, unknown>>(page).map(toRow), query.page, size, num(resultRows<Record<string, unknown>>(total)[0]?.n));
}

/** `GET relatorio/estoque/totais`: sums of the filtered rows (same formulas as each row). */
export async function stockReportTotals(db: Db, companyId: number, filters: StockReportFilter): Promise<StockReportTotals> {
  const result = await db.execute(sql`
    SELECT count(*)::bigint AS produtos,
      COALESCE(sum(e.fisico), 0)::bigint AS fisico, COALESCE(sum(e.reservado), 0)::bigint AS reservado,
      COALESCE(sum(e.consignado), 0)::bigint AS consignado, COALESCE(sum(e.bloqueado), 0)::bigint AS bloqueado,
      COALESCE(sum(e.pedido_compra), 0)::bigint AS "pedidoCompra",
      COALESCE(sum(${COLUMNS.proprio}), 0)::bigint AS proprio, COALESCE(sum(${COLUMNS.disponivel}), 0)::bigint AS disponivel,
      COALESCE(sum(${COLUMNS.valorCustoCentavos}), 0)::bigint AS "valorCustoCentavos",
      COALESCE(sum(${COLUMNS.valorCapaCentavos}), 0)::bigint AS "valorCapaCentavos"
    ${FROM} WHERE ${whereClause(companyId, filters)}`);
  const r = resultRows<Record<string, unknown>>(result)[0] ?? {};
  return {
    produtos: num(r.produtos),
    fisico: num(r.fisico),
    reservado: num(r.reservado),
    consignado: num(r.consignado),
    bloqueado: num(r.bloqueado),
    pedidoCompra: num(r.pedidoCompra),
    proprio: num(r.proprio),
    disponivel: num(r.disponivel),
    valorCustoCentavos: num(r.valorCustoCentavos),
    valorCapaCentavos: num(r.valorCapaCentavos),
  };
}

/** `GET relatorio/estoque/opcoes`: the publishers, categories, product types and situations the company's stock names, by name. */
export async function stockReportOptions(db: Db, companyId: number): Promise<StockReportOptions> {
  const list = async (query: SQL) => resultRows<Record<string, unknown>>(await db.execute(query)).map((r) => ({ id: Number(r.id), nome: String(r.nome) }));
  const [editoras, assuntos, tiposProduto, situacoes] = await Promise.all([
    list(sql`SELECT DISTINCT ed.id, ed.nome ${FROM} WHERE e.empresa_id = ${companyId} AND ed.id IS NOT NULL ORDER BY ed.nome`),
    list(sql`SELECT id, descricao AS nome FROM erp_assunto WHERE empresa_id = ${companyId} AND descricao IS NOT NULL ORDER BY descricao`),
    list(sql`SELECT id, descricao AS nome FROM erp_tipo_produto WHERE empresa_id = ${companyId} AND descricao IS NOT NULL ORDER BY descricao`),
    db.execute(sql`SELECT DISTINCT p.situacao AS codigo, COALESCE(ps.nome, p.situacao) AS nome ${FROM} WHERE e.empresa_id = ${companyId} AND p.situacao IS NOT NULL ORDER BY 1`),
  ]);
  return { editoras, assuntos, tiposProduto, situacoes: resultRows<Record<string, unknown>>(situacoes).map((r) => ({ codigo: String(r.codigo), nome: String(r.nome) })) };
}

/**
 * Every filtered row in the report's order (for the export), read through a cursor.
 * @param sorter the screen's `sorter` (default `titulo,asc`)
 */
export async function* stockReportRows(database: Database, companyId: number, filters: StockReportFilter, sorter?: string): AsyncGenerator<StockReportRow> {
  const query = sql`SELECT ${SELECT} ${FROM} WHERE ${whereClause(companyId, filters)} ORDER BY ${orderBy(sorter)}`;
  for await (const r of streamRows(database, query)) yield toRow(r);
}

/** The export's filters: the report's filters plus the screen's sort (paging fields are ignored). */
const stockExportFilterSchema = stockReportFilterSchema.extend({ sorter: text({ max: 100 }).optional() });

/** Export columns, in the order of `exportCells`. */
const EXPORT_COLUMNS: ExportSource['columns'] = [
  { header: 'EAN', kind: 'text', width: 16 },
  { header: 'Título', kind: 'text', width: 50 },
  { header: 'Editora', kind: 'text', width: 30 },
  { header: 'Categoria', kind: 'text', width: 24 },
  { header: 'Situação', kind: 'text', width: 20 },
  { header: 'Tipo de produto', kind: 'text', width: 20 },
  { header: 'Preço de capa (R$)', kind: 'money' },
  { header: 'Custo (R$)', kind: 'money' },
  { header: 'Físico', kind: 'integer' },
  { header: 'Reservado', kind: 'integer' },
  { header: 'Consignado', kind: 'integer' },
  { header: 'Bloqueado', kind: 'integer' },
  { header: 'Pedido de compra', kind: 'integer' },
  { header: 'Próprio', kind: 'integer' },
  { header: 'Disponível', kind: 'integer' },
  { header: 'Valor a custo (R$)', kind: 'money', width: 18 },
  { header: 'Valor a preço de capa (R$)', kind: 'money', width: 24 },
];

/** A row as the export's cells (EXPORT_COLUMNS order). */
export function exportCells(r: StockReportRow): unknown[] {
  return [r.ean, r.titulo, r.editora, r.assunto, r.situacao, r.tipoProduto, r.precoCentavos, r.custoCentavos, r.fisico, r.reservado, r.consignado, r.bloqueado, r.pedidoCompra, r.proprio, r.disponivel, r.valorCustoCentavos, r.valorCapaCentavos];
}

const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const textOrNull = (v: unknown) => (v as string | null | undefined) ?? null;

/** A database row as the export's cells, equal to `exportCells(toRow(r))`. */
function exportCellsFromRecord(r: Record<string, unknown>): unknown[] {
  return [
    String(r.ean ?? ''),
    String(r.titulo ?? ''),
    textOrNull(r.editora),
    textOrNull(r.assunto),
    textOrNull(r.situacao),
    textOrNull(r.tipoProduto),
    num(r.precoCentavos),
    numOrNull(r.custoCentavos),
    num(r.fisico),
    num(r.reservado),
    num(r.consignado),
    num(r.bloqueado),
    num(r.pedidoCompra),
    num(r.proprio),
    num(r.disponivel),
    num(r.valorCustoCentavos),
    num(r.valorCapaCentavos),
  ];
}

type StockExportFilter = StockReportFilter & { sorter?: string };

/**
 * The stock report as an export source (`origem` `relatorio/estoque`): the screen's filters and
 * sort, every row of the requester's selected company.
 */
export const STOCK_REPORT_EXPORT_SOURCES: ExportSource<StockExportFilter>[] = [
  {
    origem: STOCK_REPORT_ORIGIN,
    role: REQUIRED.relatorioEstoque,
    fileBaseName: 'relatorio_estoque',
    columns: EXPORT_COLUMNS,
    parseFilters: (filtros) => {
      const { page: _page, pageSize: _pageSize, size: _size, sort, ...rest } = (filtros ?? {}) as Record<string, unknown>;
      const parsed = stockExportFilterSchema.parse(rest.sorter === undefined && sort !== undefined ? { ...rest, sorter: sort } : rest);
      // an unknown sort field answers 400 when asked, not ERRO later
      orderBy(parsed.sorter);
      return parsed;
    },
    async *rows(database, auth, filters) {
      if (!auth.companyId) throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
      const { sorter, ...rest } = filters;
      const query = sql`SELECT ${SELECT} ${FROM} WHERE ${whereClause(auth.companyId, rest)} ORDER BY ${orderBy(sorter)}`;
      // straight from the database row to the cells (no StockReportRow in between: one object
      // less per row of a million-row export); the same values as exportCells(toRow(r))
      for await (const r of streamRows(database, query, { batchSize: 5000 })) yield exportCellsFromRecord(r);
    },
  },
];
