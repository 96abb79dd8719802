export type PemBlock = { label: string; der: Uint8Array };

const PEM_RE = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

export function parsePemBlocks(text: string): PemBlock[] {
  const out: PemBlock[] = [];
  for (const m of text.matchAll(PEM_RE)) {
    const label = m[1] ?? '';
    const body = (m[2] ?? '').replace(/[^A-Za-z0-9+/=]/g, '');
    out.push({ label, der: new Uint8Array(Buffer.from(body, 'base64')) });
  }
  return out;
}

export function toPem(der: Uint8Array, label: string): string {
  const b64 = Buffer.from(der).toString('base64');
  const lines = b64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** Certificates from PEM text (any number of CERTIFICATE blocks) or DER bytes. */
export function certificatesFrom(input: string | Uint8Array): Uint8Array[] {
  if (typeof input !== 'string') {
    // DER, or PEM passed as bytes
    if (input[0] === 0x30) return [input];
    return certificatesFrom(new TextDecoder().decode(input));
  }
  return parsePemBlocks(input)
    .filter((b) => b.label === 'CERTIFICATE' || b.label === 'TRUSTED CERTIFICATE')
    .map((b) => b.der);
}
