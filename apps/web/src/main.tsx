import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { AppProviders } from './app/providers.tsx';
import { createLoginI18n } from './app/i18n-login.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');

createRoot(container).render(
  <StrictMode>
    <AppProviders i18n={createLoginI18n()}>
      <App />
    </AppProviders>
  </StrictMode>,
);
