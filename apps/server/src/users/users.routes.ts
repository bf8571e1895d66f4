import { z } from 'zod';
import {
  REQUIRED,
  UNAUTHORIZED_MESSAGE,
  activeStateSchema,
  changeMyPasswordRequestSchema,
  errorBodySchema,
  idParams,
  messageResponseSchema,
  myUserRequestSchema,
  myUserSchema,
  newPasswordRequestSchema,
  sellerSchema,
  sessionUserSchema,
  userListQuerySchema,
  userPageSchema,
  userRequestSchema,
  userOptionsSchema,
  userSchema,
} from '@acervo/contracts';
import type { FastifyRequest } from 'fastify';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { DomainError } from '../shared/errors.ts';
import { requireAuth, requireCompany } from '../auth/auth-guard.ts';
import { setNewPassword } from '../auth/auth.service.ts';
import { listUserOptions } from './users.repository.ts';
import { changeMyPassword, deleteUser, getMe, getUser, saveUser, searchUsers, sellersOf, toggleUser, updateMe } from './users.service.ts';

/** Answer of a successful `DELETE usuario/{id}`. */
export const USER_DELETED_MESSAGE = 'Usuário excluído com sucesso!';

/**
 * User routes (SPEC section 7 and issue 6 part 2), under `/api/core-api`:
 * - `POST usuario/newPassword {id | token, senha, confirmaSenha}` → session user with a new token.
 *   With `id` a bearer token of that same user is required (401 without, 403 for another user);
 *   with `token` the e-mailed reset token is the credential (400 on field `token` when invalid).
 *   `config.auth: 'optional'`: a sent Authorization header is checked before validation (401 for a
 *   bad token whatever the body); without one the reset-token flow is open.
 * With ROLE_VISUALIZAR_USUARIO (403 without it, before any validation):
 * - `GET usuario?page&pageSize&sorter&term&status` → paged `userSchema`
 * - `GET usuario/{id}` → `userSchema` (404 absent)
 * - `POST usuario` `userRequestSchema` → the user saved (create without `id`, update with it);
 *   409 on `login`/`email` when taken, 400 on `empresas.<i>.*` for a duplicate or unknown link
 * - `PUT usuario/inativa/{id}` → `{id, ativo}` the new state (a toggle)
 * - `DELETE usuario/{id}` → `{message}`; 409 for oneself or while other records refer to the user
 * - `GET usuario/opcoes` → `{empresas, perfis}` every company and profile `{id, nome, ativo}`
 * Any signed-in user:
 * - `GET usuario/vendedor` → `[{id, nome, codigoVendedorErp}]` active sellers of the selected
 *   company (403 without a selected company)
 * - `GET usuario/me`, `PUT usuario/me {nome, email}` → `{id, nome, email, login}`
 * - `POST usuario/me/senha {senhaAtual, senha, confirmeSenha}` → `{message}`; 400 on `senhaAtual`
 *   when wrong; every other session of the caller ends
 * Deactivating or re-linking the last active administrator answers 409.
 */
export const usersRoutes: DomainRoutes = (api, ctx) => {
  const config = { role: REQUIRED.usuario };
  const tags = ['usuario'];
  const security = [{ bearer: [] }];

  api.post(
    '/usuario/newPassword',
    {
      schema: {
        tags,
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

  api.get(
    '/usuario',
    { schema: { tags, summary: 'Usuários (paginado)', security, querystring: userListQuerySchema, response: { 200: userPageSchema, ...AUTH_ERRORS } }, config },
    async (request) => searchUsers(ctx.db, request.query),
  );

  api.get(
    '/usuario/opcoes',
    { schema: { tags, summary: 'Empresas e perfis para os vínculos do formulário de usuário', security, response: { 200: userOptionsSchema, ...AUTH_ERRORS } }, config },
    async () => listUserOptions(ctx.db),
  );

  api.get(
    '/usuario/vendedor',
    { schema: { tags, summary: 'Vendedores ativos da empresa selecionada', security, response: { 200: z.array(sellerSchema), ...AUTH_ERRORS } } },
    async (request) => sellersOf(ctx.db, requireCompany(request)),
  );

  api.get(
    '/usuario/me',
    { schema: { tags, summary: 'Meu usuário', security, response: { 200: myUserSchema, ...AUTH_ERRORS } } },
    async (request) => getMe(ctx.db, requireAuth(request)),
  );

  api.put(
    '/usuario/me',
    { schema: { tags, summary: 'Altera o nome e o e-mail do usuário logado', security, body: myUserRequestSchema, response: { 200: myUserSchema, ...AUTH_ERRORS, 409: errorBodySchema } } },
    async (request) => updateMe(ctx.db, requireAuth(request), request.body),
  );

  api.post(
    '/usuario/me/senha',
    { schema: { tags, summary: 'Troca a senha do usuário logado (encerra as outras sessões)', security, body: changeMyPasswordRequestSchema, response: { 200: messageResponseSchema, ...AUTH_ERRORS } } },
    async (request) => changeMyPassword(ctx.db, requireAuth(request), request.body),
  );

  api.get(
    '/usuario/:id',
    { schema: { tags, summary: 'Um usuário', security, params: idParams(), response: { 200: userSchema, ...AUTH_ERRORS, 404: errorBodySchema } }, config },
    async (request) => getUser(ctx.db, request.params.id),
  );

  api.post(
    '/usuario',
    {
      schema: { tags, summary: 'Cadastra (sem id) ou altera (com id) um usuário', security, body: userRequestSchema, response: { 200: userSchema, ...AUTH_ERRORS, 404: errorBodySchema, 409: errorBodySchema } },
      config,
    },
    async (request) => saveUser(ctx.db, requireAuth(request), request.body),
  );

  api.delete(
    '/usuario/:id',
    {
      schema: { tags, summary: 'Exclui um usuário sem registros vinculados', security, params: idParams(), response: { 200: messageResponseSchema, ...AUTH_ERRORS, 404: errorBodySchema, 409: errorBodySchema } },
      config,
    },
    async (request) => {
      await deleteUser(ctx.db, requireAuth(request), request.params.id);
      return { message: USER_DELETED_MESSAGE };
    },
  );

  api.put(
    '/usuario/inativa/:id',
    {
      schema: { tags, summary: 'Ativa ou inativa um usuário (alterna; responde o novo estado)', security, params: idParams(), response: { 200: activeStateSchema, ...AUTH_ERRORS, 404: errorBodySchema, 409: errorBodySchema } },
      config,
    },
    async (request) => toggleUser(ctx.db, requireAuth(request), request.params.id),
  );
};
