import './styles/mantine-base.css';
import './styles/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { i18nReady } from './lib/i18n';
import { sessionReady } from './lib/session';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The first screen is drawn once the chosen language's texts are in (one small chunk), and, when a
// session is stored, the schemas that read it (zod, one chunk the signed-in pages need anyway).
void Promise.all([i18nReady(), sessionReady()]).then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  ),
);
