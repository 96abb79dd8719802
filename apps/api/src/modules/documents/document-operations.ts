import type { TDocument } from '@bubuh/contracts';
import type { TDocumentJobs } from '../../jobs/document-jobs.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { TSigningService } from '../signing/signing.service.ts';
import type { TStampingService } from '../stamping/stamping.service.ts';
import type { TDocumentsService } from './documents.service.ts';

type TSignerBoxes = Parameters<TSigningService['setSigners']>[2];

/** The document calls other modules (templates) make, across documents, signing and stamping. */
export type TDocumentOperations = TDocumentsService & {
  setSigners: (auth: TAuth, id: number, signers: TSignerBoxes) => Promise<TDocument>;
  /** The stamp job, waited for briefly (see jobs/document-jobs.ts). */
  stamp: (
    auth: TAuth,
    request: Parameters<TStampingService['inputFor']>[1],
    variant: 'company' | 'personal',
  ) => ReturnType<TDocumentJobs['stamp']>;
};

export const documentOperations = (
  documents: TDocumentsService,
  signing: TSigningService,
  stamping: TStampingService,
  jobs: TDocumentJobs,
): TDocumentOperations => ({
  ...documents,
  setSigners: async (auth, id, signers) => {
    await signing.setSigners(auth, id, signers);
    return documents.details(auth, id);
  },
  stamp: (auth, request, variant) => jobs.stamp(stamping.inputFor(auth, request, variant)),
});
