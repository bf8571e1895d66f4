import { REQUIRED, closingDaysQuerySchema, closingDaysResponseSchema, closingDaysSaveSchema, dashboardQuerySchema, dashboardSchema } from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { requireAuth, requireCompany } from '../shared/request-auth.ts';
import { getDashboard } from './dashboard.service.ts';
import { getClosingDays, saveClosingDays } from './closing-days.service.ts';

/**
 * Dashboard route (issue 19 part 1, docs/dashboard.md), under `/api/core-api`:
 * - `GET dashboard?idEmpresa&data=YYYY-MM-DD&comparacao=SEMANA_ANTERIOR|MES_ANTERIOR|ANO_ANTERIOR` →
 *   `{idEmpresa, data, comparacao, dia, mes, meta, porEmpresa, tendencia, maisVendidos}` (cents).
 * Role ROLE_VISUALIZAR_RELATORIO_FATURAMENTO in the selected company (401/403 before validation):
 * the dashboard shows company billing, which only the billing report's role may read; Home itself
 * stays open to every signed-in user and shows its welcome card without the role. 400
 * `{messages:[{field, message}]}` for a malformed or impossible `data`, an unknown `comparacao`,
 * unknown fields, or an `idEmpresa` where the caller cannot read billing (as the billing report).
 * - `GET dashboard/dias-fechamento?ano=` → `{ano, dias: [{data, descricao, periodo}]}`: the selected
 *   company's extra closing days of that year (role ROLE_VISUALIZAR_RELATORIO_FATURAMENTO, who sees
 *   the projection they feed, or ROLE_VISUALIZAR_METAS, who edits them on the goals screen);
 * - `PUT dashboard/dias-fechamento {ano, dias}` → the same after replacing that year's list (role
 *   ROLE_VISUALIZAR_METAS: who keeps the goals keeps the calendar the projection uses); 400 on
 *   `dias.N.data` for a day outside `ano` or given twice, `dias.N.periodo` not INTEGRAL/MANHA;
 *   each change is audited (entity `dia-fechamento`, record `<idEmpresa>-<ano>`).
 * `GET dashboard` reads `ctx.readDb` (the DATABASE_READ_URL standby when set; docs/reports.md); the closing days read and write the primary.
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
    async (request) => getDashboard(ctx.readDb.db, requireAuth(request), request.query),
  );

  api.get(
    '/dashboard/dias-fechamento',
    {
      schema: { tags: ['dashboard'], summary: 'Dias de fechamento da empresa selecionada em um ano', security: [{ bearer: [] }], querystring: closingDaysQuerySchema, response: { 200: closingDaysResponseSchema, ...AUTH_ERRORS } },
      config: { role: [REQUIRED.relatorioFaturamento, REQUIRED.metas] },
    },
    async (request) => getClosingDays(ctx.db, requireCompany(request), request.query.ano),
  );

  api.put(
    '/dashboard/dias-fechamento',
    {
      schema: { tags: ['dashboard'], summary: 'Substitui os dias de fechamento de um ano da empresa selecionada', security: [{ bearer: [] }], body: closingDaysSaveSchema, response: { 200: closingDaysResponseSchema, ...AUTH_ERRORS } },
      config: { role: REQUIRED.metas },
    },
    async (request) => saveClosingDays(ctx.db, requireAuth(request), requireCompany(request), request.body),
  );
};
