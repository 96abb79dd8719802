import type { TVerifiedSignature, TVerifyResult } from '../api/verify';

/** Was this e-Meterai serial issued by this portal? */
export const issuedHere = (signature: TVerifiedSignature, result: TVerifyResult): boolean =>
  signature.serial_number !== null && result.known_serials.includes(signature.serial_number);

/** The order shown: e-signatures first (they come first), then the e-Meterai, then timestamps. */
const ORDER: Record<TVerifiedSignature['kind'], number> = { esign: 0, emeterai: 1, timestamp: 2 };

export const sortedSignatures = (result: TVerifyResult): TVerifiedSignature[] =>
  result.signatures
    .map((signature, index) => ({ signature, index }))
    .sort((a, b) => ORDER[a.signature.kind] - ORDER[b.signature.kind] || a.index - b.index)
    .map(({ signature }) => signature);

/** One line for the verdict: how many signatures of which kind. */
export const countByKind = (result: TVerifyResult) => {
  const counts: Record<TVerifiedSignature['kind'], number> = {
    emeterai: 0,
    esign: 0,
    timestamp: 0,
  };
  for (const signature of result.signatures) counts[signature.kind] += 1;
  return counts;
};
