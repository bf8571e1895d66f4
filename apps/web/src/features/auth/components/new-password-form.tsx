import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { formMessages, type FormMessages } from '../../../shared/validation/form-messages.ts';
import { newPasswordFormSchema, type NewPasswordFormValues } from '../login-schemas.ts';
import { PasswordInput } from './password-field.tsx';

/** Props of `NewPasswordForm`. */
export interface NewPasswordFormProps {
  onSubmit: (values: NewPasswordFormValues) => Promise<unknown> | void;
  onBack: () => void;
  messages?: FormMessages;
}

/**
 * newPassword mode (SPEC sections 2 and 5): two masked fields; the second must equal the first
 * ('A senha de confirmação deve ser a mesma que a nova senha!', login.passwordNotEqual).
 */
export function NewPasswordForm({ onSubmit, onBack, messages }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => newPasswordFormSchema(messages ?? formMessages(), t('login.passwordNotEqual')), [messages, t]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordFormValues>({ mode: 'onSubmit', reValidateMode: 'onChange', resolver: zodResolver(schema), defaultValues: { senha: '', confirmaSenha: '' } });

  return (
    <form noValidate autoComplete="off" onSubmit={handleSubmit(async (values) => { await onSubmit(values); })} aria-label={t('login.newPasswordTitle')}>
      <Stack spacing={2.5}>
        <PasswordInput registerProps={register('senha', { deps: ['confirmaSenha'] })} label={t('login.newPassword')} error={errors.senha?.message} />
        <PasswordInput registerProps={register('confirmaSenha')} label={t('login.confirmPassword')} error={errors.confirmaSenha?.message} />
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
          {t('login.save')}
        </Button>
        <Button type="button" variant="text" fullWidth onClick={onBack}>
          {t('login.backToLogin')}
        </Button>
      </Stack>
    </form>
  );
}
