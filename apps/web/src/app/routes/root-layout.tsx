import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Splash } from '@/components/splash';
import { useRouteHandle } from '@/lib/route-handle';

/** Keeps `document.title` on the current page's translated title. */
const DocumentTitle = () => {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const title = handle ? t(handle.titleKey) : '';
  useEffect(() => {
    const brand = t('app.name');
    document.title =
      !handle || handle.routeKey === 'landing'
        ? `${brand} · ${title || t('app.tagline')}`
        : `${title} · ${brand}`;
  }, [t, title, handle]);
  return null;
};

export const RootLayout = () => (
  <>
    <DocumentTitle />
    <Suspense fallback={<Splash />}>
      <Outlet />
    </Suspense>
    <ScrollRestoration />
  </>
);
