import { z } from 'zod';
import { ZPhoneNumber } from './auth.ts';
import { ZBodyId, ZEnvelope, ZPaged, ZPageMeta, ZPageSortQuery } from './envelope.ts';

export const ZQuotaType = z.enum(['emeterai', 'esign']);
export type TQuotaType = z.infer<typeof ZQuotaType>;

// --- departments --------------------------------------------------------------------------

export const ZDepartement = z.object({
  departement_id: z.number().int(),
  name: z.string(),
  company_id: z.number().int(),
  total_users: z.number().int(),
  quota_emeterai: z.number().int(),
  quota_esign: z.number().int(),
  created_at: z.string(),
});
export type TDepartement = z.infer<typeof ZDepartement>;
export const ZDepartementList = ZPaged(ZDepartement);
export const ZDepartementResponse = ZEnvelope(ZDepartement);
export const ZDepartementRequest = z.object({
  name: z.string().trim().min(2, 'Name is too short').max(120),
});
/** Sortable columns of the department list (default order: name). */
export const DEPARTEMENT_SORT_KEYS = ['name', 'users', 'emeterai', 'esign'] as const;
export type TDepartementSortKey = (typeof DEPARTEMENT_SORT_KEYS)[number];
export const ZDepartementQuery = ZPageSortQuery(DEPARTEMENT_SORT_KEYS);
export type TDepartementQuery = z.infer<typeof ZDepartementQuery>;
export const ZDepartementOptions = ZEnvelope(
  z.array(z.object({ departement_id: z.number().int(), name: z.string() })),
);

// --- quota --------------------------------------------------------------------------------

const ZTotal = z.object({ total: z.number().int() });

export const ZKindQuota = z.object({
  remain: z.number().int(),
  usage: ZTotal,
  total: ZTotal,
});

/**
 * What the caller's child users (spec §3: users added under the caller's subscription, who share
 * its plan) hold and used, read from the ledger:
 * - `remain_child`: units in the child users' own wallets (sum of their balances);
 * - `usage_child`: units the child users used (their spends minus refunds, whichever wallet paid);
 * - `total_child`: `remain_child + usage_child`.
 * The e-Meterai figures also have `stamp_child`: documents the child users stamped.
 * All 0 for a caller without child users.
 */
export const ZChildQuota = z.object({
  remain_child: z.number().int(),
  usage_child: z.number().int(),
  total_child: z.number().int(),
});
export type TChildQuota = z.infer<typeof ZChildQuota>;

/** e-sign figures: the caller's own (`esign.total.total` = remain + used) and its child users'. */
export const ZEsignQuota = ZKindQuota.extend(ZChildQuota.shape);

/**
 * Quota of the caller's scope (spec §3): the e-Meterai figures at the top level, e-sign and PSrE
 * nested; every number comes from the ledger (remain = balance, usage = spends − refunds, stamp =
 * stamps − refunded stamps, total = remain + usage).
 * draft.total: drafts (documents still `nostamp`) in the scope: the company's documents for
 * `quota-company`, the department's for `quota-departement`, the caller's own for `quota-user`.
 * chartUsage: e-Meterai units used per month, oldest first, last 12 months (UTC).
 * chartRemain: [remaining, used] for the donut.
 * remain_child, usage_child, stamp_child, total_child: see `ZChildQuota`.
 */
export const ZQuota = z.object({
  scope: z.enum(['company', 'departement', 'user']),
  remain: z.number().int(),
  usage: ZTotal,
  stamp: ZTotal,
  total: ZTotal,
  draft: ZTotal,
  chartUsage: z.array(z.number().int()),
  chartRemain: z.array(z.number().int()),
  ...ZChildQuota.shape,
  stamp_child: z.number().int(),
  esign: ZEsignQuota,
  psre: ZKindQuota,
  departements: z
    .array(
      z.object({
        departement_id: z.number().int(),
        name: z.string(),
        emeterai: z.number().int(),
        esign: z.number().int(),
      }),
    )
    .optional(),
});
export type TQuota = z.infer<typeof ZQuota>;
export const ZQuotaResponse = ZEnvelope(ZQuota);

export const ZTransferQuotaRequest = z.object({
  departement_id: ZBodyId,
  quota: z
    .number()
    .int('Quota must be a whole number')
    .positive('Quota must be above 0')
    .max(1_000_000),
  type: ZQuotaType,
});
export type TTransferQuotaRequest = z.infer<typeof ZTransferQuotaRequest>;
export const ZTransferQuotaResponse = ZEnvelope(
  z.object({
    movement_id: z.number().int(),
    company_remain: z.number().int(),
    departement_remain: z.number().int(),
  }),
);

export const ZQuotaHistoryItem = z.object({
  id: z.number().int(),
  type: z.enum(['seed', 'purchase', 'transfer', 'return', 'spend', 'refund', 'adjust']),
  kind: z.enum(['emeterai', 'esign', 'psre']),
  quota: z.number().int(),
  department: z.string().nullable(),
  departement_id: z.number().int().nullable(),
  by: z.string().nullable(),
  date: z.string(),
});
export const ZQuotaHistory = ZPaged(ZQuotaHistoryItem);
/** Sortable columns of the quota history (default order: newest first). */
export const QUOTA_HISTORY_SORT_KEYS = [
  'date',
  'type',
  'kind',
  'quota',
  'department',
  'by',
] as const;
export type TQuotaHistorySortKey = (typeof QUOTA_HISTORY_SORT_KEYS)[number];
export const ZQuotaHistoryQuery = ZPageSortQuery(QUOTA_HISTORY_SORT_KEYS);
export type TQuotaHistoryQuery = z.infer<typeof ZQuotaHistoryQuery>;

export const ZQuotaChart = ZEnvelope(
  z.object({
    months: z.array(z.string()),
    emeterai: z.array(z.number().int()),
    esign: z.array(z.number().int()),
  }),
);

export const ZStockCompany = ZEnvelope(
  z.object({ totalCompanyStock: z.number().int(), esignStock: z.number().int() }),
);
export const ZStockDepartement = ZEnvelope(
  z.object({ departementTotalStock: z.number().int(), esignStock: z.number().int() }),
);
export const ZStockUser = ZEnvelope(
  z.object({ stockTotalUser: z.number().int(), esignStock: z.number().int() }),
);

// --- master status and plans --------------------------------------------------------------

export const ZMasterStatus = z.object({
  id: z.number().int(),
  status_group: z.string(),
  status_name: z.string(),
  description: z.string().nullable(),
});
export type TMasterStatus = z.infer<typeof ZMasterStatus>;
export const ZMasterStatusList = ZEnvelope(z.object({ data: z.array(ZMasterStatus) }));
/**
 * A new value: text, as the spec reads it (§3); what a known group's text may be is decided by
 * `CONFIG_VALUE_RULES` (config-values.ts), checked by the API against the entry's group.
 */
export const ZMasterStatusUpdate = z.object({ status_name: z.string().trim().min(1).max(200) });
/** Plan figures live in 32-bit integer columns. */
export const PLAN_MAX_NUMBER = 2_147_483_647;

export const ZPlan = z.object({
  plan: z.number().int(),
  plan_name: z.string(),
  status: z.string(),
  note: z.string().nullable(),
  price: z.number().int(),
  duration_days: z.number().int(),
  total_emeterai: z.number().int(),
  total_esign: z.number().int(),
  total_multiuser: z.number().int(),
  total_psre: z.number().int(),
  is_multiple_esign: z.boolean(),
  is_parent: z.boolean(),
  is_digital_locker: z.boolean(),
  is_emeterai: z.boolean(),
  is_esign_certificate: z.boolean(),
  is_esign_spesimen: z.boolean(),
  is_multi_sign: z.boolean(),
});
export type TPlan = z.infer<typeof ZPlan>;
export const ZPlanList = ZEnvelope(z.object({ data: z.array(ZPlan) }));
const planNumber = (min = 0) => z.number().int().min(min).max(PLAN_MAX_NUMBER);
export const ZPlanUpdate = ZPlan.omit({ plan: true })
  .extend({
    plan_name: z.string().trim().min(1).max(100),
    status: z.enum(['active', 'inactive']),
    note: z.string().trim().max(1000).nullable(),
    price: planNumber(),
    duration_days: planNumber(1),
    total_emeterai: planNumber(),
    total_esign: planNumber(),
    total_multiuser: planNumber(),
    total_psre: planNumber(),
  })
  .partial();
export type TPlanUpdate = z.infer<typeof ZPlanUpdate>;

/** The plan a user works under, with the derived flags of spec §3. */
export const ZSubscription = ZPlan.extend({
  subscription_id: z.number().int(),
  expiry_digital_locker_date: z.string().nullable(),
  is_esign: z.boolean(),
  is_childUser: z.boolean(),
  is_psre: z.boolean(),
});
export type TSubscription = z.infer<typeof ZSubscription>;
export const ZSubscriptionResponse = ZEnvelope(ZSubscription.nullable());

// --- company users, child users, personal users ------------------------------------------

export const ZCompanyUser = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(['admin', 'user', 'super', 'admin-company']),
  user_type: z.enum(['personal', 'payu', 'company']),
  departement_id: z.number().int().nullable(),
  departement_name: z.string().nullable(),
  emet_id: z.string(),
  email_verified: z.boolean(),
  invitation_pending: z.boolean(),
  created_at: z.string(),
});
export type TCompanyUser = z.infer<typeof ZCompanyUser>;
export const ZCompanyUserList = ZPaged(ZCompanyUser);
export const ZCompanyUserResponse = ZEnvelope(ZCompanyUser);

/**
 * The answer to removing a user: `deleted` (erased), or `deactivated` when the user owns or signs
 * documents; those stay with the company and the account can no longer sign in.
 */
export const USER_REMOVAL_OUTCOMES = ['deleted', 'deactivated'] as const;
export const ZUserRemovalResponse = ZEnvelope(
  z.object({ outcome: z.enum(USER_REMOVAL_OUTCOMES), documents_kept: z.boolean() }),
);
export type TUserRemovalResponse = z.infer<typeof ZUserRemovalResponse>;
/** Sortable columns of the company user list (default order: newest first). */
export const COMPANY_USER_SORT_KEYS = ['name', 'email', 'role', 'department', 'created'] as const;
export type TCompanyUserSortKey = (typeof COMPANY_USER_SORT_KEYS)[number];
export const ZCompanyUserQuery = ZPageSortQuery(COMPANY_USER_SORT_KEYS);
export type TCompanyUserQuery = z.infer<typeof ZCompanyUserQuery>;
/** Sortable columns of the personal account list (default order: newest first). */
export const PERSONAL_USER_SORT_KEYS = ['name', 'email', 'created'] as const;
export type TPersonalUserSortKey = (typeof PERSONAL_USER_SORT_KEYS)[number];
export const ZPersonalUserQuery = ZPageSortQuery(PERSONAL_USER_SORT_KEYS);
export type TPersonalUserQuery = z.infer<typeof ZPersonalUserQuery>;

/** Roles a company admin can hand out. */
export const ZAssignableRole = z.enum(['user', 'admin-company', 'admin']);

export const ZCreateUserRequest = z
  .object({
    fullName: z.string().trim().min(2, 'Name is too short').max(150),
    email: z
      .email('Enter a valid e-mail address')
      .max(254)
      .transform((v) => v.toLowerCase()),
    phoneNumber: ZPhoneNumber.optional().or(z.literal('')),
    role: ZAssignableRole,
    departement_id: ZBodyId.nullable().optional(),
  })
  .refine((v) => v.role !== 'user' || (v.departement_id ?? null) !== null, {
    path: ['departement_id'],
    message: 'A user needs a department',
  });
export type TCreateUserRequest = z.output<typeof ZCreateUserRequest>;

export const ZAdminUpdateUserRequest = z.object({
  fullName: z.string().trim().min(2).max(150).optional(),
  phoneNumber: ZPhoneNumber.optional(),
  role: ZAssignableRole.optional(),
  departement_id: ZBodyId.nullable().optional(),
});

export const ZChildUserRequest = z.object({
  fullName: z.string().trim().min(2, 'Name is too short').max(150),
  email: z
    .email('Enter a valid e-mail address')
    .max(254)
    .transform((v) => v.toLowerCase()),
});
export const ZChildUserList = ZEnvelope(
  z.object({ data: z.array(ZCompanyUser), limit: z.number().int(), used: z.number().int() }),
);

// --- e-sign specimens ---------------------------------------------------------------------

export const ZEsignSpecimen = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  source: z.enum(['drawn', 'upload']),
  width: z.number().int(),
  height: z.number().int(),
  is_default: z.boolean(),
  /** Authenticated URL of the transparent PNG. */
  image_url: z.string(),
  created_at: z.string(),
});
export type TEsignSpecimen = z.infer<typeof ZEsignSpecimen>;
/**
 * `GET /api/v1/esign/by/{userId}`: `data` stays the array of specimens (as before), the page is
 * described by `meta`. Without paging parameters the first 100 arrive (a user keeps at most 10).
 */
export const ZEsignList = ZEnvelope(z.array(ZEsignSpecimen)).extend({ meta: ZPageMeta });
/** Sortable columns of the specimen list (default order: oldest first). */
export const ESIGN_SORT_KEYS = ['name', 'source', 'default', 'created'] as const;
export type TEsignSortKey = (typeof ESIGN_SORT_KEYS)[number];
export const ZEsignQuery = ZPageSortQuery(ESIGN_SORT_KEYS).extend({
  perPage: z.coerce.number().int().min(1).max(100).default(100),
});
export type TEsignQuery = z.infer<typeof ZEsignQuery>;
export const ZEsignResponse = ZEnvelope(ZEsignSpecimen);
export const ZEsignUpdateRequest = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  is_default: z.literal(true).optional(),
});
