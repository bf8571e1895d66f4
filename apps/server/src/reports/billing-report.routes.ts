import {
  BILLING_OPTION_KINDS,
  INVALID_BILLING_OPTION_MESSAGE,
  INVALID_BILLING_TAB_MESSAGE,
  REQUIRED,
  isBillingTab,
  billingFilterSchema,
  billingOptionListSchema,
  billingOptionParamsSchema,
  billingOptionQuerySchema,
  billingPageSchema,
  billingTabParamsSchema,
  billingTabQuerySchema,
  billingTotalsSchema,
} from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { requireAuth } from '../shared/request-auth.ts';
import { fieldError } from '../shared/errors.ts';
import { billingOptions, billingTab, billingTotals } from './billing-report.service.ts';

/**
 * Billing report routes (issue 17 part 2, docs/reports.md), under `/api/core-api`, role
 * ROLE_VISUALIZAR_RELATORIO_FATURAMENTO in the selected company (401/403 before validation);
 * every query is limited to the companies (`idEmpresa`, repeatable, default the selected one)
 * where the caller holds that role, and to the caller's own sales where its profile there holds
 * ROLE_SOMENTE_PROPRIAS_VENDAS:
 * - `GET relatorio/faturamento/totais?dataInicio&dataFim&…` → `{brutoCentavos, devolucoesCentavos,
 *   liquidoCentavos, quantidade, notas, ticketMedioCentavos, porEmpresa}`;
 * - `GET relatorio/faturamento/{aba}?…&page&pageSize&sorter` (aba: data, cliente, editora, assunto,
 *   vendedor, estado, produto) → paged `{chave, descricao, quantidade, brutoCentavos,
 *   devolucoesCentavos, liquidoCentavos, notas, participacao, porEmpresa}`;
 * - `GET relatorio/faturamento/opcoes/{tipo}?term&idEmpresa` (tipo: cliente, editora, assunto) →
 *   up to 20 `{id, nome}` for the filters.
 * 400 `{messages:[{field, message}]}` for a company outside the caller's, reversed dates, a period
 * over 10 years, an unknown tab or sort field, over-long or malformed texts.
 * Queries read `ctx.readDb` (the DATABASE_READ_URL standby when set; docs/reports.md).
 */
export const billingReportRoutes: DomainRoutes = (api, ctx) => {
  const config = { role: REQUIRED.relatorioFaturamento };
  const tags = ['relatorios'];
  const security = [{ bearer: [] }];

  api.get(
    '/relatorio/faturamento/totais',
    { schema: { tags, summary: 'Totais do faturamento (centavos)', security, querystring: billingFilterSchema, response: { 200: billingTotalsSchema, ...AUTH_ERRORS } }, config },
    async (request) => billingTotals(ctx.readDb.db, requireAuth(request), request.query),
  );

  api.get(
    '/relatorio/faturamento/opcoes/:tipo',
    {
      schema: {
        tags,
        summary: 'Opções dos filtros do faturamento (clientes, editoras, assuntos)',
        security,
        params: billingOptionParamsSchema,
        querystring: billingOptionQuerySchema,
        response: { 200: billingOptionListSchema, ...AUTH_ERRORS },
      },
      config,
    },
    async (request) => {
      const kind = BILLING_OPTION_KINDS.find((k) => k === request.params.tipo);
      if (!kind) throw fieldError('tipo', INVALID_BILLING_OPTION_MESSAGE);
      return billingOptions(ctx.readDb.db, requireAuth(request), kind, request.query.term, request.query.idEmpresa);
    },
  );

  api.get(
    '/relatorio/faturamento/:aba',
    {
      schema: {
        tags,
        summary: 'Uma aba do faturamento (paginada, ordenável por qualquer coluna)',
        security,
        params: billingTabParamsSchema,
        querystring: billingTabQuerySchema,
        response: { 200: billingPageSchema, ...AUTH_ERRORS },
      },
      config,
    },
    async (request) => {
      const tab = request.params.aba;
      if (!isBillingTab(tab)) throw fieldError('aba', INVALID_BILLING_TAB_MESSAGE);
      return billingTab(ctx.readDb.db, requireAuth(request), tab, request.query);
    },
  );
};
