import { useMutation } from '@tanstack/react-query';
import { sessionUserSchema, type RefreshRequest, type SessionUser } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/**
 * `POST auth/refresh {idEmpresa}` (SPEC section 7): switches the company; the answer replaces the
 * stored user and token.
 * @throws ApiError on failure (after the error toast)
 */
export async function refreshSession(body: RefreshRequest): Promise<SessionUser> {
  return sessionUserSchema.parse(await api.post<unknown>('auth/refresh', body));
}

/** Mutation hook of `refreshSession`. */
export function useRefreshSession() {
  return useMutation({ mutationFn: refreshSession });
}
