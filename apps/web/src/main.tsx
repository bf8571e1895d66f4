import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app.tsx';
import { AppProviders } from './app/providers.tsx';
import { createLoginI18n } from './app/i18n-login.ts';

// zod parses the API's answers without compiling a function per object schema first: the answers
// are a page of rows at most, and the compilation (new Function) cost phones tens of milliseconds
// of the first screen's start-up.
z.config({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');

const root = createRoot(container);
// A transition: React renders the app in slices of a few milliseconds, yielding to the browser
// between them, instead of one long task per render (the retries after each lazy chunk arrives
// keep the transition's priority). Phones feel it as input that is not blocked while the shell
// renders (Lighthouse total blocking time).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders i18n={createLoginI18n()}>
        <App />
      </AppProviders>
    </StrictMode>,
  );
});
