import { z } from 'zod';
import { MAX_PAGE_SIZE, idSchema, integer, pagedListSchema, text } from './common.ts';
import { isoDaySchema } from './integration.ts';
import { INVALID_ISBN_MESSAGE, normalizeIsbn13 } from './product-save.ts';
import { OPPORTUNITY_TYPES, opportunityTypeSchema, type OpportunityType } from './opportunities.ts';

/**
 * Opportunities report (issue 17 part 4; SPEC 2 "Opportunities report": filters by company, dates,
 * product; synthetic or analytic view; tabs purchase suggestion / lost opportunity; CSV and Excel).
 * `GET relatorio/oportunidade?visao=sintetica|analitica&tipo=VENDA_PERDIDA|SUGESTAO_COMPRA&…`
 * reads the registrations of the Terminal (`oportunidade`). Open to every signed-in user (SPEC 2:
 * the route has no role), scoped to the caller's active companies. Rules: docs/opportunity-report.md.
 */

/** The two views: `sintetica` (one row per title) and `analitica` (one row per registration). */
export const OPPORTUNITY_REPORT_VIEWS = ['sintetica', 'analitica'] as const;
/** One view. */
export type OpportunityReportView = (typeof OPPORTUNITY_REPORT_VIEWS)[number];

/** Most companies one query may name. */
export const OPPORTUNITY_REPORT_MAX_COMPANIES = 50;

/** Message of an unknown view. */
export const INVALID_OPPORTUNITY_VIEW_MESSAGE = 'Visão inválida: use sintetica ou analitica';

/**
 * `origem` of an export of the report (export queue): one per tab × view, so the Downloads drawer
 * tells them apart — `relatorio/oportunidade/venda-perdida/sintetica`,
 * `relatorio/oportunidade/sugestao-compra/analitica`, …
 */
export function opportunityReportOrigin(tipo: OpportunityType, visao: OpportunityReportView): string {
  return `relatorio/oportunidade/${tipo === 'VENDA_PERDIDA' ? 'venda-perdida' : 'sugestao-compra'}/${visao}`;
}

/** The four export origins, each with its tab and view. */
export const OPPORTUNITY_REPORT_ORIGINS: readonly { origem: string; tipo: OpportunityType; visao: OpportunityReportView }[] = OPPORTUNITY_TYPES.flatMap((tipo) =>
  OPPORTUNITY_REPORT_VIEWS.map((visao) => ({ origem: opportunityReportOrigin(tipo, visao), tipo, visao })),
);

/** A query value sent once (`?a=1`) or repeated (`?a=1&a=2`), as a list. */
const repeatedIds = z.preprocess(
  (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
  z.array(idSchema).min(1).max(OPPORTUNITY_REPORT_MAX_COMPANIES, `No máximo ${OPPORTUNITY_REPORT_MAX_COMPANIES} empresas`).optional(),
);

/** ISBN-13 / EAN-13 / ISBN-10 (hyphens and spaces allowed, check digit verified) as the 13 digits; blank = none. */
const eanFilter = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  text({ max: 20 })
    .transform((value, ctx) => {
      const ean = normalizeIsbn13(value);
      if (ean === null) {
        ctx.addIssue({ code: 'custom', message: INVALID_ISBN_MESSAGE });
        return z.NEVER;
      }
      return ean;
    })
    .optional(),
);

/**
 * Filters of the report (shared by both views and by the exports' `filtros`):
 * - `idEmpresa`: repeatable, 1–50 of the caller's active companies; default the selected company
 *   (all of the caller's companies when none is selected);
 * - `dataInicio`, `dataFim`: days `YYYY-MM-DD` in America/Sao_Paulo, both inclusive, both optional;
 * - `idProduto`: a catalogue product (also matches registrations typed without a product under
 *   its ISBN-13); `ean`: ISBN-13/EAN-13/ISBN-10; `descricao`: words of the registered description
 *   or of the catalogue title (accents and case ignored, `%` and `_` literal).
 */
export const opportunityReportFilterShape = {
  idEmpresa: repeatedIds,
  dataInicio: isoDaySchema.optional(),
  dataFim: isoDaySchema.optional(),
  idProduto: idSchema.optional(),
  ean: eanFilter,
  descricao: text({ max: 200 }).optional(),
};
/** Filters alone (strict). */
export const opportunityReportFilterSchema = z.strictObject(opportunityReportFilterShape);
/** Parsed filters. */
export type OpportunityReportFilter = z.infer<typeof opportunityReportFilterSchema>;

/**
 * Query of `GET relatorio/oportunidade` (strict): `visao` and `tipo` (the tab) required, the
 * filters, `page` (zero-based), `pageSize`/`size` (default 10), `sorter`/`sort` (`campo,asc|desc`;
 * fields of OPPORTUNITY_REPORT_SORT_FIELDS of the view).
 */
export const opportunityReportQuerySchema = z.strictObject({
  visao: z.enum(OPPORTUNITY_REPORT_VIEWS, { error: INVALID_OPPORTUNITY_VIEW_MESSAGE }),
  tipo: opportunityTypeSchema,
  ...opportunityReportFilterShape,
  page: integer({ min: 0, max: 1_000_000 }).default(0),
  pageSize: integer({ min: 1, max: MAX_PAGE_SIZE }).optional(),
  size: integer({ min: 1, max: MAX_PAGE_SIZE }).optional(),
  sorter: text({ max: 100 }).optional(),
  sort: text({ max: 100 }).optional(),
});
/** Parsed query. */
export type OpportunityReportQuery = z.infer<typeof opportunityReportQuerySchema>;

/** Sortable fields of each view (every column). Defaults: synthetic `registros,desc`, analytic `data,desc`. */
export const OPPORTUNITY_REPORT_SORT_FIELDS = {
  sintetica: ['ean', 'descricao', 'registros', 'quantidade', 'ultimaData', 'estoqueDisponivel'],
  analitica: ['data', 'empresa', 'ean', 'descricao', 'quantidade', 'motivo', 'usuario', 'observacao'],
} as const satisfies Record<OpportunityReportView, readonly string[]>;

/**
 * One title of the synthetic view:
 * - `chave`: the group — `P<id>` a catalogue product (registered with it, or typed under its
 *   ISBN-13), `E<ean>` a title the catalogue lacks, by its EAN, `D<text>` one without EAN, by its
 *   normalised description;
 * - `idProduto` (null outside the catalogue), `ean`, `descricao` (catalogue title, else the
 *   registered description);
 * - `registros`: registrations; `quantidade`: copies asked for (sum); `ultimaData`: latest
 *   registration (ISO 8601 instant);
 * - `estoqueDisponivel`: current available stock (físico − reservado − bloqueado, as the stock
 *   report) of the ERP products with that EAN, summed over the companies of the query; null when
 *   none of them stocks the EAN (or the title has no EAN).
 */
export const opportunitySyntheticRowSchema = z.object({
  chave: z.string(),
  idProduto: z.number().int().nullable(),
  ean: z.string().nullable(),
  descricao: z.string(),
  registros: z.number().int(),
  quantidade: z.number().int(),
  ultimaData: z.string(),
  estoqueDisponivel: z.number().int().nullable(),
});
/** One synthetic row. */
export type OpportunitySyntheticRow = z.infer<typeof opportunitySyntheticRowSchema>;

/**
 * One registration of the analytic view: `data` (ISO 8601 instant), company, product (`idProduto`
 * null outside the catalogue), `ean`, `descricao` as registered, `quantidade`, `motivo`,
 * `observacao`, `usuario` (null when the user was deleted).
 */
export const opportunityAnalyticRowSchema = z.object({
  id: z.number().int(),
  data: z.string(),
  idEmpresa: z.number().int(),
  empresa: z.string(),
  idProduto: z.number().int().nullable(),
  ean: z.string().nullable(),
  descricao: z.string(),
  quantidade: z.number().int(),
  motivo: z.string(),
  observacao: z.string().nullable(),
  usuario: z.string().nullable(),
});
/** One analytic row. */
export type OpportunityAnalyticRow = z.infer<typeof opportunityAnalyticRowSchema>;

/** Page of the synthetic view. */
export const opportunitySyntheticPageSchema = pagedListSchema(opportunitySyntheticRowSchema);
/** Page of the analytic view. */
export const opportunityAnalyticPageSchema = pagedListSchema(opportunityAnalyticRowSchema);
/** Answer of `GET relatorio/oportunidade`: the page of the view asked for. */
export const opportunityReportPageSchema = z.union([opportunitySyntheticPageSchema, opportunityAnalyticPageSchema]);
/** A page of either view. */
export type OpportunityReportPage = z.infer<typeof opportunityReportPageSchema>;
