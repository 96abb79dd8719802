import { createHash } from 'node:crypto';
import { type TAuditEvent, type TDocumentTimeline, ZAuditEventType } from '@bubuh/contracts';
import { renderReportSheet } from '@bubuh/pdf';
import type { TDb } from '../../db/client.ts';
import type { TActor } from '../../lib/access.ts';
import type { TPdfEngine } from '../../pdf/pdf-engine.ts';
import type { TSignatureProvider } from '../../providers/signature/local-signature-provider.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import { eventsOf } from '../audit/index.ts';
import { loadDocument } from '../documents/index.ts';
import { certificateSheet } from './completion-certificate.ts';
import * as repo from './document-audit.repository.ts';

export type TDocumentAuditDeps = {
  db: TDb;
  files: TFileStore;
  pdf: TPdfEngine;
  signatures: TSignatureProvider;
};

type TEventRow = Awaited<ReturnType<typeof eventsOf>>[number];

const toWireEvent = (row: TEventRow): TAuditEvent => ({
  id: row.id,
  // Every type written is one of the contracts' (the recorders are typed by it).
  type: ZAuditEventType.parse(row.type),
  at: row.at.toISOString(),
  actor_name: row.actorName,
  actor_email: row.actorEmail,
  actor_kind: row.actorKind,
  ip_address: row.ipAddress,
  user_agent: row.userAgent,
  sha256: row.sha256,
  details: row.details,
});

/** The seal's box on the certificate's last page, bottom right (PDF points). */
const SEAL_BOX = { x: 380, y: 36, width: 167, height: 46 };

/** A document's audit trail as a timeline, and the sealed completion certificate made from it. */
export const createDocumentAudit = (deps: TDocumentAuditDeps) => {
  const { db, files, pdf, signatures } = deps;

  const timeline = async (actor: TActor, id: number): Promise<TDocumentTimeline> => {
    const doc = await loadDocument(db, actor, id);
    return { document_id: doc.id, events: (await eventsOf(db, doc.id)).map(toWireEvent) };
  };

  /**
   * The certificate of the document as it is now: a separate PDF (the document's bytes stay
   * untouched) naming the parties, the timeline and the SHA-256 of the current file, signed
   * with the platform's seal so a changed certificate no longer validates.
   */
  const certificate = async (actor: TActor, id: number, language: 'en' | 'id') => {
    const doc = await loadDocument(db, actor, id);
    const [events, parties, owner, current] = await Promise.all([
      eventsOf(db, doc.id),
      repo.partiesOf(db, doc.id),
      repo.ownerOf(db, doc.ownerUserId),
      files.get(doc.currentKey),
    ]);
    const serial = doc.serialNumberId === null ? null : await repo.serialOf(db, doc.serialNumberId);
    const sheet = certificateSheet({
      language,
      document: {
        id: doc.id,
        fileName: doc.fileName,
        pageCount: doc.pageCount,
        status: doc.state,
        serial,
        originalSha256: doc.sha256,
        finalSha256: createHash('sha256').update(current).digest('hex'),
      },
      owner,
      parties,
      events: events.map(toWireEvent),
      now: new Date(),
    });
    const unsigned = await renderReportSheet(sheet);
    const [seal, tsa] = await Promise.all([signatures.seal(), signatures.tsa()]);
    const sealed = await pdf.sign(unsigned, {
      specimen: 'Bubuh',
      caption: language === 'id' ? 'Segel platform' : 'Platform seal',
      // Past the last page means the last page.
      page: Number.MAX_SAFE_INTEGER,
      rect: SEAL_BOX,
      signer: seal,
      reason:
        language === 'id'
          ? `Sertifikat penyelesaian dokumen ${doc.id}`
          : `Completion certificate of document ${doc.id}`,
      location: 'Indonesia',
      ...(tsa ? { tsa } : {}),
    });
    return {
      fileName: `${doc.fileName.replace(/\.pdf$/i, '')}_certificate.pdf`,
      bytes: sealed.bytes,
    };
  };

  return { timeline, certificate };
};

export type TDocumentAudit = ReturnType<typeof createDocumentAudit>;
