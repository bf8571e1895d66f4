import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { SnackbarProvider } from 'notistack';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { SessionUser } from '@acervo/contracts';
import { theme } from './theme.ts';
import { SessionProvider } from '../shared/session/session-context.tsx';
import { LoadingOverlay } from '../shared/loading/loading-overlay.tsx';
import { MAX_TOASTS, TOAST_CONTAINER_CLASS, TOAST_DURATION_MS, TOAST_TOP_OFFSET_PX, ToastContent, toastCloseAction } from '../shared/toast/toast.tsx';

/** Props of `AppProviders`. */
export interface AppProvidersProps {
  children: ReactNode;
  i18n: I18n;
  /** Skips the stored-session restore (tests). */
  initialUser?: SessionUser | null;
}

/**
 * Providers of the whole app, login area included: theme, i18n, toasts (notistack: top right below
 * the top bar, dense, close button, at most 3, WCAG AA colours), session and the global loading
 * overlay. What only the signed-in app needs (TanStack Query, date pickers) is in
 * `SignedInProviders` so the login bundle stays small.
 */
export function AppProviders({ children, i18n, initialUser }: AppProvidersProps) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <GlobalStyles styles={{ [`.notistack-SnackbarContainer.${TOAST_CONTAINER_CLASS}`]: { top: TOAST_TOP_OFFSET_PX } }} />
      <I18nextProvider i18n={i18n}>
        <SnackbarProvider
          maxSnack={MAX_TOASTS}
          dense
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          autoHideDuration={TOAST_DURATION_MS.other}
          action={toastCloseAction}
          classes={{ containerAnchorOriginTopRight: TOAST_CONTAINER_CLASS }}
          Components={{ success: ToastContent, error: ToastContent, warning: ToastContent, info: ToastContent, default: ToastContent }}
        >
          <SessionProvider initialUser={initialUser}>
            {children}
            <LoadingOverlay />
          </SessionProvider>
        </SnackbarProvider>
      </I18nextProvider>
    </ThemeProvider>
  );
}
