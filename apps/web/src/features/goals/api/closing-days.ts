import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { closingDaysResponseSchema, type ClosingDaysResponse, type ClosingDaysSave } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** Query key of one year of the selected company's closing days. */
export const closingDaysQueryKey = (idEmpresa: number, ano: number) => ['dashboard', 'dias-fechamento', idEmpresa, ano] as const;

/**
 * `GET dashboard/dias-fechamento?ano=`: the selected company's extra closing days of `ano`
 * (national holidays are not listed: the server adds them).
 * @throws ApiError on failure (403 without the goals or billing role)
 */
export function useClosingDays(idEmpresa: number, ano: number) {
  return useQuery({
    queryKey: closingDaysQueryKey(idEmpresa, ano),
    queryFn: async ({ signal }): Promise<ClosingDaysResponse> => closingDaysResponseSchema.parse(await api.get<unknown>('dashboard/dias-fechamento', { query: { ano }, signal })),
  });
}

/**
 * `PUT dashboard/dias-fechamento {ano, dias}`: replaces the year's list (all or nothing); on success
 * the year's cache takes the answer, and the closing-day history and the dashboard are read again.
 * @throws ApiError on failure (400 names `dias.N.<field>`; after the error toast)
 */
export function useSaveClosingDays(idEmpresa: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ClosingDaysSave): Promise<ClosingDaysResponse> => closingDaysResponseSchema.parse(await api.put<unknown>('dashboard/dias-fechamento', body)),
    onSuccess: async (year) => {
      queryClient.setQueryData(closingDaysQueryKey(idEmpresa, year.ano), year);
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['auditoria', 'dia-fechamento'] }), queryClient.invalidateQueries({ queryKey: ['dashboard'], exact: false, predicate: (q) => q.queryKey[1] !== 'dias-fechamento' })]);
    },
  });
}
