import type { TRole, TUserType } from './roles.ts';
import { ROUTES, type TRouteKey } from './routes.ts';

/**
 * Menus by role, exactly as spec §2 lists them. One table, read by the web's navigation and by
 * tests; the server enforces access on its own, this only shapes the UI.
 */
export type TMenuLeaf = { key: string; title: string; route: TRouteKey; icon: string };
export type TMenuGroup = { key: string; title: string; icon: string; children: TMenuLeaf[] };
export type TMenuItem = TMenuLeaf | TMenuGroup;

export const isMenuGroup = (item: TMenuItem): item is TMenuGroup => 'children' in item;

const leaf = (key: string, title: string, route: TRouteKey, icon: string): TMenuLeaf => ({
  key,
  title,
  route,
  icon,
});

const group = (key: string, title: string, icon: string, children: TMenuLeaf[]): TMenuGroup => ({
  key,
  title,
  icon,
  children,
});

/** The "Master Data" group with `children`. */
const masterData = (children: TMenuLeaf[]) =>
  group('master', 'menu.masterData', 'database', children);

const dashboard = leaf('dashboard', 'menu.dashboard', 'dashboard', 'home');
const masterUser = leaf('master-user', 'menu.user', 'masterUser', 'users');
const masterPersonalUser = leaf(
  'master-personal-user',
  'menu.personalUser',
  'masterPersonalUser',
  'user',
);
const masterDepartment = leaf(
  'master-department',
  'menu.department',
  'masterDepartment',
  'building',
);
const masterEsign = leaf('master-esign', 'menu.esign', 'masterEsign', 'signature');
const masterPlan = leaf('master-plan', 'menu.plan', 'masterPlan', 'coins');
const masterStatus = leaf('master-status', 'menu.masterStatus', 'masterStatus', 'database');
const masterPaymentProof = leaf(
  'master-payment-proof',
  'menu.paymentProof',
  'masterPaymentProof',
  'receipt',
);
const masterPromoCode = leaf('master-promo-code', 'menu.promoCode', 'masterPromoCode', 'ticket');
const singleStamp = leaf('single-stamp', 'menu.singleStamp', 'stamp', 'stamp');
const bulkStamp = leaf('bulk-stamp', 'menu.bulkStamp', 'stampBulk', 'stack');
const digitalLocker = leaf('digital-locker', 'menu.digitalLocker', 'fileManager', 'folder');
const support = group('support', 'menu.support', 'lifebuoy', [
  leaf('faq', 'menu.faq', 'faq', 'help'),
  leaf('knowledge-base', 'menu.knowledgeBase', 'knowledgeBase', 'book'),
  leaf('ticket', 'menu.ticket', 'tickets', 'ticket'),
]);
const myDocument = group('my-document', 'menu.myDocument', 'file', [singleStamp, bulkStamp]);

/**
 * Every menu has one frame: Dashboard, Master Data with `masters` (when it has any), My e-Document,
 * the Quota group with `quota` (when it has one), Digital Locker and Support.
 */
const menuFrame = (masters: TMenuLeaf[], quota: TMenuLeaf[] = []): TMenuItem[] => [
  dashboard,
  ...(masters.length > 0 ? [masterData(masters)] : []),
  myDocument,
  ...(quota.length > 0 ? [group('quota', 'menu.quota', 'coins', quota)] : []),
  digitalLocker,
  support,
];

/** admin and other admin-company users: the full admin set. */
const ADMIN_MENU = menuFrame(
  [masterUser, masterDepartment],
  [
    leaf('quota-purchase', 'menu.purchase', 'quotaPurchase', 'cart'),
    leaf('quota-transfer', 'menu.transfer', 'quotaTransfer', 'transfer'),
  ],
);

/** user: Dashboard, Master eSign, Single and Bulk stamp, Digital Locker, Support. */
const USER_MENU = menuFrame([masterEsign]);

/** admin-company with user_type payu: Dashboard, User and Department, My e-Document, Locker, Support. */
const PAYU_MENU = menuFrame([masterUser, masterDepartment]);

/** Personal accounts: Dashboard, My e-Document, Quota (Buy Package, Transfer Kuota), Locker, Support. */
const PERSONAL_MENU = menuFrame(
  [],
  [
    leaf('plan', 'menu.buyPackage', 'plan', 'cart'),
    leaf('transfer', 'menu.transferQuota', 'transfer', 'transfer'),
  ],
);

/**
 * super is not listed in spec §2: the admin set plus the masters it owns (personal users, the
 * plans catalogue and the configuration values of spec §3). No company User or Department
 * entries: super belongs to no customer company, and those screens are company admins' (issue 17).
 */
const SUPER_MENU = menuFrame([
  masterPersonalUser,
  masterPlan,
  masterStatus,
  masterPaymentProof,
  masterPromoCode,
]);

export type TMenuSubject = {
  role: TRole;
  user_type: TUserType;
  /** Plan flags: "some variants also include Master Data eSign, depending on the plan". */
  plan?: { is_esign?: boolean; is_childUser?: boolean; is_parent?: boolean };
};

const withEsign = (menu: TMenuItem[]): TMenuItem[] =>
  menu.map((item) =>
    isMenuGroup(item) && item.key === 'master' && !item.children.includes(masterEsign)
      ? { ...item, children: [...item.children, masterEsign] }
      : item,
  );

const withMasterEsignGroup = (menu: TMenuItem[]): TMenuItem[] => {
  if (menu.some((item) => isMenuGroup(item) && item.key === 'master')) return withEsign(menu);
  const [first, ...rest] = menu;
  const master = masterData([masterEsign]);
  return first ? [first, master, ...rest] : [master];
};

export const menuFor = ({ role, user_type, plan }: TMenuSubject): TMenuItem[] => {
  let menu: TMenuItem[];
  if (user_type === 'personal') menu = PERSONAL_MENU;
  else if (role === 'admin-company' && user_type === 'payu') menu = PAYU_MENU;
  else if (role === 'user') menu = USER_MENU;
  else if (role === 'super') menu = SUPER_MENU;
  else menu = ADMIN_MENU;
  const planHasEsign = Boolean(plan?.is_esign && (plan.is_childUser || plan.is_parent));
  return planHasEsign ? withMasterEsignGroup(menu) : menu;
};

/** Every route a menu can link to, for tests (no dead links). */
export const menuRoutePaths = (menu: TMenuItem[]): string[] =>
  menu.flatMap((item) =>
    isMenuGroup(item) ? item.children.map((c) => ROUTES[c.route].path) : [ROUTES[item.route].path],
  );
