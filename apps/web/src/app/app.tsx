import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { useSession } from '../shared/session/session-context.tsx';
import { PageSpinner } from '../shared/loading/loading-overlay.tsx';
import { createAppRouter, createLoginRouter } from './router.tsx';

/**
 * The shell (SPEC section 2): a spinner while the stored session is restored, the login area when
 * nobody is signed in, otherwise the router with the user's allowed routes. The router is rebuilt
 * when the sign-in state or the roles change (login, company switch, logout).
 */
export function App() {
  const { loading, signedIn, user } = useSession();
  const rolesKey = signedIn && user ? user.roles.join('|') : '';
  const router = useMemo(
    () => (loading ? null : signedIn && user ? createAppRouter(user.roles) : createLoginRouter()),
    // Rebuild only when these change, not on every new user object with the same roles.
    [loading, signedIn, rolesKey],
  );
  useEffect(() => () => router?.dispose(), [router]);
  if (!router) return <PageSpinner />;
  return <RouterProvider router={router} />;
}
