import { z } from 'zod';
import { MAX_INT4, MAX_PAGE_SIZE, idSchema, integer, pagedListSchema, text } from './common.ts';
import { isoDaySchema } from './integration.ts';
import { isoDayInDisplayZone } from './datetime.ts';

/**
 * Billing report (issue 17 part 2, SPEC 2 "Billing report"; rules in docs/reports.md): wire shapes
 * of `GET relatorio/faturamento/totais`, `GET relatorio/faturamento/{aba}` and the filter pickers
 * `GET relatorio/faturamento/opcoes/{tipo}`. Money in integer cents (BRL).
 */

/** The seven tabs of the report, in screen order (`aba` of the path). */
export const BILLING_TABS = ['data', 'cliente', 'editora', 'assunto', 'vendedor', 'estado', 'produto'] as const;
/** One tab. */
export type BillingTab = (typeof BILLING_TABS)[number];

/** The role a seller profile holds to see only its own sales (docs/reports.md "Own sales only"). */
export const OWN_SALES_ONLY_ROLE = 'ROLE_SOMENTE_PROPRIAS_VENDAS';

/** Longest period a query may span, in days (10 years and the leap days). */
export const BILLING_MAX_DAYS = 3653;

/** Message of an unknown tab. */
export const INVALID_BILLING_TAB_MESSAGE = `Aba inválida: use ${BILLING_TABS.join(', ')}`;
/** Message of an end date before the start date. */
export const BILLING_DATE_ORDER_MESSAGE = 'A data final deve ser igual ou posterior à data inicial';
/** Message of a period longer than BILLING_MAX_DAYS. */
export const BILLING_PERIOD_TOO_LONG_MESSAGE = 'O período deve ter no máximo 10 anos';
/** Message of a company the caller cannot read the report of. */
export const BILLING_COMPANY_MESSAGE = 'Empresa sem acesso ao relatório de faturamento';

/** `true`/`false` query text as a boolean (default `fallback`). */
function queryBoolean(fallback: boolean) {
  return z
    .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'Use true ou false' }))
    .optional()
    .default(fallback);
}

/**
 * Filters shared by the totals, the tabs and the exports (`filtros` of `fila-exportacao`):
 * - `idEmpresa`: repeatable (`?idEmpresa=1&idEmpresa=2`), 1-20 companies where the caller holds
 *   ROLE_VISUALIZAR_RELATORIO_FATURAMENTO; default the selected company;
 * - `dataInicio`, `dataFim`: days `YYYY-MM-DD` (America/Sao_Paulo), inclusive, at most 10 years
 *   apart; default the current month up to today;
 * - `idAssunto` (ERP subject id), `idEditora` (catalogue publisher id), `idCliente` (ERP client id);
 * - `numeroNota`, `serie`: the invoice (a return is filtered by the invoice it returns);
 * - `ean`, `descricaoProduto` (title contains, accents and case ignored), `uf`;
 * - `considerarDevolucoes` (default true): subtract returns from the net;
 * - `agrupamento` (date tab only): `dia` (default) or `mes`.
 */
export const billingFilterSchema = z.strictObject({
  idEmpresa: z
    .preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(idSchema).min(1).max(20, 'No máximo 20 empresas'))
    .optional(),
  dataInicio: isoDaySchema.optional().default(() => `${isoDayInDisplayZone(new Date()).slice(0, 7)}-01`),
  dataFim: isoDaySchema.optional().default(() => isoDayInDisplayZone(new Date())),
  idAssunto: idSchema.optional(),
  idEditora: idSchema.optional(),
  idCliente: idSchema.optional(),
  numeroNota: integer({ min: 0, max: MAX_INT4 }).optional(),
  serie: text({ max: 10 }).optional(),
  ean: text({ max: 14 }).regex(/^\d*$/, 'Use somente dígitos').optional(),
  descricaoProduto: text({ max: 200 }).optional(),
  uf: text({ max: 2 }).regex(/^[A-Za-z]{0,2}$/, 'UF inválida').optional(),
  considerarDevolucoes: queryBoolean(true),
  agrupamento: z.enum(['dia', 'mes'], { error: 'Use dia ou mes' }).optional().default('dia'),
});
/** Filters of the billing report. */
export type BillingFilter = z.infer<typeof billingFilterSchema>;

/** Query of a tab: the filters plus paging (`page`, `pageSize` up to MAX_PAGE_SIZE, `sorter`). */
export const billingTabQuerySchema = billingFilterSchema.extend({
  page: integer({ min: 0, max: 1_000_000 }).default(0),
  pageSize: integer({ min: 1, max: MAX_PAGE_SIZE }).optional(),
  sorter: text({ max: 100 }).optional(),
});
/** Query of a tab. */
export type BillingTabQuery = z.infer<typeof billingTabQuerySchema>;

/**
 * Path of a tab: any short text here; the route answers 400 on `aba` (INVALID_BILLING_TAB_MESSAGE)
 * for one outside BILLING_TABS after the query is validated, so a bad query is named first.
 */
export const billingTabParamsSchema = z.strictObject({ aba: text({ max: 30 }) });

/** True when `value` is one of the seven tabs. */
export function isBillingTab(value: string): value is BillingTab {
  return (BILLING_TABS as readonly string[]).includes(value);
}

/** Sortable columns of a tab (every column). */
export const BILLING_SORT_FIELDS = ['chave', 'descricao', 'quantidade', 'brutoCentavos', 'devolucoesCentavos', 'liquidoCentavos', 'notas', 'participacao'] as const;

/** Figures of one company inside a row or the totals (`porEmpresa`). */
export const billingCompanyFiguresSchema = z.object({
  idEmpresa: z.number().int(),
  quantidade: z.number().int(),
  brutoCentavos: z.number().int(),
  devolucoesCentavos: z.number().int(),
  liquidoCentavos: z.number().int(),
  notas: z.number().int(),
});
/** Figures of one company. */
export type BillingCompanyFigures = z.infer<typeof billingCompanyFiguresSchema>;

/**
 * `GET relatorio/faturamento/totais`: gross (invoice lines' net values), returns, net (gross −
 * returns when considered), units, invoices, average ticket (net / invoices), all companies
 * together and `porEmpresa`.
 */
export const billingTotalsSchema = z.object({
  brutoCentavos: z.number().int(),
  devolucoesCentavos: z.number().int(),
  liquidoCentavos: z.number().int(),
  quantidade: z.number().int(),
  notas: z.number().int(),
  ticketMedioCentavos: z.number().int(),
  porEmpresa: z.array(billingCompanyFiguresSchema),
});
/** Billing totals. */
export type BillingTotals = z.infer<typeof billingTotalsSchema>;

/**
 * One row of a tab: `chave` the group (day `YYYY-MM-DD` or month `YYYY-MM`, client CNPJ/CPF,
 * catalogue publisher id, subject, seller, state, EAN), `descricao` its name, the figures,
 * `participacao` = the row's net as a percentage of the net of all rows (2 decimals), and
 * `porEmpresa` the same figures per company (several companies selected).
 */
export const billingRowSchema = z.object({
  chave: z.string(),
  descricao: z.string(),
  quantidade: z.number().int(),
  brutoCentavos: z.number().int(),
  devolucoesCentavos: z.number().int(),
  liquidoCentavos: z.number().int(),
  notas: z.number().int(),
  participacao: z.number(),
  porEmpresa: z.array(billingCompanyFiguresSchema),
});
/** One row of a tab. */
export type BillingRow = z.infer<typeof billingRowSchema>;
/** A page of a tab. */
export const billingPageSchema = pagedListSchema(billingRowSchema);

/** Pickers of the filters (`GET relatorio/faturamento/opcoes/{tipo}`). */
export const BILLING_OPTION_KINDS = ['cliente', 'editora', 'assunto'] as const;
/** Message of an unknown picker. */
export const INVALID_BILLING_OPTION_MESSAGE = `Tipo inválido: use ${BILLING_OPTION_KINDS.join(', ')}`;
/** Path of a picker (checked against BILLING_OPTION_KINDS by the route, after the query). */
export const billingOptionParamsSchema = z.strictObject({ tipo: text({ max: 30 }) });
/** Query of a picker: `term` (name or CNPJ contains), the companies. */
export const billingOptionQuerySchema = z.strictObject({
  term: text({ max: 100 }).optional(),
  idEmpresa: billingFilterSchema.shape.idEmpresa,
});
/** One option: id and name (a client's name carries its CNPJ/CPF). */
export const billingOptionSchema = z.object({ id: z.number().int(), nome: z.string() });
/** Answer of a picker: at most 20 options. */
export const billingOptionListSchema = z.array(billingOptionSchema);
