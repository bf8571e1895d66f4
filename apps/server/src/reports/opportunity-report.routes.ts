import { opportunityReportPageSchema, opportunityReportQuerySchema } from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { requireAuth } from '../shared/request-auth.ts';
import { opportunityReportPage } from './opportunity-report.service.ts';

/**
 * Opportunities report route (issue 17 part 4; docs/opportunity-report.md), under `/api/core-api`:
 * `GET relatorio/oportunidade?visao=sintetica|analitica&tipo=VENDA_PERDIDA|SUGESTAO_COMPRA&idEmpresa…&dataInicio&dataFim&idProduto&ean&descricao&page&pageSize&sorter`
 * → the SPEC paged list of the view: synthetic rows `{chave, idProduto, ean, descricao, registros,
 * quantidade, ultimaData, estoqueDisponivel}` or analytic rows `{id, data, idEmpresa, empresa,
 * idProduto, ean, descricao, quantidade, motivo, observacao, usuario}`.
 * Open to every signed-in user (SPEC 2: no role), always limited to the caller's active companies
 * (`idEmpresa` repeatable; default the selected company). 400 `{messages:[{field, message}]}` for
 * an unknown view or tab, a company outside the caller's, reversed dates, a bad EAN, an unknown
 * sort field, over-long or control-character texts. Exported through the export queue under the
 * four origins of OPPORTUNITY_REPORT_EXPORT_SOURCES. Reads `ctx.readDb` (the DATABASE_READ_URL standby when set).
 */
export const opportunityReportRoutes: DomainRoutes = (api, ctx) => {
  api.get(
    '/relatorio/oportunidade',
    {
      schema: {
        tags: ['relatorios'],
        summary: 'Relatório de oportunidades (sintético por título ou analítico por registro), paginado',
        security: [{ bearer: [] }],
        querystring: opportunityReportQuerySchema,
        response: { 200: opportunityReportPageSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => opportunityReportPage(ctx.readDb.db, requireAuth(request), request.query),
  );
};
