import { useQuery } from '@tanstack/react-query';
import { parametersSchema, type Parameters } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/**
 * `GET parametro`: every parameter in sections (`geral`, `email`, `erp`); secrets only as
 * `senhaDefinida`.
 * @throws ApiError on failure (after the error toast)
 */
export async function getParameters(signal?: AbortSignal): Promise<Parameters> {
  return parametersSchema.parse(await api.get<unknown>('parametro', { signal }));
}

/** The parameters (key `['parameters']`). */
export function useParameters() {
  return useQuery({ queryKey: ['parameters'], queryFn: ({ signal }) => getParameters(signal) });
}
