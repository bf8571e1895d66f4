import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { formMessages, type FormMessages } from '../../../shared/validation/form-messages.ts';
import { forgotPasswordFormSchema, type ForgotPasswordFormValues } from '../login-schemas.ts';
import { LoginTextField } from './login-text-field.tsx';

/** Props of `ForgotPasswordForm`. */
export interface ForgotPasswordFormProps {
  onSubmit: (values: ForgotPasswordFormValues) => Promise<unknown> | void;
  onBack: () => void;
  messages?: FormMessages;
}

/** forgotPassword mode (SPEC section 2): e-mail (required, valid address), send, back to login. */
export function ForgotPasswordForm({ onSubmit, onBack, messages }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => forgotPasswordFormSchema(messages ?? formMessages()), [messages]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordFormValues>({ mode: 'onSubmit', reValidateMode: 'onChange', resolver: zodResolver(schema), defaultValues: { email: '' } });

  return (
    <form noValidate autoComplete="off" onSubmit={handleSubmit(async (values) => { await onSubmit(values); })} aria-label={t('login.forgotTitle')}>
      <Stack spacing={2.5}>
        <LoginTextField registerProps={register('email')} id="email" type="email" label={t('login.email')} autoFocus error={errors.email?.message} />
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
          {t('login.send')}
        </Button>
        <Button type="button" variant="text" fullWidth onClick={onBack}>
          {t('login.backToLogin')}
        </Button>
      </Stack>
    </form>
  );
}
