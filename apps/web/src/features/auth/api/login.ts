import { useMutation } from '@tanstack/react-query';
import { sessionUserSchema, type LoginRequest, type SessionUser } from '@acervo/contracts';
import { hashPasswordLazily } from '../../../shared/password/hash-password.ts';
import { api } from '../../../shared/api/api-client.ts';
import type { LoginFormValues } from '../login-schemas.ts';

/**
 * `POST auth/login` with `{userName, password: hashPassword(senha)}` (SPEC section 7).
 * A 401 here means a wrong user name or password: it shows the error toast and does NOT run the
 * session-expiry handling.
 * @returns the session user with its token
 * @throws ApiError on failure; Error when the answer is not a session user
 */
export async function login(values: LoginFormValues): Promise<SessionUser> {
  const body: LoginRequest = { userName: values.login.trim(), password: await hashPasswordLazily(values.senha) };
  const answer = await api.post<unknown>('auth/login', body, { sessionCheck: false });
  return sessionUserSchema.parse(answer);
}

/** Mutation hook of `login`. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
