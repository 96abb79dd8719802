import './styles/mantine-base.css';
import './styles/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { i18nReady } from './lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The first screen is drawn once the chosen language's texts are in (one small chunk).
void i18nReady().then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  ),
);
