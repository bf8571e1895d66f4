import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailTestResultSchema, parametersSchema, type EmailTestResult, type ParameterUpdate, type Parameters } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** Field labels of the parameters form by wire path (`geral.expiracaoTokenDias` → label), for error toasts. */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * `PUT parametro`: saves every parameter (all or nothing).
 * @returns the parameters as stored
 * @throws ApiError (400 naming the parameter, after the error toast)
 */
export async function saveParameters(values: ParameterUpdate, fieldLabels?: FieldLabels): Promise<Parameters> {
  return parametersSchema.parse(await api.put<unknown>('parametro', values, { fieldLabels }));
}

/** Mutation of `saveParameters`; puts the answer in the `['parameters']` cache and refreshes the trail. */
export function useSaveParameters(fieldLabels?: FieldLabels) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: ParameterUpdate) => saveParameters(values, fieldLabels),
    onSuccess: async (saved) => {
      client.setQueryData(['parameters'], saved);
      await client.invalidateQueries({ queryKey: ['auditoria', 'parametro'] });
    },
  });
}

/**
 * `POST parametro/email/teste {destinatario}`: sends a test message with the SAVED SMTP settings.
 * @returns `{enviado, resposta}`: the SMTP server's reply or the error text
 * @throws ApiError for a bad recipient (400, after the error toast)
 */
export async function testEmail(destinatario: string): Promise<EmailTestResult> {
  return emailTestResultSchema.parse(await api.post<unknown>('parametro/email/teste', { destinatario }, { area: false }));
}

/** Mutation of `testEmail`. */
export function useTestEmail() {
  return useMutation({ mutationFn: testEmail });
}
