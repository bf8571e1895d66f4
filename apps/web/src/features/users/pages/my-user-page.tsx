import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MISMATCH_MESSAGE, myUserRequestSchema, text, type MyUserRequest } from '@acervo/contracts';
import { applyServerErrors } from '../../../shared/forms/server-errors.ts';
import { hashPasswordLazily } from '../../../shared/password/hash-password.ts';
import { useSession, useSignedUser } from '../../../shared/session/session-context.tsx';
import { toast } from '../../../shared/toast/toast.tsx';
import { useChangeMyPassword, useMyUser, useUpdateMyUser } from '../api/my-user.ts';

/**
 * The change-password form's schema: the three passwords as typed (hashed on submit into the
 * contracts' `changeMyPasswordRequestSchema`), the confirmation equal to the new one (SPEC 5 text).
 */
export const myPasswordFormSchema = z
  .object({ senhaAtual: text({ min: 1, max: 200, trim: false }), senha: text({ min: 1, max: 200, trim: false }), confirmeSenha: text({ min: 1, max: 200, trim: false }) })
  .refine((v) => v.senha === v.confirmeSenha, { path: ['confirmeSenha'], message: PASSWORD_MISMATCH_MESSAGE });
type MyPasswordForm = z.infer<typeof myPasswordFormSchema>;

const DATA_FIELDS = ['nome', 'email'] as const;
const PASSWORD_FIELDS = ['senhaAtual', 'senha', 'confirmeSenha'] as const;
const PASSWORD_LABELS = { senhaAtual: 'users.fields.senhaAtual', senha: 'users.me.newPassword', confirmeSenha: 'users.me.confirmNewPassword' } as const;

/** Name and e-mail of the signed-in user (`PUT usuario/me`); the top bar's name follows. */
function MyDataForm() {
  const { t } = useTranslation();
  const me = useMyUser();
  const session = useSession();
  const user = useSignedUser();
  const labels = useMemo(() => Object.fromEntries(DATA_FIELDS.map((f) => [f, t(`users.fields.${f}`)])), [t]);
  const update = useUpdateMyUser(labels);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MyUserRequest>({ mode: 'onSubmit', reValidateMode: 'onChange', resolver: zodResolver(myUserRequestSchema), defaultValues: { nome: '', email: '' } });
  useEffect(() => {
    if (me.data) reset({ nome: me.data.nome, email: me.data.email ?? '' });
  }, [me.data, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      await session.startSession({ ...user, nome: saved.nome });
      toast.success(t('users.me.saved'));
    } catch (error) {
      applyServerErrors(error, setError, DATA_FIELDS);
    }
  });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="my-data-title" sx={{ p: 2 }}>
      <Typography id="my-data-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('users.me.data')}
      </Typography>
      <Box component="form" noValidate autoComplete="off" onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
        <TextField label={t('users.fields.login')} value={me.data?.login ?? user.login} id="me-login" fullWidth disabled slotProps={{ inputLabel: { shrink: true } }} />
        {DATA_FIELDS.map((name) => (
          <TextField
            key={name}
            {...register(name)}
            id={`me-${name}`}
            label={t(`users.fields.${name}`)}
            type={name === 'email' ? 'email' : undefined}
            required
            fullWidth
            error={Boolean(errors[name])}
            helperText={errors[name]?.message}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ))}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={isSubmitting} disabled={!me.data}>
            {t('users.save')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}

/** Change of the signed-in user's password (`POST usuario/me/senha`): other sessions end. */
function MyPasswordForm() {
  const { t } = useTranslation();
  const labels = useMemo(() => Object.fromEntries(PASSWORD_FIELDS.map((f) => [f, t(PASSWORD_LABELS[f])])), [t]);
  const change = useChangeMyPassword(labels);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MyPasswordForm>({ mode: 'onSubmit', reValidateMode: 'onChange', resolver: zodResolver(myPasswordFormSchema), defaultValues: { senhaAtual: '', senha: '', confirmeSenha: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const [senhaAtual, senha, confirmeSenha] = await Promise.all([values.senhaAtual, values.senha, values.confirmeSenha].map(hashPasswordLazily));
      await change.mutateAsync({ senhaAtual, senha, confirmeSenha });
      reset();
      toast.success(t('users.me.passwordChanged'));
    } catch (error) {
      applyServerErrors(error, setError, PASSWORD_FIELDS);
    }
  });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="my-password-title" sx={{ p: 2 }}>
      <Typography id="my-password-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('users.me.password')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('users.me.passwordHelp')}
      </Typography>
      <Box component="form" noValidate autoComplete="off" onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
        {PASSWORD_FIELDS.map((name) => (
          <TextField
            key={name}
            {...register(name)}
            id={`me-${name}`}
            label={t(PASSWORD_LABELS[name])}
            type="password"
            autoComplete={name === 'senhaAtual' ? 'current-password' : 'new-password'}
            required
            fullWidth
            error={Boolean(errors[name])}
            helperText={errors[name]?.message}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ))}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('users.me.changePassword')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}

/**
 * My user (`/system/user/me`, open to every signed-in user, reached from the user menu): the
 * name and e-mail form and the change-password form side by side (stacked on phones).
 */
export function MyUserPage() {
  const { t } = useTranslation();
  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, color: 'primary.main' }}>
          {t('users.me.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('users.me.subtitle')}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start', maxWidth: 1100 }}>
        <MyDataForm />
        <MyPasswordForm />
      </Box>
    </Box>
  );
}
