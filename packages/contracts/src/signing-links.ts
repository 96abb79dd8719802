import { z } from 'zod';
import { ZOtpCode } from './auth.ts';
import { ZPartyName, ZPlacement } from './documents.ts';
import { ZEnvelope } from './envelope.ts';

/** A signing link's token (43 URL-safe characters: 32 random bytes). */
export const ZSignLinkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a signing link');
export const ZSignLinkParams = z.object({ token: ZSignLinkToken });
/** The session a verified code opens, sent back by the link's page on each call. */
export const SIGNING_SESSION_HEADER = 'x-signing-session';
export const ZSigningSessionHeaders = z.object({
  [SIGNING_SESSION_HEADER]: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional(),
});

/** What an outside signer's link shows before and after the code. */
export const ZSignLinkView = z.object({
  file_name: z.string(),
  owner_name: z.string(),
  party_name: z.string(),
  /** The e-mail the code goes to, partly hidden (b***@vendor.co.id). */
  email_hint: z.string(),
  page_count: z.number().int(),
  pages: z.array(z.object({ width: z.number(), height: z.number() })),
  /** The box the sender placed for this signer. */
  box: ZPlacement,
  /**
   * `your-turn`: sign now; `waiting`: someone signs before you; `signed`: you signed, others
   * still sign; `completed`: everyone signed (the document can be downloaded).
   */
  status: z.enum(['your-turn', 'waiting', 'signed', 'completed']),
  expires_at: z.string(),
  verified: z.boolean(),
});
export type TSignLinkView = z.infer<typeof ZSignLinkView>;
export const ZSignLinkViewResponse = ZEnvelope(ZSignLinkView);

export const ZSignLinkCodeResponse = ZEnvelope(z.object({ expires_in_seconds: z.number().int() }));
export const ZSignLinkVerifyRequest = z.object({ code: ZOtpCode });
export const ZSignLinkSessionResponse = ZEnvelope(
  z.object({ session: z.string(), expires_in_seconds: z.number().int() }),
);

/** An outside signer's typed signature (their name as they write it). */
export const ZSignLinkTypedRequest = z.object({ typed: ZPartyName });
export const ZSignLinkSignResponse = ZEnvelope(
  z.object({ status: z.enum(['signed', 'completed']) }),
);
