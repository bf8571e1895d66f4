import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_PAGE_SIZE,
  OPPORTUNITY_COMPANY_MESSAGE,
  OPPORTUNITY_DATE_RANGE_MESSAGE,
  OPPORTUNITY_REPORT_ORIGINS,
  OPPORTUNITY_REPORT_SORT_FIELDS,
  opportunityReportFilterSchema,
  parseSorter,
  text,
  toPagedList,
  type OpportunityAnalyticRow,
  type OpportunityReportFilter,
  type OpportunityReportQuery,
  type OpportunityReportView,
  type OpportunitySyntheticRow,
  type OpportunityType,
  type PagedList,
} from '@acervo/contracts';
import type { Database, Executor } from '../db/client.ts';
import { resultRows } from '../db/rows.ts';
import { fieldError } from '../shared/errors.ts';
import { INVALID_SORTER_MESSAGE, matchesTerm, termPattern } from '../shared/paging.ts';
import type { AuthContext } from '../shared/request-auth.ts';
import type { ExportSource } from '../shared/export-source.ts';
import { streamRows } from '../shared/cursor.ts';
import { listActiveCompaniesOfUser } from '../companies/companies.repository.ts';

/*
 * Opportunities report (issue 17 part 4; docs/opportunity-report.md): the Terminal's registrations
 * (`oportunidade`) of one tab (`tipo`), in the caller's companies, by title (synthetic) or one by
 * one (analytic). One SQL text per view serves the page, its count and the export (a cursor over
 * the same query), so the screen and the file always agree.
 */

/** Time zone of the report's days. */
const TIME_ZONE = 'America/Sao_Paulo';

/** The companies a query reads, checked against the caller's. */
export interface OpportunityScope {
  companyIds: number[];
}

/**
 * The caller's scope for `requested` companies: each must be an active company the user is linked
 * to (any profile: the report has no role); default the selected company, or every company of the
 * user when none is selected.
 * A user with no active company gets an empty scope (an empty report, not a 403, which the web
 * answers by signing out).
 * @throws DomainError VALIDATION on `idEmpresa` for a company outside the user's
 */
export async function opportunityScope(db: Executor, auth: AuthContext, requested: readonly number[] | undefined): Promise<OpportunityScope> {
  const mine = (await listActiveCompaniesOfUser(db, auth.userId)).map((c) => c.id);
  const wanted = requested?.length ? [...new Set(requested)] : auth.companyId && mine.includes(auth.companyId) ? [auth.companyId] : mine;
  for (const id of wanted) if (!mine.includes(id)) throw fieldError('idEmpresa', OPPORTUNITY_COMPANY_MESSAGE);
  return { companyIds: wanted.sort((a, b) => a - b) };
}

/** @throws DomainError VALIDATION on `dataFim` before `dataInicio` */
function checkDates(f: OpportunityReportFilter): void {
  if (f.dataInicio && f.dataFim && f.dataFim < f.dataInicio) throw fieldError('dataFim', OPPORTUNITY_DATE_RANGE_MESSAGE);
}

const ids = (values: readonly number[]) => sql.join(values.map((v) => sql`${v}::int`), sql`, `);

/**
 * The registrations of the query, each with `pid`, its catalogue product: the one it was
 * registered with, else the one whose ISBN-13 is its typed EAN (a title typed before it was
 * catalogued), else NULL. Filters: companies, tab, São Paulo days (inclusive), product.
 */
function filtered(scope: OpportunityScope, tipo: OpportunityType, f: OpportunityReportFilter): SQL {
  const where: SQL[] = [sql`o.empresa_id IN (${ids(scope.companyIds)})`, sql`o.tipo = ${tipo}`];
  if (f.dataInicio) where.push(sql`o.data_cadastro >= (${f.dataInicio}::date::timestamp AT TIME ZONE ${TIME_ZONE})`);
  if (f.dataFim) where.push(sql`o.data_cadastro < ((${f.dataFim}::date + 1)::timestamp AT TIME ZONE ${TIME_ZONE})`);
  if (f.idProduto !== undefined) where.push(sql`COALESCE(o.produto_id, pe.id) = ${f.idProduto}::int`);
  if (f.ean) where.push(sql`COALESCE(p.isbn13, pe.isbn13, o.ean) = ${f.ean}`);
  const pattern = termPattern(f.descricao);
  if (pattern) where.push(sql`(${matchesTerm(sql`o.descricao`, pattern)} OR ${matchesTerm(sql`COALESCE(p.titulo, pe.titulo, '')`, pattern)})`);
  return sql`SELECT o.id, o.empresa_id, o.usuario_id, o.motivo_id, o.ean AS ean_digitado, o.descricao, o.quantidade, o.observacao, o.data_cadastro,
      COALESCE(o.produto_id, pe.id) AS pid, COALESCE(p.isbn13, pe.isbn13, o.ean) AS ean, COALESCE(p.titulo, pe.titulo) AS titulo
    FROM oportunidade o
    LEFT JOIN produto p ON p.id = o.produto_id
    LEFT JOIN produto pe ON o.produto_id IS NULL AND o.ean IS NOT NULL AND pe.isbn13 = o.ean
    WHERE ${sql.join(where, sql` AND `)}`;
}

/**
 * The synthetic view: one row per title (see `opportunitySyntheticRowSchema` for the key and the
 * stock), every column named as on the wire so ORDER BY can name it.
 */
function syntheticSql(scope: OpportunityScope, tipo: OpportunityType, f: OpportunityReportFilter): SQL {
  return sql`SELECT g.*,
      (SELECT sum(e.fisico - e.reservado - e.bloqueado)::int FROM erp_produto ep JOIN erp_estoque e ON e.produto_id = ep.id
        WHERE ep.empresa_id IN (${ids(scope.companyIds)}) AND ep.ean = g.ean AND ep.alterado_em_erp IS NOT NULL) AS "estoqueDisponivel"
    FROM (
      SELECT CASE WHEN r.pid IS NOT NULL THEN 'P' || r.pid WHEN r.ean IS NOT NULL THEN 'E' || r.ean ELSE 'D' || acervo_normalize(r.descricao) END AS chave,
        max(r.pid) AS "idProduto", max(r.ean) AS ean, COALESCE(max(r.titulo), min(r.descricao)) AS descricao,
        count(*)::int AS registros, sum(r.quantidade)::int AS quantidade, max(r.data_cadastro) AS "ultimaData"
      FROM (${filtered(scope, tipo, f)}) r
      GROUP BY 1
    ) g`;
}

/** The analytic view: one row per registration with its company, reason and user. */
function analyticSql(scope: OpportunityScope, tipo: OpportunityType, f: OpportunityReportFilter): SQL {
  return sql`SELECT r.id, r.data_cadastro AS data, r.empresa_id AS "idEmpresa", c.nome AS empresa, r.pid AS "idProduto", r.ean,
      r.descricao, r.quantidade, m.nome AS motivo, r.observacao, u.nome AS usuario
    FROM (${filtered(scope, tipo, f)}) r
    JOIN empresa c ON c.id = r.empresa_id
    JOIN motivo_oportunidade m ON m.id = r.motivo_id
    LEFT JOIN usuario u ON u.id = r.usuario_id`;
}

/** Text columns sort case- and accent-insensitively. */
const TEXT_SORT = new Set<string>(['descricao', 'empresa', 'motivo', 'usuario', 'observacao']);
/** Default sort of each view. */
const DEFAULT_SORT: Record<OpportunityReportView, { field: string; direction: 'asc' | 'desc' }> = {
  sintetica: { field: 'registros', direction: 'desc' },
  analitica: { field: 'data', direction: 'desc' },
};

/**
 * The ORDER BY of a view's `sorter` over the view's output (`v`), nulls last in either
 * direction, then the row key (`chave` or `id`) so pages are stable.
 * @throws DomainError VALIDATION on `sorter` for a field the view cannot sort by
 */
function orderBy(view: OpportunityReportView, sorter: string | undefined): SQL {
  let sort;
  try {
    sort = parseSorter(sorter, OPPORTUNITY_REPORT_SORT_FIELDS[view]);
  } catch {
    throw fieldError('sorter', INVALID_SORTER_MESSAGE);
  }
  const { field, direction } = sort ?? DEFAULT_SORT[view];
  const column = sql`v.${sql.identifier(field)}`;
  const expr = TEXT_SORT.has(field) ? sql`lower(unaccent(${column}))` : column;
  const dir = sql.raw(direction === 'desc' ? 'DESC' : 'ASC');
  const tie = view === 'sintetica' ? sql`v.chave` : sql`v.id`;
  return sql`${expr} ${dir} NULLS LAST, ${tie} ${dir}`;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const nullableNum = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** A database row as the synthetic wire row. */
function toSyntheticRow(r: Record<string, unknown>): OpportunitySyntheticRow {
  return {
    chave: String(r.chave),
    idProduto: nullableNum(r.idProduto),
    ean: (r.ean as string | null) ?? null,
    descricao: String(r.descricao ?? ''),
    registros: num(r.registros),
    quantidade: num(r.quantidade),
    ultimaData: iso(r.ultimaData),
    estoqueDisponivel: nullableNum(r.estoqueDisponivel),
  };
}

/** A database row as the analytic wire row. */
function toAnalyticRow(r: Record<string, unknown>): OpportunityAnalyticRow {
  return {
    id: num(r.id),
    data: iso(r.data),
    idEmpresa: num(r.idEmpresa),
    empresa: String(r.empresa ?? ''),
    idProduto: nullableNum(r.idProduto),
    ean: (r.ean as string | null) ?? null,
    descricao: String(r.descricao ?? ''),
    quantidade: num(r.quantidade),
    motivo: String(r.motivo ?? ''),
    observacao: (r.observacao as string | null) ?? null,
    usuario: (r.usuario as string | null) ?? null,
  };
}

/** The SQL of a view. */
const viewSql = (view: OpportunityReportView, scope: OpportunityScope, tipo: OpportunityType, f: OpportunityReportFilter) =>
  view === 'sintetica' ? syntheticSql(scope, tipo, f) : analyticSql(scope, tipo, f);

/**
 * `GET relatorio/oportunidade`: one page of a view of one tab, in the caller's companies.
 * @returns the SPEC paged list of synthetic or analytic rows
 * @throws DomainError VALIDATION on `idEmpresa` (not one of the caller's active companies),
 *   `dataFim` (before `dataInicio`) or `sorter` (not a column of the view)
 */
export async function opportunityReportPage(db: Executor, auth: AuthContext, query: OpportunityReportQuery): Promise<PagedList<OpportunitySyntheticRow> | PagedList<OpportunityAnalyticRow>> {
  const order = orderBy(query.visao, query.sorter ?? query.sort);
  checkDates(query);
  const scope = await opportunityScope(db, auth, query.idEmpresa);
  const size = query.pageSize ?? query.size ?? DEFAULT_PAGE_SIZE;
  if (scope.companyIds.length === 0) return toPagedList([], query.page, size, 0);
  const source = viewSql(query.visao, scope, query.tipo, query);
  const [page, total] = await Promise.all([
    db.execute(sql`SELECT * FROM (${source}) v ORDER BY ${order} LIMIT ${size} OFFSET ${query.page * size}`),
    db.execute(sql`SELECT count(*)::int AS n FROM (${source}) v`),
  ]);
  const rows = resultRows<Record<string, unknown>>(page);
  const count = num(resultRows<Record<string, unknown>>(total)[0]?.n);
  return query.visao === 'sintetica' ? toPagedList(rows.map(toSyntheticRow), query.page, size, count) : toPagedList(rows.map(toAnalyticRow), query.page, size, count);
}

/** The export's filters: the report's filters plus the screen's sort (paging fields are ignored). */
const exportFilterSchema = opportunityReportFilterSchema.extend({ sorter: text({ max: 100 }).optional() });
/** Parsed export filters. */
type OpportunityExportFilter = OpportunityReportFilter & { sorter?: string };

/** Columns of the synthetic export, in the order of `syntheticCells`. */
const SYNTHETIC_COLUMNS: ExportSource['columns'] = [
  { header: 'EAN', kind: 'text', width: 16 },
  { header: 'Título', kind: 'text', width: 50 },
  { header: 'Registros', kind: 'integer' },
  { header: 'Quantidade', kind: 'integer' },
  { header: 'Último registro', kind: 'date', width: 18 },
  { header: 'Estoque disponível', kind: 'integer', width: 18 },
];
/** Columns of the analytic export, in the order of `analyticCells`. */
const ANALYTIC_COLUMNS: ExportSource['columns'] = [
  { header: 'Data', kind: 'date', width: 18 },
  { header: 'Empresa', kind: 'text', width: 30 },
  { header: 'EAN', kind: 'text', width: 16 },
  { header: 'Descrição', kind: 'text', width: 50 },
  { header: 'Quantidade', kind: 'integer' },
  { header: 'Motivo', kind: 'text', width: 24 },
  { header: 'Usuário', kind: 'text', width: 24 },
  { header: 'Observação', kind: 'text', width: 50 },
];

/** A synthetic row as export cells (SYNTHETIC_COLUMNS order). */
export const syntheticCells = (r: OpportunitySyntheticRow): unknown[] => [r.ean, r.descricao, r.registros, r.quantidade, r.ultimaData, r.estoqueDisponivel];
/** An analytic row as export cells (ANALYTIC_COLUMNS order). */
export const analyticCells = (r: OpportunityAnalyticRow): unknown[] => [r.data, r.empresa, r.ean, r.descricao, r.quantidade, r.motivo, r.usuario, r.observacao];

/**
 * Every row of a view of a tab (no paging), in the screen's order, read through a cursor.
 * @param sorter the screen's `sorter` (default: synthetic `registros,desc`, analytic `data,desc`)
 */
export async function* opportunityReportRows(
  database: Database,
  auth: AuthContext,
  view: OpportunityReportView,
  tipo: OpportunityType,
  filters: OpportunityReportFilter,
  sorter?: string,
): AsyncGenerator<unknown[]> {
  const scope = await opportunityScope(database.db, auth, filters.idEmpresa);
  if (scope.companyIds.length === 0) return;
  const query = sql`SELECT * FROM (${viewSql(view, scope, tipo, filters)}) v ORDER BY ${orderBy(view, sorter)}`;
  for await (const r of streamRows(database, query)) yield view === 'sintetica' ? syntheticCells(toSyntheticRow(r)) : analyticCells(toAnalyticRow(r));
}

/**
 * The report as export sources: one `origem` per tab × view (OPPORTUNITY_REPORT_ORIGINS, e.g.
 * `relatorio/oportunidade/venda-perdida/sintetica`), any signed-in user, the screen's filters and
 * sort; `visao` and `tipo` come from the origin (sent in `filtros` too, they must agree with it).
 */
export const OPPORTUNITY_REPORT_EXPORT_SOURCES: ExportSource<OpportunityExportFilter>[] = OPPORTUNITY_REPORT_ORIGINS.map(({ origem, tipo, visao }) => ({
  origem,
  role: undefined,
  fileBaseName: `oportunidades_${tipo === 'VENDA_PERDIDA' ? 'venda_perdida' : 'sugestao_compra'}_${visao}`,
  columns: visao === 'sintetica' ? SYNTHETIC_COLUMNS : ANALYTIC_COLUMNS,
  parseFilters: (filtros) => {
    const { page: _page, pageSize: _pageSize, size: _size, sort, visao: askedView, tipo: askedType, ...rest } = (filtros ?? {}) as Record<string, unknown>;
    if (askedView !== undefined && askedView !== visao) throw fieldError('visao', `Use ${visao} nesta origem`);
    if (askedType !== undefined && askedType !== tipo) throw fieldError('tipo', `Use ${tipo} nesta origem`);
    const parsed = exportFilterSchema.parse(rest.sorter === undefined && sort !== undefined ? { ...rest, sorter: sort } : rest);
    // bad sort and reversed dates answer 400 when asked, not ERRO later
    orderBy(visao, parsed.sorter);
    checkDates(parsed);
    return parsed;
  },
  async *rows(database, auth, filters) {
    const { sorter, ...rest } = filters;
    yield* opportunityReportRows(database, auth, visao, tipo, rest, sorter);
  },
}));
