import { FORBIDDEN_MESSAGE, REQUIRED, hasRole, type IdNome } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import type { AuthContext } from '../auth/auth-guard.ts';
import { DomainError, notFound } from '../shared/errors.ts';
import { listActiveCompaniesOfUser, userExists } from './companies.repository.ts';

/**
 * `GET system/company/usuario/{userId}`: the active companies linked to `userId`.
 * A caller may list their own companies; another user's only with ROLE_VISUALIZAR_USUARIO.
 * @throws DomainError FORBIDDEN (403) when asking for another user without that role
 * @throws DomainError NOT_FOUND (404) when the user does not exist
 */
export async function listCompaniesOfUser(db: Executor, auth: AuthContext, userId: number): Promise<IdNome[]> {
  if (userId !== auth.userId) {
    if (!hasRole(auth.roles, REQUIRED.usuario)) throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
    if (!(await userExists(db, userId))) throw notFound();
  }
  return listActiveCompaniesOfUser(db, userId);
}

/** `GET system/company/empresaSelect`: the caller's own active companies (top bar selector). */
export async function listOwnCompanies(db: Executor, auth: AuthContext): Promise<IdNome[]> {
  return listActiveCompaniesOfUser(db, auth.userId);
}
