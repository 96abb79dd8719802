import { SIGNING_LINK_ENDPOINTS as E, SIGNING_SESSION_HEADER } from '@bubuh/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf } from '../../lib/client.ts';
import { sendDownload } from '../../lib/downloads.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { receiveUpload } from '../../lib/uploads.ts';
import { SPECIMEN_MAX_BYTES } from '../esign/index.ts';
import type { TOutsideSigning } from './outside-signing.service.ts';

const sessionOf = (request: FastifyRequest) => {
  const value = request.headers[SIGNING_SESSION_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The public routes of a signing link. Codes are limited per link in the database (sends per
 * hour, tries per code); the per-address limits here keep anyone from trying many links.
 */
export const outsideSigningRoutes: FastifyPluginAsyncZod<{
  outside: TOutsideSigning;
  codesPerMinute: number;
}> = async (app, { outside, codesPerMinute }) => {
  const limited = { config: { rateLimit: { max: codesPerMinute, timeWindow: '1 minute' } } };

  endpointRoute(
    app,
    E.view,
    async ({ params, request }) => ({
      message: 'OK',
      data: await outside.view(params.token, sessionOf(request)),
    }),
    limited,
  );

  endpointRoute(
    app,
    E.sendCode,
    async ({ params }) => ({
      message: 'Kode dikirim',
      data: await outside.sendCode(params.token),
    }),
    limited,
  );

  endpointRoute(
    app,
    E.verifyCode,
    async ({ params, body, request }) => ({
      message: 'Kode benar',
      data: await outside.verifyCode(params.token, body.code, clientOf(request)),
    }),
    limited,
  );

  endpointRoute(app, E.file, async ({ params, request, reply }) => {
    const file = await outside.file(params.token, sessionOf(request), clientOf(request));
    return sendDownload(
      reply,
      { type: 'application/pdf', name: file.fileName, inline: true },
      Buffer.from(file.bytes),
    );
  });

  endpointRoute(app, E.signTyped, async ({ params, body, request }) => ({
    message: 'Dokumen ditandatangani',
    data: await outside.signTyped(params.token, sessionOf(request), body.typed, clientOf(request)),
  }));

  endpointRoute(app, E.signImage, async ({ params, request, reply }) => {
    const opts = { field: 'file', maxBytes: SPECIMEN_MAX_BYTES, what: 'image' } as const;
    const data = await receiveUpload(request, reply, opts, async (file) =>
      outside.signImage(
        params.token,
        sessionOf(request),
        new Uint8Array(await file.toBuffer()),
        clientOf(request),
      ),
    );
    return { message: 'Dokumen ditandatangani', data };
  });
};
