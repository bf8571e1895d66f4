import { sql } from 'drizzle-orm';
import {
  BILLING_COMPANY_MESSAGE,
  BILLING_DATE_ORDER_MESSAGE,
  BILLING_MAX_DAYS,
  BILLING_PERIOD_TOO_LONG_MESSAGE,
  BILLING_SORT_FIELDS,
  DEFAULT_PAGE_SIZE,
  OWN_SALES_ONLY_ROLE,
  REQUIRED,
  parseSorter,
  toPagedList,
  type BillingCompanyFigures,
  type BillingFilter,
  type BillingRow,
  type BillingTab,
  type BillingTabQuery,
  type BillingTotals,
  type PagedList,
} from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { resultRows } from '../db/rows.ts';
import type { AuthContext } from '../shared/request-auth.ts';
import { fieldError } from '../shared/errors.ts';
import { INVALID_SORTER_MESSAGE, termPattern } from '../shared/paging.ts';
import { averageTicketCents } from './billing-rules.ts';
import { BILLING_SORT_COLUMNS, billingTabSql, billingTotalsSql, type BillingScope } from './billing-report.repository.ts';

/**
 * The billing report's service (issue 17 part 2; docs/reports.md): who sees which companies and
 * sales, the checks of the filters that zod cannot make, and the wire shapes.
 */

/**
 * The caller's scope for `requested` companies (default: the selected one): each must be an active
 * company the user is linked to with an active profile holding ROLE_VISUALIZAR_RELATORIO_FATURAMENTO;
 * where the user is a seller (`usuario.ind_vendedor`) and that profile also holds
 * ROLE_SOMENTE_PROPRIAS_VENDAS, only the sales of the user's seller
 * (`usuario.codigo_vendedor_erp` = `erp_vendedor.id_erp` of that company; none → no sales) count.
 * @throws DomainError VALIDATION on `idEmpresa` for a company outside that list
 */
export async function billingScope(db: Executor, auth: AuthContext, requested: readonly number[] | undefined): Promise<BillingScope> {
  const wanted = [...new Set(requested ?? (auth.companyId ? [auth.companyId] : []))];
  if (wanted.length === 0) throw fieldError('idEmpresa', BILLING_COMPANY_MESSAGE);
  const result = await db.execute(sql`SELECT ue.empresa_id,
      (u.ind_vendedor AND EXISTS (SELECT 1 FROM perfil_permissao pp WHERE pp.perfil_id = pf.id AND position(${OWN_SALES_ONLY_ROLE} in pp.role) > 0)) AS own_only,
      (SELECT s.id FROM erp_vendedor s WHERE s.empresa_id = ue.empresa_id AND s.id_erp = u.codigo_vendedor_erp) AS seller_id
    FROM usuario_empresa ue
    JOIN usuario u ON u.id = ue.usuario_id
    JOIN empresa e ON e.id = ue.empresa_id AND e.ativo
    JOIN perfil pf ON pf.id = ue.perfil_id AND pf.ativo
    WHERE ue.usuario_id = ${auth.userId}::int
      AND EXISTS (SELECT 1 FROM perfil_permissao pp WHERE pp.perfil_id = pf.id AND position(${REQUIRED.relatorioFaturamento} in pp.role) > 0)`);
  const allowed = new Map(resultRows<{ empresa_id: number; own_only: boolean; seller_id: number | null }>(result).map((r) => [Number(r.empresa_id), r]));
  const ownSalesOnly = new Map<number, number>();
  for (const id of wanted) {
    const row = allowed.get(id);
    if (!row) throw fieldError('idEmpresa', BILLING_COMPANY_MESSAGE);
    if (row.own_only) ownSalesOnly.set(id, row.seller_id === null ? -1 : Number(row.seller_id));
  }
  return { companyIds: wanted.sort((a, b) => a - b), ownSalesOnly };
}

/**
 * Checks what zod cannot: the end is not before the start, and the period is at most 10 years.
 * @throws DomainError VALIDATION on `dataFim`
 */
export function checkPeriod(f: BillingFilter): void {
  if (f.dataFim < f.dataInicio) throw fieldError('dataFim', BILLING_DATE_ORDER_MESSAGE);
  const days = (Date.parse(`${f.dataFim}T00:00:00Z`) - Date.parse(`${f.dataInicio}T00:00:00Z`)) / 86_400_000;
  if (days > BILLING_MAX_DAYS) throw fieldError('dataFim', BILLING_PERIOD_TOO_LONG_MESSAGE);
}

/** A filter as the SQL uses it: blank texts dropped (a blank `descricaoProduto` filters nothing). */
function normalised(f: BillingFilter): BillingFilter {
  return { ...f, serie: f.serie || undefined, ean: f.ean || undefined, uf: f.uf || undefined, descricaoProduto: termPattern(f.descricaoProduto) ? f.descricaoProduto : undefined };
}

interface FiguresRow {
  chave: string;
  descricao: string;
  quantidade: string | number;
  bruto: string | number;
  dev: string | number;
  liquido: string | number;
  notas: string | number;
  por_empresa: unknown;
  participacao?: string | number;
  total_itens?: string | number;
}

function companyFigures(value: unknown, row: { quantidade: number; brutoCentavos: number; devolucoesCentavos: number; liquidoCentavos: number; notas: number }): BillingCompanyFigures[] {
  // one company: the SQL gives its id and the row is its figures
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) return [{ idEmpresa: Number(value), ...row }];
  const list = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>[];
  return list.map((c) => ({
    idEmpresa: Number(c.idEmpresa),
    quantidade: Number(c.quantidade),
    brutoCentavos: Number(c.brutoCentavos),
    devolucoesCentavos: Number(c.devolucoesCentavos),
    liquidoCentavos: Number(c.liquidoCentavos),
    notas: Number(c.notas),
  }));
}

/** A tab's row from its SQL row. */
export function toBillingRow(r: FiguresRow): BillingRow {
  const figures = {
    quantidade: Number(r.quantidade),
    brutoCentavos: Number(r.bruto),
    devolucoesCentavos: Number(r.dev),
    liquidoCentavos: Number(r.liquido),
    notas: Number(r.notas),
  };
  return { chave: r.chave, descricao: r.descricao ?? '', ...figures, participacao: Number(r.participacao ?? 0), porEmpresa: companyFigures(r.por_empresa, figures) };
}

/**
 * `GET relatorio/faturamento/totais`: gross, returns, net, units, invoices and average ticket of
 * the filters, for the caller's scope (rules in billing-rules.ts).
 * @throws DomainError VALIDATION (400) for a company outside the caller's, reversed dates, a period over 10 years
 */
export async function billingTotals(db: Executor, auth: AuthContext, query: BillingFilter): Promise<BillingTotals> {
  checkPeriod(query);
  const scope = await billingScope(db, auth, query.idEmpresa);
  const [row] = resultRows<FiguresRow>(await db.execute(billingTotalsSql(normalised(query), scope)));
  if (!row) return { brutoCentavos: 0, devolucoesCentavos: 0, liquidoCentavos: 0, quantidade: 0, notas: 0, ticketMedioCentavos: 0, porEmpresa: [] };
  const figures = toBillingRow(row);
  return {
    brutoCentavos: figures.brutoCentavos,
    devolucoesCentavos: figures.devolucoesCentavos,
    liquidoCentavos: figures.liquidoCentavos,
    quantidade: figures.quantidade,
    notas: figures.notas,
    ticketMedioCentavos: averageTicketCents(figures.liquidoCentavos, figures.notas),
    porEmpresa: figures.porEmpresa,
  };
}

/**
 * The sort of a tab: `sorter` (`campo,asc|desc`) over BILLING_SORT_FIELDS; default the date
 * ascending on the date tab, the net descending elsewhere.
 * @throws DomainError VALIDATION on `sorter`
 */
export function billingSort(tab: BillingTab, sorter: string | undefined): { column: keyof typeof BILLING_SORT_COLUMNS; direction: 'asc' | 'desc' } {
  try {
    const sort = parseSorter(sorter, BILLING_SORT_FIELDS);
    if (sort) return { column: sort.field, direction: sort.direction };
  } catch {
    throw fieldError('sorter', INVALID_SORTER_MESSAGE);
  }
  return tab === 'data' ? { column: 'chave', direction: 'asc' } : { column: 'liquidoCentavos', direction: 'desc' };
}

/**
 * `GET relatorio/faturamento/{aba}`: one page of the tab's groups (see `billingRowSchema`).
 * @throws DomainError VALIDATION (400) as `billingTotals`, and on `sorter`
 */
export async function billingTab(db: Executor, auth: AuthContext, tab: BillingTab, query: BillingTabQuery): Promise<PagedList<BillingRow>> {
  checkPeriod(query);
  const sort = billingSort(tab, query.sorter);
  const scope = await billingScope(db, auth, query.idEmpresa);
  const size = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const rows = resultRows<FiguresRow>(await db.execute(billingTabSql(tab, normalised(query), scope, sort, { limit: size, offset: query.page * size })));
  let total = rows.length > 0 ? Number(rows[0].total_itens) : 0;
  if (rows.length === 0 && query.page > 0) {
    // past the last page: the count still says how many there are
    const all = resultRows<FiguresRow>(await db.execute(billingTabSql(tab, normalised(query), scope, sort, { limit: 1, offset: 0 })));
    total = all.length > 0 ? Number(all[0].total_itens) : 0;
  }
  return toPagedList(rows.map(toBillingRow), query.page, size, total);
}

/**
 * Options of the filter pickers (at most 20, by name): clients of the companies (name or CNPJ/CPF
 * contains `term`), catalogue publishers that the companies' ERP products link to, the companies'
 * ERP subjects.
 */
export async function billingOptions(db: Executor, auth: AuthContext, kind: 'cliente' | 'editora' | 'assunto', term: string | undefined, companies: readonly number[] | undefined): Promise<{ id: number; nome: string }[]> {
  const scope = await billingScope(db, auth, companies);
  const ids = sql.raw(scope.companyIds.join(', '));
  const pattern = termPattern(term) ?? '%';
  const digits = term?.replace(/\D/g, '') ?? '';
  const query =
    kind === 'cliente'
      ? sql`SELECT c.id, COALESCE(c.razao_social, c.id_erp) || COALESCE(' (' || c.documento || ')', '') AS nome FROM erp_cliente c
          WHERE c.empresa_id IN (${ids}) AND c.alterado_em_erp IS NOT NULL
            AND (unaccent(lower(c.razao_social)) LIKE unaccent(${pattern}) OR unaccent(lower(COALESCE(c.nome_fantasia, ''))) LIKE unaccent(${pattern})
              ${digits.length >= 3 ? sql`OR c.documento LIKE ${`%${digits}%`}` : sql``})
          ORDER BY lower(c.razao_social), c.id LIMIT 20`
      : kind === 'editora'
        ? sql`SELECT e.id, e.nome FROM editora e WHERE unaccent(lower(e.nome)) LIKE unaccent(${pattern})
            AND EXISTS (SELECT 1 FROM erp_produto p JOIN produto cp ON cp.id = p.produto_id WHERE cp.editora_id = e.id AND p.empresa_id IN (${ids}))
            ORDER BY lower(e.nome), e.id LIMIT 20`
        : sql`SELECT a.id, a.descricao AS nome FROM erp_assunto a WHERE a.empresa_id IN (${ids}) AND a.alterado_em_erp IS NOT NULL
            AND unaccent(lower(a.descricao)) LIKE unaccent(${pattern}) ORDER BY lower(a.descricao), a.id LIMIT 20`;
  return resultRows<{ id: number; nome: string }>(await db.execute(query)).map((r) => ({ id: Number(r.id), nome: r.nome }));
}
