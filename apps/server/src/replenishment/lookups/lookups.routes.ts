import { z } from 'zod';
import { REPLENISHMENT_LOOKUP_ROLES, idNomeSchema, replenishmentLookupPageSchema, replenishmentLookupQuerySchema } from '@acervo/contracts';
import type { DomainRoutes } from '../../shared/context.ts';
import { AUTH_ERRORS } from '../../shared/api-schemas.ts';
import { requireCompany } from '../../shared/request-auth.ts';
import { lookupProductTypes, lookupPublishers, lookupUsers } from './lookups.service.ts';

/**
 * The replenishment screens' pickers, under `/api/core-api`, with ROLE_VISUALIZAR_REPOSICAO_CALCULO
 * or ROLE_VISUALIZAR_REPOSICAO_HISTORICO in the selected company (`REPLENISHMENT_LOOKUP_ROLES`;
 * 403 without either, before any validation):
 * - `GET reposicao/opcoes/editora?term&page&pageSize` → paged `{id, nome}`: the catalogue's publishers (suppliers)
 * - `GET reposicao/opcoes/usuario?term&page&pageSize` → paged `{id, nome}`: the company's users
 * - `GET reposicao/opcoes/tipo-produto` → `[{id, nome}]`: the company's ERP product types
 */
export const replenishmentLookupRoutes: DomainRoutes = (api, ctx) => {
  const config = { role: REPLENISHMENT_LOOKUP_ROLES };
  const tags = ['reposicao'];
  const security = [{ bearer: [] }];

  api.get(
    '/reposicao/opcoes/editora',
    { schema: { tags, summary: 'Fornecedores (editoras) para os filtros da reposição', security, querystring: replenishmentLookupQuerySchema, response: { 200: replenishmentLookupPageSchema, ...AUTH_ERRORS } }, config },
    async (request) => {
      requireCompany(request);
      return lookupPublishers(ctx.db, request.query);
    },
  );

  api.get(
    '/reposicao/opcoes/usuario',
    { schema: { tags, summary: 'Usuários da empresa para o filtro "gerado por"', security, querystring: replenishmentLookupQuerySchema, response: { 200: replenishmentLookupPageSchema, ...AUTH_ERRORS } }, config },
    async (request) => lookupUsers(ctx.db, requireCompany(request), request.query),
  );

  api.get(
    '/reposicao/opcoes/tipo-produto',
    { schema: { tags, summary: 'Tipos de produto do ERP da empresa', security, response: { 200: z.array(idNomeSchema), ...AUTH_ERRORS } }, config },
    async (request) => lookupProductTypes(ctx.db, requireCompany(request)),
  );
};
