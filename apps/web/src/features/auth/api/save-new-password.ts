import { useMutation } from '@tanstack/react-query';
import { sessionUserSchema, type NewPasswordRequest, type SessionUser } from '@acervo/contracts';
import { hashPasswordLazily } from '../../../shared/password/hash-password.ts';
import { api } from '../../../shared/api/api-client.ts';
import type { NewPasswordFormValues } from '../login-schemas.ts';

/** Who the new password is for: the user of the login answer (id + its token) or a reset link token. */
export type NewPasswordTarget = { kind: 'user'; id: number; bearer: string } | { kind: 'reset'; resetToken: string };

/** Input of `saveNewPassword`. */
export interface SaveNewPasswordInput {
  target: NewPasswordTarget;
  values: NewPasswordFormValues;
  /** Screen labels of the request fields for the error toast (`''` shows the message alone). */
  fieldLabels?: Readonly<Record<string, string>>;
}

/**
 * `POST usuario/newPassword` (SPEC section 7) with `senha` and `confirmaSenha` hashed by
 * `hashPassword`: `{id, ...}` with the login answer's token as bearer, or `{token, ...}` for a
 * reset link.
 * @returns the new session user when the server answers one (user flow), otherwise null
 * @throws ApiError on failure
 */
export async function saveNewPassword({ target, values, fieldLabels }: SaveNewPasswordInput): Promise<SessionUser | null> {
  const hashed = { senha: await hashPasswordLazily(values.senha), confirmaSenha: await hashPasswordLazily(values.confirmaSenha) };
  const body: NewPasswordRequest = target.kind === 'user' ? { id: target.id, ...hashed } : { token: target.resetToken, ...hashed };
  const answer = await api.post<unknown>('usuario/newPassword', body, target.kind === 'user' ? { token: target.bearer, fieldLabels } : { sessionCheck: false, fieldLabels });
  const parsed = sessionUserSchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
}

/** Mutation hook of `saveNewPassword`. */
export function useSaveNewPassword() {
  return useMutation({ mutationFn: saveNewPassword });
}
