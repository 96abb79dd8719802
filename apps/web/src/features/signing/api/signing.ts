import {
  DOCUMENT_ENDPOINTS,
  ESIGN_ENDPOINTS,
  TEMPLATE_ENDPOINTS,
  type TPlacement,
  type TSignRequest,
} from '@bubuh/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { request } from '@/lib/api-client';
import { DOCUMENT_SCOPES, invalidateDocuments } from '@/lib/document-queries';
import { useEndpointMutation, useEndpointQuery } from '@/lib/endpoint';

/** The caller's specimens (first page, the same entry as the Master eSign page). */
export const useMySpecimens = (userId: number | null) =>
  useEndpointQuery(
    ESIGN_ENDPOINTS.list,
    { params: { userId: userId ?? 0 }, query: { page: 1, perPage: 100 } },
    { select: (body) => body.data, enabled: userId !== null },
  );

/**
 * Colleagues who can be asked to sign: the active users of the caller's company (any member may
 * ask, not only admins), without the caller (listed first by the API).
 */
export const useSignerCandidates = (enabled: boolean, selfId: number) =>
  useEndpointQuery(
    TEMPLATE_ENDPOINTS.signers,
    {},
    { select: (body) => body.data.filter((u) => u.id !== selfId), enabled },
  );

export type TSignerInput = TPlacement & { user_id: number };
export type TSignInput = TSignRequest;

export const useSetSigners = () =>
  useEndpointMutation(DOCUMENT_ENDPOINTS.setSigners, { invalidates: DOCUMENT_SCOPES });

/** A pending signer declines: the round stops (the document's scopes refresh). */
export const useDeclineSigning = () =>
  useEndpointMutation(DOCUMENT_ENDPOINTS.decline, { invalidates: DOCUMENT_SCOPES });

export const useSignDocument = () => {
  const client = useQueryClient();
  return useEndpointMutation(DOCUMENT_ENDPOINTS.signerProcess, {
    invalidates: [],
    onSettled: () => invalidateDocuments(client),
  });
};

/** An image behind the bearer token, shown through an object URL. */
export const useBearerImage = (url: string | null) => {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    request<Response>(url, { raw: true, signal: controller.signal })
      .then((response) => response.blob())
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => setSrc(null));
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src;
};

/** Enter or correct the name and NIK the first signature's certificate carries. */
export const useSetSignerIdentity = () =>
  useEndpointMutation(ESIGN_ENDPOINTS.setIdentity, {
    invalidates: [ESIGN_ENDPOINTS.identity.tags[0]],
  });
