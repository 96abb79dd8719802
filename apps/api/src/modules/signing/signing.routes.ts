import { DOCUMENT_ENDPOINTS as E, ESIGN_ENDPOINTS } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import type { TDocumentsService } from '../documents/index.ts';
import type { TSignerIdentityService } from './signer-identity.ts';
import type { TSigningService } from './signing.service.ts';
import type { TSigningReminders } from './signing-reminders.ts';

export const signingRoutes: FastifyPluginAsyncZod<{
  signing: TSigningService;
  reminders: TSigningReminders;
  documents: TDocumentsService;
  identity: TSignerIdentityService;
}> = async (app, { signing, reminders, documents, identity }) => {
  endpointRoute(app, ESIGN_ENDPOINTS.identity, async ({ auth }) => ({
    message: 'OK',
    data: await identity.identity(auth),
  }));
  endpointRoute(app, ESIGN_ENDPOINTS.setIdentity, async ({ auth, body }) => ({
    message: 'Identitas disimpan',
    data: await identity.setIdentity(auth, body),
  }));

  endpointRoute(app, E.setSigners, async ({ auth, body }) => {
    await signing.setSigners(auth, body.document_id, body.signers, {
      deadline: body.deadline,
      remindEveryDays: body.remind_every_days,
    });
    return {
      message: 'Penanda tangan disimpan',
      data: await documents.details(auth, body.document_id),
    };
  });

  endpointRoute(app, E.embedEsign, async ({ auth, body }) => {
    await signing.embedEsign(auth, body);
    return {
      message: 'Posisi tanda tangan disimpan',
      data: await documents.details(auth, body.document_id),
    };
  });

  endpointRoute(app, E.revokeLink, async ({ auth, body }) => {
    await signing.revokeLink(auth, body);
    return { message: 'Tautan dicabut', data: await documents.details(auth, body.document_id) };
  });

  endpointRoute(app, E.resendLink, async ({ auth, body }) => {
    await signing.resendLink(auth, body);
    return { message: 'Tautan dikirim', data: await documents.details(auth, body.document_id) };
  });

  endpointRoute(app, E.decline, async ({ auth, body }) => {
    await signing.decline(auth, body);
    return {
      message: 'Penandatanganan ditolak',
      data: await documents.details(auth, body.document_id),
    };
  });

  endpointRoute(app, E.remind, async ({ auth, body }) => {
    await reminders.remindNow(auth, body.document_id);
    return {
      message: 'Pengingat terkirim',
      data: await documents.details(auth, body.document_id),
    };
  });

  endpointRoute(app, E.endSigning, async ({ auth, body }) => {
    await signing.endSigning(auth, body.document_id);
    return {
      message: 'Proses tanda tangan selesai',
      data: await documents.details(auth, body.document_id),
    };
  });
};
