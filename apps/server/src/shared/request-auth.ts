import type { FastifyReply, FastifyRequest } from 'fastify';
import { FORBIDDEN_MESSAGE, UNAUTHORIZED_MESSAGE } from '@acervo/contracts';
import { DomainError } from './errors.ts';

/*
 * The caller of a request as every layer sees it: `request.auth`, the route options the access
 * guard reads, and the two helpers routes use. The guard that fills `request.auth`
 * (`makeAuthenticate`, `makeAccessGuard`) is the auth domain's (`auth/auth-guard.ts`, which
 * re-exports these names); this part lives in shared/ so that infrastructure (audit, schedules)
 * and domains that auth itself uses (parameters) can name the caller without importing auth.
 */

/**
 * Who is calling, set on `request.auth` by `authenticate`:
 * `companyId` is the selected company (null when the user has no company link),
 * `roles` the roles of the user's profile in that company.
 */
export interface AuthContext {
  userId: number;
  sessionId: string;
  companyId: number | null;
  roles: string[];
  login: string;
  name: string;
  profileName: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may call an API route (the access guard reads it in `onRequest`, before any validation):
     * `required` (the default: a valid session), `optional` (authenticated only when a non-blank
     * Authorization header is sent; `request.auth` stays null otherwise) or `none` (public).
     */
    auth?: 'required' | 'optional' | 'none';
    /**
     * Role text the caller must hold in the selected company (SPEC sections 2 and 6, substring
     * match); a list means any one of them (`pickerReadRoles` for the product form's pickers).
     */
    role?: string | readonly string[];
    /**
     * The route serves a user whose password must still be changed (`ind_new_password`):
     * `usuario/newPassword` and `auth/logout`. Every other authenticated route answers 403
     * PASSWORD_CHANGE_REQUIRED_MESSAGE for such a user.
     */
    allowPendingPasswordChange?: boolean;
  }
}

/** Checks the caller's bearer token and sets `request.auth`; throws DomainError 401/403. */
export type Authenticate = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The caller of an authenticated route (the access guard has set `request.auth`).
 * @throws DomainError UNAUTHORIZED when it is not set (a route declared `auth: 'none'` by mistake)
 */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new DomainError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
  return request.auth;
}

/**
 * The selected company of the caller, for scoping per-company data.
 * @throws DomainError FORBIDDEN when the session has no selected company
 */
export function requireCompany(request: FastifyRequest): number {
  const companyId = request.auth?.companyId;
  if (!companyId) throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
  return companyId;
}
