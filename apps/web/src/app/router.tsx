import { createBrowserRouter, type RouteObject } from 'react-router';
import { allowedRoutes, type AppRoute } from '@acervo/contracts';
import { AppLayout } from '../features/layout/components/app-layout.tsx';
import { HomePage } from '../features/home/pages/home-page.tsx';
import { PlaceholderPage } from '../features/placeholder/pages/placeholder-page.tsx';
import { NotFoundPage } from '../features/placeholder/pages/not-found-page.tsx';
import { RouteErrorPage } from '../features/placeholder/pages/route-error-page.tsx';
import { PageSpinner } from '../shared/loading/loading-overlay.tsx';
import { ROUTE_MODULES } from './route-modules.ts';

/** Child route of one route-table entry: built screens are lazy-loaded, the rest are placeholders. */
function childRoute(route: AppRoute): RouteObject {
  if (route.id === 'home') return { index: true, element: <HomePage /> };
  const path = route.path.replace(/^\//, '');
  const lazy = ROUTE_MODULES[route.id];
  if (lazy) return { path, lazy };
  return { path, element: <PlaceholderPage key={route.id} titleKey={route.labelKey} /> };
}

/**
 * Routes of a signed-in user (SPEC section 2): the layout with only the routes the roles allow
 * (`allowedRoutes`, skipping menu-only entries), and 'Pagina não encontrada' for any other path.
 * The error element keeps React Router's 'Unexpected Application Error!' heading.
 */
export function appRoutes(roles: readonly string[]): RouteObject[] {
  return [
    {
      path: '/',
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageSpinner />,
      children: [...allowedRoutes(roles).filter((r) => r.routed !== false).map(childRoute), { path: '*', element: <NotFoundPage /> }],
    },
  ];
}

/** Browser router of a signed-in user. */
export function createAppRouter(roles: readonly string[]) {
  return createBrowserRouter(appRoutes(roles));
}
