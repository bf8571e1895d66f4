import { errorBodySchema, newPasswordRequestSchema, sessionUserSchema } from '@acervo/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DomainRoutes } from '../shared/context.ts';
import { setNewPassword } from '../auth/auth.service.ts';

/**
 * User routes (SPEC section 7), under `/api/core-api`:
 * - `POST usuario/newPassword {id | token, senha, confirmaSenha}` → session user with a new token.
 *   With `id` a bearer token of that same user is required (401 without, 403 for another user);
 *   with `token` the e-mailed reset token is the credential (400 on field `token` when invalid).
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
      config: { allowPendingPasswordChange: true },
      preHandler: [
        async function authenticateWhenId(this: unknown, request: FastifyRequest, reply: FastifyReply) {
          const body = request.body as { id?: number };
          if (body.id !== undefined) await ctx.authenticate.call(api, request, reply);
        },
      ],
    },
    async (request) => setNewPassword(ctx, request.body, request.auth),
  );
};
