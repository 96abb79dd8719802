import type { TDocument } from '@bubuh/contracts';
import type { TAuth } from '../../plugins/auth.ts';
import type { TDocumentsService } from '../documents/index.ts';
import type { TSigningService } from '../signing/index.ts';
import type { TDocumentJobs } from './document-jobs.ts';
import type { TStampDocument } from './stamp-document.ts';

type TSignerBoxes = Parameters<TSigningService['setSigners']>[2];

/** The document calls other modules (templates) make, across documents, signing and stamping. */
export type TDocumentOperations = TDocumentsService & {
  setSigners: (auth: TAuth, id: number, signers: TSignerBoxes) => Promise<TDocument>;
  /** The stamp job, waited for briefly (see document-jobs.ts). */
  stamp: (
    auth: TAuth,
    request: Parameters<TStampDocument['inputFor']>[1],
    variant: 'company' | 'personal',
  ) => ReturnType<TDocumentJobs['stamp']>;
};

export const documentOperations = (
  documents: TDocumentsService,
  signing: TSigningService,
  stamping: TStampDocument,
  jobs: TDocumentJobs,
): TDocumentOperations => ({
  ...documents,
  setSigners: async (auth, id, signers) => {
    await signing.setSigners(auth, id, signers);
    return documents.details(auth, id);
  },
  stamp: (auth, request, variant) => jobs.stamp(stamping.inputFor(auth, request, variant)),
});
