import { useState } from 'react';
import { closeSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-context.tsx';
import { toast } from '../../../shared/toast/toast.tsx';
import { MOBILE_QUERY } from '../../../shared/app-id.ts';
import { AcervoLogo } from '../../../shared/brand/acervo-logo.tsx';
import { LoginHero } from '../components/login-hero.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';
import { NewPasswordForm } from '../components/new-password-form.tsx';
import { login } from '../api/login.ts';
import { forgotPassword } from '../api/forgot-password.ts';
import { saveNewPassword, type NewPasswordTarget } from '../api/save-new-password.ts';

/** Login screen modes (SPEC section 4). */
export type LoginMode = 'login' | 'forgotPassword' | 'newPassword';

/** Query parameter of the e-mailed password-reset link. */
export const RESET_TOKEN_PARAM = 'resetToken';

/** The `?resetToken=` of the current address, or null. */
function readResetToken(): string | null {
  return typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get(RESET_TOKEN_PARAM);
}

/** Props of `LoginPage`. */
export interface LoginPageProps {
  /** Called when a sign-in starts (the app preloads the signed-in bundle meanwhile). */
  onSignInStarted?: () => void;
}

/**
 * The login area, shown for every path while nobody is signed in (SPEC section 2). It needs no
 * router (the address is read and rewritten with the History API), so the login bundle carries
 * none of the signed-in app:
 * left illustration (hidden ≤ 768 px), right panel (54 px horizontal padding) with the logo, a
 * 56 px gap and the 420 px form. The mode is newPassword when the session user must set a new
 * password or when the URL carries `?resetToken=`; otherwise login or forgotPassword.
 */
export function LoginPage({ onSignInStarted }: LoginPageProps) {
  const { t } = useTranslation();
  const { user, startSession, endSession } = useSession();
  const [chosenMode, setChosenMode] = useState<'login' | 'forgotPassword'>('login');
  const [resetToken, setResetToken] = useState(readResetToken);
  /** Leaves the reset link's address (`/?resetToken=…` → `/`) without reloading. */
  const dropResetToken = () => {
    window.history.replaceState(window.history.state, '', '/');
    setResetToken(null);
  };

  const target: NewPasswordTarget | null =
    user && user.indNewPassword ? { kind: 'user', id: user.id, bearer: user.token } : resetToken ? { kind: 'reset', resetToken } : null;
  const mode: LoginMode = target ? 'newPassword' : chosenMode;

  const backToLogin = () => {
    if (user) endSession();
    if (resetToken) dropResetToken();
    setChosenMode('login');
  };

  const titles: Record<LoginMode, [string, string]> = {
    login: [t('login.title'), t('login.subtitle')],
    forgotPassword: [t('login.forgotTitle'), t('login.forgotSubtitle')],
    newPassword: [t('login.newPasswordTitle'), t('login.newPasswordSubtitle')],
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', backgroundColor: '#fff' }}>
      <LoginHero />
      <Box
        component="main"
        sx={{
          width: 'auto',
          flexShrink: 0,
          px: '54px',
          py: 6,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          alignItems: 'center',
          backgroundColor: '#fff',
          [`@media ${MOBILE_QUERY}`]: { width: '100%', px: '24px' },
        }}
      >
        <Box sx={{ width: 420, maxWidth: '100%' }} data-testid="login-panel">
          <Box sx={{ mb: '56px', display: 'flex', justifyContent: 'center' }}>
            <AcervoLogo height={52} />
          </Box>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, color: 'primary.main', mb: 0.5 }}>
            {titles[mode][0]}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {titles[mode][1]}
          </Typography>
          {mode === 'login' && (
            <LoginForm
              onSubmit={async (values) => {
                onSignInStarted?.();
                const answer = await login(values).catch(() => null);
                if (!answer) return;
                closeSnackbar();
                await startSession(answer);
              }}
              onForgotPassword={() => setChosenMode('forgotPassword')}
            />
          )}
          {mode === 'forgotPassword' && (
            <ForgotPasswordForm
              onSubmit={async (values) => {
                const ok = await forgotPassword(values).then(() => true, () => false);
                if (!ok) return;
                toast.success(t('login.succesForgotPass'));
                setChosenMode('login');
              }}
              onBack={() => setChosenMode('login')}
            />
          )}
          {mode === 'newPassword' && target && (
            <NewPasswordForm
              onSubmit={async (values) => {
                onSignInStarted?.();
                const fieldLabels = { token: '', senha: t('login.newPassword'), confirmaSenha: t('login.confirmPassword') };
                const result = await saveNewPassword({ target, values, fieldLabels }).then((u) => ({ ok: true as const, user: u }), () => ({ ok: false as const, user: null }));
                if (!result.ok) return;
                if (resetToken) dropResetToken();
                if (result.user) {
                  await startSession(result.user);
                } else {
                  toast.success(t('login.passwordSaved'));
                  if (user) endSession();
                  setChosenMode('login');
                }
              }}
              onBack={backToLogin}
            />
          )}
        </Box>
      </Box>
    </Box>
  );
}
