import { z } from 'zod';
import { UNAUTHORIZED_MESSAGE, errorBodySchema, idNomeSchema, idParams } from '@acervo/contracts';
import type { FastifyRequest } from 'fastify';
import type { DomainRoutes } from '../shared/context.ts';
import type { AuthContext } from '../auth/auth-guard.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { DomainError } from '../shared/errors.ts';
import { listCompaniesOfUser, listOwnCompanies } from './companies.service.ts';

function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new DomainError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
  return request.auth;
}

/**
 * Company-link routes (SPEC section 7), under `/api/core-api`, both authenticated:
 * - `GET system/company/usuario/{userId}` → `[{id, nome}]` active companies of that user
 *   (self, or any user with ROLE_VISUALIZAR_USUARIO; 403 otherwise; 404 unknown user)
 * - `GET system/company/empresaSelect` → `[{id, nome}]` the caller's own active companies
 */
export const companiesRoutes: DomainRoutes = (api, ctx) => {
  api.get(
    '/system/company/usuario/:userId',
    {
      schema: {
        tags: ['empresa'],
        summary: 'Empresas ativas vinculadas a um usuário',
        security: [{ bearer: [] }],
        params: idParams('userId'),
        response: { 200: z.array(idNomeSchema), ...AUTH_ERRORS, 404: errorBodySchema },
      },
    },
    async (request) => listCompaniesOfUser(ctx.db, caller(request), request.params.userId),
  );

  api.get(
    '/system/company/empresaSelect',
    {
      schema: {
        tags: ['empresa'],
        summary: 'Empresas ativas do usuário logado (seletor da barra superior)',
        security: [{ bearer: [] }],
        response: { 200: z.array(idNomeSchema), ...AUTH_ERRORS },
      },
    },
    async (request) => listOwnCompanies(ctx.db, caller(request)),
  );
};
