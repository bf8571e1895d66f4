import { useQuery } from '@tanstack/react-query';
import { profileSchema, type Profile } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/**
 * `GET perfil/{id}`: one profile with its permissions.
 * @throws ApiError on failure (404 for an unknown id, after the error toast)
 */
export async function getProfile(id: number, signal?: AbortSignal): Promise<Profile> {
  return profileSchema.parse(await api.get<unknown>(`perfil/${id}`, { signal }));
}

/** The profile `id` (key `['profiles', 'detail', id]`); idle while `id` is null. */
export function useProfile(id: number | null) {
  return useQuery({ queryKey: ['profiles', 'detail', id], queryFn: ({ signal }) => getProfile(id as number, signal), enabled: id !== null, staleTime: 0 });
}
