/**
 * Certificate path building from a signer certificate to caller-supplied trust roots, using the
 * certificates embedded in the CMS as intermediates (node:crypto X509Certificate).
 */
import { X509Certificate } from 'node:crypto';

export type ChainStatus = 'trusted' | 'untrusted' | 'unknown';

export type ChainResult = {
  status: ChainStatus;
  detail: string;
  /** Subjects from the signer to the anchor (or as far as the path goes). */
  path: string[];
};

function parse(der: Uint8Array): X509Certificate | undefined {
  try {
    return new X509Certificate(der);
  } catch {
    return undefined;
  }
}

function validAt(cert: X509Certificate, at: Date): boolean {
  return (
    new Date(cert.validFrom).getTime() <= at.getTime() &&
    at.getTime() <= new Date(cert.validTo).getTime()
  );
}

function subjectOf(cert: X509Certificate): string {
  return cert.subject.replace(/\n/g, ', ');
}

export function buildChain(
  signer: Uint8Array,
  intermediates: Uint8Array[],
  trustRoots: Uint8Array[] | undefined,
  at: Date,
): ChainResult {
  const leaf = parse(signer);
  if (!leaf) return { status: 'untrusted', detail: 'signer certificate cannot be read', path: [] };
  if (!trustRoots || trustRoots.length === 0) {
    return { status: 'unknown', detail: 'no trust roots given', path: [subjectOf(leaf)] };
  }
  const roots = trustRoots.map(parse).filter((c): c is X509Certificate => c !== undefined);
  const pool = intermediates.map(parse).filter((c): c is X509Certificate => c !== undefined);
  const rootPrints = new Set(roots.map((r) => r.fingerprint256));
  const path: string[] = [subjectOf(leaf)];
  let current = leaf;
  const seen = new Set<string>([leaf.fingerprint256]);
  if (!validAt(leaf, at)) {
    return {
      status: 'untrusted',
      detail: `signer certificate not valid at ${at.toISOString()}`,
      path,
    };
  }
  for (let depth = 0; depth < 10; depth++) {
    if (rootPrints.has(current.fingerprint256)) {
      return { status: 'trusted', detail: 'chains to a trust root', path };
    }
    const issuedBy = (candidate: X509Certificate) =>
      current.checkIssued(candidate) && candidate.ca && current.verify(candidate.publicKey);
    const root = roots.find(issuedBy);
    if (root) {
      if (!validAt(root, at)) {
        return {
          status: 'untrusted',
          detail: 'trust root not valid at signing time',
          path: [...path, subjectOf(root)],
        };
      }
      return {
        status: 'trusted',
        detail: 'chains to a trust root',
        path: [...path, subjectOf(root)],
      };
    }
    const next = pool.find((c) => !seen.has(c.fingerprint256) && issuedBy(c));
    if (!next) {
      const selfSigned = current.checkIssued(current);
      return {
        status: 'untrusted',
        detail: selfSigned ? 'chain ends at an untrusted root' : 'issuer certificate not found',
        path,
      };
    }
    if (!validAt(next, at)) {
      return {
        status: 'untrusted',
        detail: 'an issuer certificate is not valid at signing time',
        path,
      };
    }
    seen.add(next.fingerprint256);
    path.push(subjectOf(next));
    current = next;
  }
  return { status: 'untrusted', detail: 'chain too long', path };
}
