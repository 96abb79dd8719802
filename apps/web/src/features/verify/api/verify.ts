import { SYSTEM_ENDPOINTS, type TVerifyResponse } from '@bubuh/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';

export type TVerifyResult = TVerifyResponse['data'];
export type TVerifiedSignature = TVerifyResult['signatures'][number];

/** POST /api/v1/services/verify (public, multipart `file`): nothing is stored. */
export const useVerifyDocument = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return callEndpoint(SYSTEM_ENDPOINTS.verify, { body: form }).then((body) => body.data);
    },
  });
