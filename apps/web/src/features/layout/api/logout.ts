import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';

/**
 * `GET auth/logout` (SPEC section 7): ends the session on the server. The caller clears the local
 * session on success; a failure shows the error toast.
 * @throws ApiError on failure
 */
export async function logout(): Promise<void> {
  await api.get<unknown>('auth/logout');
}

/** Mutation hook of `logout`. */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}
