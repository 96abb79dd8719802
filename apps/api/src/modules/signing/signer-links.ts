import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TClient } from '../../lib/client.ts';
import type { TAuditActor } from '../audit/index.ts';
import { recordEvent } from '../documents/index.ts';
import { signerCodeMail, type TMailer } from '../mail/index.ts';
import * as repo from './signer-links.repository.ts';

/** How long a link opens its document when the owner set no deadline. */
export const LINK_TTL_MS = 14 * 24 * 60 * 60_000;
const CODE_TTL_MS = 10 * 60_000;
/** Wrong tries before a code is void (a new one must be asked for). */
export const CODE_ATTEMPTS = 5;
/** Codes a link may be sent per hour: nobody fills a party's inbox through their link. */
const CODE_SENDS = { maxSends: 5, windowMs: 60 * 60_000 };
const SESSION_TTL_MS = 30 * 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Every refusal of a link looks alike: nothing tells a guesser whether a token ever existed. */
const closed = () =>
  new AppError(
    'NOT_FOUND',
    'This signing link is not valid any more: ask the sender for a new one',
    {
      token: 'closed',
    },
  );

/** The party of a link as the audit trail records them. */
export const partyActor = (row: repo.TLinkRow, client?: TClient): TAuditActor => ({
  kind: 'outside',
  partyId: row.signer.id,
  name: row.signer.partyName ?? '',
  email: row.signer.partyEmail ?? '',
  client,
});

export type TSignerLinksDeps = { db: TDb; mailer: TMailer };

/**
 * The links of signers outside the company: one per signer row, for one document, expiring and
 * revocable. The e-mail is proven by a one-time code, which opens a short session.
 */
export const createSignerLinks = ({ db, mailer }: TSignerLinksDeps) => {
  /** The open link of `token` (not revoked, not expired), or a 404. */
  const openLink = async (token: string) => {
    const row = await repo.linkByToken(db, hashToken(token));
    if (!row || row.link.revokedAt || row.link.expiresAt <= new Date()) throw closed();
    if (row.document.state === 'cancelled') throw closed();
    return row;
  };

  return {
    /** A new link for the party's turn: its token goes into the e-mail only. */
    issue: async (signer: { id: number; documentId: number }, expiresAt?: Date | null) => {
      const token = newToken();
      await repo.issueLink(db, {
        signerId: signer.id,
        documentId: signer.documentId,
        tokenHash: hashToken(token),
        expiresAt: expiresAt ?? new Date(Date.now() + LINK_TTL_MS),
      });
      return token;
    },

    openLink,

    /** Sends a fresh code to the party's e-mail (the earlier one stops working). */
    sendCode: async (token: string, language: 'en' | 'id') => {
      const row = await openLink(token);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const stored = await repo.storeCode(
        db,
        row.link.id,
        { hash: hashToken(code), expiresAt: new Date(Date.now() + CODE_TTL_MS) },
        CODE_SENDS,
      );
      if (!stored)
        throw new AppError('RATE_LIMITED', 'Too many codes were sent: try again in an hour', {
          code: 'too many sent',
        });
      await mailer.send(
        signerCodeMail(
          language,
          row.signer.partyEmail ?? '',
          row.signer.partyName ?? '',
          { id: row.document.id, fileName: row.document.fileName },
          code,
        ),
      );
      return { expires_in_seconds: CODE_TTL_MS / 1000 };
    },

    /**
     * Checks the code: right, the e-mail is proven (recorded in the trail) and a session token
     * is returned; wrong, the try is counted, and the fifth wrong try voids the code.
     */
    verifyCode: async (token: string, code: string, client: TClient) => {
      const row = await openLink(token);
      const { link } = row;
      if (!link.codeHash || !link.codeExpiresAt || link.codeExpiresAt <= new Date())
        throw new AppError('VALIDATION_FAILED', 'The code has expired: ask for a new one', {
          code: 'expired',
        });
      if (link.codeAttempts >= CODE_ATTEMPTS)
        throw new AppError('VALIDATION_FAILED', 'Too many wrong tries: ask for a new code', {
          code: 'void',
        });
      const hash = hashToken(code);
      if (!sameHash(hash, link.codeHash)) {
        const attempts = await repo.countWrongCode(db, link.id);
        throw new AppError(
          'VALIDATION_FAILED',
          attempts >= CODE_ATTEMPTS
            ? 'Too many wrong tries: ask for a new code'
            : 'The code is not right',
          { code: attempts >= CODE_ATTEMPTS ? 'void' : 'wrong' },
        );
      }
      const session = newToken();
      const opened = await repo.openSession(db, link.id, hash, {
        hash: hashToken(session),
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      });
      if (!opened)
        throw new AppError('VALIDATION_FAILED', 'The code has expired: ask for a new one', {
          code: 'expired',
        });
      await recordEvent(db, row.document, {
        type: 'code-verified',
        actor: partyActor(row, client),
        details: { email: row.signer.partyEmail ?? '' },
      });
      return { session, expires_in_seconds: SESSION_TTL_MS / 1000 };
    },

    /** The link and its party for a call made in a session the code opened. */
    inSession: async (token: string, session: string | undefined) => {
      const row = await openLink(token);
      const { link } = row;
      if (
        !session ||
        !link.sessionHash ||
        !link.sessionExpiresAt ||
        link.sessionExpiresAt <= new Date() ||
        !sameHash(hashToken(session), link.sessionHash)
      )
        throw new AppError('UNAUTHENTICATED', 'Confirm your e-mail with a code first', {
          session: 'missing',
        });
      return row;
    },

    revoke: (signerId: number) => repo.revokeLink(db, signerId),
  };
};

export type TSignerLinks = ReturnType<typeof createSignerLinks>;
export type { TLinkRow } from './signer-links.repository.ts';
