import { REQUIRED, stockReportFilterSchema, stockReportOptionsSchema, stockReportPageSchema, stockReportQuerySchema, stockReportTotalsSchema } from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { requireCompany } from '../shared/request-auth.ts';
import { stockReportOptions, stockReportPage, stockReportTotals } from './stock-report.service.ts';

const tags = ['Relatório de estoque'];
const security = [{ bearer: [] }];

/**
 * Stock report routes (issue 17 part 3; docs/stock-report.md), role ROLE_VISUALIZAR_RELATORIO_ESTOQUE,
 * always the selected company's stock (403 without one):
 * - `GET relatorio/estoque` (filters of `stockReportFilterSchema`, `page`, `pageSize`, `sorter`) → paged rows
 * - `GET relatorio/estoque/totais` (the same filters) → units per stock kind and values in cents
 * - `GET relatorio/estoque/opcoes` → the publishers, categories, product types and situations of the filters
 * Bad filters (unknown field, non-digit barcode, 1,000-character text, unknown sort) answer 400.
 * Exported through the export queue as `origem` `relatorio/estoque` (STOCK_REPORT_EXPORT_SOURCES).
 * Queries read `ctx.readDb` (the DATABASE_READ_URL standby when set; docs/reports.md).
 */
export const stockReportRoutes: DomainRoutes = (api, ctx) => {
  const config = { role: REQUIRED.relatorioEstoque };
  api.get(
    '/relatorio/estoque',
    { schema: { tags, summary: 'Relatório de estoque (paginado)', security, querystring: stockReportQuerySchema, response: { 200: stockReportPageSchema, ...AUTH_ERRORS } }, config },
    async (request) => stockReportPage(ctx.readDb.db, requireCompany(request), request.query),
  );
  api.get(
    '/relatorio/estoque/totais',
    { schema: { tags, summary: 'Totais do relatório de estoque', security, querystring: stockReportFilterSchema, response: { 200: stockReportTotalsSchema, ...AUTH_ERRORS } }, config },
    async (request) => stockReportTotals(ctx.readDb.db, requireCompany(request), request.query),
  );
  api.get(
    '/relatorio/estoque/opcoes',
    { schema: { tags, summary: 'Opções dos filtros do relatório de estoque', security, response: { 200: stockReportOptionsSchema, ...AUTH_ERRORS } }, config },
    async (request) => stockReportOptions(ctx.readDb.db, requireCompany(request)),
  );
};
