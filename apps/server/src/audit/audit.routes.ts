import { auditPageSchema, auditQuerySchema } from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { requireAuth } from '../shared/request-auth.ts';
import { listAudit } from './audit.service.ts';

/**
 * Audit trail routes, under `/api/core-api`:
 * - `GET auditoria?entidade=&idRegistro=&page&pageSize` → paged `auditEntrySchema`, newest first;
 *   403 without the role of the entity's screen (AUDIT_ENTITY_ROLES), 400 for an unknown entity.
 */
export const auditRoutes: DomainRoutes = (api, ctx) => {
  api.get(
    '/auditoria',
    {
      schema: {
        tags: ['auditoria'],
        summary: 'Histórico de alterações de uma entidade ou de um registro',
        security: [{ bearer: [] }],
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => listAudit(ctx.db, requireAuth(request), request.query, ctx.auditScopes),
  );
};
