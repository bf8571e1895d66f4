import { useMutation, useQueryClient } from '@tanstack/react-query';
import { goalYearResponseSchema, type GoalSaveRequest, type GoalYear } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';
import { goalsQueryKey } from './get-goals.ts';

/** Variables of `useSaveGoals`: the body, and screen labels of its fields for the error toast. */
export interface SaveGoalsVariables {
  body: GoalSaveRequest;
  /** `itens.N.valor` → 'Distribuidora Acervo Ltda – Janeiro', so a server error names the cell. */
  fieldLabels?: Readonly<Record<string, string>>;
}

/**
 * `PUT meta {ano, itens}`: sets (cents) or removes (null) the goals sent, all or nothing.
 * @returns the year as `GET meta` answers it after the save
 * @throws ApiError on failure (400 names `itens.N.<field>`; after the error toast)
 */
export async function saveGoals({ body, fieldLabels }: SaveGoalsVariables): Promise<GoalYear> {
  return goalYearResponseSchema.parse(await api.put<unknown>('meta', body, { fieldLabels }));
}

/**
 * Mutation of `saveGoals`: on success the year's cache takes the answer and the goal history
 * (`['auditoria', 'meta', …]`) is read again.
 */
export function useSaveGoals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGoals,
    onSuccess: async (year) => {
      queryClient.setQueryData(goalsQueryKey(year.ano), year);
      await queryClient.invalidateQueries({ queryKey: ['auditoria', 'meta'] });
    },
  });
}
