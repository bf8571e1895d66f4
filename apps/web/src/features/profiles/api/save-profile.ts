import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type Profile, type ProfileSave } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** Field labels of the profile form, so an error toast reads 'Nome: …' (wire name → label). */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * `POST perfil` (no `id`) or `PUT perfil/{id}`: saves a profile and its permissions.
 * @returns the profile as stored
 * @throws ApiError (400/409 with field messages, after the error toast)
 */
export async function saveProfile(values: ProfileSave, id: number | undefined, fieldLabels?: FieldLabels): Promise<Profile> {
  const answer = id === undefined ? await api.post<unknown>('perfil', values, { fieldLabels }) : await api.put<unknown>(`perfil/${id}`, values, { fieldLabels });
  return profileSchema.parse(answer);
}

/**
 * `PUT perfil/inativa/{id}`: toggles `ativo`; answers the profile in its new state.
 */
export async function toggleProfile(id: number): Promise<Profile> {
  return profileSchema.parse(await api.put<unknown>(`perfil/inativa/${id}`));
}

/** `DELETE perfil/{id}` (204; 409 while users hold the profile). */
export async function deleteProfile(id: number): Promise<void> {
  await api.delete<unknown>(`perfil/${id}`);
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['profiles'] });
}

/** Mutation of `saveProfile`; refreshes lists and details on success. */
export function useSaveProfile(fieldLabels?: FieldLabels) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: ({ values, id }: { values: ProfileSave; id?: number }) => saveProfile(values, id, fieldLabels), onSuccess: invalidate });
}

/** Mutation of `toggleProfile`; refreshes the lists on success. */
export function useToggleProfile() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: toggleProfile, onSuccess: invalidate });
}

/** Mutation of `deleteProfile`; refreshes the lists on success. */
export function useDeleteProfile() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deleteProfile, onSuccess: invalidate });
}
