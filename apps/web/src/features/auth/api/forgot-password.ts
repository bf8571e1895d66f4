import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest, MessageResponse } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** `POST auth/forgotPassword {email}` (SPEC section 7); the answer is the same whether or not the address exists. */
export function forgotPassword(body: ForgotPasswordRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('auth/forgotPassword', { email: body.email.trim() }, { sessionCheck: false });
}

/** Mutation hook of `forgotPassword`. */
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
