import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { formMessages, type FormMessages } from '../../../shared/validation/form-messages.ts';
import { loginFormSchema, type LoginFormValues } from '../login-schemas.ts';
import { PasswordInput } from './password-field.tsx';
import { LoginTextField } from './login-text-field.tsx';

/** Props of `LoginForm`. */
export interface LoginFormProps {
  /** Called with valid values; the form shows a busy button while the promise is pending. */
  onSubmit: (values: LoginFormValues) => Promise<unknown> | void;
  /** Switches to the forgotten-password mode. */
  onForgotPassword: () => void;
  /** Validation messages (defaults to the browser language's). */
  messages?: FormMessages;
}

/**
 * Login mode (SPEC sections 2 and 5): fields `login` and `senha` (masked), autocomplete off,
 * full-width submit, full-width text button 'Esqueci minha senha'. Errors show as helper text and
 * the field turns red; validation runs on submit and again on every change after the first submit.
 */
export function LoginForm({ onSubmit, onForgotPassword, messages }: LoginFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => loginFormSchema(messages ?? formMessages()), [messages]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: { login: '', senha: '' },
  });

  return (
    <form noValidate autoComplete="off" onSubmit={handleSubmit(async (values) => { await onSubmit(values); })} aria-label={t('login.title')}>
      <Stack spacing={2.5}>
        <LoginTextField registerProps={register('login')} id="login" label={t('login.login')} autoFocus error={errors.login?.message} />
        <PasswordInput registerProps={register('senha')} label={t('login.senha')} error={errors.senha?.message} />
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
          {t('login.submit')}
        </Button>
        <Button type="button" variant="text" fullWidth onClick={onForgotPassword}>
          {t('login.forgotPassword')}
        </Button>
      </Stack>
    </form>
  );
}

