import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activeStateSchema, companySaveResponseSchema, messageResponseSchema, type ActiveState, type CompanyRequest, type CompanySaveResponse } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** Field labels of the company form, so an error toast reads 'CNPJ: …' (wire name → label). */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * `POST system/company` (no `id`) or `PUT system/company/{id}`: saves a company.
 * @returns the company as stored (CNPJ normalised), with `aviso` when the ERP does not know (or
 *   could not confirm) its ERP code: the save succeeded, the caller shows a warning toast
 * @throws ApiError (400/409 with field messages, after the error toast)
 */
export async function saveCompany(values: CompanyRequest, id: number | undefined, fieldLabels?: FieldLabels): Promise<CompanySaveResponse> {
  const answer = id === undefined ? await api.post<unknown>('system/company', values, { fieldLabels }) : await api.put<unknown>(`system/company/${id}`, values, { fieldLabels });
  return companySaveResponseSchema.parse(answer);
}

/**
 * `PUT system/company/inativa/{id}`: toggles a company's `ativo`; answers the new state.
 */
export async function toggleCompany(id: number): Promise<ActiveState> {
  return activeStateSchema.parse(await api.put<unknown>(`system/company/inativa/${id}`));
}

/** `DELETE system/company/{id}` (409 while records refer to it). */
export async function deleteCompany(id: number): Promise<string> {
  return messageResponseSchema.parse(await api.delete<unknown>(`system/company/${id}`)).message;
}

/** Invalidates every company list and select after a change. */
function useInvalidate() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ['companies'] }), client.invalidateQueries({ queryKey: ['user-companies'] })]);
}

/** Mutation of `saveCompany`; refreshes the lists on success. */
export function useSaveCompany(fieldLabels?: FieldLabels) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: ({ values, id }: { values: CompanyRequest; id?: number }) => saveCompany(values, id, fieldLabels), onSuccess: invalidate });
}

/** Mutation of `toggleCompany`; refreshes the lists on success. */
export function useToggleCompany() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: toggleCompany, onSuccess: invalidate });
}

/** Mutation of `deleteCompany`; refreshes the lists on success. */
export function useDeleteCompany() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deleteCompany, onSuccess: invalidate });
}
