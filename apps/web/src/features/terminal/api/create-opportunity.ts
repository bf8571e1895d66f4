import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opportunityCreatedSchema, registerPageSchema, type OpportunityCreated, type OpportunityRequest, type RegisterRecord } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** Screen labels of the opportunity fields, so an error toast reads 'Motivo: …' (wire name → label). */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * `POST oportunidade`: registers a lost sale or a purchase suggestion in the selected company.
 * @returns the SPEC 8 message and the stored opportunity
 * @throws ApiError (400 with field messages, after the error toast)
 */
export async function createOpportunity(body: OpportunityRequest, fieldLabels?: FieldLabels): Promise<OpportunityCreated> {
  return opportunityCreatedSchema.parse(await api.post<unknown>('oportunidade', body, { fieldLabels }));
}

/** Mutation of `createOpportunity`; refreshes the Terminal details (their `oportunidadesAbertas`) on success. */
export function useCreateOpportunity(fieldLabels?: FieldLabels) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OpportunityRequest) => createOpportunity(body, fieldLabels),
    onSuccess: () => client.invalidateQueries({ queryKey: ['terminal', 'detail'] }),
  });
}

/**
 * The active reasons of `motivo-oportunidade` (readable by every signed-in user), by name, for the
 * dialog's picker; fetched once the dialog first opens (`enabled`).
 */
export function useOpportunityReasons(enabled: boolean) {
  return useQuery({
    queryKey: ['terminal', 'reasons'],
    queryFn: async ({ signal }): Promise<RegisterRecord[]> =>
      registerPageSchema.parse(await api.get<unknown>('motivo-oportunidade', { query: { status: 'true', pageSize: 200, sorter: 'nome,asc' }, signal, area: false })).itens,
    enabled,
    staleTime: 60_000,
  });
}
