import { ESIGN_ENDPOINTS } from '@bubuh/contracts';
import { useEndpointMutation, useEndpointQuery } from '@/lib/endpoint';

/** The name and NIK of the caller's signing certificate, and whether it is issued yet. */
export const useSignerIdentity = () =>
  useEndpointQuery(ESIGN_ENDPOINTS.identity, {}, { select: (body) => body.data });

export const useSetSignerIdentity = () =>
  useEndpointMutation(ESIGN_ENDPOINTS.setIdentity, {
    invalidates: [ESIGN_ENDPOINTS.identity.tags[0]],
  });
