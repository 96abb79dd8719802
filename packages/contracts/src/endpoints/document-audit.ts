import { ZDocumentTimelineResponse } from '../document-audit.ts';
import { endpointsOf } from '../endpoint.ts';
import { ZDbIdParams } from '../envelope.ts';

const documentAudit = endpointsOf('document-audit', 'signed-in');

/** A document's audit trail: its timeline and the completion certificate made from it. */
export const DOCUMENT_AUDIT_ENDPOINTS = {
  timeline: documentAudit({
    method: 'GET',
    path: '/api/v1/single-stamp/document-history/:id',
    summary:
      'Every recorded event of a document, oldest first: who, when, from where, and its SHA-256',
    params: ZDbIdParams,
    response: { 200: ZDocumentTimelineResponse },
  }),
  certificate: documentAudit({
    method: 'GET',
    path: '/api/v1/single-stamp/completion-certificate/:id',
    summary:
      "The completion certificate (PDF): parties, verified identities, the timeline and the final SHA-256, signed with the platform's seal",
    raw: true,
    params: ZDbIdParams,
    response: {},
  }),
} as const;
