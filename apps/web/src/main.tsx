import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadSignedInApp } from './app/app.tsx';
import { AppProviders } from './app/providers.tsx';
import { createI18n } from './app/i18n.ts';
import { hasStoredSession } from './shared/session/session-storage.ts';

// A returning user: fetch the signed-in app and the screen at this address now, in parallel with
// the session restore, rather than one after the other once React has rendered.
if (hasStoredSession()) preloadSignedInApp();

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');

createRoot(container).render(
  <StrictMode>
    <AppProviders i18n={createI18n()}>
      <App />
    </AppProviders>
  </StrictMode>,
);
