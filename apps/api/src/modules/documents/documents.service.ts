import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type {
  TDocument,
  TDocumentQuery,
  TPlacements,
  TSignRequest,
  TStampRequest,
} from '@bubuh/contracts';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { documentSigners, documents, esignSpecimens, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TPdfEngine } from '../../pdf/pdf-engine.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { TIssuedSerial, TMeteraiProvider } from '../../providers/meterai/meterai-provider.ts';
import type { TSignatureProvider } from '../../providers/signature/local-signature-provider.ts';
import { FileTooLargeError, type TFileStore } from '../../storage/file-store.ts';
import { move, SYSTEM_CONSUMED, type TAccountRef } from '../quota/ledger.ts';
import * as repo from './documents.repository.ts';
import { UNIT_KEYS, unitKey } from './documents-recovery.ts';

export type TDocumentsDeps = {
  db: TDb;
  files: TFileStore;
  pdf: TPdfEngine;
  meterai: TMeteraiProvider;
  signatures: TSignatureProvider;
  uploadLimitBytes: number;
  /** Short-lived link for opening an unsigned draft in a new tab (no bearer header there). */
  unsignedLink: (auth: TAuth, documentId: number) => string;
};

/** How long a serial whose stamp failed may be stamped again (Peruri's portal allows 48 h). */
const SERIAL_RETRY_WINDOW_MS = 48 * 60 * 60_000;

const isCompanyAdmin = (auth: TAuth) => auth.role === 'admin' || auth.role === 'admin-company';

/** Which documents a caller sees: their own; company admins see their company's. */
export const visibilityOf = (auth: TAuth): SQL => {
  const asSigner = sql`exists (select 1 from document_signers ds where ds.document_id = ${documents.id} and ds.user_id = ${auth.userId})`;
  if (isCompanyAdmin(auth) && auth.companyId !== null) {
    return or(
      eq(documents.companyId, auth.companyId),
      eq(documents.ownerUserId, auth.userId),
      asSigner,
    ) as SQL;
  }
  return or(eq(documents.ownerUserId, auth.userId), asSigner) as SQL;
};

/** Owner or a company admin of the document's company may change it (signers only sign). */
const canManage = (auth: TAuth, doc: repo.TDocumentRow) =>
  doc.ownerUserId === auth.userId ||
  (isCompanyAdmin(auth) && auth.companyId !== null && doc.companyId === auth.companyId);

/** Whose balance pays for a stamp (spec §6): company for its admins, the department for its users. */
export const payerOf = (auth: TAuth): TAccountRef => {
  if (isCompanyAdmin(auth) && auth.companyId !== null) {
    return { ownerType: 'company', ownerId: auth.companyId, companyId: auth.companyId };
  }
  if (auth.role === 'user' && auth.departementId !== null && auth.companyId !== null) {
    return { ownerType: 'departement', ownerId: auth.departementId, companyId: auth.companyId };
  }
  return { ownerType: 'user', ownerId: auth.userId, companyId: null };
};

export const createDocumentsService = (deps: TDocumentsDeps) => {
  const { db, files, pdf, meterai } = deps;

  const load = async (auth: TAuth, id: number) => {
    const [row] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), visibilityOf(auth)));
    if (!row) throw AppError.notFound('Document');
    return row;
  };

  /** Keeps a provider's raster stamp image, so a retry can use the same serial and image. */
  const keepRasterImage = async (issued: TIssuedSerial): Promise<string | null> => {
    if (!(issued.image instanceof Uint8Array)) return null;
    const key = `serials/${issued.serial.toLowerCase()}.img`;
    await files.put(key, issued.image);
    return key;
  };

  /** The failed, never-stamped serial of a document and its image, when it can be used again. */
  const reusableSerialOf = async (documentId: number) => {
    const row = await repo.unstampedSerialOf(
      db,
      documentId,
      meterai.name,
      new Date(Date.now() - SERIAL_RETRY_WINDOW_MS),
    );
    if (!row) return null;
    const image = row.imageKey
      ? await files.get(row.imageKey).catch(() => null)
      : ((await meterai.stampImage?.(row.serial)) ?? null);
    if (!image) return null;
    return { serial: row.serial, image, row };
  };

  const toWire = async (
    auth: TAuth,
    rows: { doc: repo.TDocumentRow; owner: string; departementName: string | null }[],
  ): Promise<TDocument[]> => {
    const serials = await repo.serialsByIds(
      db,
      rows.map((r) => r.doc.serialNumberId).filter((v): v is number => v !== null),
    );
    const signers = await repo.signersOf(
      db,
      rows.map((r) => r.doc.id),
    );
    return rows.map(({ doc, owner, departementName }) => {
      const serial = serials.find((s) => s.id === doc.serialNumberId)?.serial ?? null;
      const downloadable = doc.serialNumberId !== null && doc.status === 'stamp';
      return {
        document_id: doc.id,
        document_file: doc.fileName,
        status: doc.status,
        signing_method: doc.signingMethod,
        signing_status: doc.signingStatus,
        serial_number_id: doc.serialNumberId,
        serial_number: serial,
        psre_id: doc.psreId,
        psre_path: doc.psrePath,
        file_path: downloadable
          ? `/api/v1/single-stamp/download-file/${doc.id}`
          : deps.unsignedLink(auth, doc.id),
        page_count: doc.pageCount,
        pages: doc.pages,
        size: doc.sizeBytes,
        doc_type: doc.docType,
        doc_value: doc.docValue,
        owner,
        owner_id: doc.ownerUserId,
        departement_name: departementName,
        placements: doc.placements,
        last_error: doc.lastError,
        created_at: doc.createdAt.toISOString(),
        stamped_at: doc.stampedAt?.toISOString() ?? null,
        signers: signers
          .filter((s) => s.signer.documentId === doc.id)
          .map((s) => ({
            user_id: s.signer.userId,
            fullName: s.fullName,
            position: s.signer.position,
            status: s.signer.status,
            signed_at: s.signer.signedAt?.toISOString() ?? null,
            placement: s.signer.placement,
          })),
        details: [{ document_id: doc.id, document_file: doc.fileName, psre_path: doc.psrePath }],
      };
    });
  };

  const detailsOf = async (auth: TAuth, id: number) => {
    const { rows } = await repo.listDocuments(
      db,
      { visibility: and(visibilityOf(auth), eq(documents.id, id)) as SQL },
      1,
      1,
    );
    const [doc] = await toWire(auth, rows);
    if (!doc) throw AppError.notFound('Document');
    return doc;
  };

  return {
    /**
     * Streams the upload to storage with a hard size limit, then inspects it in the worker pool.
     * A file that is not a readable, unencrypted PDF is removed again and nothing is recorded.
     */
    upload: async (
      auth: TAuth,
      file: { filename: string; stream: Readable; signingMethod?: 'esign' | null },
    ) => {
      const key = `documents/${randomUUID()}/original.pdf`;
      try {
        await files.put(key, file.stream, { maxBytes: deps.uploadLimitBytes });
      } catch (error) {
        await files.delete(key);
        if (error instanceof FileTooLargeError) {
          throw new AppError(
            'PAYLOAD_TOO_LARGE',
            `The file is larger than ${Math.round(deps.uploadLimitBytes / 1_048_576)} MB`,
            { file: 'too large' },
          );
        }
        throw error;
      }
      try {
        const bytes = await files.get(key);
        const info = await pdf.inspect(bytes);
        const pages = info.pages.map((p) => ({ width: p.width, height: p.height }));
        const doc = await repo.insertDocument(db, {
          companyId: auth.companyId,
          departementId: auth.departementId,
          ownerUserId: auth.userId,
          fileName: file.filename.replace(/[\\/\0]/g, '_').slice(0, 255) || 'document.pdf',
          originalKey: key,
          currentKey: key,
          sizeBytes: bytes.byteLength,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          pageCount: info.pageCount,
          pages,
          signingMethod: file.signingMethod ?? null,
        });
        return { document_id: doc.id, file_name: doc.fileName, page_count: doc.pageCount, pages };
      } catch (error) {
        await files.delete(key);
        throw error;
      }
    },

    details: detailsOf,

    list: async (auth: TAuth, query: TDocumentQuery) => {
      const { page, perPage, sort, order, ...filter } = query;
      const { rows, total } = await repo.listDocuments(
        db,
        { visibility: visibilityOf(auth), ...filter },
        page,
        perPage,
        { sort, order },
      );
      // The history's two lists (spec §4) are their own queries, not slices of this page.
      const byStatus = async (status: 'stamp' | 'nostamp') => {
        if (filter.status !== 'all' && filter.status !== status) return [];
        const part = await repo.listDocuments(
          db,
          { visibility: visibilityOf(auth), ...filter, status },
          page,
          perPage,
          { sort, order },
        );
        return toWire(auth, part.rows);
      };
      return {
        data: await toWire(auth, rows),
        stamp: await byStatus('stamp'),
        nostamp: await byStatus('nostamp'),
        meta: { page: query.page, perPage: query.perPage, total },
      };
    },

    dashboard: async (auth: TAuth) => {
      const { rows } = await repo.listDocuments(db, { visibility: visibilityOf(auth) }, 1, 5);
      return {
        recent: await toWire(auth, rows),
        totals: await repo.statusTotals(db, visibilityOf(auth)),
      };
    },

    saveDraft: async (
      auth: TAuth,
      id: number,
      draft: {
        placements: TPlacements;
        doc_type?: string | null | undefined;
        doc_value?: number | null | undefined;
      },
    ) => {
      const doc = await load(auth, id);
      if (!canManage(auth, doc)) throw AppError.forbidden();
      if (doc.status !== 'nostamp') throw new AppError('CONFLICT', 'Only a draft can be changed');
      for (const placement of [draft.placements.emeterai, ...draft.placements.esign]) {
        if (placement && placement.page > doc.pageCount) {
          throw new AppError('VALIDATION_FAILED', `The document has ${doc.pageCount} pages`, {
            page: 'out of range',
          });
        }
      }
      await repo.updateDocument(db, id, {
        placements: draft.placements,
        ...(draft.doc_type !== undefined ? { docType: draft.doc_type } : {}),
        ...(draft.doc_value !== undefined ? { docValue: draft.doc_value } : {}),
        signingMethod: draft.placements.emeterai
          ? draft.placements.esign.length
            ? 'esign-emeterai'
            : 'emeterai'
          : draft.placements.esign.length
            ? 'esign'
            : null,
      });
      return detailsOf(auth, id);
    },

    /**
     * The e-Meterai, exactly once: claim the document, spend one unit, issue the serial, stamp
     * in the worker pool, store the new version. On any failure the unit is refunded and the
     * document is left as it was (the original file is never touched).
     */
    stamp: async (auth: TAuth, request: TStampRequest, variant: 'company' | 'personal') => {
      if (variant === 'company' && auth.companyId === null)
        throw AppError.forbidden('Use the personal stamping call');
      if (variant === 'personal' && auth.companyId !== null)
        throw AppError.forbidden('Use the company stamping call');
      const doc = await load(auth, request.document_id);
      if (!canManage(auth, doc))
        throw AppError.forbidden('Only the owner or a company admin can stamp this document');
      if (doc.status === 'stamp' || doc.serialNumberId !== null) {
        throw new AppError('CONFLICT', 'Dokumen sudah dibubuhi e-Meterai', {
          document_id: 'already stamped',
        });
      }
      if (doc.status === 'canceled')
        throw new AppError('CONFLICT', 'Dokumen sudah dibatalkan', { document_id: 'canceled' });
      if (doc.signingStatus === 'signing') {
        throw new AppError('CONFLICT', 'Waiting for e-signatures: the e-Meterai comes last', {
          document_id: 'signing',
        });
      }
      // The e-Meterai is a square stamp (research/domain.md §1): the box may not distort it.
      if (Math.abs(request.width - request.height) > Math.max(1, 0.02 * request.width)) {
        throw new AppError('VALIDATION_FAILED', 'The e-Meterai box must be square', {
          height: 'must equal width',
        });
      }
      if (request.page > doc.pageCount && request.page > 1) {
        // A page past the end means the last page (Peruri's adapter does the same).
        request = { ...request, page: doc.pageCount };
      }
      const docTypes = await meterai.documentTypes();
      const docType = docTypes.find((t) => t.kode === request.doc_type);
      if (!docType)
        throw new AppError('VALIDATION_FAILED', 'Unknown document type', { doc_type: 'unknown' });

      const previous = doc.signingStatus;
      const claimed = await repo.claimForStamping(db, doc.id);
      if (!claimed)
        throw new AppError('CONFLICT', 'Dokumen sedang diproses atau sudah dibubuhi e-Meterai', {
          document_id: 'busy',
        });

      const payer = payerOf(auth);
      // One attempt per claim; the claim itself guarantees one stamp per document.
      const attempt = randomUUID();
      try {
        await move(db, {
          kind: 'emeterai',
          quantity: 1,
          from: payer,
          to: SYSTEM_CONSUMED,
          reason: 'spend',
          actorUserId: auth.userId,
          companyId: payer.companyId,
          ref: { type: 'document', id: String(doc.id) },
          idempotencyKey: unitKey(UNIT_KEYS.stamp.spend, doc.id, attempt),
        });
      } catch (error) {
        await repo.updateDocument(db, doc.id, { signingStatus: previous });
        throw error;
      }

      let serialId: number | null = null;
      let storedKey: string | null = null;
      try {
        // A serial issued for this document whose stamp failed is used again (never a second
        // serial for one document while the first can still be stamped).
        const reused = await reusableSerialOf(doc.id);
        const issued =
          reused ??
          (await meterai.issueSerial({
            docType: docType.kode,
            docValue: request.doc_value ?? null,
            fileName: doc.fileName,
            documentId: doc.id,
          }));
        const serialRow = reused
          ? reused.row
          : await repo.insertSerial(db, {
              serial: issued.serial,
              provider: meterai.name,
              documentId: doc.id,
              docType: docType.kode,
              imageKey: await keepRasterImage(issued),
            });
        serialId = serialRow.id;
        const current = await files.get(doc.currentKey);
        const signing = await meterai.signing({
          serial: issued.serial,
          documentSha256: createHash('sha256').update(current).digest('hex'),
          ...(reused ? { retry: true } : {}),
        });
        const common = {
          serial: issued.serial,
          image: issued.image,
          page: request.page,
          rect: { x: request.x, y: request.y, width: request.width, height: request.height },
          reason: request.reason?.trim() || docType.nama,
          location: request.location?.trim() || 'Indonesia',
        };
        const stamped =
          signing.kind === 'credential'
            ? await pdf.stamp(current, {
                ...common,
                signer: signing.signer,
                ...(signing.tsa ? { tsa: signing.tsa } : {}),
              })
            : await pdf.stampWithSigner(current, {
                ...common,
                signer: signing.signer,
                ...(signing.tsa ? { tsa: signing.tsa } : {}),
              });
        storedKey = `documents/${doc.id}-${randomUUID()}/stamped-${issued.serial.toLowerCase()}.pdf`;
        await files.put(storedKey, stamped.bytes);
        await db.transaction(async (tx) => {
          await repo.setSerialStatus(tx, serialRow.id, 'stamped');
          await repo.updateDocument(tx, doc.id, {
            status: 'stamp',
            signingStatus: 'stamped',
            signingMethod:
              doc.signingMethod === 'esign' || doc.signingMethod === 'esign-emeterai'
                ? 'esign-emeterai'
                : 'emeterai',
            currentKey: storedKey ?? doc.currentKey,
            serialNumberId: serialRow.id,
            docType: docType.kode,
            docValue: request.doc_value ?? doc.docValue,
            placements: { ...doc.placements, emeterai: { page: stamped.page, ...stamped.rect } },
            stampedAt: new Date(),
            lastError: null,
          });
        });
        return { document_id: doc.id, serial_number: issued.serial, status: 'stamp' as const };
      } catch (error) {
        await move(db, {
          kind: 'emeterai',
          quantity: 1,
          from: SYSTEM_CONSUMED,
          to: payer,
          reason: 'refund',
          actorUserId: auth.userId,
          companyId: payer.companyId,
          ref: { type: 'document', id: String(doc.id) },
          idempotencyKey: unitKey(UNIT_KEYS.stamp.refund, doc.id, attempt),
          note: error instanceof Error ? error.message.slice(0, 500) : 'stamp failed',
        });
        if (serialId !== null) await repo.setSerialStatus(db, serialId, 'failed');
        if (storedKey) await files.delete(storedKey);
        const message =
          error instanceof AppError
            ? error.message
            : 'Pembubuhan e-Meterai gagal, kuota telah dikembalikan. Silakan coba lagi.';
        await repo.updateDocument(db, doc.id, {
          signingStatus: previous === 'failed' ? 'draft' : previous,
          lastError: message,
        });
        if (error instanceof AppError) throw error;
        throw new AppError('SERVICE_UNAVAILABLE', message, { provider: meterai.name });
      }
    },

    /** Who signs, in which order and where (replaces the pending list). */
    setSigners: async (
      auth: TAuth,
      id: number,
      signers: {
        user_id: number;
        page: number;
        x: number;
        y: number;
        width: number;
        height: number;
      }[],
    ) => {
      const doc = await load(auth, id);
      if (!canManage(auth, doc)) throw AppError.forbidden();
      if (doc.status !== 'nostamp' || doc.signingStatus === 'stamping')
        throw new AppError('CONFLICT', 'Only a draft can get signers');
      const ids = [...new Set(signers.map((s) => s.user_id))];
      const found = await db
        .select({ id: users.id, companyId: users.companyId })
        .from(users)
        .where(sql`${users.id} in ${ids}`);
      for (const userId of ids) {
        const user = found.find((f) => f.id === userId);
        const allowed =
          user &&
          (userId === auth.userId || (doc.companyId !== null && user.companyId === doc.companyId));
        if (!allowed)
          throw new AppError('VALIDATION_FAILED', 'Signers must be users of the same company', {
            signers: `user ${userId}`,
          });
      }
      await db.transaction(async (tx) => {
        const signed = await tx
          .select()
          .from(documentSigners)
          .where(and(eq(documentSigners.documentId, id), eq(documentSigners.status, 'signed')));
        await tx
          .delete(documentSigners)
          .where(and(eq(documentSigners.documentId, id), eq(documentSigners.status, 'pending')));
        let position = signed.length;
        for (const s of signers) {
          position += 1;
          await tx.insert(documentSigners).values({
            documentId: id,
            userId: s.user_id,
            position,
            placement: { page: s.page, x: s.x, y: s.y, width: s.width, height: s.height },
          });
        }
        await repo.updateDocument(tx, id, { signingStatus: 'signing' });
      });
      return detailsOf(auth, id);
    },

    /**
     * One e-signature: with the signer's own certificate (issued at the first signature, after
     * they confirm their identity) and specimen, as an incremental revision, before any stamp.
     * One e-sign unit is spent and refunded if signing fails.
     */
    sign: async (auth: TAuth, request: TSignRequest) => {
      const doc = await load(auth, request.document_id);
      if (doc.status !== 'nostamp' || doc.serialNumberId !== null) {
        throw new AppError(
          'CONFLICT',
          'A stamped or canceled document cannot be signed: e-signatures come before the e-Meterai',
        );
      }
      const queue = await db
        .select()
        .from(documentSigners)
        .where(eq(documentSigners.documentId, doc.id))
        .orderBy(asc(documentSigners.position));
      const next = queue.find((s) => s.status === 'pending');
      if (queue.length > 0) {
        if (!next) throw new AppError('CONFLICT', 'Everyone has signed this document');
        if (next.userId !== auth.userId) {
          const listed = queue.some((s) => s.userId === auth.userId && s.status === 'pending');
          throw new AppError(
            'CONFLICT',
            listed ? 'It is not your turn to sign yet' : 'You are not a signer of this document',
          );
        }
      } else if (!canManage(auth, doc)) {
        throw AppError.forbidden();
      }
      const [me] = await db.select().from(users).where(eq(users.id, auth.userId));
      if (!me) throw AppError.notFound('User');
      if (!(await deps.signatures.hasCertificate(me.id)) && !request.identity_confirmed) {
        throw new AppError(
          'CONFLICT',
          'Confirm your name and NIK: your first e-signature issues your signing certificate',
          {
            reason: 'IDENTITY_REQUIRED',
            fullName: me.fullName,
            nik: me.nik,
          },
        );
      }
      const [specimen] = request.specimen_id
        ? await db
            .select()
            .from(esignSpecimens)
            .where(
              and(eq(esignSpecimens.id, request.specimen_id), eq(esignSpecimens.userId, me.id)),
            )
        : await db
            .select()
            .from(esignSpecimens)
            .where(and(eq(esignSpecimens.userId, me.id), eq(esignSpecimens.isDefault, true)));
      if (request.specimen_id && !specimen) throw AppError.notFound('Esign');

      const previous = doc.signingStatus;
      const [claimed] = await db
        .update(documents)
        .set({ signingStatus: 'stamping', updatedAt: new Date() })
        .where(
          and(
            eq(documents.id, doc.id),
            eq(documents.status, 'nostamp'),
            sql`${documents.signingStatus} in ('draft', 'signing', 'signed', 'failed')`,
          ),
        )
        .returning();
      if (!claimed) throw new AppError('CONFLICT', 'Dokumen sedang diproses');
      const payer = payerOf(auth);
      const attempt = randomUUID();
      try {
        await move(db, {
          kind: 'esign',
          quantity: 1,
          from: payer,
          to: SYSTEM_CONSUMED,
          reason: 'spend',
          actorUserId: me.id,
          companyId: payer.companyId,
          ref: { type: 'document', id: String(doc.id) },
          idempotencyKey: unitKey(UNIT_KEYS.esign.spend, doc.id, attempt),
        });
      } catch (error) {
        await repo.updateDocument(db, doc.id, { signingStatus: previous });
        throw error;
      }
      let storedKey: string | null = null;
      try {
        const credential = await deps.signatures.credentialFor({
          id: me.id,
          fullName: me.fullName,
          email: me.email,
          nik: me.nik,
        });
        const tsa = await deps.signatures.tsa();
        const signed = await pdf.sign(await files.get(claimed.currentKey), {
          specimen: specimen ? await files.get(specimen.fileKey) : me.fullName,
          page: Math.min(request.page, doc.pageCount),
          rect: { x: request.x, y: request.y, width: request.width, height: request.height },
          signer: credential,
          reason: request.reason?.trim() || 'Saya menyetujui dokumen ini',
          location: request.location?.trim() || 'Indonesia',
          ...(tsa ? { tsa } : {}),
        });
        storedKey = `documents/${doc.id}-${randomUUID()}/signed.pdf`;
        await files.put(storedKey, signed.bytes);
        const remaining = queue.filter((s) => s.status === 'pending' && s.id !== next?.id).length;
        await db.transaction(async (tx) => {
          if (next) {
            await tx
              .update(documentSigners)
              .set({ status: 'signed', fieldName: signed.fieldName, signedAt: new Date() })
              .where(eq(documentSigners.id, next.id));
          } else {
            await tx.insert(documentSigners).values({
              documentId: doc.id,
              userId: me.id,
              position: queue.length + 1,
              placement: { page: signed.page, ...signed.rect },
              status: 'signed',
              fieldName: signed.fieldName,
              signedAt: new Date(),
            });
          }
          await repo.updateDocument(tx, doc.id, {
            currentKey: storedKey ?? claimed.currentKey,
            signingStatus: remaining > 0 ? 'signing' : 'signed',
            signingMethod: doc.placements.emeterai
              ? 'esign-emeterai'
              : doc.signingMethod === 'emeterai'
                ? 'esign-emeterai'
                : 'esign',
            lastError: null,
          });
        });
        return {
          document_id: doc.id,
          field_name: signed.fieldName,
          signing_status: remaining > 0 ? ('signing' as const) : ('signed' as const),
        };
      } catch (error) {
        await move(db, {
          kind: 'esign',
          quantity: 1,
          from: SYSTEM_CONSUMED,
          to: payer,
          reason: 'refund',
          actorUserId: me.id,
          companyId: payer.companyId,
          ref: { type: 'document', id: String(doc.id) },
          idempotencyKey: unitKey(UNIT_KEYS.esign.refund, doc.id, attempt),
        });
        if (storedKey) await files.delete(storedKey);
        const message =
          error instanceof AppError
            ? error.message
            : 'Penandatanganan gagal, kuota telah dikembalikan. Silakan coba lagi.';
        await repo.updateDocument(db, doc.id, { signingStatus: previous, lastError: message });
        if (error instanceof AppError) throw error;
        throw new AppError('SERVICE_UNAVAILABLE', message);
      }
    },

    /** The owner ends the signing round: whoever has not signed yet is taken off. */
    endSigning: async (auth: TAuth, id: number) => {
      const doc = await load(auth, id);
      if (!canManage(auth, doc)) throw AppError.forbidden();
      if (doc.status !== 'nostamp' || doc.signingStatus === 'stamping')
        throw new AppError('CONFLICT', 'Only a draft can get signers');
      await db.transaction(async (tx) => {
        await tx
          .delete(documentSigners)
          .where(and(eq(documentSigners.documentId, id), eq(documentSigners.status, 'pending')));
        const signed = await tx
          .select({ id: documentSigners.id })
          .from(documentSigners)
          .where(eq(documentSigners.documentId, id));
        await repo.updateDocument(tx, id, {
          signingStatus: signed.length > 0 ? 'signed' : 'draft',
        });
      });
      return detailsOf(auth, id);
    },

    cancel: async (auth: TAuth, id: number) => {
      const doc = await load(auth, id);
      if (!canManage(auth, doc)) throw AppError.forbidden();
      if (doc.status === 'stamp')
        throw new AppError(
          'CONFLICT',
          'Dokumen yang sudah dibubuhi e-Meterai tidak dapat dibatalkan',
        );
      if (doc.signingStatus === 'stamping')
        throw new AppError('CONFLICT', 'Dokumen sedang diproses');
      await repo.updateDocument(db, id, { status: 'canceled' });
    },

    remove: async (auth: TAuth, id: number) => {
      const doc = await load(auth, id);
      if (!canManage(auth, doc)) throw AppError.forbidden();
      if (doc.status === 'stamp')
        throw new AppError('CONFLICT', 'Dokumen yang sudah dibubuhi e-Meterai tidak dapat dihapus');
      if (doc.signingStatus === 'stamping')
        throw new AppError('CONFLICT', 'Dokumen sedang diproses');
      await db.transaction(async (tx) => repo.deleteDocument(tx, id));
      await files.delete(doc.currentKey);
      if (doc.originalKey !== doc.currentKey) await files.delete(doc.originalKey);
    },

    /** Spec §4: a document with a serial downloads only once it is stamped. */
    download: async (auth: TAuth, id: number) => {
      const doc = await load(auth, id);
      if (doc.serialNumberId === null || doc.status !== 'stamp') {
        throw new AppError('CONFLICT', 'The document has no e-Meterai yet', {
          document_id: 'not stamped',
        });
      }
      return {
        fileName: `${doc.fileName.replace(/\.pdf$/i, '')}_stamped.pdf`,
        stream: await files.stream(doc.currentKey),
      };
    },

    /** The current (unstamped) file for users allowed to see the document. */
    unsigned: async (auth: TAuth, id: number) => {
      const doc = await load(auth, id);
      return { fileName: doc.fileName, stream: await files.stream(doc.currentKey) };
    },

    /** Public check of an uploaded PDF: every signature, the serials, intact or not. Nothing is stored. */
    verify: async (fileName: string, bytes: Uint8Array) => {
      // Stamps chain to the e-Meterai issuer's roots, e-signatures to the PSrE's.
      const roots = [
        ...new Set([...(await meterai.trustRoots()), ...(await deps.signatures.trustRoots())]),
      ];
      const result = await pdf.verify(bytes, {
        trustRoots: roots,
        meteraiIssuers: await meterai.meteraiIssuers(),
      });
      const serials = result.signatures.map((s) => s.serial).filter((s): s is string => s !== null);
      const known = await repo.knownSerials(db, serials);
      return {
        file_name: fileName,
        intact: result.valid && result.signatures.length > 0,
        known_serials: known.map((k) => k.serial),
        signatures: result.signatures.map((s) => ({
          field_name: s.fieldName,
          kind: s.kind,
          serial_number: s.serial,
          signer: s.signerName,
          signing_time: s.signingTime,
          reason: s.reason,
          location: s.location,
          integrity: s.integrity,
          covers_whole_document: s.coversWholeDocument,
          modified_after: s.modifiedAfter,
          trusted: s.chain === 'trusted',
          timestamped: s.timestamp.present,
        })),
      };
    },
  };
};

export type TDocumentsService = ReturnType<typeof createDocumentsService>;
