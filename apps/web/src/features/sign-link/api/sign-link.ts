import {
  SIGNING_LINK_ENDPOINTS as E,
  endpointPath,
  SIGNING_SESSION_HEADER,
} from '@bubuh/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { callEndpoint, endpointKey, useEndpointMutation } from '@/lib/endpoint';

/**
 * The session a verified code opened, kept for this tab only (sessionStorage): a reload keeps
 * the signer in, closing the tab ends it (the server ends it after 30 minutes anyway).
 */
const sessionKey = (token: string) => `bubuh.sign-link.${token}`;
export const storedSession = (token: string) => sessionStorage.getItem(sessionKey(token));
export const storeSession = (token: string, session: string) =>
  sessionStorage.setItem(sessionKey(token), session);

const headersOf = (token: string): Record<string, string> => {
  const session = storedSession(token);
  return session ? { [SIGNING_SESSION_HEADER]: session } : {};
};

/** The link's page; the session is read when the query runs (a code may have just opened it). */
export const useSignLink = (token: string) =>
  useQuery({
    queryKey: endpointKey(E.view, { params: { token } }),
    queryFn: ({ signal }) =>
      callEndpoint(E.view, { params: { token }, headers: headersOf(token), signal }),
    select: (body) => body.data,
    retry: false,
  });

export const useSendCode = () => useEndpointMutation(E.sendCode, { invalidates: [] });
export const useVerifyCode = () => useEndpointMutation(E.verifyCode, { invalidates: [] });

/** The document as it is now, in the verified session. */
export const useSignLinkFile = (token: string, enabled: boolean, version: string) =>
  useQuery({
    queryKey: ['sign-link-file', token, version],
    enabled,
    queryFn: async ({ signal }) => {
      const response = await request<Response>(endpointPath(E.file, { token }), {
        raw: true,
        anonymous: true,
        headers: headersOf(token),
        signal,
      });
      return response.arrayBuffer();
    },
  });

/** Signs with the typed name, or with a drawn or uploaded image. */
export const signWith = (token: string, specimen: { typed: string } | { image: Blob }) =>
  'typed' in specimen
    ? callEndpoint(E.signTyped, {
        params: { token },
        headers: headersOf(token),
        body: { typed: specimen.typed },
      })
    : (() => {
        const form = new FormData();
        form.append('file', specimen.image, 'signature.png');
        return callEndpoint(E.signImage, {
          params: { token },
          headers: headersOf(token),
          body: form,
        });
      })();
