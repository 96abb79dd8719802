import { ESIGN_ENDPOINTS, type TEsignSortKey } from '@bubuh/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { request } from '@/lib/api-client';
import {
  callEndpoint,
  endpointScope,
  useEndpointQuery,
  useInvalidatingMutation,
} from '@/lib/endpoint';
import type { TListQuery } from '@/lib/use-list-state';

export const ESIGN_KEY = endpointScope(ESIGN_ENDPOINTS.list);

/** One page of a user's specimens (`data` the page, `meta` the paging), sorted on the server. */
export const useSpecimens = (userId: number | null, query: TListQuery<TEsignSortKey>) =>
  useEndpointQuery(
    ESIGN_ENDPOINTS.list,
    { params: { userId: userId ?? 0 }, query },
    {
      select: (body) => ({ data: body.data, meta: body.meta }),
      placeholderData: keepPreviousData,
      enabled: userId !== null,
    },
  );

export type TNewSpecimen = { file: Blob; source: 'drawn' | 'upload'; name: string };

/** Multipart: the text fields go before the file, so the server sees them with the file part. */
export const toSpecimenForm = ({ file, source, name }: TNewSpecimen): FormData => {
  const form = new FormData();
  form.append('source', source);
  if (name.trim()) form.append('name', name.trim());
  const filename = file instanceof File ? file.name : 'signature.png';
  form.append('file', file, filename);
  return form;
};

export const useCreateSpecimen = () =>
  useInvalidatingMutation(
    (input: TNewSpecimen) => callEndpoint(ESIGN_ENDPOINTS.create, { body: toSpecimenForm(input) }),
    [ESIGN_KEY],
  );

export const useUpdateSpecimen = () =>
  useInvalidatingMutation(
    ({ id, ...patch }: { id: number; name?: string; is_default?: true }) =>
      callEndpoint(ESIGN_ENDPOINTS.update, { params: { id }, body: patch }),
    [ESIGN_KEY],
  );

export const useDeleteSpecimen = () =>
  useInvalidatingMutation(
    (id: number) => callEndpoint(ESIGN_ENDPOINTS.remove, { params: { id } }),
    [ESIGN_KEY],
  );

/**
 * The specimen PNG needs the bearer token, so it is fetched as a blob and shown through an object
 * URL (revoked when the card goes away).
 */
export const useAuthorizedImage = (url: string | null) => {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({
    src: null,
    failed: false,
  });
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ src: null, failed: false });
    request<Response>(url, { raw: true, signal: controller.signal })
      .then((response) => response.blob())
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ src: objectUrl, failed: false });
      })
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setState({ src: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
};
