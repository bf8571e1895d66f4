import { lazy, Suspense } from 'react';
import { useSession } from '../shared/session/session-context.tsx';
import { PageSpinner } from '../shared/loading/loading-overlay.tsx';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { preloadRouteModule } from './route-modules.ts';

/**
 * The signed-in application (router, layout, every screen), loaded on demand so the login area
 * does not download it, together with the screen at the current address (one round trip instead
 * of two). The download starts when the app first renders signed in, i.e. after the first paint
 * (a request started before it would delay it), or earlier on purpose: `preloadSignedInApp` when
 * the login form is submitted, so the screen after sign-in appears without a second wait.
 */
const loadSignedInApp = () => import('./signed-in-app.tsx');
const SignedInApp = lazy(async () => {
  // the screen at this address downloads together with the app, not after the router asks for it
  if (typeof window !== 'undefined') preloadRouteModule(window.location.pathname);
  return { default: (await loadSignedInApp()).SignedInApp };
});

/**
 * Starts downloading the signed-in application and the screen at the current address; safe to
 * call many times.
 */
export function preloadSignedInApp(): void {
  void loadSignedInApp();
  if (typeof window !== 'undefined') preloadRouteModule(window.location.pathname);
}

/**
 * The shell (SPEC section 2): a spinner while the stored session is restored, the login area when
 * nobody is signed in (any path), otherwise the signed-in application with the user's allowed
 * routes. The login area uses no router, so nothing of the signed-in app is loaded before sign-in.
 * The signed-in app is keyed by user and company: a company switch (in this tab or followed from
 * another) mounts a new router and query cache, so no screen keeps the previous company's data.
 */
export function App() {
  const { loading, signedIn, user } = useSession();
  if (loading) return <PageSpinner />;
  if (!signedIn || !user) return <LoginPage onSignInStarted={preloadSignedInApp} />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <SignedInApp key={`${user.id}:${user.idEmpresa ?? ''}`} roles={user.roles} />
    </Suspense>
  );
}
