export type { DocumentSheet } from './document-sheet.ts';
export { renderDocumentSheet } from './document-sheet.ts';
export * from './errors.ts';
export type { StructureReport } from './guard.ts';
export { checkStructure } from './guard.ts';
export type { InspectOptions, PageInfo, PdfInfo, SignatureSummary } from './inspect.ts';
export { inspectPdf } from './inspect.ts';
export type { JavaScriptAction, JavaScriptLocation } from './internal/javascript.ts';
export type { PdfLimits } from './limits.ts';
export { DEFAULT_LIMITS, RECOMMENDED_WORKER_LIMITS } from './limits.ts';
export type {
  CertificateProfile,
  CertificateSummary,
  Credential,
  IssueOptions,
  KeyAlgorithm,
  LocalPki,
  SubjectInput,
} from './pki.ts';
export {
  certificatesFromPem,
  certificateToPem,
  createLocalPki,
  createRootCa,
  describeCertificate,
  issueCertificate,
  issueUserCertificate,
  localTsaCredential,
} from './pki.ts';
export type { PageSize, PdfRect, Rotation, ViewerBox } from './place.ts';
export { normalizeRotation, pdfToViewer, placeToPdf, rectWithinPage } from './place.ts';
export type { PreparedUpload, RepairedPdf, RepairOptions } from './repair.ts';
export { prepareUpload, repairPdf } from './repair.ts';
export type { ReportSection, ReportSheet } from './report-sheet.ts';
export { renderReportSheet } from './report-sheet.ts';
export type {
  SignedPdf,
  SignPdfOptions,
  SpecimenStampRecipe,
  StampedPdf,
  StampMeteraiOptions,
} from './sign.ts';
export { signPdf, stampMeterai } from './sign.ts';
export type {
  DataSigner,
  DigestAlgorithm,
  DigestSigner,
  KeyType,
  Pkcs8Credential,
  SignatureAlgorithm,
  Signer,
  SignerCredential,
  SignerInput,
} from './signers.ts';
export {
  createDigestSigner,
  createLocalSigner,
  isDigestSigner,
  resolveSigner,
  toLibpdfSigner,
} from './signers.ts';
export type { TextSpecimenOptions, VectorAppearance } from './specimen.ts';
export {
  assertSerial,
  createSpecimenStampAppearance,
  createTextSpecimenAppearance,
  renderSpecimenStampSvg,
  renderTextSpecimenSvg,
  SERIAL_PATTERN,
  specimenQrPayload,
} from './specimen.ts';
export type {
  HttpTsaOptions,
  LocalTsaCredential,
  TimestampAuthority,
  TimestampResponseOptions,
  TsaInput,
} from './tsa.ts';
export {
  createLocalTsa,
  createTimestampRequest,
  createTimestampResponse,
  DEFAULT_TSA_POLICY,
  resolveTsa,
  tokenFromResponse,
} from './tsa.ts';
export type {
  MeteraiClaim,
  SignatureKind,
  SignatureVerification,
  TimestampInfo,
  VerifyOptions,
  VerifyResult,
} from './verify.ts';
export { verifyPdf } from './verify.ts';
