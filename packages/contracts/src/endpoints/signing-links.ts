import { endpointsOf } from '../endpoint.ts';
import {
  ZSigningSessionHeaders,
  ZSignLinkCodeResponse,
  ZSignLinkParams,
  ZSignLinkSessionResponse,
  ZSignLinkSignResponse,
  ZSignLinkTypedRequest,
  ZSignLinkVerifyRequest,
  ZSignLinkViewResponse,
} from '../signing-links.ts';

const link = endpointsOf('signing-link', 'public');

/**
 * A signer outside the company: their own link (e-mailed at their turn) to one document, opened
 * with a one-time code sent to their e-mail; no account needed.
 */
export const SIGNING_LINK_ENDPOINTS = {
  view: link({
    method: 'GET',
    path: '/api/v1/sign-link/:token',
    summary: "What the link opens: the document's name, the sender, the signer's box and turn",
    params: ZSignLinkParams,
    headers: ZSigningSessionHeaders,
    response: { 200: ZSignLinkViewResponse },
  }),
  sendCode: link({
    method: 'POST',
    path: '/api/v1/sign-link/:token/send-code',
    summary: "E-mails a one-time code to the signer's address (5 per hour)",
    params: ZSignLinkParams,
    response: { 200: ZSignLinkCodeResponse },
  }),
  verifyCode: link({
    method: 'POST',
    path: '/api/v1/sign-link/:token/verify-code',
    summary:
      'Checks the code (5 tries); right, it opens a 30-minute session (header x-signing-session)',
    params: ZSignLinkParams,
    body: ZSignLinkVerifyRequest,
    response: { 200: ZSignLinkSessionResponse },
  }),
  file: link({
    method: 'GET',
    path: '/api/v1/sign-link/:token/file',
    summary: 'The document as it is now (PDF), in a verified session',
    raw: true,
    params: ZSignLinkParams,
    headers: ZSigningSessionHeaders,
    response: {},
  }),
  signTyped: link({
    method: 'POST',
    path: '/api/v1/sign-link/:token/sign',
    summary:
      "Signs in the signer's box with their typed name (a certificate naming them and the verified e-mail)",
    params: ZSignLinkParams,
    headers: ZSigningSessionHeaders,
    body: ZSignLinkTypedRequest,
    response: { 200: ZSignLinkSignResponse },
  }),
  signImage: link({
    method: 'POST',
    path: '/api/v1/sign-link/:token/sign-image',
    summary:
      "Signs in the signer's box with a drawn or uploaded signature (multipart field `file`, PNG or JPEG)",
    params: ZSignLinkParams,
    headers: ZSigningSessionHeaders,
    consumes: ['multipart/form-data'],
    response: { 200: ZSignLinkSignResponse },
  }),
} as const;
