import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { SnackbarProvider } from 'notistack';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { SessionUser } from '@acervo/contracts';
import 'dayjs/locale/pt-br';
import { theme } from './theme.ts';
import { SessionProvider } from '../shared/session/session-context.tsx';
import { LoadingOverlay } from '../shared/loading/loading-overlay.tsx';
import { MAX_TOASTS, TOAST_DURATION_MS, toastCloseAction } from '../shared/toast/toast.tsx';

/**
 * Query client: no retries (the API client already shows one error toast per failure) and no
 * refetch on window focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
}

/** Props of `AppProviders`. */
export interface AppProvidersProps {
  children: ReactNode;
  i18n: I18n;
  queryClient?: QueryClient;
  /** Skips the stored-session restore (tests). */
  initialUser?: SessionUser | null;
}

/**
 * Every provider of the app: theme, i18n, TanStack Query, toasts (notistack: top right, dense,
 * close button, at most 3), date pickers (dayjs pt-br), session, and the global loading overlay.
 */
export function AppProviders({ children, i18n, queryClient, initialUser }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="pt-br">
            <SnackbarProvider
              maxSnack={MAX_TOASTS}
              dense
              anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
              autoHideDuration={TOAST_DURATION_MS.other}
              action={toastCloseAction}
            >
              <SessionProvider initialUser={initialUser}>
                {children}
                <LoadingOverlay />
              </SessionProvider>
            </SnackbarProvider>
          </LocalizationProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </ThemeProvider>
  );
}
