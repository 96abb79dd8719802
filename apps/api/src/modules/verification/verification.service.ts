import type { TDb } from '../../db/client.ts';
import type { TPdfEngine } from '../../pdf/pdf-engine.ts';
import type { TMeteraiProvider } from '../../providers/meterai/meterai-provider.ts';
import type { TSignatureProvider } from '../../providers/signature/local-signature-provider.ts';
import * as repo from './verification.repository.ts';

export type TVerificationDeps = {
  db: TDb;
  pdf: TPdfEngine;
  meterai: TMeteraiProvider;
  signatures: TSignatureProvider;
};

export const createVerificationService = (deps: TVerificationDeps) => ({
  /** Public check of an uploaded PDF: every signature, the serials, intact or not. Nothing is stored. */
  verify: async (fileName: string, bytes: Uint8Array) => {
    // Stamps chain to the e-Meterai issuer's roots, e-signatures to the PSrE's.
    const roots = [
      ...new Set([...(await deps.meterai.trustRoots()), ...(await deps.signatures.trustRoots())]),
    ];
    const result = await deps.pdf.verify(bytes, {
      trustRoots: roots,
      meteraiIssuers: await deps.meterai.meteraiIssuers(),
    });
    const serials = result.signatures.map((s) => s.serial).filter((s): s is string => s !== null);
    const known = await repo.knownSerials(deps.db, serials);
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
});

export type TVerificationService = ReturnType<typeof createVerificationService>;
