import { REQUIRED, goalQuerySchema, goalSaveRequestSchema, goalYearResponseSchema } from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { requireAuth } from '../auth/auth-guard.ts';
import { getGoals, saveGoals } from './goals.service.ts';

/**
 * Goals routes (issue 6, part 6), under `/api/core-api`, role ROLE_VISUALIZAR_METAS in the
 * selected company (401 without a valid session, 403 without the role, both before validation):
 * - `GET meta?ano=2026` → `{ano, empresas: [{id, nome}], itens: [{idEmpresa, ano, mes, valor}]}`,
 *   the companies whose goals the caller may edit and their goals of that year (`valor` in cents);
 *   400 on `ano` when missing or outside 2000-2100
 * - `PUT meta {ano, itens: [{idEmpresa, ano, mes, valor | null}]}` → the same shape after the save;
 *   all or nothing; 400 naming the field for bad bounds, floats, texts, unknown fields, an item of
 *   another year (`itens.N.ano`), a repeated company and month (`itens.N.mes`) or a company whose
 *   goals the caller cannot edit (`itens.N.idEmpresa`)
 */
export const goalsRoutes: DomainRoutes = (api, ctx) => {
  const config = { role: REQUIRED.metas };

  api.get(
    '/meta',
    {
      schema: {
        tags: ['metas'],
        summary: 'Metas mensais (centavos) das empresas do usuário em um ano',
        security: [{ bearer: [] }],
        querystring: goalQuerySchema,
        response: { 200: goalYearResponseSchema, ...AUTH_ERRORS },
      },
      config,
    },
    async (request) => getGoals(ctx.db, requireAuth(request), request.query.ano),
  );

  api.put(
    '/meta',
    {
      schema: {
        tags: ['metas'],
        summary: 'Grava as metas mensais (centavos) de um ano, tudo ou nada',
        security: [{ bearer: [] }],
        body: goalSaveRequestSchema,
        response: { 200: goalYearResponseSchema, ...AUTH_ERRORS },
      },
      config,
    },
    async (request) => saveGoals(ctx.db, requireAuth(request), request.body),
  );
};
