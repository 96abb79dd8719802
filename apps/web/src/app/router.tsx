import type { TRouteKey } from '@bubuh/contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { RouteError } from '@/components/errors/route-error';
import { GuestOnly } from '@/features/auth/components/guest-only';
import { RequireAuth } from '@/features/auth/components/require-auth';
import type { TRouteHandle } from '@/lib/route-handle';
import { groupRoutes, type TRouteEntry } from './route-groups';
import { RootLayout } from './routes/root-layout';

type TPage = LazyExoticComponent<ComponentType>;

/** Screens built so far; every other route of ROUTES shows its group's "coming soon" page. */
const PAGES: Partial<Record<TRouteKey, TPage>> = {
  landing: lazy(() => import('./routes/landing')),
  privacy: lazy(() => import('./routes/legal/privacy-policy')),
  terms: lazy(() => import('./routes/legal/terms-and-conditions')),
  returnPolicy: lazy(() => import('./routes/legal/return-policy')),
  login: lazy(() => import('./routes/auth/login')),
  register: lazy(() => import('./routes/auth/register')),
  otp: lazy(() => import('./routes/auth/otp')),
  loginOtp: lazy(() => import('./routes/auth/login-otp')),
  forgotPassword: lazy(() => import('./routes/auth/forgot-password')),
  resetPassword: lazy(() => import('./routes/auth/reset-password')),
  dashboard: lazy(() => import('./routes/app/dashboard')),
  masterUser: lazy(() => import('./routes/app/master/user')),
  masterPersonalUser: lazy(() => import('./routes/app/master/personal-user')),
  masterDepartment: lazy(() => import('./routes/app/master/department')),
  masterEsign: lazy(() => import('./routes/app/master/esign')),
  masterPlan: lazy(() => import('./routes/app/master/plan')),
  masterStatus: lazy(() => import('./routes/app/master/status')),
  quotaTransfer: lazy(() => import('./routes/app/quota/transfer')),
  account: lazy(() => import('./routes/app/account')),
  setting: lazy(() => import('./routes/app/setting')),
  // Stamping and signing one document, templates, public verification.
  stamp: lazy(() => import('./routes/app/stamp/my-documents')),
  stampBackup: lazy(() => import('./routes/app/stamp/backup')),
  stampSingle: lazy(() => import('./routes/app/stamp/single')),
  stampSingleTemplate: lazy(() => import('./routes/app/stamp/single-template')),
  stampSingleDraft: lazy(() => import('./routes/app/stamp/draft')),
  stampSingleEsign: lazy(() => import('./routes/app/stamp/esign')),
  stampEsign: lazy(() => import('./routes/app/stamp/e-sign')),
  stampDocumentTemplate: lazy(() => import('./routes/app/stamp/document-template')),
  masterDocumentTemplate: lazy(() => import('./routes/app/stamp/master-document-template')),
  masterEditDocumentTemplate: lazy(() => import('./routes/app/stamp/edit-document-template')),
  verifyStamp: lazy(() => import('./routes/services/verify-stamp')),
  fileManager: lazy(() => import('./routes/app/file-manager')),
};

const PublicComingSoon = lazy(() => import('./routes/public-coming-soon'));
const BlankComingSoon = lazy(() => import('./routes/blank-coming-soon'));
const AppComingSoon = lazy(() => import('./routes/app/coming-soon'));
const AppRoot = lazy(() => import('./routes/app/root'));
const NotFound = lazy(() => import('./routes/not-found'));

const toRoute = ({ key, def }: TRouteEntry, fallback: TPage): RouteObject => {
  const Page = PAGES[key] ?? fallback;
  const handle: TRouteHandle = { routeKey: key, titleKey: def.title };
  return { path: def.path, handle, element: <Page /> };
};

export const buildRoutes = (): RouteObject[] => {
  const groups = groupRoutes();
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        ...groups.public.map((entry) => toRoute(entry, PublicComingSoon)),
        {
          element: <GuestOnly />,
          children: groups.guest.map((entry) => toRoute(entry, PublicComingSoon)),
        },
        {
          element: <RequireAuth />,
          children: [
            ...groups.authBlank.map((entry) => toRoute(entry, BlankComingSoon)),
            {
              element: <AppRoot />,
              children: groups.authMain.map((entry) => toRoute(entry, AppComingSoon)),
            },
          ],
        },
        {
          path: '*',
          handle: { titleKey: 'page.notFound' } satisfies TRouteHandle,
          element: <NotFound />,
        },
      ],
    },
  ];
};

const router = createBrowserRouter(buildRoutes());

export const AppRouter = () => <RouterProvider router={router} />;
