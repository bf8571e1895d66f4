import { UNAUTHORIZED_MESSAGE, errorBodySchema, newPasswordRequestSchema, sessionUserSchema } from '@acervo/contracts';
import type { FastifyRequest } from 'fastify';
import type { DomainRoutes } from '../shared/context.ts';
import { DomainError } from '../shared/errors.ts';
import { setNewPassword } from '../auth/auth.service.ts';

/**
 * User routes (SPEC section 7), under `/api/core-api`:
 * - `POST usuario/newPassword {id | token, senha, confirmaSenha}` → session user with a new token.
 *   With `id` a bearer token of that same user is required (401 without, 403 for another user);
 *   with `token` the e-mailed reset token is the credential (400 on field `token` when invalid).
 *   `config.auth: 'optional'`: a sent Authorization header is checked before validation (401 for a
 *   bad token whatever the body); without one the reset-token flow is open.
 */
export const usersRoutes: DomainRoutes = (api, ctx) => {
  api.post(
    '/usuario/newPassword',
    {
      schema: {
        tags: ['usuario'],
        summary: 'Define uma nova senha (troca obrigatória no primeiro acesso ou link de redefinição)',
        security: [{ bearer: [] }, {}],
        body: newPasswordRequestSchema,
        response: { 200: sessionUserSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
      config: { allowPendingPasswordChange: true, auth: 'optional' },
      preHandler: [
        async function requireBearerWithId(request: FastifyRequest) {
          const body = request.body as { id?: number };
          if (body.id !== undefined && !request.auth) throw new DomainError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
        },
      ],
    },
    async (request) => setNewPassword(ctx, request.body, request.auth),
  );
};
