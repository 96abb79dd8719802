import { describe, expect, it } from 'vitest';
import type { TVerifiedSignature, TVerifyResult } from '../api/verify';
import { countByKind, issuedHere, sortedSignatures } from './verdict';

const sig = (
  kind: TVerifiedSignature['kind'],
  serial: string | null = null,
): TVerifiedSignature => ({
  field_name: `${kind}-${serial ?? 'x'}`,
  kind,
  serial_number: serial,
  signer: null,
  signing_time: null,
  reason: null,
  location: null,
  integrity: true,
  covers_whole_document: true,
  modified_after: 'none',
  trusted: true,
  timestamped: false,
});

const result: TVerifyResult = {
  file_name: 'a.pdf',
  intact: true,
  signatures: [
    sig('timestamp'),
    sig('emeterai', 'A'.repeat(22)),
    sig('esign'),
    sig('emeterai', 'B'.repeat(22)),
  ],
  known_serials: ['A'.repeat(22)],
};

describe('verification verdict', () => {
  it('knows which serials this portal issued', () => {
    expect(issuedHere(result.signatures[1] as TVerifiedSignature, result)).toBe(true);
    expect(issuedHere(result.signatures[3] as TVerifiedSignature, result)).toBe(false);
    expect(issuedHere(result.signatures[2] as TVerifiedSignature, result)).toBe(false);
  });

  it('lists e-signatures, then e-Meterai, then timestamps, stable within a kind', () => {
    expect(sortedSignatures(result).map((s) => s.field_name)).toEqual([
      'esign-x',
      `emeterai-${'A'.repeat(22)}`,
      `emeterai-${'B'.repeat(22)}`,
      'timestamp-x',
    ]);
  });

  it('counts signatures by kind', () => {
    expect(countByKind(result)).toEqual({ emeterai: 2, esign: 1, timestamp: 1 });
  });
});
