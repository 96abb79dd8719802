import { DOCUMENT_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { sendDownload } from '../../lib/downloads.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { languageOf, localizeMessage } from '../../lib/messages.ts';
import { stillCurrent } from '../../lib/revalidate.ts';
import { receivePdf } from '../../lib/uploads.ts';
import { requireAuth, type TAuth } from '../../plugins/auth.ts';
import type { TDocumentsService } from './documents.service.ts';

type TOptions = {
  documents: TDocumentsService;
  uploadLimitBytes: number;
  /** Resolves the caller of an /UNSIGNED link from its short-lived token. */
  authFromLinkToken: (token: string, documentId: number) => Promise<TAuth>;
};

/** A document's PDF, never cached: shown in the browser (`inline`) or downloaded. */
const sendPdf = (
  reply: FastifyReply,
  file: Awaited<ReturnType<TDocumentsService['download']>>,
  inline: boolean,
) => sendDownload(reply, { type: 'application/pdf', name: file.fileName, inline }, file.stream);

export const documentsRoutes: FastifyPluginAsyncZod<TOptions> = async (
  app,
  { documents, uploadLimitBytes, authFromLinkToken },
) => {
  // upload-document and upload-document-only keep a draft for stamping (and signing); the
  // e-sign-only upload marks the draft as a document to be signed without an e-Meterai.
  for (const [entry, method] of [
    [E.upload, null],
    [E.uploadOnly, null],
    [E.uploadEsign, 'esign'],
  ] as const) {
    endpointRoute(app, entry, async ({ request, reply }) => {
      const data = await receivePdf(request, reply, uploadLimitBytes, async (name, file) => {
        const uploaded = await documents.upload(requireAuth(request), {
          filename: name,
          stream: file.file,
          signingMethod: method,
        });
        if (file.file.truncated)
          throw new AppError('PAYLOAD_TOO_LARGE', 'The file is too large', { file: 'too large' });
        return uploaded;
      });
      // A repaired file or one with JavaScript says so; otherwise spec's plain success text.
      const language = languageOf(request.headers['accept-language']);
      return {
        message: data.notice ? localizeMessage(data.notice, language) : 'Dokumen berhasil diunggah',
        data,
      };
    });
  }

  endpointRoute(app, E.saveDraft, async ({ auth, params, body }) => ({
    message: 'Draft disimpan',
    data: await documents.saveDraft(auth, params.id, body),
  }));
  endpointRoute(app, E.updateEmet, async ({ auth, body }) => ({
    message: 'Data e-Meterai disimpan',
    data: await documents.updateEmet(auth, body),
  }));
  // The busiest reads: answers written by fast-json-stringify (same fields, same bytes).
  const fast = { fastSerializer: true };
  endpointRoute(
    app,
    E.history,
    async ({ auth, query, request, reply }) => {
      const state = await documents.readState(auth, 'l');
      if (stillCurrent(request, reply, state.etag)) return reply.code(304).send();
      return { message: 'OK', data: await documents.list(auth, query, state) };
    },
    fast,
  );
  endpointRoute(
    app,
    E.dashboard,
    async ({ auth, request, reply }) => {
      const state = await documents.readState(auth, 'd');
      if (stillCurrent(request, reply, state.etag)) return reply.code(304).send();
      return { message: 'OK', data: await documents.dashboard(auth, state) };
    },
    fast,
  );
  endpointRoute(
    app,
    E.details,
    async ({ auth, params }) => ({
      message: 'OK',
      data: await documents.opened(auth, params.documentID),
    }),
    fast,
  );
  endpointRoute(app, E.cancel, async ({ auth, body }) => {
    await documents.cancel(auth, body.document_id);
    return { message: 'Dokumen dibatalkan' };
  });
  endpointRoute(app, E.remove, async ({ auth, params }) => {
    await documents.remove(auth, params.id);
    return { message: 'Dokumen dihapus' };
  });

  endpointRoute(app, E.download, async ({ auth, params, reply }) =>
    sendPdf(reply, await documents.download(auth, params.id), false),
  );

  // Public in the table: a bearer token, or else the short-lived link token of `?token=`.
  endpointRoute(app, E.unsigned, async ({ params, query, request, reply }) => {
    const id = Number.parseInt(params.file, 10);
    let auth: TAuth;
    if (request.headers.authorization) {
      await app.authenticate(request, reply);
      auth = requireAuth(request);
    } else {
      auth = await authFromLinkToken(query.token ?? '', id);
    }
    return sendPdf(reply, await documents.unsigned(auth, id), true);
  });
};
