import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { SessionUser } from '@acervo/contracts';
import { AppProviders } from '../app/providers.tsx';
import { SignedInProviders } from '../app/signed-in-app.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { createI18n } from '../app/i18n.ts';
import type { Language } from '../shared/i18n-types.ts';

/** Renders an element inside every app provider (pt-BR unless `language`, fresh query client, optional user). */
export function renderWithProviders(element: ReactElement, options: { user?: SessionUser | null; language?: Language } = {}): RenderResult {
  return render(
    <AppProviders i18n={createI18n(options.language ?? 'pt-BR')} initialUser={options.user ?? null}>
      <SignedInProviders queryClient={createQueryClient()}>{element}</SignedInProviders>
    </AppProviders>,
  );
}

/** Renders routes in a memory router at `path` inside every app provider. */
export function renderRoutes(routes: RouteObject[], path: string, options: { user?: SessionUser | null; language?: Language } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = renderWithProviders(<RouterProvider router={router} />, options);
  return { ...result, router };
}
