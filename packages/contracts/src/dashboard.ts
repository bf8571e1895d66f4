import { z } from 'zod';
import { idSchema, integer, text } from './common.ts';
import { isoDaySchema } from './integration.ts';

/**
 * Dashboard of Home `/` (issue 19 part 1, SPEC 2 "Dashboard"; docs/dashboard.md): wire shapes of
 * `GET dashboard`. Money in integer cents (BRL); every figure follows the billing report's rules
 * (docs/reports.md) and equals `GET relatorio/faturamento/totais` for the same period.
 */

/**
 * What the day and the month to date are compared with (docs/dashboard.md "Comparisons"):
 * - `SEMANA_ANTERIOR`: the day against the same weekday of the previous week (data − 7 days); the
 *   month to date against the same days of the previous month;
 * - `MES_ANTERIOR`: the day against the same day of the previous month (clamped to its last day);
 *   the month to date against the same days of the previous month;
 * - `ANO_ANTERIOR`: the day against the same date of the previous year (29/02 → 28/02); the month
 *   to date against the same days of the same month of the previous year.
 */
export const DASHBOARD_COMPARISONS = ['SEMANA_ANTERIOR', 'MES_ANTERIOR', 'ANO_ANTERIOR'] as const;
/** One comparison option. */
export type DashboardComparison = (typeof DASHBOARD_COMPARISONS)[number];

/** Message of an unknown `comparacao`. */
export const INVALID_DASHBOARD_COMPARISON_MESSAGE = `Comparação inválida: use ${DASHBOARD_COMPARISONS.join(', ')}`;

/**
 * Query of `GET dashboard`: `idEmpresa` (default the selected company; one where the caller holds
 * ROLE_VISUALIZAR_RELATORIO_FATURAMENTO), `data` the reference day `YYYY-MM-DD` (default today in
 * America/Sao_Paulo), `comparacao` (default SEMANA_ANTERIOR).
 */
export const dashboardQuerySchema = z.strictObject({
  idEmpresa: idSchema.optional(),
  data: isoDaySchema.optional(),
  comparacao: z.enum(DASHBOARD_COMPARISONS, { error: INVALID_DASHBOARD_COMPARISON_MESSAGE }).optional().default('SEMANA_ANTERIOR'),
});
/** Query of `GET dashboard`. */
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** A compared period: its net value in cents and the change in % (2 decimals; null when the compared value is 0). */
export const dashboardComparisonSchema = z.object({
  dataInicio: z.string(),
  dataFim: z.string(),
  valorCentavos: z.number().int(),
  percentual: z.number().nullable(),
});

/**
 * Figures of a period (the day or the month to date): net billing in cents (= the billing
 * report's `liquidoCentavos`, returns netted), units (returned units netted), invoices, average
 * ticket (net / invoices), the period itself and what it is compared with.
 */
export const dashboardPeriodSchema = z.object({
  dataInicio: z.string(),
  dataFim: z.string(),
  valorCentavos: z.number().int(),
  quantidade: z.number().int(),
  notas: z.number().int(),
  ticketMedioCentavos: z.number().int(),
  comparacao: dashboardComparisonSchema,
});
/** Figures of one period. */
export type DashboardPeriod = z.infer<typeof dashboardPeriodSchema>;

/**
 * The month's goal: `valorCentavos` the goal (null when the month has none), `realizadoCentavos`
 * the month to date net, `percentual` realised / goal × 100 (2 decimals; null without a goal or
 * with a goal of 0), `projecaoCentavos` the projection to month end, `diasUteis` the month's
 * business days, `diasUteisDecorridos` those up to and including `data`, `diasUteisRestantes`
 * those after it (halves for half days; docs/dashboard.md "Business days" and "Projection").
 */
export const dashboardGoalSchema = z.object({
  valorCentavos: z.number().int().nullable(),
  realizadoCentavos: z.number().int(),
  percentual: z.number().nullable(),
  projecaoCentavos: z.number().int(),
  diasUteis: z.number(),
  diasUteisDecorridos: z.number(),
  diasUteisRestantes: z.number(),
});

/** The day and month figures of one company of the caller (billing per company). */
export const dashboardCompanySchema = z.object({
  idEmpresa: z.number().int(),
  nome: z.string(),
  dia: dashboardPeriodSchema,
  mes: dashboardPeriodSchema,
});
/** One company's figures. */
export type DashboardCompany = z.infer<typeof dashboardCompanySchema>;

/** One month of the trend: `mes` `YYYY-MM`, its net, and the same month of the previous year's. */
export const dashboardTrendSchema = z.object({
  mes: z.string(),
  valorCentavos: z.number().int(),
  valorAnoAnteriorCentavos: z.number().int(),
});

/**
 * One of the month's best-selling titles (by units, then net): `chave` the EAN (or `id:` + ERP
 * id), title, units and net of the month to date, and the company's stock now (`estoque` on hand,
 * `disponivel` = on hand − reserved − blocked, as the Terminal shows it).
 */
export const dashboardTopTitleSchema = z.object({
  chave: z.string(),
  titulo: z.string(),
  quantidade: z.number().int(),
  valorCentavos: z.number().int(),
  estoque: z.number().int(),
  disponivel: z.number().int(),
});
/** One best-selling title. */
export type DashboardTopTitle = z.infer<typeof dashboardTopTitleSchema>;

/** Answer of `GET dashboard`. */
export const dashboardSchema = z.object({
  idEmpresa: z.number().int(),
  data: z.string(),
  comparacao: z.enum(DASHBOARD_COMPARISONS),
  dia: dashboardPeriodSchema,
  mes: dashboardPeriodSchema,
  meta: dashboardGoalSchema,
  porEmpresa: z.array(dashboardCompanySchema),
  tendencia: z.array(dashboardTrendSchema),
  maisVendidos: z.array(dashboardTopTitleSchema),
});
/** Answer of `GET dashboard`. */
export type Dashboard = z.infer<typeof dashboardSchema>;

/** How a company closes on an extra closing day: the whole day (0 business days) or the morning (½). */
export const CLOSING_PERIODS = ['INTEGRAL', 'MANHA'] as const;

/** Message of a closing day outside the body's year. */
export const CLOSING_DAY_YEAR_MESSAGE = 'A data deve ser do ano informado';
/** Message of a closing day given twice. */
export const CLOSING_DAY_REPEATED_MESSAGE = 'Data repetida';

/** A year of the closing-days calendar (2000-2100, like the goals). */
const closingYearSchema = integer({ min: 2000, max: 2100 });

/** Query of `GET dashboard/dias-fechamento?ano=`. */
export const closingDaysQuerySchema = z.strictObject({ ano: closingYearSchema });

/** One extra closing day of the selected company: day, description, `INTEGRAL` or `MANHA`. */
export const closingDaySchema = z.strictObject({
  data: isoDaySchema,
  descricao: text({ min: 1, max: 100 }),
  periodo: z.enum(CLOSING_PERIODS, { error: `Use ${CLOSING_PERIODS.join(' ou ')}` }),
});
/** One closing day. */
export type ClosingDay = z.infer<typeof closingDaySchema>;

/**
 * Body of `PUT dashboard/dias-fechamento`: the whole list of the year's closing days of the selected
 * company (it replaces the stored list of that year); every `data` in `ano`, none twice, at most 366.
 */
export const closingDaysSaveSchema = z.strictObject({ ano: closingYearSchema, dias: z.array(closingDaySchema).max(366, 'No máximo 366 dias') });
/** Body of `PUT dashboard/dias-fechamento`. */
export type ClosingDaysSave = z.infer<typeof closingDaysSaveSchema>;

/**
 * Audit record id of a company's closing days of one year: `<idEmpresa>-<ano>` (entity
 * `dia-fechamento`); the snapshot has one field per day, `YYYY-MM-DD` → `descricao (PERIODO)`.
 */
export function closingDaysAuditRecordId(idEmpresa: number, ano: number): string {
  return `${idEmpresa}-${ano}`;
}

/** Answer of both: the year and its closing days by date. */
export const closingDaysResponseSchema = z.object({
  ano: z.number().int(),
  dias: z.array(z.object({ data: z.string(), descricao: z.string(), periodo: z.enum(CLOSING_PERIODS) })),
});
/** Answer of `GET`/`PUT dashboard/dias-fechamento`. */
export type ClosingDaysResponse = z.infer<typeof closingDaysResponseSchema>;
