import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toasts } from '@/components/toasts';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { initI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { theme } from './theme';

const i18n = initI18n();

export const AppProvider = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createQueryClient);
  // Spec §4/§8: when a refresh is refused the session is already cleared (the guard then goes to
  // /login); the cached server data of that user goes too, once the guarded pages have unmounted.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      setTimeout(() => queryClient.removeQueries(), 0);
    });
    return () => setUnauthorizedHandler(() => undefined);
  }, [queryClient]);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Toasts />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
};
