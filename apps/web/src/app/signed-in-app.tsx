import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createAppRouter } from './router.tsx';
import { createQueryClient } from './query-client.ts';
import { addFeatureMessages } from './i18n-login.ts';
import { SIGNED_IN_FEATURES } from './i18n.ts';

/** Props of `SignedInProviders`. */
export interface SignedInProvidersProps {
  children: ReactNode;
  /** Query client to use (tests pass a fresh one); one is created per mount otherwise. */
  queryClient?: QueryClient;
}

/**
 * Providers only the signed-in app needs: TanStack Query. Kept out of the login bundle. The date
 * pickers' `LocalizationProvider` (AdapterDayjs, `adapterLocale="pt-br"`) is not here: no screen
 * has a date picker yet, and it costs every screen's first load about 12 KB brotli (dayjs, its
 * pt-br locale, the pickers' adapter); the first screen with a date picker wraps itself in it.
 */
export function SignedInProviders({ children, queryClient }: SignedInProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

/** Props of `SignedInApp`. */
export interface SignedInAppProps {
  /** Roles of the signed-in user in the selected company. */
  roles: readonly string[];
}

/**
 * The signed-in application: one browser router per set of roles (only the allowed routes are
 * registered). When the roles change (company switch) a new router is built and the
 * `RouterProvider` is remounted with it (keyed by the roles): a mounted `RouterProvider` does not
 * take a new router's state, which left `<main>` empty after sign-in. The replaced router is
 * disposed once it is no longer rendered (StrictMode's simulated unmount keeps it).
 * Before anything renders it adds the signed-in features' texts to the i18n instance (the entry
 * chunk carries only the login area's).
 */
export function SignedInApp({ roles }: SignedInAppProps) {
  const { i18n } = useTranslation();
  addFeatureMessages(i18n, SIGNED_IN_FEATURES);
  const rolesKey = roles.join('|');
  // rebuilt only when the set of roles changes, not for a new array with the same roles
  const router = useMemo(() => createAppRouter(rolesKey ? rolesKey.split('|') : []), [rolesKey]);
  const current = useRef<typeof router | null>(null);
  useEffect(() => {
    current.current = router;
    return () => {
      current.current = null;
      queueMicrotask(() => {
        if (current.current !== router) router.dispose();
      });
    };
  }, [router]);
  return (
    <SignedInProviders>
      <RouterProvider key={rolesKey} router={router} />
    </SignedInProviders>
  );
}
