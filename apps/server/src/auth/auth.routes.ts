import {
  FORGOT_PASSWORD_MESSAGE,
  errorBodySchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  refreshRequestSchema,
  sessionUserSchema,
  UNAUTHORIZED_MESSAGE,
} from '@acervo/contracts';
import type { FastifyRequest } from 'fastify';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { DomainError } from '../shared/errors.ts';
import type { AuthContext } from './auth-guard.ts';
import { LOGOUT_MESSAGE, forgotPassword, login, logout, refresh } from './auth.service.ts';

/** The caller set by `ctx.authenticate` (which always runs before the handlers below). */
function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new DomainError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
  return request.auth;
}

/**
 * Authentication routes (SPEC section 7), under `/api/core-api`:
 * - `POST auth/login {userName, password}` → session user; 401 bad credentials; 429 rate limited
 * - `GET auth/logout` (bearer) → `{message}`; revokes the session
 * - `POST auth/refresh {idEmpresa}` (bearer) → session user in that company; 403 without a link
 * - `POST auth/forgotPassword {email}` → always `{message: FORGOT_PASSWORD_MESSAGE}`
 * Rules live in `auth.service.ts`; the flow is described in docs/auth.md. `login` and
 * `forgotPassword` are public (`config.auth: 'none'`); the others pass the access guard.
 */
export const authRoutes: DomainRoutes = (api, ctx) => {
  api.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Entrar: devolve o usuário da sessão com o token',
        body: loginRequestSchema,
        response: { 200: sessionUserSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
      config: { auth: 'none' },
    },
    async (request) => login(ctx, request.body, request.ip),
  );

  api.get(
    '/auth/logout',
    {
      schema: { tags: ['auth'], summary: 'Sair: revoga a sessão do token', security: [{ bearer: [] }], response: { 200: messageResponseSchema, ...AUTH_ERRORS } },
      config: { allowPendingPasswordChange: true },
    },
    async (request) => {
      await logout(ctx, caller(request));
      return { message: LOGOUT_MESSAGE };
    },
  );

  api.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Troca de empresa: nova sessão e novo token',
        security: [{ bearer: [] }],
        body: refreshRequestSchema,
        response: { 200: sessionUserSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => refresh(ctx, caller(request), request.body.idEmpresa),
  );

  api.post(
    '/auth/forgotPassword',
    {
      schema: {
        tags: ['auth'],
        summary: 'Envia o link de redefinição de senha (mesma resposta exista ou não o e-mail)',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, 400: errorBodySchema },
      },
      config: { auth: 'none' },
    },
    async (request) => {
      await forgotPassword(ctx, request.body.email, request.log);
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );
};
