import type { TSignLinkView } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import type { TClient } from '../../lib/client.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import { hasEventBy } from '../audit/index.ts';
import type { TSignDocument } from '../document-work/index.ts';
import { recordEvent } from '../documents/index.ts';
import { toTransparentSpecimen } from '../esign/index.ts';
import { partyActor, signerQueue, type TLinkRow, type TSignerLinks } from '../signing/index.ts';

export type TOutsideSigningDeps = {
  db: TDb;
  files: TFileStore;
  links: TSignerLinks;
  signing: Pick<TSignDocument, 'signAsParty'>;
};

/** `budi@vendor.co.id` as `b***@vendor.co.id`: enough to recognise, not to harvest. */
export const emailHint = (email: string) => {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
};

/**
 * What a signer outside the company does through their link: see what it is, prove the e-mail
 * with a code, read the document, and sign in their box. The link opens this one document only.
 */
export const createOutsideSigning = ({ db, files, links, signing }: TOutsideSigningDeps) => {
  const statusOf = async (row: TLinkRow): Promise<TSignLinkView['status']> => {
    const queue = await signerQueue(db, row.document.id);
    if (queue.length > 0 && queue.every((s) => s.status === 'signed')) return 'completed';
    if (row.signer.status === 'signed') return 'signed';
    return queue.find((s) => s.status === 'pending')?.id === row.signer.id
      ? 'your-turn'
      : 'waiting';
  };

  const viewOf = async (row: TLinkRow, verified: boolean): Promise<TSignLinkView> => ({
    file_name: row.document.fileName,
    owner_name: row.ownerName,
    party_name: row.signer.partyName ?? '',
    email_hint: emailHint(row.signer.partyEmail ?? ''),
    page_count: row.document.pageCount,
    pages: row.document.pages,
    box: row.signer.placement,
    status: await statusOf(row),
    expires_at: row.link.expiresAt.toISOString(),
    verified,
  });

  const sign = async (
    token: string,
    session: string | undefined,
    specimen: Uint8Array | string,
    client: TClient,
  ) => {
    const row = await links.inSession(token, session);
    const result = await signing.signAsParty({
      documentId: row.document.id,
      signerId: row.signer.id,
      party: { name: row.signer.partyName ?? '', email: row.signer.partyEmail ?? '' },
      specimen,
      audit: partyActor(row, client),
    });
    return {
      status: result.signing_status === 'signed' ? ('completed' as const) : ('signed' as const),
    };
  };

  return {
    /** The link's page: verified when the caller's session is still open. */
    view: async (token: string, session: string | undefined) => {
      const row = await links.openLink(token);
      const verified = await links
        .inSession(token, session)
        .then(() => true)
        .catch(() => false);
      return viewOf(row, verified);
    },

    sendCode: async (token: string) => {
      const row = await links.openLink(token);
      return links.sendCode(token, row.ownerLanguage);
    },

    verifyCode: (token: string, code: string, client: TClient) =>
      links.verifyCode(token, code, client),

    /** The document as it is now; the party's first look is recorded in the trail. */
    file: async (token: string, session: string | undefined, client: TClient) => {
      const row = await links.inSession(token, session);
      const bytes = await files.get(row.document.currentKey);
      if (!(await hasEventBy(db, row.document.id, 'opened', { partyId: row.signer.id })))
        await recordEvent(db, row.document, { type: 'opened', actor: partyActor(row, client) });
      return { fileName: row.document.fileName, bytes };
    },

    signTyped: (token: string, session: string | undefined, typed: string, client: TClient) =>
      sign(token, session, typed, client),

    /** A drawn or uploaded signature: made transparent and trimmed as users' specimens are. */
    signImage: async (
      token: string,
      session: string | undefined,
      image: Uint8Array,
      client: TClient,
    ) => {
      // The session first: a stranger's upload is refused before any image work.
      await links.inSession(token, session);
      const specimen = await toTransparentSpecimen(image);
      return sign(token, session, specimen.png, client);
    },
  };
};

export type TOutsideSigning = ReturnType<typeof createOutsideSigning>;
