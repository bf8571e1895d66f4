import { REQUIRED, errorBodySchema, idParams, terminalDetailSchema, terminalPageSchema, terminalSearchQuerySchema } from '@acervo/contracts';
import type { FastifyRequest } from 'fastify';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { requireAuth, requireCompany } from '../shared/request-auth.ts';
import { getTerminalDetail, searchTerminal, type TerminalCaller } from './terminal.service.ts';

/** The caller's user and selected company (403 when the session has no company). */
function caller(request: FastifyRequest): TerminalCaller {
  return { userId: requireAuth(request).userId, companyId: requireCompany(request) };
}

/**
 * Terminal routes (issue 16; role ROLE_VISUALIZAR_TERMINAL in the selected company):
 * - `GET produto/terminal` — query `terminalSearchQuerySchema`; paged `terminalPageSchema`, best
 *   match first, stock of the selected company (docs/terminal-search.md); 400 naming the field for
 *   a bad `pageSize`, `idAssunto`, `comEstoque`… or a `q` over 200 characters or with control
 *   characters
 * - `GET produto/terminal/{id}` — `terminalDetailSchema`: stock per company of the user and their
 *   sum, net sales of the selected company per month; 404 'Não foi encontrado dados' when absent
 * 401 without a valid session, 403 without the role (both before any validation).
 */
export const terminalRoutes: DomainRoutes = (api, ctx) => {
  const config = { role: REQUIRED.terminal };

  api.get(
    '/produto/terminal',
    {
      schema: {
        tags: ['terminal'],
        summary: 'Terminal: busca de títulos (paginada, melhor resultado primeiro)',
        security: [{ bearer: [] }],
        querystring: terminalSearchQuerySchema,
        response: { 200: terminalPageSchema, ...AUTH_ERRORS },
      },
      config,
    },
    async (request) => searchTerminal(ctx.db, caller(request), request.query),
  );

  api.get(
    '/produto/terminal/:id',
    {
      schema: {
        tags: ['terminal'],
        summary: 'Terminal: detalhe do título com estoques e vendas',
        security: [{ bearer: [] }],
        params: idParams(),
        response: { 200: terminalDetailSchema, ...AUTH_ERRORS, 404: errorBodySchema },
      },
      config,
    },
    async (request) => getTerminalDetail(ctx.db, caller(request), request.params.id),
  );
};
