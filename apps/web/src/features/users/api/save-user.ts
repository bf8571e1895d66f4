import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activeStateSchema, messageResponseSchema, userSchema, type ActiveState, type User, type UserRequest } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/**
 * `POST usuario`: creates (no `id`) or updates (`id`) a user; `senha`/`confirmeSenha` are client
 * hashes (SPEC 5), absent on an update that keeps the password.
 * @param fieldLabels labels of the form fields, for the error toast
 * @throws ApiError (400/409 with field messages, after the error toast)
 */
export async function saveUser(body: UserRequest, fieldLabels?: Readonly<Record<string, string>>): Promise<User> {
  return userSchema.parse(await api.post<unknown>('usuario', body, { fieldLabels }));
}

/**
 * `PUT usuario/inativa/{id}`: toggles a user's `ativo`; answers the new state.
 */
export async function toggleUser(id: number): Promise<ActiveState> {
  return activeStateSchema.parse(await api.put<unknown>(`usuario/inativa/${id}`));
}

/** Mutation of `saveUser`; refreshes the user lists on success. */
export function useSaveUser(fieldLabels?: Readonly<Record<string, string>>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: UserRequest) => saveUser(body, fieldLabels), onSuccess: () => client.invalidateQueries({ queryKey: ['users'] }) });
}

/** Mutation of `toggleUser`; refreshes the user lists on success. */
export function useToggleUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: toggleUser, onSuccess: () => client.invalidateQueries({ queryKey: ['users'] }) });
}

/** `DELETE usuario/{id}` (409 for oneself or while other records refer to the user). */
export async function deleteUser(id: number): Promise<string> {
  return messageResponseSchema.parse(await api.delete<unknown>(`usuario/${id}`)).message;
}

/** Mutation of `deleteUser`; refreshes the user lists on success. */
export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => client.invalidateQueries({ queryKey: ['users'] }) });
}
