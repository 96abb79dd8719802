import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  cleanFileName,
  signingMethodAfter,
  type TDocument,
  type TDocumentQuery,
  type TPlacement,
  type TPlacements,
  type TUpdateEmetRequest,
} from '@bubuh/contracts';
import type { TDb, TTx } from '../../db/client.ts';
import { canManage, type TActor, visibilityOf } from '../../lib/access.ts';
import { AppError, foundOr404 } from '../../lib/app-error.ts';
import { isDatabaseAnswer } from '../../lib/db-errors.ts';
import type { TPdfEngine } from '../../pdf/pdf-engine.ts';
import type { TAuth } from '../../plugins/auth.ts';
import { knownDocType, type TDocType } from '../../providers/meterai/meterai-provider.ts';
import { FileTooLargeError, type TFileStore } from '../../storage/file-store.ts';
import { hasEventBy, insertAuditEvent, type TAuditRecord, userActor } from '../audit/index.ts';
import { applyEvent, busy, nextState } from './document-events.ts';
import { toWireDocument } from './document-mapper.ts';
import type { TPageRow } from './document-pages.repository.ts';
import * as pages from './document-pages.repository.ts';
import { readDocumentVersion } from './document-totals.repository.ts';
import * as repo from './documents.repository.ts';
import { createSearchTotals, searchTotalKey } from './search-totals.ts';

export type TDocumentsDeps = {
  db: TDb;
  files: TFileStore;
  pdf: TPdfEngine;
  uploadLimitBytes: number;
  /** Short-lived link for opening an unsigned draft in a new tab (no bearer header there). */
  unsignedLink: (auth: TAuth, documentId: number) => string;
  /** The e-Meterai provider's document types (a draft's type is one of them). */
  documentTypes: () => Promise<TDocType[]>;
};

/** An upload that is to be stamped at once (`one-stamp-process`): its box and details. */
export type TUploadStamp = {
  placement: TPlacement;
  docType: string;
  docValue: number | null;
  docNumber: string | null;
  docDate: string | null;
};

/** What an upload gets: the file, and how the draft starts. */
export type TUploadInput = {
  filename: string;
  stream: Readable;
  signingMethod?: 'esign' | null;
  /** The draft holds the e-Meterai box and details from the start (nothing to save first). */
  stamp?: TUploadStamp;
};

/**
 * What the upload answer tells the user about the file (English, translated by messages.ts),
 * or null when there is nothing to say.
 */
export const uploadNotice = (repaired: boolean, javascriptCount: number): string | null => {
  if (repaired && javascriptCount > 0)
    return 'The PDF was damaged and has been repaired, and it contains JavaScript; check it before stamping';
  if (repaired) return 'The PDF was damaged and has been repaired; check it before stamping';
  if (javascriptCount > 0)
    return 'The PDF contains JavaScript; it must be confirmed before the first signature or e-Meterai';
  return null;
};

/**
 * An uploaded file's name as stored (also a batch's files and ZIP entries): slashes, control and
 * text-direction characters replaced, at most 255 characters with the extension kept
 * (contracts `cleanFileName`).
 */
export const storedFileName = (name: string) => cleanFileName(name, 'document.pdf');

/** The trail's first event of a document: who uploaded which file (its SHA-256 as stored). */
export const uploadedEvent = (
  actor: { userId: number; client?: TAuth['client'] },
  values: { fileName: string; sizeBytes: number; sha256: string },
): TAuditRecord => ({
  type: 'uploaded',
  actor: userActor(actor),
  sha256: values.sha256,
  details: { file_name: values.fileName, size_bytes: String(values.sizeBytes) },
});

/** One event of a document's trail (`doc`: the document as the caller read it). */
export const recordEvent = (
  db: TDb | TTx,
  doc: { id: number; companyId: number | null },
  record: TAuditRecord,
) => insertAuditEvent(db, doc.id, doc.companyId, record);

/** One document the actor may see (another tenant's answers 404). */
export const loadDocument = async (db: TDb, actor: TActor, id: number) =>
  foundOr404(await repo.findVisible(db, visibilityOf(actor), id), 'Document');

/** Upload, list, details, download, drafts, cancel and delete: the document itself. */
/** A signed unsigned-file link is reused this long (its token lives 15 minutes). */
const LINK_REUSE_MS = 60_000;
const LINK_CACHE_MAX = 10_000;
/** What a revalidated read starts with (`readState`). */
export type TReadState = {
  etag: string;
  signsOthers: boolean;
  totals: ReadonlyMap<string, number>;
};

/** A read's ETag changes at least this often: a revalidated answer's links are still valid. */
const TAG_WINDOW_MS = 300_000;

export const createDocumentsService = (deps: TDocumentsDeps) => {
  const { db, files, pdf } = deps;
  const searchTotals = createSearchTotals();

  // Lists show the same drafts again and again: one signature per session, document and minute.
  const links = new Map<string, { link: string; at: number }>();
  const unsignedLink = (auth: TAuth, documentId: number) => {
    const key = `${auth.sessionId}:${documentId}`;
    const now = Date.now();
    const known = links.get(key);
    if (known && now - known.at < LINK_REUSE_MS) return known.link;
    if (links.size >= LINK_CACHE_MAX) links.clear();
    const link = deps.unsignedLink(auth, documentId);
    links.set(key, { link, at: now });
    return link;
  };

  /**
   * The wire documents of listed rows; signers are read (once for all rows) only when one of
   * them has any, and a draft's unsigned-file link is signed once per document.
   */
  const wireOf = async (auth: TAuth, lists: TPageRow[][]) => {
    const withSigners = [
      ...new Set(lists.flatMap((rows) => rows.filter((r) => r.hasSigners).map((r) => r.doc.id))),
    ];
    const signers = await repo.signersOf(db, withSigners);
    const wire = new Map<number, TDocument>();
    const toDocument = (row: TPageRow) => {
      const known = wire.get(row.doc.id);
      if (known) return known;
      const doc = toWireDocument({
        ...row,
        signers: row.hasSigners ? signers.filter((s) => s.signer.documentId === row.doc.id) : [],
        unsignedLink: () => unsignedLink(auth, row.doc.id),
      });
      wire.set(row.doc.id, doc);
      return doc;
    };
    return (rows: TPageRow[]): TDocument[] => rows.map(toDocument);
  };

  const detailsOf = async (auth: TAuth, id: number) => {
    const rows = await pages.listPage(db, { visibility: visibilityOf(auth), id }, 1, 1);
    const [doc] = (await wireOf(auth, [rows]))(rows);
    if (!doc) throw AppError.notFound('Document');
    return doc;
  };

  /**
   * Streams the upload to storage with a hard size limit, then checks it in the worker pool
   * (`prepare`). A file that is not a readable, unencrypted PDF is removed again and nothing is
   * recorded. A damaged cross-reference table is repaired by a full rewrite while the document
   * carries no signature: the rewrite becomes the document's file, the upload is kept beside
   * it (`upload_key`); a damaged signed file is refused (BROKEN_SIGNED). JavaScript is
   * recorded and flagged (see javascript-policy.ts). The document's row is not written yet:
   * `values` are what it will hold (a batch writes them with its item, in one statement), and
   * `discard` removes the stored files when it is not written after all.
   */
  const receive = async (auth: TAuth, file: TUploadInput) => {
    const folder = `documents/${randomUUID()}`;
    const key = `${folder}/original.pdf`;
    let received: Buffer | undefined;
    try {
      // The bytes are kept as they go to storage: the check below does not read them back.
      ({ bytes: received } = await files.put(key, file.stream, {
        maxBytes: deps.uploadLimitBytes,
        keepBytes: true,
      }));
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
    const repairedKey = `${folder}/repaired.pdf`;
    // Best effort: a storage failure here must not hide why the upload was not kept.
    const discard = async () => {
      await files.delete(repairedKey).catch(() => undefined);
      await files.delete(key).catch(() => undefined);
    };
    try {
      const prepared = await pdf.prepare(received ?? (await files.get(key)));
      const { info, bytes } = prepared;
      if (prepared.repaired) await files.put(repairedKey, bytes);
      const storedKey = prepared.repaired ? repairedKey : key;
      const values = {
        companyId: auth.companyId,
        departementId: auth.departementId,
        ownerUserId: auth.userId,
        fileName: storedFileName(file.filename),
        originalKey: storedKey,
        currentKey: storedKey,
        uploadKey: prepared.repaired ? key : null,
        sizeBytes: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        pageCount: info.pageCount,
        pages: info.pages.map((p) => ({ width: p.width, height: p.height })),
        signingMethod: file.stamp ? 'emeterai' : (file.signingMethod ?? null),
        ...(file.stamp
          ? {
              // A page past the end is the last page, as the stamp will take it.
              placements: {
                emeterai: {
                  ...file.stamp.placement,
                  page: Math.min(file.stamp.placement.page, info.pageCount),
                },
                esign: [],
              },
              docType: file.stamp.docType,
              docValue: file.stamp.docValue,
              docNumber: file.stamp.docNumber,
              docDate: file.stamp.docDate,
            }
          : {}),
        repaired: prepared.repaired,
        repairWarnings: prepared.warnings,
        javascriptCount: info.javaScriptCount,
        javascript: info.javaScript,
      } satisfies repo.TDocumentInsert;
      return { values, discard, record: uploadedEvent(auth, values) };
    } catch (error) {
      await discard();
      throw error;
    }
  };

  /** The upload: received (`receive`), then its document row; the answer the routes send. */
  const upload = async (auth: TAuth, file: TUploadInput) => {
    const { values, discard, record } = await receive(auth, file);
    const doc = await repo.insertDocument(db, values, record).catch(async (error: unknown) => {
      // Refused by the database: nothing written. A lost connection may have kept the row.
      if (isDatabaseAnswer(error)) await discard();
      throw error;
    });
    return {
      document_id: doc.id,
      file_name: doc.fileName,
      page_count: doc.pageCount,
      pages: values.pages,
      repaired: doc.repaired,
      repair_warnings: doc.repairWarnings,
      javascript: { count: doc.javascriptCount, items: doc.javascript },
      notice: uploadNotice(doc.repaired, doc.javascriptCount),
    };
  };

  return {
    upload,

    receive,

    details: detailsOf,

    /**
     * The document as a party opens it (the details call): a signer's first look is an event of
     * its trail (the owner's and admins' are not: they manage it rather than act on it).
     */
    opened: async (auth: TAuth, id: number) => {
      const details = await detailsOf(auth, id);
      const signs =
        details.owner_id !== auth.userId && details.signers.some((s) => s.user_id === auth.userId);
      // Read again only for a signer's first look (the details answer is a hot read).
      if (signs && !(await hasEventBy(db, id, 'opened', { userId: auth.userId })))
        await recordEvent(db, await loadDocument(db, auth, id), {
          type: 'opened',
          actor: userActor(auth),
        });
      return details;
    },

    /**
     * The weak ETag of the caller's list (`l`) or dashboard (`d`) answers: the version of the
     * documents they see (read before the answer, so an answer is never older than its tag), who
     * asks and in which session (the answers carry session-signed file links), and a 5-minute
     * window (links served from a revalidated answer live 15 minutes). With it, whether the
     * caller signs others' documents, for the read that follows.
     */
    readState: async (auth: TAuth, read: 'l' | 'd'): Promise<TReadState> => {
      const visibility = visibilityOf(auth);
      const window = Math.floor(Date.now() / TAG_WINDOW_MS);
      const { tag, signsOthers, totals } = await readDocumentVersion(db, visibility);
      const etag = `W/"${read}${auth.userId}.${visibility.companyId ?? 0}.${auth.sessionId}.${window}.${tag}"`;
      return { etag, signsOthers, totals };
    },

    list: async (auth: TAuth, query: TDocumentQuery, state?: TReadState) => {
      const { page, perPage, sort, order, ...filter } = query;
      const full = {
        visibility: visibilityOf(auth),
        ...filter,
        signsOthers: state?.signsOthers,
        kept: state?.totals,
      };
      // The history's two lists (spec §4) are their own pages, read with the main one.
      // A search's total comes with its pages (or from search-totals.ts when this version of
      // the caller's documents was searched for it already); other totals from the kept counters.
      const totalKey = full.search && state ? searchTotalKey(state.etag, full) : undefined;
      const known = totalKey ? searchTotals.get(totalKey) : undefined;
      const listPages = known ? pages.listHistoryPagesUncounted : pages.listHistoryPages;
      const [lists, counted] = await Promise.all([
        listPages(db, full, page, perPage, { sort, order }),
        full.search ? known : repo.countListed(db, full),
      ]);
      if (totalKey && lists.searchTotal) searchTotals.set(totalKey, lists.searchTotal);
      const { total, capped } = lists.searchTotal ?? counted ?? { total: 0, capped: false };
      const wire = await wireOf(auth, [lists.data, lists.stamp, lists.nostamp]);
      return {
        data: wire(lists.data),
        stamp: wire(lists.stamp),
        nostamp: wire(lists.nostamp),
        meta: { page: query.page, perPage: query.perPage, total, ...(capped ? { capped } : {}) },
      };
    },

    dashboard: async (auth: TAuth, state?: TReadState) => {
      const visibility = visibilityOf(auth);
      const waitingFilter = { visibility, waiting: 'me' } as const;
      const [rows, waitingRows, waitingTotal, totals] = await Promise.all([
        pages.listPage(db, { visibility, signsOthers: state?.signsOthers }, 1, 5),
        pages.listPage(db, waitingFilter, 1, 5),
        repo.countDocuments(db, waitingFilter),
        repo.statusTotals(db, visibility, state?.totals),
      ]);
      const wire = await wireOf(auth, [rows, waitingRows]);
      return {
        recent: wire(rows),
        totals,
        waiting_for_me: { total: waitingTotal, recent: wire(waitingRows) },
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
      const doc = await loadDocument(db, auth, id);
      if (!canManage(auth, doc)) throw AppError.forbidden();
      if (doc.state === 'stamped' || doc.state === 'cancelled')
        throw new AppError('CONFLICT', 'Only a draft can be changed');
      for (const placement of [draft.placements.emeterai, ...draft.placements.esign]) {
        if (placement && placement.page > doc.pageCount) {
          throw new AppError('VALIDATION_FAILED', `The document has ${doc.pageCount} pages`, {
            page: 'out of range',
          });
        }
      }
      await db.transaction(async (tx) => {
        await applyEvent(
          tx,
          doc,
          { type: 'edit' },
          {
            placements: draft.placements,
            ...(draft.doc_type !== undefined ? { docType: draft.doc_type } : {}),
            ...(draft.doc_value !== undefined ? { docValue: draft.doc_value } : {}),
            signingMethod: signingMethodAfter(doc.signingMethod, {
              type: 'edit',
              emeterai: draft.placements.emeterai !== null,
              esign: draft.placements.esign.length > 0,
            }),
          },
        );
        await recordEvent(tx, doc, { type: 'edited', actor: userActor(auth) });
      });
      return detailsOf(auth, id);
    },

    /**
     * A draft's e-Meterai details: its type (one of the provider's), value, and the document's
     * own number and date, which the stamp gives the provider. Left out: unchanged; null: cleared.
     */
    updateEmet: async (auth: TAuth, request: TUpdateEmetRequest) => {
      const doc = await loadDocument(db, auth, request.document_id);
      if (!canManage(auth, doc)) throw AppError.forbidden();
      if (doc.state === 'stamped' || doc.state === 'cancelled')
        throw new AppError('CONFLICT', 'Only a draft can be changed');
      await knownDocType(deps.documentTypes, request.doc_type);
      await db.transaction(async (tx) => {
        await applyEvent(
          tx,
          doc,
          { type: 'edit' },
          {
            docType: request.doc_type,
            ...(request.doc_value !== undefined ? { docValue: request.doc_value } : {}),
            ...(request.doc_number !== undefined ? { docNumber: request.doc_number } : {}),
            ...(request.doc_date !== undefined ? { docDate: request.doc_date } : {}),
          },
        );
        await recordEvent(tx, doc, { type: 'edited', actor: userActor(auth) });
      });
      return detailsOf(auth, doc.id);
    },

    /** Cancels a draft (again: nothing changes); not while it is being stamped or once stamped. */
    cancel: async (auth: TAuth, id: number) => {
      const doc = await loadDocument(db, auth, id);
      if (!canManage(auth, doc)) throw AppError.forbidden();
      if (doc.state === 'stamped')
        throw new AppError(
          'CONFLICT',
          'Dokumen yang sudah dibubuhi e-Meterai tidak dapat dibatalkan',
        );
      if (doc.state === 'cancelled') return;
      await db.transaction(async (tx) => {
        await applyEvent(tx, doc, { type: 'cancel' });
        await recordEvent(tx, doc, { type: 'cancelled', actor: userActor(auth) });
      });
    },

    /**
     * Deletes a draft or a canceled document under its row lock: a stamp or signature running on
     * it, or a serial issued for it (kept for the retry), makes this a 409.
     */
    remove: async (auth: TAuth, id: number) => {
      const doc = await loadDocument(db, auth, id);
      if (!canManage(auth, doc)) throw AppError.forbidden();
      if (doc.state === 'stamped')
        throw new AppError('CONFLICT', 'Dokumen yang sudah dibubuhi e-Meterai tidak dapat dihapus');
      const removed = await db.transaction(async (tx) => {
        const locked = await repo.lockDocument(tx, id);
        if (!locked) throw AppError.notFound('Document');
        if (locked.state !== doc.state) throw busy();
        nextState(locked.state, { type: 'delete' });
        if ((await repo.serialCount(tx, id)) > 0)
          throw new AppError(
            'CONFLICT',
            'An e-Meterai serial was issued for this document: cancel it instead of deleting it',
            { document_id: 'has serial' },
          );
        await repo.deleteDocument(tx, id);
        // The trail outlives the document: its last event says who removed it.
        await recordEvent(tx, doc, { type: 'deleted', actor: userActor(auth) });
        return locked;
      });
      await files.delete(removed.currentKey);
      if (removed.originalKey !== removed.currentKey) await files.delete(removed.originalKey);
      if (removed.uploadKey) await files.delete(removed.uploadKey);
    },

    /** Spec §4: a document with a serial downloads only once it is stamped. */
    download: async (auth: TAuth, id: number) => {
      const doc = await loadDocument(db, auth, id);
      if (doc.serialNumberId === null || doc.state !== 'stamped') {
        throw new AppError('CONFLICT', 'The document has no e-Meterai yet', {
          document_id: 'not stamped',
        });
      }
      const stream = await files.stream(doc.currentKey);
      await recordEvent(db, doc, { type: 'downloaded', actor: userActor(auth) });
      return { fileName: `${doc.fileName.replace(/\.pdf$/i, '')}_stamped.pdf`, stream };
    },

    /** The current (unstamped) file for users allowed to see the document. */
    unsigned: async (auth: TAuth, id: number) => {
      const doc = await loadDocument(db, auth, id);
      return { fileName: doc.fileName, stream: await files.stream(doc.currentKey) };
    },
  };
};

export type TDocumentsService = ReturnType<typeof createDocumentsService>;
