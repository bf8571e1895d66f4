import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * The react-hook-form of a create/edit dialog: validated with a contracts' zod schema (the
 * server's) on submit and again on each change after that, and reset to `defaults` (the record's
 * values, or the empty form) every time the dialog opens, so a cancelled edit never leaks into
 * the next one.
 * @param schema zod schema from form values (`TInput`) to what the API takes (`TOutput`)
 * @param defaults the form's values when it opens; keep the object stable (`useMemo`) between renders
 * @param open whether the dialog is open
 * @returns the `useForm` result; `handleSubmit` hands the parsed `TOutput` to its callback
 */
export function useDialogForm<TInput extends FieldValues, TOutput>(schema: z.ZodType<TOutput, TInput>, defaults: TInput, open: boolean): UseFormReturn<TInput, unknown, TOutput> {
  const form = useForm<TInput, unknown, TOutput>({ mode: 'onSubmit', reValidateMode: 'onChange', resolver: zodResolver(schema), defaultValues: defaults as DefaultValues<TInput> });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(defaults);
  }, [open, defaults, reset]);
  return form;
}
