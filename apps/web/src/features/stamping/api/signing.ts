import type { TCompanyUser, TDocument, TEsignSpecimen, TPageMeta } from '@bubuh/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, request } from '@/lib/api-client';
import { DOCUMENTS_KEY } from './documents';

type TEnvelope<T> = { message: string; data: T };

/** The caller's specimens (same cache entry as the Master eSign page). */
export const useMySpecimens = (userId: number | null) =>
  useQuery({
    queryKey: ['esign', 'by', userId],
    queryFn: ({ signal }) =>
      api.get<TEnvelope<TEsignSpecimen[]>>(`/api/v1/esign/by/${userId}`, { signal }),
    select: (body) => body.data,
    enabled: userId !== null,
  });

/** Company users who can be asked to sign (company admins only; own record excluded). */
export const useSignerCandidates = (enabled: boolean) =>
  useQuery({
    queryKey: ['users', 'company', 'signers'],
    queryFn: ({ signal }) =>
      api.get<TEnvelope<{ data: TCompanyUser[]; meta: TPageMeta }>>('/api/v1/users/user-company', {
        query: { page: 1, perPage: 100 },
        signal,
      }),
    select: (body) => body.data.data,
    enabled,
  });

export type TSignerInput = {
  user_id: number;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
};

const useRefreshDocument = () => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
      client.invalidateQueries({ queryKey: ['quota'] }),
    ]);
};

export const useSetSigners = () => {
  const refresh = useRefreshDocument();
  return useMutation({
    mutationFn: (body: { document_id: number; signers: TSignerInput[] }) =>
      api
        .post<TEnvelope<TDocument>>('/api/v1/esign-only/update-signer-data', body)
        .then((answer) => answer.data),
    onSuccess: () => refresh(),
  });
};

export type TSignInput = {
  document_id: number;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  specimen_id?: number | undefined;
  identity_confirmed?: boolean | undefined;
};

export const useSignDocument = () => {
  const refresh = useRefreshDocument();
  return useMutation({
    mutationFn: (body: TSignInput) =>
      api.post<TEnvelope<{ document_id: number; field_name: string; signing_status: string }>>(
        '/api/v1/esign-only/signer-process',
        body,
      ),
    onSettled: () => refresh(),
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
