import type { TDb } from '../../db/client.ts';
import type { TDocumentsService } from '../documents/index.ts';
import type { TBatchRunner } from './batch-runner.ts';

/** What the batches service (and its file intake, `batch-files.ts`) is built from. */
export type TBatchesDeps = {
  db: TDb;
  documents: TDocumentsService;
  runner: TBatchRunner;
  documentTypes: () => Promise<{ kode: string; nama: string }[]>;
  maxFiles: number;
  /** Largest total of one batch's accepted files (BATCH_MAX_BYTES). */
  maxBatchBytes: number;
  /** Largest single PDF, and largest expanded total of one ZIP of PDFs. */
  maxFileBytes: number;
  maxZipBytes: number;
  /**
   * Whether a user can sign a batch: their default specimen exists, and their signing
   * certificate (issued at the first signature, after they confirm their name and NIK).
   */
  signer: {
    hasSpecimen: (userId: number) => Promise<boolean>;
    /** Refuses (409 IDENTITY_REQUIRED / 422 IDENTITY_INCOMPLETE) as the single signing flow does. */
    requireIdentity: (userId: number, identityConfirmed: boolean) => Promise<unknown>;
  };
};
