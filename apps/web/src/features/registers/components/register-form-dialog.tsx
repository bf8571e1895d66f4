import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { registerRequestSchemaOf, type RegisterDefinition, type RegisterRecord, type RegisterRequest, type RegisterRequestInput } from '@acervo/contracts';
import { FormDialog } from '../../../shared/forms/form-dialog.tsx';
import { useDialogForm } from '../../../shared/forms/use-dialog-form.ts';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { toast } from '../../../shared/toast/toast.tsx';
import { useSaveRegister } from '../api/registers-api.ts';

/** Props of `RegisterFormDialog`. */
export interface RegisterFormDialogProps {
  /** The register (contracts `REGISTERS` entry). */
  definition: RegisterDefinition;
  open: boolean;
  /** The record to edit; null to create one. */
  record: RegisterRecord | null;
  onClose: () => void;
}

/**
 * Create/edit dialog of any simple register: `codigo` (coded registers only, upper-cased), `nome`
 * and `ativo`, validated with the contracts' schema of that register (the server's). A 400/409
 * answer puts its messages under the fields (a duplicate name under Nome). Success toasts
 * `registers.<routeId>.saved` (SPEC 8). Editing shows the Histórico panel. Full screen on phones.
 */
export function RegisterFormDialog({ definition, open, record, onClose }: RegisterFormDialogProps) {
  const { t } = useTranslation();
  const prefix = `registers.${definition.routeId}`;
  const fields = useMemo(() => (definition.hasCode ? ['codigo', 'nome', 'ativo'] : ['nome', 'ativo']), [definition.hasCode]);
  const fieldLabels = useMemo(() => Object.fromEntries(fields.map((f) => [f, t(`registers.fields.${f}`)])), [fields, t]);
  const save = useSaveRegister(definition, fieldLabels);
  const schema = useMemo(() => registerRequestSchemaOf(definition) as unknown as z.ZodType<RegisterRequest, RegisterRequestInput>, [definition]);
  const defaults = useMemo<RegisterRequestInput>(() => ({ ...(definition.hasCode ? { codigo: record?.codigo ?? '' } : {}), nome: record?.nome ?? '', ativo: record?.ativo ?? true }), [record, definition.hasCode]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDialogForm<RegisterRequestInput, RegisterRequest>(schema, defaults, open);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ values, id: record?.id });
      toast.success(t(`${prefix}.saved`));
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, fields);
    }
  });

  const idPrefix = `register-${definition.apiPath}`;
  return (
    <FormDialog
      open={open}
      idPrefix={idPrefix}
      title={record ? t(`${prefix}.editTitle`) : t(`${prefix}.newTitle`)}
      submitting={isSubmitting}
      cancelLabel={t('registers.cancel')}
      saveLabel={t('registers.save')}
      maxWidth="sm"
      history={record ? { entidade: definition.entity, idRegistro: record.id, fieldLabels } : undefined}
      onClose={onClose}
    >
      <Box component="form" id={`${idPrefix}-form`} noValidate autoComplete="off" onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: definition.hasCode ? '140px 1fr' : '1fr' }, pt: 1 }}>
        {definition.hasCode && (
          <TextField
            {...register('codigo')}
            id={`${idPrefix}-codigo`}
            label={t('registers.fields.codigo')}
            required
            error={Boolean(errors.codigo)}
            helperText={errors.codigo?.message}
            slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, style: { textTransform: 'uppercase' } }, inputLabel: { shrink: true } }}
          />
        )}
        <TextField
          {...register('nome')}
          id={`${idPrefix}-nome`}
          label={t('registers.fields.nome')}
          required
          fullWidth
          autoFocus
          error={Boolean(errors.nome)}
          helperText={errors.nome?.message}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Controller
          name="ativo"
          control={control}
          render={({ field }) => <FormControlLabel control={<Switch checked={Boolean(field.value)} onChange={(_e, checked) => field.onChange(checked)} slotProps={{ input: { ref: field.ref } }} />} label={t('registers.fields.ativo')} />}
        />
      </Box>
    </FormDialog>
  );
}
