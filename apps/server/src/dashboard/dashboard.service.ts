import { isoDayInDisplayZone, type BillingFilter, type BillingTotals, type Dashboard, type DashboardComparison, type DashboardPeriod, type DashboardQuery } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import type { AuthContext } from '../shared/request-auth.ts';
import { DomainError } from '../shared/errors.ts';
import { billingScope, billingTab, billingTotals } from '../reports/billing-report.service.ts';
import { averageTicketCents } from '../reports/billing-rules.ts';
import { listGoals } from '../goals/goals.repository.ts';
import { daysInMonth, monthBusinessDays, projectMonthCents } from './business-days.ts';
import { changePercent, comparedDay, comparedMonthToDate, monthStart, trendMonths, yearBefore, type DayRange } from './dashboard-periods.ts';
import { listClosingDays, listLinkedCompanies, stockByProductKey } from './dashboard.repository.ts';

/**
 * The dashboard of Home (issue 19 part 1; docs/dashboard.md). Every money figure is read through
 * the billing report's own service (`billingTotals`, `billingTab` of reports/), so the rules
 * (cancelled out, returns netted, billing operations only, a seller's own sales only) and the
 * rollups are the report's, and the dashboard equals `GET relatorio/faturamento/totais` for the
 * same period and company by construction.
 */

/** A billing filter of the report for `companies` over `range`, returns netted. */
function filter(companies: readonly number[], range: DayRange): BillingFilter {
  return { idEmpresa: [...companies], dataInicio: range.dataInicio, dataFim: range.dataFim, considerarDevolucoes: true, agrupamento: 'dia' };
}

/** One company's figures inside the report's totals (zeros when it had no sale). */
function companyFigures(totals: BillingTotals, companyId: number): { valorCentavos: number; quantidade: number; notas: number } {
  const c = totals.porEmpresa.find((p) => p.idEmpresa === companyId);
  return { valorCentavos: c?.liquidoCentavos ?? 0, quantidade: c?.quantidade ?? 0, notas: c?.notas ?? 0 };
}

/** A period's figures of `companyId` compared with `before`'s. */
function period(range: DayRange, now: BillingTotals, compared: DayRange, before: BillingTotals, companyId: number): DashboardPeriod {
  const f = companyFigures(now, companyId);
  const b = companyFigures(before, companyId);
  return {
    ...range,
    ...f,
    ticketMedioCentavos: averageTicketCents(f.valorCentavos, f.notas),
    comparacao: { ...compared, valorCentavos: b.valorCentavos, percentual: changePercent(f.valorCentavos, b.valorCentavos) },
  };
}

/**
 * The companies of the caller the dashboard shows side by side: its active linked companies
 * where the billing report would answer (`billingScope` of reports/ accepts them: the profile
 * there holds ROLE_VISUALIZAR_RELATORIO_FATURAMENTO), by name.
 */
export async function dashboardCompanies(db: Executor, auth: AuthContext): Promise<{ id: number; nome: string }[]> {
  const out: { id: number; nome: string }[] = [];
  for (const company of await listLinkedCompanies(db, auth.userId)) {
    try {
      await billingScope(db, auth, [company.id]);
      out.push(company);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return out;
}

/**
 * `GET dashboard`: the day and month-to-date figures of `idEmpresa` (default the selected
 * company) with their comparison, the month's goal and projection over business days, the same
 * figures for every company of the caller, the 12-month trend against the previous year, and the
 * month's 10 best-selling titles with their stock. `data` defaults to today in America/Sao_Paulo.
 * @throws DomainError VALIDATION (400) on `idEmpresa` for a company where the caller cannot read billing
 */
export async function getDashboard(db: Executor, auth: AuthContext, query: DashboardQuery, today: () => Date = () => new Date()): Promise<Dashboard> {
  const day = query.data ?? isoDayInDisplayZone(today());
  const comparison: DashboardComparison = query.comparacao;
  const companyId = query.idEmpresa ?? auth.companyId ?? 0;
  await billingScope(db, auth, [companyId]); // 400 on idEmpresa outside the caller's billing companies
  const companies = await dashboardCompanies(db, auth);
  const ids = companies.map((c) => c.id);

  const dayRange = { dataInicio: day, dataFim: day };
  const dayBefore = comparedDay(day, comparison);
  const dayBeforeRange = { dataInicio: dayBefore, dataFim: dayBefore };
  const monthRange = { dataInicio: monthStart(day), dataFim: day };
  const monthBeforeRange = comparedMonthToDate(day, comparison);
  const [year, month] = day.split('-').map(Number);
  const months = trendMonths(day);
  // The reads below do not depend on each other: on PostgreSQL they go out at once, each on a
  // connection of the pool (on 5 million lines the month's best sellers take ~120 ms and the trend
  // ~50 ms: one after the other they were most of the answer's 250–300 ms); PGlite runs them in turn.
  const [dayNow, dayThen, monthNow, monthThen, goals, closing, trendRows, top] = await Promise.all([
    billingTotals(db, auth, filter(ids, dayRange)),
    billingTotals(db, auth, filter(ids, dayBeforeRange)),
    billingTotals(db, auth, filter(ids, monthRange)),
    billingTotals(db, auth, filter(ids, monthBeforeRange)),
    listGoals(db, [companyId], year),
    listClosingDays(db, companyId, monthStart(day), `${day.slice(0, 8)}${String(daysInMonth(year, month)).padStart(2, '0')}`),
    // trend: 24 months of the report's date tab by month, this year's 12 against the 12 before
    billingTab(db, auth, 'data', {
      ...filter([companyId], { dataInicio: `${yearBefore(months[0])}-01`, dataFim: day }),
      agrupamento: 'mes',
      page: 0,
      pageSize: 24,
      sorter: 'chave,asc',
    }),
    // best sellers of the month to date (the report's product tab by units)
    billingTab(db, auth, 'produto', { ...filter([companyId], monthRange), page: 0, pageSize: 10, sorter: 'quantidade,desc' }),
  ]);
  const figuresOf = (id: number) => ({
    dia: period(dayRange, dayNow, dayBeforeRange, dayThen, id),
    mes: period(monthRange, monthNow, monthBeforeRange, monthThen, id),
  });
  const own = figuresOf(companyId);

  // goal and projection over the company's business days
  const goal = goals.find((g) => g.mes === month)?.valor ?? null;
  const days = monthBusinessDays(day, closing);
  const realised = own.mes.valorCentavos;

  const byMonth = new Map(trendRows.itens.map((r) => [r.chave, r.liquidoCentavos]));

  // the best sellers' stock
  const stock = await stockByProductKey(
    db,
    companyId,
    top.itens.map((r) => r.chave),
  );

  return {
    idEmpresa: companyId,
    data: day,
    comparacao: comparison,
    ...own,
    meta: {
      valorCentavos: goal,
      realizadoCentavos: realised,
      percentual: goal ? Math.round((realised / goal) * 10_000) / 100 : null,
      projecaoCentavos: projectMonthCents(realised, days),
      diasUteis: days.total,
      diasUteisDecorridos: days.elapsed,
      diasUteisRestantes: days.remaining,
    },
    porEmpresa: companies.map((c) => ({ idEmpresa: c.id, nome: c.nome, ...figuresOf(c.id) })),
    tendencia: months.map((mes) => ({ mes, valorCentavos: byMonth.get(mes) ?? 0, valorAnoAnteriorCentavos: byMonth.get(yearBefore(mes)) ?? 0 })),
    maisVendidos: top.itens.map((r) => ({
      chave: r.chave,
      titulo: r.descricao,
      quantidade: r.quantidade,
      valorCentavos: r.liquidoCentavos,
      estoque: stock.get(r.chave)?.fisico ?? 0,
      disponivel: stock.get(r.chave)?.disponivel ?? 0,
    })),
  };
}
