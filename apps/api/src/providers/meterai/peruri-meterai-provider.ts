import { createDigestSigner } from '@bubuh/pdf';
import { AppError } from '../../lib/app-error.ts';
import type { TDocType, TMeteraiProvider } from './meterai-provider.ts';

/**
 * Peruri distributor adapter (docs/product-rules.md §10): login for a JWT (cached, renewed before it
 * expires), document types from `jenisdoc`, one serial and its stamp image from `chanel/stampv2`,
 * and the e-Meterai signature by hash signing (`docSigningM`): we send the digest, Peruri signs it
 * with the e-Meterai certificate, we build the PAdES signature around it.
 */
export type TPeruriConfig = {
  backendUrl: string;
  stampv2Url: string;
  stampServiceUrl: string;
  user: string;
  password: string;
  profileName: string;
  /** The e-Meterai signing certificate and its chain, PEM (from Peruri). */
  signerChainPem: string;
  /** Roots to verify Peruri stamps against (Root CA Indonesia DS G1 / Peruri CA), PEM. */
  trustRootsPem: string[];
  timeoutMs?: number;
  /**
   * Least time between the starts of two stamping calls (serial, hash signing) of this process,
   * ms; 0 = no spacing. Bulk stamping sends single calls, so this is its rate limit.
   */
  minIntervalMs?: number;
};

/**
 * Spaces calls: each waits for its slot, `minIntervalMs` after the previous slot. Slots are
 * times, not locks, so a call made while another waits (the login inside a call) never blocks.
 */
export const createSpacer = (minIntervalMs: number) => {
  let next = 0;
  return async () => {
    if (minIntervalMs <= 0) return;
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + minIntervalMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
};

type TPeruriEnvelope<T> = {
  statusCode?: string;
  message?: string;
  token?: string;
  result?: T & { err?: string };
};

const today = () => new Date().toISOString().slice(0, 10);

export const createPeruriMeteraiProvider = (config: TPeruriConfig): TMeteraiProvider => {
  let token: { value: string; expiresAt: number } | undefined;
  const timeoutMs = config.timeoutMs ?? 30_000;
  const slot = createSpacer(config.minIntervalMs ?? 0);

  const call = async <T>(
    url: string,
    init: { method: 'GET' | 'POST'; body?: unknown; auth?: boolean },
  ): Promise<T> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.auth !== false) headers.authorization = `Bearer ${await jwt()}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: init.method,
        headers,
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Layanan e-Meterai Peruri tidak dapat dihubungi', {
        provider: 'peruri',
        detail: error instanceof Error ? error.message : String(error),
      });
    }
    const text = await res.text();
    if (!res.ok) {
      if (res.status === 401) token = undefined;
      throw new AppError('SERVICE_UNAVAILABLE', `Peruri answered HTTP ${res.status}`, {
        provider: 'peruri',
      });
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'Peruri answered with something that is not JSON', {
        provider: 'peruri',
      });
    }
  };

  const ok = <T>(body: TPeruriEnvelope<T>, what: string): T => {
    if (body.statusCode !== '00' || !body.result) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `Peruri ${what} failed: ${body.result?.err ?? body.message ?? body.statusCode ?? 'unknown error'}`,
        {
          provider: 'peruri',
        },
      );
    }
    return body.result;
  };

  /** The login JWT lives 24 h; renew it 5 minutes before it expires. */
  const jwt = async (): Promise<string> => {
    if (token && token.expiresAt - 5 * 60_000 > Date.now()) return token.value;
    const body = await call<TPeruriEnvelope<unknown>>(`${config.backendUrl}/api/users/login`, {
      method: 'POST',
      body: { user: config.user, password: config.password },
      auth: false,
    });
    if (body.statusCode !== '00' || !body.token) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `Peruri login failed: ${body.message ?? 'no token'}`,
        { provider: 'peruri' },
      );
    }
    let expiresAt = Date.now() + 24 * 60 * 60_000;
    try {
      const payload = JSON.parse(
        Buffer.from(body.token.split('.')[1] ?? '', 'base64url').toString('utf8'),
      ) as { exp?: number };
      if (payload.exp) expiresAt = payload.exp * 1000;
    } catch {
      // opaque token: keep the documented 24 h
    }
    token = { value: body.token, expiresAt };
    return token.value;
  };

  return {
    name: 'peruri',
    checkConnection: async () => {
      const started = performance.now();
      await call<TPeruriEnvelope<TDocType[]>>(`${config.stampv2Url}/jenisdoc`, { method: 'GET' });
      return { responseTimeMs: performance.now() - started };
    },
    documentTypes: async () => {
      const rows = ok(
        await call<TPeruriEnvelope<{ id?: number; kode: string; nama: string }[]>>(
          `${config.stampv2Url}/jenisdoc`,
          { method: 'GET' },
        ),
        'document types',
      );
      return rows.map((r) => ({ kode: r.kode, nama: r.nama }));
    },
    issueSerial: async (input) => {
      await slot();
      const result = ok(
        await call<TPeruriEnvelope<{ sn: string; image: string; filenameQR?: string }>>(
          `${config.stampv2Url}/chanel/stampv2`,
          {
            method: 'POST',
            body: {
              isUpload: false,
              namadoc: input.docType,
              namafile: input.fileName,
              nilaidoc: String(input.docValue ?? 10_000),
              snOnly: false,
              // Peruri requires both: without the document's own, our id and the issue date.
              nodoc: input.docNumber ?? String(input.documentId),
              tgldoc: input.docDate ?? today(),
            },
          },
        ),
        'serial number',
      );
      if (!/^[A-Z0-9]{22}$/.test(result.sn)) {
        throw new AppError('SERVICE_UNAVAILABLE', 'Peruri returned a serial in an unknown format', {
          provider: 'peruri',
        });
      }
      return { serial: result.sn, image: new Uint8Array(Buffer.from(result.image, 'base64')) };
    },
    signing: async ({ serial, documentSha256, retry }) => ({
      kind: 'remote',
      signer: createDigestSigner({
        certificates: [config.signerChainPem],
        signDigest: async (digest) => {
          await slot();
          const body = await call<{
            data?: string;
            status?: string;
            errorCode?: string;
            errorMessage?: string;
          }>(`${config.stampServiceUrl}/keystampv2/pdfsigning/rest/docSigningM`, {
            method: 'POST',
            body: {
              profileName: config.profileName,
              data: Buffer.from(digest).toString('base64'),
              shaChecksum: documentSha256,
              jwToken: await jwt(),
              refToken: serial,
              // The same serial again after a failed attempt (docs/product-rules.md §10).
              ...(retry ? { retryFlag: '1' } : {}),
            },
          });
          if (!body.data) {
            throw new AppError(
              'SERVICE_UNAVAILABLE',
              `Peruri hash signing failed: ${body.errorMessage ?? body.errorCode ?? 'no signature'}`,
              {
                provider: 'peruri',
              },
            );
          }
          return new Uint8Array(Buffer.from(body.data, 'base64'));
        },
      }),
    }),
    trustRoots: async () => config.trustRootsPem,
    // Peruri's e-Meterai signing certificate: the first of the configured chain.
    meteraiIssuers: async () => {
      const first = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(
        config.signerChainPem,
      );
      return first ? [first[0]] : [];
    },
  };
};
