import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/api-error.ts';

/**
 * Puts the field errors of a failed save (`{messages: [{field, message}]}`, HTTP 400/409) under
 * the form's fields, so a duplicate CNPJ or a bad cron reads under its own input. Fields the form
 * does not have are left to the error toast (which the API client has already shown).
 * Nested wire names (`empresas.0.idPerfil`) are passed to react-hook-form as they are.
 * @param error what the save threw (anything not an ApiError is ignored)
 * @param setError the form's `setError`
 * @param fields the form's field names (wire names)
 * @returns true when at least one message landed under a field
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const { field, message } of error.fieldMessages) {
    const root = field.split('.')[0];
    if (!field || !fields.includes(root)) continue;
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
