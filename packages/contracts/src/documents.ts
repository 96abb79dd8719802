import { z } from 'zod';
import { ZEmail, ZPhoneNumber } from './auth.ts';
import {
  ZBodyId,
  ZEnvelope,
  ZIsoDate,
  ZPageMeta,
  ZPageQuery,
  ZPageSortQuery,
  ZSortQuery,
} from './envelope.ts';
import { ZShownName } from './names.ts';

/** A box on a page in PDF points, bottom-left origin (design §4); JSON numbers only. */
export const ZPlacement = z.object({
  page: z.number().int().min(1),
  x: z.number().min(0).max(14_400),
  y: z.number().min(0).max(14_400),
  width: z.number().min(10).max(14_400),
  height: z.number().min(10).max(14_400),
});
export type TPlacement = z.infer<typeof ZPlacement>;

export const ZEsignPlacement = ZPlacement.extend({
  user_id: z.number().int(),
  specimen_id: z.number().int().nullable().optional(),
});

export const ZPlacements = z.object({
  emeterai: ZPlacement.nullable(),
  esign: z.array(ZEsignPlacement).max(20),
});
export type TPlacements = z.infer<typeof ZPlacements>;

export const ZPageSize = z.object({ width: z.number(), height: z.number() });

/** A JavaScript action found in an uploaded PDF (the engine's `JavaScriptAction`). */
export const ZJavaScriptAction = z.object({
  /** open-action, document-action, document-names, page-action, annotation-action, field-action */
  location: z.string(),
  /** 1-based page of a page, annotation or widget action; null elsewhere. */
  page: z.number().int().nullable(),
  /** The /AA trigger (`O`, `WC`, `K`...); null for /OpenAction, /A and named scripts. */
  trigger: z.string().nullable(),
  /** Field name, annotation subtype or name-tree key. */
  name: z.string().nullable(),
  /** The start of the script (at most 160 characters). */
  excerpt: z.string(),
});
export type TJavaScriptAction = z.infer<typeof ZJavaScriptAction>;

/** Locations whose scripts run without any user action (the stronger warning). */
export const AUTOMATIC_JAVASCRIPT_LOCATIONS = [
  'open-action',
  'document-action',
  'document-names',
  'page-action',
] as const;

/** JavaScript in the document: `count` counts all, `items` lists the first 100. */
export const ZJavaScriptSummary = z.object({
  count: z.number().int().min(0),
  items: z.array(ZJavaScriptAction),
});

export const ZUploadDocumentResponse = ZEnvelope(
  z.object({
    document_id: z.number().int(),
    file_name: z.string(),
    page_count: z.number().int(),
    pages: z.array(ZPageSize),
    /** The upload's cross-reference data was damaged: the stored file is the engine's rewrite. */
    repaired: z.boolean(),
    /** Technical notes about the repair (English). */
    repair_warnings: z.array(z.string()),
    /**
     * The document carries JavaScript: accepted, but the first e-signature or the e-Meterai
     * needs `acknowledge_javascript: true`.
     */
    javascript: ZJavaScriptSummary,
    /** What the user should be told about the file (English; null when nothing). */
    notice: z.string().nullable(),
  }),
);

/** Money in whole rupiah (a JSON number): stored as bigint, exact up to Number.MAX_SAFE_INTEGER. */
const ZRupiah = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * The document's own number (Peruri `nodoc`): trimmed, 1 to 50 characters, none of them a control,
 * format (text-direction) or unassigned character, so what is stored is what the stamp names.
 */
export const ZDocNumber = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^\P{C}+$/u, 'Use printable characters only');

/**
 * Today in Indonesia's easternmost time zone (WIT, UTC+9), YYYY-MM-DD: a document dated today
 * anywhere in Indonesia is not dated in the future.
 */
export const latestIndonesianToday = (now = new Date()): string =>
  new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

/** The document's own date (Peruri `tgldoc`): a real calendar date, not in the future. */
export const ZDocDate = ZIsoDate.refine((day) => day <= latestIndonesianToday(), {
  message: 'The date cannot be in the future',
});

export const ZDocumentStatus = z.enum(['nostamp', 'stamp', 'canceled']);
export const ZSigningStatus = z.enum([
  'draft',
  'signing',
  'signed',
  'stamping',
  'stamped',
  'failed',
  /** The signing round stopped: a signer declined or the deadline passed (`stopped` says which). */
  'stopped',
]);

/** An outside signer's own link, as the owner sees it (the token itself is only e-mailed). */
export const ZSignerLinkState = z.object({
  expires_at: z.string(),
  revoked: z.boolean(),
  /** When the party proved the e-mail with the one-time code. */
  verified_at: z.string().nullable(),
});

/** Why and when a signing round stopped, and who declined (null when the deadline passed). */
export const ZSigningStop = z.object({
  reason: z.enum(['declined', 'expired']),
  by_name: z.string().nullable(),
  /** The decliner's reason (null for an expiry). */
  note: z.string().nullable(),
  at: z.string(),
});
export type TSigningStop = z.infer<typeof ZSigningStop>;

export const ZDocumentSigner = z.object({
  /** The user who signs; null for a party outside the company (`party`). */
  user_id: z.number().int().nullable(),
  fullName: z.string(),
  position: z.number().int(),
  status: z.enum(['pending', 'signed']),
  signed_at: z.string().nullable(),
  placement: ZPlacement,
  /** A signer without an account: the e-mail they prove, and their link once it was sent. */
  party: z
    .object({
      email: z.string(),
      phone: z.string().nullable(),
      link: ZSignerLinkState.nullable(),
    })
    .nullable(),
});

export const ZDocument = z.object({
  document_id: z.number().int(),
  document_file: z.string(),
  status: ZDocumentStatus,
  signing_method: z.enum(['emeterai', 'esign', 'esign-emeterai']).nullable(),
  signing_status: ZSigningStatus,
  serial_number_id: z.number().int().nullable(),
  serial_number: z.string().nullable(),
  psre_id: z.string().nullable(),
  psre_path: z.string().nullable(),
  /** Where the current file opens: the authenticated download, or /UNSIGNED/{file} for drafts. */
  file_path: z.string(),
  page_count: z.number().int(),
  pages: z.array(ZPageSize),
  size: z.number().int(),
  doc_type: z.string().nullable(),
  doc_value: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
  /** The document's own number and date (YYYY-MM-DD), given for its e-Meterai (`update-emet`). */
  doc_number: z.string().nullable(),
  doc_date: z.string().nullable(),
  owner: z.string(),
  owner_id: z.number().int(),
  departement_name: z.string().nullable(),
  placements: ZPlacements,
  last_error: z.string().nullable(),
  created_at: z.string(),
  stamped_at: z.string().nullable(),
  signers: z.array(ZDocumentSigner),
  /** When the signing round stops if signatures are still missing (null: no deadline). */
  deadline_at: z.string().nullable(),
  /** The signer whose turn it is is reminded every this many days (null: never). */
  remind_every_days: z.number().int().nullable(),
  /** The last reminder (the owner's or the automatic one) of this round, if any. */
  reminded_at: z.string().nullable(),
  /**
   * From when "remind now" is possible again (a reminder at most once per
   * `REMIND_NOW_INTERVAL_MINUTES`); null when it is not limited now.
   */
  remind_again_at: z.string().nullable(),
  /** Why the signing round stopped (state `stopped`), else null. */
  stopped: ZSigningStop.nullable(),
  /** The upload was damaged and the stored file is its repair (check it before stamping). */
  repaired: z.boolean(),
  repair_warnings: z.array(z.string()),
  /** JavaScript found at upload, and who confirmed it before the first signature (and when). */
  javascript: ZJavaScriptSummary.extend({
    acknowledged_by: z.number().int().nullable(),
    acknowledged_by_name: z.string().nullable(),
    acknowledged_at: z.string().nullable(),
  }),
  details: z.array(
    z.object({
      document_id: z.number().int(),
      document_file: z.string(),
      psre_path: z.string().nullable(),
    }),
  ),
});
export type TDocument = z.infer<typeof ZDocument>;
export const ZDocumentResponse = ZEnvelope(ZDocument);

/** Sortable columns of the document list (default order: newest first). */
export const DOCUMENT_SORT_KEYS = ['document', 'status', 'serial', 'created', 'stamped'] as const;
export type TDocumentSortKey = (typeof DOCUMENT_SORT_KEYS)[number];

export const ZDocumentQuery = ZPageQuery.extend({
  status: z.enum(['stamp', 'nostamp', 'canceled', 'all']).default('all'),
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  /** `me`: only documents whose next signature is the caller's ("Waiting for my signature"). */
  waiting: z.enum(['me']).optional(),
  ...ZSortQuery(DOCUMENT_SORT_KEYS).shape,
});
export type TDocumentQuery = z.infer<typeof ZDocumentQuery>;

/** Stamping history: the stamped list and the separate nostamp (draft) list of spec §4. */
export const ZDocumentUserList = ZEnvelope(
  z.object({
    stamp: z.array(ZDocument),
    nostamp: z.array(ZDocument),
    data: z.array(ZDocument),
    meta: ZPageMeta,
  }),
);

export const ZDashboardDocuments = ZEnvelope(
  z.object({
    recent: z.array(ZDocument),
    totals: z.object({
      stamp: z.number().int(),
      nostamp: z.number().int(),
      canceled: z.number().int(),
    }),
    /** Documents whose next signature is the caller's: how many, and the five newest. */
    waiting_for_me: z.object({ total: z.number().int(), recent: z.array(ZDocument) }),
  }),
);

export const ZSaveDraftRequest = z.object({
  placements: ZPlacements,
  doc_type: z.string().max(10).nullable().optional(),
  doc_value: ZRupiah.nullable().optional(),
});

/**
 * A draft's e-Meterai details (`update-emet`): the type (one of the provider's), the value, and
 * the document's own number and date, which the provider is given with the serial. A field left
 * out stays as it is; `null` clears it.
 */
export const ZUpdateEmetRequest = z.object({
  document_id: ZBodyId,
  doc_type: z.string().min(1).max(10),
  doc_value: ZRupiah.nullable().optional(),
  doc_number: ZDocNumber.nullable().optional(),
  doc_date: ZDocDate.nullable().optional(),
});
export type TUpdateEmetRequest = z.infer<typeof ZUpdateEmetRequest>;

/** What every stamp request says about the document and the stamp, wherever the box comes from. */
const stampFields = {
  document_id: ZBodyId,
  doc_type: z.string().min(1).max(10),
  doc_value: ZRupiah.optional(),
  reason: z.string().max(200).optional(),
  location: z.string().max(100).optional(),
  /**
   * Required (true) for the first e-signature or the e-Meterai of a document with JavaScript
   * (`javascript.count > 0`) that nobody has confirmed yet; otherwise a 409 (`errors.javascript`).
   */
  acknowledge_javascript: z.boolean().optional(),
};

/** The main path's stamp request (issue 6): PDF points, bottom-left origin. */
export const ZStampRequest = ZPlacement.extend(stampFields);
export type TStampRequest = z.infer<typeof ZStampRequest>;
export const ZStampResponse = ZEnvelope(
  z.object({
    document_id: z.number().int(),
    serial_number: z.string(),
    status: z.literal('stamp'),
  }),
);

/**
 * 202 of a stamp or signature still running after the call's wait (its job goes on, and is
 * retried if its process dies): the document's details show the outcome.
 */
export const ZJobPendingResponse = ZEnvelope(
  z.object({
    document_id: z.number().int(),
    job_id: z.string(),
  }),
);

/** A template's stamp request: the boxes come from the template. */
export const ZTemplateStampRequest = z.object(stampFields);

/**
 * A number sent as a multipart text field: plain digits with an optional decimal part (no sign,
 * exponent, hex, `NaN`, `Infinity` or empty text, which `Number()` would turn into something),
 * then the bounds of the JSON schema `bounds`.
 */
const formNumber = (bounds: z.ZodNumber, digits = 9) =>
  z
    .string()
    .regex(new RegExp(`^\\d{1,${digits}}(\\.\\d{1,9})?$`), 'Enter a number in plain digits')
    .transform(Number)
    .pipe(bounds);

/**
 * The text fields of `one-stamp-process` (multipart, sent before the `file` part): the stamp
 * request of the stamp routes without `document_id`, and the document's own number and date.
 */
export const ZOneStampForm = z.object({
  page: formNumber(ZPlacement.shape.page),
  x: formNumber(ZPlacement.shape.x),
  y: formNumber(ZPlacement.shape.y),
  width: formNumber(ZPlacement.shape.width),
  height: formNumber(ZPlacement.shape.height),
  doc_type: stampFields.doc_type,
  doc_value: formNumber(ZRupiah, 16).optional(),
  doc_number: ZDocNumber.optional(),
  doc_date: ZDocDate.optional(),
  reason: stampFields.reason,
  location: stampFields.location,
  acknowledge_javascript: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type TOneStampForm = z.infer<typeof ZOneStampForm>;
/** The names of `ZOneStampForm`'s fields (what the route reads from the form). */
export const ONE_STAMP_FIELDS = ZOneStampForm.keyof().options;

export const ZCancelRequest = z.object({ document_id: ZBodyId });

export const ZDocTypes = ZEnvelope(z.array(z.object({ kode: z.string(), nama: z.string() })));

// --- e-signatures -------------------------------------------------------------------------

export const ZSignRequest = ZPlacement.extend({
  document_id: ZBodyId,
  /** One of the signer's specimens; default: their default specimen, else their typed name. */
  specimen_id: ZBodyId.optional(),
  reason: z.string().max(200).optional(),
  location: z.string().max(100).optional(),
  /** The first signature issues the user's certificate: they confirm their name and NIK first. */
  identity_confirmed: z.boolean().optional(),
  /**
   * Required (true) for the first e-signature or the e-Meterai of a document with JavaScript
   * (`javascript.count > 0`) that nobody has confirmed yet; otherwise a 409 (`errors.javascript`).
   */
  acknowledge_javascript: z.boolean().optional(),
});
export type TSignRequest = z.infer<typeof ZSignRequest>;

/**
 * One signer's box on a draft (`embed-esign`): added to the draft's e-signature placements, or
 * replacing that signer's box; `specimen_id` is one of the signer's own specimens.
 */
export const ZEmbedEsignRequest = ZPlacement.extend({
  document_id: ZBodyId,
  user_id: ZBodyId,
  specimen_id: ZBodyId.optional(),
});
export type TEmbedEsignRequest = z.infer<typeof ZEmbedEsignRequest>;

/** A person's name as a signer outside the company gives it (their certificate carries it). */
export const ZPartyName = ZShownName(2, 150);

/**
 * One signer of `update-signer-data`: a user of the company (`user_id`), or a party outside it by
 * name and e-mail (optionally phone), who signs through a link of their own, no account needed.
 */
export const ZSignerEntry = ZPlacement.extend({
  user_id: ZBodyId.optional(),
  name: ZPartyName.optional(),
  email: ZEmail.optional(),
  phone: ZPhoneNumber.optional(),
}).superRefine((signer, ctx) => {
  const party = signer.name !== undefined || signer.email !== undefined;
  if (signer.user_id !== undefined && party)
    ctx.addIssue({
      code: 'custom',
      path: ['user_id'],
      message: 'A signer is a user or someone outside the company, not both',
    });
  else if (
    signer.user_id === undefined &&
    (signer.name === undefined || signer.email === undefined)
  )
    ctx.addIssue({
      code: 'custom',
      path: ['user_id'],
      message: 'Give the user_id of a user, or the name and email of someone outside the company',
    });
});
export type TSignerEntry = z.infer<typeof ZSignerEntry>;

/** The owner's hold on an outside signer's link: revoke it, or send a fresh one. */
export const ZSignerLinkRequest = z.object({
  document_id: ZBodyId,
  position: z.number().int().min(1).max(100),
});
export type TSignerLinkRequest = z.infer<typeof ZSignerLinkRequest>;

/** How far ahead a signing deadline may be. */
export const SIGNING_DEADLINE_MAX_DAYS = 365;
/** "Remind now" of one document at most once in this many minutes. */
export const REMIND_NOW_INTERVAL_MINUTES = 60;
/** Automatic reminders: every 1 to 30 days. */
export const REMIND_EVERY_DAYS_MAX = 30;

/**
 * A signing round's deadline: an ISO date-time with its offset (`2026-05-01T17:00:00+07:00` or
 * `…Z`), strictly in the future and at most `SIGNING_DEADLINE_MAX_DAYS` ahead (checked when parsed).
 */
export const ZSigningDeadline = z.iso.datetime({ offset: true }).superRefine((value, ctx) => {
  const at = Date.parse(value);
  const now = Date.now();
  if (!(at > now)) ctx.addIssue({ code: 'custom', message: 'The deadline must be in the future' });
  else if (at > now + SIGNING_DEADLINE_MAX_DAYS * 86_400_000)
    ctx.addIssue({
      code: 'custom',
      message: `The deadline can be at most ${SIGNING_DEADLINE_MAX_DAYS} days ahead`,
    });
});

export const ZSetSignersRequest = z.object({
  document_id: ZBodyId,
  signers: z.array(ZSignerEntry).min(1).max(20),
  /**
   * Each call sets the round's deadline and reminders anew: left out or null, the round has none
   * (a restarted round does not inherit the deadline that stopped it).
   */
  deadline: ZSigningDeadline.nullable().optional(),
  remind_every_days: z.number().int().min(1).max(REMIND_EVERY_DAYS_MAX).nullable().optional(),
});
export type TSetSignersRequest = z.infer<typeof ZSetSignersRequest>;
/** A pending signer declines to sign: the round stops and the owner is told why. */
export const ZDeclineRequest = z.object({
  document_id: ZBodyId,
  /** Trimmed, 1 to 500 characters, no control or text-direction characters. */
  reason: ZShownName(1, 500),
});
export type TDeclineRequest = z.infer<typeof ZDeclineRequest>;
/** The document's manager reminds the signer whose turn it is. */
export const ZRemindRequest = z.object({ document_id: ZBodyId });
/** Ends the signing round: signers who have not signed yet are taken off the document. */
export const ZEndSigningRequest = z.object({ document_id: ZBodyId });
export const ZSignResponse = ZEnvelope(
  z.object({
    document_id: z.number().int(),
    field_name: z.string(),
    signing_status: ZSigningStatus,
  }),
);

// --- templates ----------------------------------------------------------------------------

export const ZTemplateType = z.enum(['Surat Dokumen', 'Surat Berharga']);
export const ZTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  type: ZTemplateType,
  emeterai: ZPlacement.nullable(),
  esign: z.array(ZEsignPlacement),
  owner: z.string(),
  created_at: z.string(),
});
export type TTemplate = z.infer<typeof ZTemplate>;
export const ZTemplateList = ZEnvelope(z.object({ data: z.array(ZTemplate), meta: ZPageMeta }));
export const ZTemplateResponse = ZEnvelope(ZTemplate);
/** Sortable columns of the template list (default order: newest first). */
export const TEMPLATE_SORT_KEYS = ['name', 'type', 'date'] as const;
export type TTemplateSortKey = (typeof TEMPLATE_SORT_KEYS)[number];
export const ZTemplateQuery = ZPageSortQuery(TEMPLATE_SORT_KEYS);
export type TTemplateQuery = z.infer<typeof ZTemplateQuery>;
/** A template's e-signature box: where one signer signs; the boxes' order is the signing order. */
export const ZTemplateEsignPlacement = ZEsignPlacement.extend({
  user_id: z.number().int().positive(),
});
export type TTemplateEsignPlacement = z.infer<typeof ZTemplateEsignPlacement>;
export const ZTemplateRequest = z
  .object({
    name: ZShownName(2, 150),
    type: ZTemplateType,
    emeterai: ZPlacement.nullable(),
    esign: z.array(ZTemplateEsignPlacement).max(20).default([]),
  })
  .refine((t) => t.emeterai !== null || t.esign.length > 0, {
    path: ['emeterai'],
    message: 'Place an e-Meterai or at least one e-signature',
  });
export type TTemplateRequest = z.infer<typeof ZTemplateRequest>;

/** Who a template's e-signature box can be given to: the caller's company users, or only the caller. */
/** What choosing a signer needs: no e-mail addresses (the user list itself is admins-only). */
export const ZTemplateSigner = z.object({
  id: z.number().int(),
  fullName: z.string(),
  departement_name: z.string().nullable(),
});
export type TTemplateSigner = z.infer<typeof ZTemplateSigner>;
export const ZTemplateSignersResponse = ZEnvelope(z.array(ZTemplateSigner));

/**
 * Apply a template to an uploaded draft: its e-signature boxes become the document's signers in
 * their order, its e-Meterai box the draft's e-Meterai placement (stamped after the signatures).
 * The document type and value, when given, are kept in the draft for the stamp.
 */
export const ZTemplateApplyRequest = z.object({
  document_id: ZBodyId,
  doc_type: z.string().min(1).max(10).nullable().optional(),
  doc_value: ZRupiah.nullable().optional(),
});
export type TTemplateApplyRequest = z.infer<typeof ZTemplateApplyRequest>;
/** `next`: `sign` while signatures are pending (go to the signing screen), else `stamp`. */
export const ZTemplateApplyResponse = ZEnvelope(
  z.object({ document: ZDocument, next: z.enum(['sign', 'stamp']) }),
);
export type TTemplateApplyResult = z.infer<typeof ZTemplateApplyResponse>['data'];

// --- public verification ------------------------------------------------------------------

export const ZVerifiedSignature = z.object({
  field_name: z.string(),
  kind: z.enum(['emeterai', 'esign', 'timestamp']),
  serial_number: z.string().nullable(),
  signer: z.string().nullable(),
  signing_time: z.string().nullable(),
  reason: z.string().nullable(),
  location: z.string().nullable(),
  integrity: z.boolean(),
  covers_whole_document: z.boolean(),
  modified_after: z.enum(['none', 'allowed', 'disallowed']),
  trusted: z.boolean(),
  timestamped: z.boolean(),
});
export const ZVerifyResponse = ZEnvelope(
  z.object({
    file_name: z.string(),
    intact: z.boolean(),
    signatures: z.array(ZVerifiedSignature),
    known_serials: z.array(z.string()),
  }),
);
export type TVerifyResponse = z.infer<typeof ZVerifyResponse>;
