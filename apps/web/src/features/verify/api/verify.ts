import type { TVerifyResponse } from '@bubuh/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type TVerifyResult = TVerifyResponse['data'];
export type TVerifiedSignature = TVerifyResult['signatures'][number];

/** POST /api/v1/services/verify (public, multipart `file`): nothing is stored. */
export const useVerifyDocument = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api
        .post<TVerifyResponse>('/api/v1/services/verify', form, { anonymous: true })
        .then((body) => body.data);
    },
  });
