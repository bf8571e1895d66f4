import { REQUIRED, opportunityCreatedSchema, opportunityListQuerySchema, opportunityPageSchema, opportunityRequestSchema } from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { requireAuth } from '../shared/request-auth.ts';
import { createOpportunity, listOpportunities } from './opportunities.service.ts';

/**
 * Opportunity routes (issue 16 part 3), under `/api/core-api`:
 * - `POST oportunidade` `{idProduto, ean, issn, descricao, quantidade, tipo, idMotivo, observacao}`
 *   → 201 `{message: 'Oportunidade encaminhada com sucesso!', oportunidade}`, stored in the
 *   selected company with the caller and the time. Role ROLE_VISUALIZAR_TERMINAL (the Terminal
 *   registers them). 400 naming the field for a bad body, a product the catalogue lacks
 *   (`idProduto`), an absent or inactive reason (`idMotivo`), or no description and no product.
 * - `GET oportunidade?page&pageSize&sorter&term&idProduto&ean&tipo&idMotivo&idEmpresa&dataInicio&dataFim`
 *   → the SPEC paged list. Open to every signed-in user (SPEC 2: the opportunities report has no
 *   role), scoped to the caller's active companies; 400 on `idEmpresa` outside them.
 */
export const opportunitiesRoutes: DomainRoutes = (api, ctx) => {
  const tags = ['oportunidade'];
  const security = [{ bearer: [] }];

  api.post(
    '/oportunidade',
    {
      schema: { tags, summary: 'Registra uma venda perdida ou sugestão de compra na empresa selecionada', security, body: opportunityRequestSchema, response: { 201: opportunityCreatedSchema, ...AUTH_ERRORS } },
      config: { role: REQUIRED.terminal },
    },
    async (request, reply) => reply.code(201).send(await createOpportunity(ctx.db, requireAuth(request), request.body)),
  );

  api.get(
    '/oportunidade',
    {
      schema: { tags, summary: 'Oportunidades das empresas do usuário, paginadas e filtradas', security, querystring: opportunityListQuerySchema, response: { 200: opportunityPageSchema, ...AUTH_ERRORS } },
    },
    async (request) => listOpportunities(ctx.db, requireAuth(request), request.query),
  );
};
