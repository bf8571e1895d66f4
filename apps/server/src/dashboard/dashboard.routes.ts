import { REQUIRED, dashboardQuerySchema, dashboardSchema } from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { requireAuth } from '../shared/request-auth.ts';
import { getDashboard } from './dashboard.service.ts';

/**
 * Dashboard route (issue 19 part 1, docs/dashboard.md), under `/api/core-api`:
 * - `GET dashboard?idEmpresa&data=YYYY-MM-DD&comparacao=SEMANA_ANTERIOR|MES_ANTERIOR|ANO_ANTERIOR` →
 *   `{idEmpresa, data, comparacao, dia, mes, meta, porEmpresa, tendencia, maisVendidos}` (cents).
 * Role ROLE_VISUALIZAR_RELATORIO_FATURAMENTO in the selected company (401/403 before validation):
 * the dashboard shows company billing, which only the billing report's role may read; Home itself
 * stays open to every signed-in user and shows its welcome card without the role. 400
 * `{messages:[{field, message}]}` for a malformed or impossible `data`, an unknown `comparacao`,
 * unknown fields, or an `idEmpresa` where the caller cannot read billing (as the billing report).
 */
export const dashboardRoutes: DomainRoutes = (api, ctx) => {
  api.get(
    '/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Painel: vendas do dia e do mês com comparação, meta e projeção, tendência e mais vendidos',
        security: [{ bearer: [] }],
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, ...AUTH_ERRORS },
      },
      config: { role: REQUIRED.relatorioFaturamento },
    },
    async (request) => getDashboard(ctx.db, requireAuth(request), request.query),
  );
};
