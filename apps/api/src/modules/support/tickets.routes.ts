import {
  TICKET_ENDPOINTS as E,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
} from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../lib/downloads.ts';
import { dataRoute, endpointRoute } from '../../lib/endpoint-route.ts';
import { receiveParts } from '../../lib/upload-parts.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import type { TTicketsService } from './tickets.service.ts';

const ATTACHMENTS = {
  field: 'attachments',
  maxFiles: TICKET_ATTACHMENT_MAX_FILES,
  maxBytes: TICKET_ATTACHMENT_MAX_BYTES,
} as const;

/** Every ticket call reads the caller from the session (no embedded credential anywhere). */
export const ticketsRoutes: FastifyPluginAsyncZod<{
  tickets: TTicketsService;
  files: TFileStore;
}> = async (app, { tickets, files }) => {
  dataRoute(app, E.list, 'OK', ({ auth, query }) => tickets.list(auth, query));

  endpointRoute(app, E.create, async ({ auth, request, reply }) => {
    const { fields, files: received } = await receiveParts(request, reply, ATTACHMENTS);
    return { message: 'Ticket created', data: await tickets.create(auth, fields, received) };
  });

  // The conversation's reply, from the list (`/api/tickets/reply`) or the ticket page.
  for (const entry of [E.reply, E.detailsReply]) {
    endpointRoute(app, entry, async ({ auth, request, reply }) => {
      const { fields, files: received } = await receiveParts(request, reply, ATTACHMENTS);
      return { message: 'Reply sent', data: await tickets.reply(auth, fields, received) };
    });
  }

  dataRoute(app, E.reopen, 'Ticket reopened', ({ auth, body }) =>
    tickets.reopen(auth, body.ticket_id),
  );

  dataRoute(app, E.close, 'Ticket closed', ({ auth, body }) => tickets.close(auth, body.ticket_id));

  dataRoute(app, E.update, 'Ticket updated', ({ auth, params, body }) =>
    tickets.update(auth, params.id, body),
  );

  dataRoute(app, E.details, 'OK', ({ auth, params }) => tickets.detail(auth, params.id));

  endpointRoute(app, E.attachment, async ({ auth, params, query, reply: answer }) => {
    const file = await tickets.attachment(auth, params.id, params.attachmentId);
    return answer
      .type(file.mime)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition(file.name, query.download !== 'true'))
      .send(await files.stream(file.fileKey));
  });
};
