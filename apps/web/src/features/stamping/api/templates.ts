import type {
  TPageMeta,
  TPlacement,
  TTemplate,
  TTemplateApplyRequest,
  TTemplateApplyResult,
  TTemplateEsignPlacement,
  TTemplateSigner,
  TTemplateSortKey,
} from '@bubuh/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TListQuery } from '@/lib/use-list-state';
import { DOCUMENTS_KEY } from './documents';

type TEnvelope<T> = { message: string; data: T };

export type TTemplateType = TTemplate['type'];
export const TEMPLATE_TYPES: readonly TTemplateType[] = ['Surat Dokumen', 'Surat Berharga'];

export type TTemplateInput = {
  name: string;
  type: TTemplateType;
  emeterai: TPlacement | null;
  esign: TTemplateEsignPlacement[];
};

export const TEMPLATES_KEY = ['templates'] as const;

export const useTemplates = (query: TListQuery<TTemplateSortKey>) =>
  useQuery({
    queryKey: [...TEMPLATES_KEY, 'list', query],
    queryFn: ({ signal }) =>
      api.get<TEnvelope<{ data: TTemplate[]; meta: TPageMeta }>>('/api/v1/template', {
        query,
        signal,
      }),
    select: (body) => body.data,
    placeholderData: keepPreviousData,
  });

/** Templates for a picker (first 100, enough for one company). */
export const useTemplateOptions = (enabled = true) =>
  useQuery({
    queryKey: [...TEMPLATES_KEY, 'options'],
    queryFn: ({ signal }) =>
      api.get<TEnvelope<{ data: TTemplate[]; meta: TPageMeta }>>('/api/v1/template', {
        query: { page: 1, perPage: 100 },
        signal,
      }),
    select: (body) => body.data.data,
    enabled,
  });

export const useTemplate = (id: number | null) =>
  useQuery({
    queryKey: [...TEMPLATES_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<TEnvelope<TTemplate>>(`/api/v1/template/${id}`, { signal }),
    select: (body) => body.data,
    enabled: id !== null && id > 0,
  });

export const useSaveTemplate = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TTemplateInput }) =>
      id === null
        ? api.post<TEnvelope<TTemplate>>('/api/v1/template/create-template', input)
        : api.patch<TEnvelope<TTemplate>>(`/api/v1/template/update-template/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
};

export const useDeleteTemplate = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/v1/template/deleted/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
};

/** Who a template's e-signature box can be given to (the caller first). */
export const useTemplateSigners = (enabled = true) =>
  useQuery({
    queryKey: [...TEMPLATES_KEY, 'signers'],
    queryFn: ({ signal }) =>
      api.get<TEnvelope<TTemplateSigner[]>>('/api/v1/template/signers', { signal }),
    select: (body) => body.data,
    enabled,
  });

/**
 * Applies a template to an uploaded draft: its e-signature boxes become the signers (in order),
 * its e-Meterai box the draft's placement. `next` says where the user goes: signing or stamping.
 */
export const useApplyTemplate = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, ...body }: TTemplateApplyRequest & { templateId: number }) =>
      api
        .post<TEnvelope<TTemplateApplyResult>>(`/api/v1/template/apply/${templateId}`, body)
        .then((answer) => answer.data),
    onSuccess: () => client.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
};
