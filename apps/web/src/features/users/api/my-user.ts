import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, myUserSchema, type ChangeMyPasswordRequest, type MyUser, type MyUserRequest } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** `GET usuario/me`: the signed-in user's name, e-mail and login. */
export async function getMyUser(signal?: AbortSignal): Promise<MyUser> {
  return myUserSchema.parse(await api.get<unknown>('usuario/me', { signal }));
}

/** The signed-in user's own data (key `['my-user']`). */
export function useMyUser() {
  return useQuery({ queryKey: ['my-user'], queryFn: ({ signal }) => getMyUser(signal) });
}

/**
 * `PUT usuario/me {nome, email}`.
 * @throws ApiError (400, or 409 on `email` when another user has it)
 */
export async function updateMyUser(body: MyUserRequest, fieldLabels?: Readonly<Record<string, string>>): Promise<MyUser> {
  return myUserSchema.parse(await api.put<unknown>('usuario/me', body, { fieldLabels }));
}

/** Mutation of `updateMyUser`; stores the answer as `['my-user']`. */
export function useUpdateMyUser(fieldLabels?: Readonly<Record<string, string>>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: MyUserRequest) => updateMyUser(body, fieldLabels), onSuccess: (me) => client.setQueryData(['my-user'], me) });
}

/**
 * `POST usuario/me/senha {senhaAtual, senha, confirmeSenha}` (client hashes): the other sessions
 * of the user end, this one stays.
 * @returns the server's success message
 * @throws ApiError (400 on `senhaAtual` when wrong, on `confirmeSenha` when different)
 */
export async function changeMyPassword(body: ChangeMyPasswordRequest, fieldLabels?: Readonly<Record<string, string>>): Promise<string> {
  return messageResponseSchema.parse(await api.post<unknown>('usuario/me/senha', body, { fieldLabels })).message;
}

/** Mutation of `changeMyPassword`. */
export function useChangeMyPassword(fieldLabels?: Readonly<Record<string, string>>) {
  return useMutation({ mutationFn: (body: ChangeMyPasswordRequest) => changeMyPassword(body, fieldLabels) });
}
