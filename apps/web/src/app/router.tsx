import type { TRouteKey } from '@bubuh/contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { RouteError } from '@/components/errors/route-error';
import { GuestOnly } from '@/features/auth/components/guest-only';
import { RequireAuth } from '@/features/auth/components/require-auth';
import type { TRouteHandle } from '@/lib/route-handle';
import { groupRoutes, type TRouteEntry } from './route-groups';
import LoginRoute from './routes/auth/login';
import { RootLayout } from './routes/root-layout';

type TPage = LazyExoticComponent<ComponentType> | ComponentType;

/**
 * A page that brings the Mantine component styles /login does not need (mantine-app.css, one
 * sheet, fetched once with the first such page): the login screen loads only mantine-base.css.
 */
const page = (load: () => Promise<{ default: ComponentType }>): TPage =>
  lazy(() => Promise.all([import('@/styles/mantine-app.css'), load()]).then(([, mod]) => mod));

/** Screens built so far; every other route of ROUTES shows its group's "coming soon" page. */
const LoginPage: ComponentType = LoginRoute;

const PAGES: Partial<Record<TRouteKey, TPage>> = {
  landing: page(() => import('./routes/landing')),
  privacy: page(() => import('./routes/legal/privacy-policy')),
  terms: page(() => import('./routes/legal/terms-and-conditions')),
  returnPolicy: page(() => import('./routes/legal/return-policy')),
  // The first screen of most visits is part of the entry chunk: one request instead of many small
  // chunks of its components (`npm run bench:web`, see docs/performance.md).
  login: LoginPage,
  register: page(() => import('./routes/auth/register')),
  otp: page(() => import('./routes/auth/otp')),
  loginOtp: page(() => import('./routes/auth/login-otp')),
  forgotPassword: page(() => import('./routes/auth/forgot-password')),
  resetPassword: page(() => import('./routes/auth/reset-password')),
  dashboard: page(() => import('./routes/app/dashboard')),
  masterUser: page(() => import('./routes/app/master/user')),
  masterPersonalUser: page(() => import('./routes/app/master/personal-user')),
  masterDepartment: page(() => import('./routes/app/master/department')),
  masterEsign: page(() => import('./routes/app/master/esign')),
  masterPlan: page(() => import('./routes/app/master/plan')),
  masterStatus: page(() => import('./routes/app/master/status')),
  quotaTransfer: page(() => import('./routes/app/quota/transfer')),
  // Buying: plans, units, invoices, payment, receipts, proofs of transfer.
  plan: page(() => import('./routes/app/plan')),
  quotaPurchase: page(() => import('./routes/app/quota/purchase')),
  quotaInvoice: page(() => import('./routes/app/quota/invoice')),
  planInvoice: page(() => import('./routes/app/quota/invoice')),
  quotaPaymentConfirm: page(() => import('./routes/app/quota/payment-confirm')),
  quotaPaymentReceipt: page(() => import('./routes/app/quota/payment-receipt')),
  quotaInvoicePrint: page(() => import('./routes/payment/invoice-print')),
  planInvoicePrint: page(() => import('./routes/payment/invoice-print')),
  paymentSuccess: page(() => import('./routes/payment/result')),
  paymentFailed: page(() => import('./routes/payment/result')),
  paymentSandbox: page(() => import('./routes/payment/sandbox')),
  masterPaymentProof: page(() => import('./routes/app/master/payment-proof')),
  masterPromoCode: page(() => import('./routes/app/master/promo-code')),
  account: page(() => import('./routes/app/account')),
  setting: page(() => import('./routes/app/setting')),
  // Stamping and signing one document, templates, public verification.
  stamp: page(() => import('./routes/app/stamp/my-documents')),
  stampBackup: page(() => import('./routes/app/stamp/backup')),
  stampSingle: page(() => import('./routes/app/stamp/single')),
  stampSingleTemplate: page(() => import('./routes/app/stamp/single-template')),
  stampSingleDraft: page(() => import('./routes/app/stamp/draft')),
  stampSingleEsign: page(() => import('./routes/app/stamp/esign')),
  stampEsign: page(() => import('./routes/app/stamp/e-sign')),
  // Bulk stamping (issue 13).
  stampBulk: page(() => import('./routes/app/stamp/bulk')),
  stampBulkDetail: page(() => import('./routes/app/stamp/bulk-detail')),
  stampBulkBackup: page(() => import('./routes/app/stamp/bulk-backup')),
  stampBulkTemplate: page(() => import('./routes/app/stamp/bulk-template')),
  stampBulkUseTemplate: page(() => import('./routes/app/stamp/bulk-use-template')),
  stampBulkCreateTemplate: page(() => import('./routes/app/stamp/bulk-create-template')),
  stampBulkEditTemplate: page(() => import('./routes/app/stamp/bulk-edit-template')),
  stampDocumentTemplate: page(() => import('./routes/app/stamp/document-template')),
  masterDocumentTemplate: page(() => import('./routes/app/stamp/master-document-template')),
  masterEditDocumentTemplate: page(() => import('./routes/app/stamp/edit-document-template')),
  verifyStamp: page(() => import('./routes/services/verify-stamp')),
  signLink: page(() => import('./routes/sign-link')),
  // Support and notifications.
  faq: page(() => import('./routes/app/support/faq')),
  knowledgeBase: page(() => import('./routes/app/support/knowledge-base')),
  tickets: page(() => import('./routes/app/support/tickets')),
  ticketDetail: page(() => import('./routes/app/support/ticket-detail')),
  notifications: page(() => import('./routes/app/notifications')),
  // The digital locker (issue 14).
  fileManager: page(() => import('./routes/app/file-manager')),
};

const PublicComingSoon = page(() => import('./routes/public-coming-soon'));
const BlankComingSoon = page(() => import('./routes/blank-coming-soon'));
const AppComingSoon = page(() => import('./routes/app/coming-soon'));
const AppRoot = page(() => import('./routes/app/root'));
const NotFound = page(() => import('./routes/not-found'));

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
