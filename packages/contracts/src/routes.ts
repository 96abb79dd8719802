/**
 * Every screen of spec §2, in one typed table. The web router is built from it, the API's SPA
 * fallback serves index.html for it, and the menus link only to paths listed here.
 */
export type TRouteLayout = 'blank' | 'main';
export type TRouteAccess = 'public' | 'guest' | 'auth';

export type TRouteDef = {
  /** React Router pattern, `:id` for the `{id}` of the spec. */
  path: string;
  /** i18n key of the page title. */
  title: string;
  layout: TRouteLayout;
  /** public: anyone; guest: anonymous only (logged-in users go home); auth: needs a session. */
  access: TRouteAccess;
};

const r = (path: string, title: string, layout: TRouteLayout, access: TRouteAccess): TRouteDef => ({
  path,
  title,
  layout,
  access,
});

export const ROUTES = {
  landing: r('/', 'page.landing', 'blank', 'public'),
  privacy: r('/privacy-policy', 'page.privacy', 'blank', 'public'),
  terms: r('/terms-and-conditions', 'page.terms', 'blank', 'public'),
  returnPolicy: r('/return-policy', 'page.returnPolicy', 'blank', 'public'),
  login: r('/login', 'page.login', 'blank', 'guest'),
  register: r('/register', 'page.register', 'blank', 'guest'),
  otp: r('/auth/otp', 'page.otp', 'blank', 'public'),
  loginOtp: r('/auth/login/otp', 'page.loginOtp', 'blank', 'public'),
  forgotPassword: r('/auth/forgot-password', 'page.forgotPassword', 'blank', 'public'),
  resetPassword: r('/auth/reset-password/:id', 'page.resetPassword', 'blank', 'public'),
  verifyStamp: r('/services/stamp', 'page.verifyStamp', 'blank', 'public'),
  dummy: r('/services/dummy', 'page.dummy', 'blank', 'public'),
  /** A signer outside the company: their own link to one document (no account needed). */
  signLink: r('/sign/:token', 'page.signLink', 'blank', 'public'),

  paymentSuccess: r('/payment/success', 'page.paymentSuccess', 'blank', 'auth'),
  paymentFailed: r('/payment/failed', 'page.paymentFailed', 'blank', 'auth'),
  quotaInvoicePrint: r('/quota/invoice/print/:id', 'page.quotaInvoicePrint', 'blank', 'auth'),
  planInvoicePrint: r('/plan/invoice/print/:id', 'page.planInvoicePrint', 'blank', 'auth'),
  /** The embedded sandbox gateway's pay page (PAYMENT_GATEWAY=sandbox, the default). */
  paymentSandbox: r('/payment/sandbox/:id', 'page.paymentSandbox', 'blank', 'auth'),

  dashboard: r('/dashboard', 'page.dashboard', 'main', 'auth'),
  fileManager: r('/document/file-manager', 'page.fileManager', 'main', 'auth'),
  masterUser: r('/master/user', 'page.masterUser', 'main', 'auth'),
  masterPersonalUser: r('/master/personal-user', 'page.masterPersonalUser', 'main', 'auth'),
  masterDepartment: r('/master/department', 'page.masterDepartment', 'main', 'auth'),
  masterEsign: r('/master/esign', 'page.masterEsign', 'main', 'auth'),
  /** Super only: the plans catalogue and the configuration values (master status). */
  masterPlan: r('/master/plan', 'page.masterPlan', 'main', 'auth'),
  masterStatus: r('/master/status', 'page.masterStatus', 'main', 'auth'),
  /** Super's back-office list of bank-transfer proofs to confirm or reject. */
  masterPaymentProof: r('/master/payment-proof', 'page.masterPaymentProof', 'main', 'auth'),
  /** Super's promo and voucher codes (`apply-token`). */
  masterPromoCode: r('/master/promo-code', 'page.masterPromoCode', 'main', 'auth'),
  masterDocumentTemplate: r(
    '/master/document-template',
    'page.masterDocumentTemplate',
    'main',
    'auth',
  ),
  masterEditDocumentTemplate: r(
    '/master/edit-document-template/:id',
    'page.masterEditDocumentTemplate',
    'main',
    'auth',
  ),
  faq: r('/support/faq', 'page.faq', 'main', 'auth'),
  knowledgeBase: r('/support/knowledge-base', 'page.knowledgeBase', 'main', 'auth'),
  tickets: r('/support/ticket', 'page.tickets', 'main', 'auth'),
  ticketDetail: r('/support/ticket/:id', 'page.ticketDetail', 'main', 'auth'),
  /** The full list behind the navbar bell. */
  notifications: r('/notifications', 'page.notifications', 'main', 'auth'),
  stamp: r('/stamp', 'page.stamp', 'main', 'auth'),
  stampBackup: r('/stamp/backup', 'page.stampBackup', 'main', 'auth'),
  stampSingle: r('/stamp/single', 'page.stampSingle', 'main', 'auth'),
  stampSingleTemplate: r('/stamp/single/template', 'page.stampSingleTemplate', 'main', 'auth'),
  stampSingleDraft: r('/stamp/single/draft/:id', 'page.stampSingleDraft', 'main', 'auth'),
  stampSingleEsign: r('/stamp/single/esign/:id', 'page.stampSingleEsign', 'main', 'auth'),
  stampBulk: r('/stamp/bulk', 'page.stampBulk', 'main', 'auth'),
  stampBulkDetail: r('/stamp/bulk/:id', 'page.stampBulkDetail', 'main', 'auth'),
  stampBulkBackup: r('/stamp/bulk/backup', 'page.stampBulkBackup', 'main', 'auth'),
  stampBulkTemplate: r('/stamp/bulk/template', 'page.stampBulkTemplate', 'main', 'auth'),
  stampBulkCreateTemplate: r(
    '/stamp/bulk/create-template',
    'page.stampBulkCreateTemplate',
    'main',
    'auth',
  ),
  stampBulkUseTemplate: r(
    '/stamp/bulk/use-template/:id',
    'page.stampBulkUseTemplate',
    'main',
    'auth',
  ),
  stampBulkEditTemplate: r(
    '/stamp/bulk/edit-template/:id',
    'page.stampBulkEditTemplate',
    'main',
    'auth',
  ),
  stampDocumentTemplate: r(
    '/stamp/document-template',
    'page.stampDocumentTemplate',
    'main',
    'auth',
  ),
  stampEsign: r('/stamp/e-sign', 'page.stampEsign', 'main', 'auth'),
  account: r('/account/:id', 'page.account', 'main', 'auth'),
  setting: r('/setting/:id', 'page.setting', 'main', 'auth'),
  quotaPurchase: r('/quota/purchase', 'page.quotaPurchase', 'main', 'auth'),
  quotaTransfer: r('/quota/transfer', 'page.quotaTransfer', 'main', 'auth'),
  quotaInvoice: r('/quota/invoice/:id', 'page.quotaInvoice', 'main', 'auth'),
  quotaPaymentConfirm: r('/quota/payment-confirm/:id', 'page.quotaPaymentConfirm', 'main', 'auth'),
  quotaPaymentReceipt: r('/quota/payment-receipt/:id', 'page.quotaPaymentReceipt', 'main', 'auth'),
  planInvoice: r('/plan/invoice/:id', 'page.planInvoice', 'main', 'auth'),
  plan: r('/plan', 'page.plan', 'main', 'auth'),
  transfer: r('/transfer', 'page.transfer', 'main', 'auth'),
} as const satisfies Record<string, TRouteDef>;

export type TRouteKey = keyof typeof ROUTES;

export const ROUTE_LIST: readonly TRouteDef[] = Object.values(ROUTES);

/** Where a logged-in user lands (spec §2: /dashboard is the default landing after login). */
export const HOME_PATH = ROUTES.dashboard.path;
export const LOGIN_PATH = ROUTES.login.path;

/** Fills `:param` segments: `toPath('/account/:id', { id: 3 })` → `/account/3`. */
export const toPath = (pattern: string, params: Record<string, string | number> = {}): string =>
  pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter ${name} for ${pattern}`);
    return encodeURIComponent(String(value));
  });

/** True when `pathname` matches one of the SPA's routes (used for the server's SPA fallback). */
export const matchRoute = (pathname: string): TRouteDef | undefined => {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTE_LIST.find((route) => {
    const pattern = new RegExp(`^${route.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    return pattern.test(clean);
  });
};
