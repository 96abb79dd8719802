import {
  TICKET_ENDPOINTS as E,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
} from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
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
  endpointRoute(app, E.list, async ({ auth, query }) => ({
    message: 'OK',
    data: await tickets.list(auth, query),
  }));

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

  endpointRoute(app, E.reopen, async ({ auth, body }) => ({
    message: 'Ticket reopened',
    data: await tickets.reopen(auth, body.ticket_id),
  }));

  endpointRoute(app, E.close, async ({ auth, body }) => ({
    message: 'Ticket closed',
    data: await tickets.close(auth, body.ticket_id),
  }));

  endpointRoute(app, E.update, async ({ auth, params, body }) => ({
    message: 'Ticket updated',
    data: await tickets.update(auth, params.id, body),
  }));

  endpointRoute(app, E.details, async ({ auth, params }) => ({
    message: 'OK',
    data: await tickets.detail(auth, params.id),
  }));

  endpointRoute(app, E.attachment, async ({ auth, params, query, reply: answer }) => {
    const file = await tickets.attachment(auth, params.id, params.attachmentId);
    const disposition = query.download === 'true' ? 'attachment' : 'inline';
    return answer
      .type(file.mime)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-disposition',
        `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      )
      .send(await files.stream(file.fileKey));
  });
};
