import {
  endpointPath,
  TICKET_ENDPOINTS,
  type TTicketLevel,
  type TTicketStatus,
  type TTicketUpdate,
} from '@bubuh/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { useEndpointMutation, useEndpointQuery } from '@/lib/endpoint';
import type { TListQuery } from '@/lib/use-list-state';

export type TTicketFilters = {
  status?: TTicketStatus | undefined;
  level?: TTicketLevel | undefined;
  mine?: 'true' | undefined;
};

/** One page of tickets (spec §4: the list loads, then finishes on success). */
export const useTickets = (query: TListQuery & TTicketFilters) =>
  useEndpointQuery(
    TICKET_ENDPOINTS.list,
    { query },
    { select: (body) => body.data, placeholderData: keepPreviousData },
  );

/** A ticket with its timeline; polled so a reply shows up without reloading. */
export const useTicket = (id: number) =>
  useEndpointQuery(
    TICKET_ENDPOINTS.details,
    { params: { id } },
    { select: (body) => body.data, refetchInterval: 10_000 },
  );

// Spec §4: ticket add, reply and reopen are each followed by a list refetch (the `tickets` scope).
export const useCreateTicket = () =>
  useEndpointMutation(TICKET_ENDPOINTS.create, { invalidates: ['tickets', 'notifications'] });
export const useReplyTicket = () =>
  useEndpointMutation(TICKET_ENDPOINTS.detailsReply, { invalidates: ['tickets', 'notifications'] });
export const useReopenTicket = () => useEndpointMutation(TICKET_ENDPOINTS.reopen);
export const useCloseTicket = () => useEndpointMutation(TICKET_ENDPOINTS.close);
export const useUpdateTicket = () => useEndpointMutation(TICKET_ENDPOINTS.update);
export type { TTicketUpdate };

/** An attachment's bytes, fetched with the session (previews and downloads). */
export const fetchAttachment = async (ticketId: number, attachmentId: number) => {
  const response = await request<Response>(
    endpointPath(TICKET_ENDPOINTS.attachment, { id: ticketId, attachmentId }),
    { raw: true },
  );
  return response.blob();
};
