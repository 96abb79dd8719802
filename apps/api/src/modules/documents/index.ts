// Documents: the record, its state machine (document-events), its pages and totals. The work
// that changes a document with quota (stamp, sign) is document-work's; it writes the state
// through the statements exported here.
export {
  abortWork,
  applyEvent,
  busy,
  editPlacements,
  nextState,
  storedNext,
  tryEvent,
} from './document-events.ts';
export { keptScopeTotal, type TTotalsScope } from './document-totals.repository.ts';
export {
  findDocument,
  insertDocumentStatement,
  signerCounts,
  stateUpdate,
  stateUpdateMany,
  stuckDocuments,
  type TDocumentInsert,
  type TDocumentRow,
  type TDocumentValues,
} from './documents.repository.ts';
export { documentsRoutes } from './documents.routes.ts';
export {
  createDocumentsService,
  loadDocument,
  recordEvent,
  storedFileName,
  type TDocumentsService,
} from './documents.service.ts';
export { javascriptAcknowledgment } from './javascript-policy.ts';
