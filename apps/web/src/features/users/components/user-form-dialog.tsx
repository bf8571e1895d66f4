import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { User } from '@acervo/contracts';
import { FormDialog } from '../../../shared/forms/form-dialog.tsx';
import { useDialogForm } from '../../../shared/forms/use-dialog-form.ts';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { toast } from '../../../shared/toast/toast.tsx';
import { useUserOptions } from '../api/get-users.ts';
import { useSaveUser } from '../api/save-user.ts';
import { toUserRequest, userFormDefaults, userFormSchema, type UserFormInput, type UserFormValues } from '../user-form-schema.ts';
import { CompanyLinksField } from './company-links-field.tsx';

/** Wire fields of the form (server errors on these land under them). */
const FIELDS = ['nome', 'email', 'login', 'ativo', 'codigoErp', 'vendedor', 'codigoVendedorErp', 'empresas', 'senha', 'confirmeSenha'] as const;

/** Props of `UserFormDialog`. */
export interface UserFormDialogProps {
  open: boolean;
  /** The user to edit; null to create one. */
  user: User | null;
  onClose: () => void;
}

/**
 * Create/edit dialog of a user: name, e-mail, login, active, ERP user code, seller flag with the
 * ERP seller code, the company + profile links (`CompanyLinksField`) and the password twice
 * (required on create, blank on edit keeps it; hashed as SPEC 5 before sending). Validated with
 * the contracts' user schema; 400/409 messages land under their fields (a taken login under
 * Login). Success toast 'Usuário salvo com sucesso!'. Editing shows the Histórico panel.
 */
export function UserFormDialog({ open, user, onClose }: UserFormDialogProps) {
  const { t } = useTranslation();
  const fieldLabels = useMemo(() => Object.fromEntries(FIELDS.map((f) => [f, t(`users.fields.${f}`)])), [t]);
  const save = useSaveUser(fieldLabels);
  const options = useUserOptions(open);
  const defaults = useMemo(() => userFormDefaults(user), [user]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDialogForm<UserFormInput, UserFormValues>(userFormSchema, defaults, open);
  const seller = useWatch({ control, name: 'vendedor' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(await toUserRequest(values));
      toast.success(t('users.saved'));
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  const text = (name: 'nome' | 'email' | 'login' | 'codigoErp' | 'codigoVendedorErp' | 'senha' | 'confirmeSenha', extra: { required?: boolean; type?: string; disabled?: boolean; helper?: string }) => (
    <TextField
      {...register(name)}
      id={`user-${name}`}
      label={t(`users.fields.${name}`)}
      type={extra.type}
      required={extra.required}
      disabled={extra.disabled}
      autoComplete={extra.type === 'password' ? 'new-password' : 'off'}
      fullWidth
      error={Boolean(errors[name])}
      helperText={errors[name]?.message ?? extra.helper}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  const toggle = (name: 'ativo' | 'vendedor') => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => <FormControlLabel control={<Switch checked={Boolean(field.value)} onChange={(_e, checked) => field.onChange(checked)} slotProps={{ input: { ref: field.ref } }} />} label={t(`users.fields.${name}`)} />}
    />
  );

  return (
    <FormDialog
      open={open}
      idPrefix="user"
      title={user ? t('users.editTitle') : t('users.newTitle')}
      submitting={isSubmitting}
      cancelLabel={t('users.cancel')}
      saveLabel={t('users.save')}
      history={user ? { entidade: 'usuario', idRegistro: user.id, fieldLabels } : undefined}
      onClose={onClose}
    >
      <Box component="form" id="user-form" noValidate autoComplete="off" onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
        <Box sx={{ gridColumn: { sm: 'span 2' } }}>{text('nome', { required: true })}</Box>
        {text('email', { required: true, type: 'email' })}
        {text('login', { required: true })}
        {text('codigoErp', {})}
        <Box sx={{ display: 'flex', alignItems: 'center' }}>{toggle('ativo')}</Box>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>{toggle('vendedor')}</Box>
        {text('codigoVendedorErp', { disabled: !seller })}
        <Box sx={{ gridColumn: { sm: 'span 2' } }}>
          <CompanyLinksField control={control} errors={errors} options={options.data} />
        </Box>
        {text('senha', { required: !user, type: 'password', helper: user ? t('users.passwordKeep') : undefined })}
        {text('confirmeSenha', { required: !user, type: 'password' })}
        <Alert severity="info" sx={{ gridColumn: { sm: 'span 2' } }}>
          {t('users.firstSignIn')}
        </Alert>
      </Box>
    </FormDialog>
  );
}
