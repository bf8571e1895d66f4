import { useQuery } from '@tanstack/react-query';
import { permissionCatalogueSchema, type PermissionGroup } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/**
 * `GET perfil/permissoes`: the role catalogue grouped by menu area, pt-BR labels.
 * @throws ApiError on failure (after the error toast)
 */
export async function getPermissions(signal?: AbortSignal): Promise<PermissionGroup[]> {
  return permissionCatalogueSchema.parse(await api.get<unknown>('perfil/permissoes', { signal, area: false }));
}

/** The permission catalogue (key `['profiles', 'permissions']`; it only changes with a deploy). */
export function usePermissions() {
  return useQuery({ queryKey: ['profiles', 'permissions'], queryFn: ({ signal }) => getPermissions(signal), staleTime: Infinity });
}
