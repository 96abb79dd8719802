import type {
  DigestSigner,
  HttpTsaOptions,
  LocalTsaCredential,
  SignerCredential,
  SpecimenStampRecipe,
  VectorAppearance,
} from '@bubuh/pdf';
import { AppError } from '../../lib/app-error.ts';

/** A document type of the provider's list (Peruri `jenisdoc`: kode and nama). */
export type TDocType = { kode: string; nama: string };

/** The provider's document type `kode`, or a 400 naming `doc_type`. */
export const knownDocType = async (
  documentTypes: () => Promise<TDocType[]>,
  kode: string,
): Promise<TDocType> => {
  const docType = (await documentTypes()).find((t) => t.kode === kode);
  if (!docType)
    throw new AppError('VALIDATION_FAILED', 'Unknown document type', { doc_type: 'unknown' });
  return docType;
};

export type TIssuedSerial = {
  /** 22 characters `[A-Z0-9]{22}`, issued by the provider, used at most once. */
  serial: string;
  /**
   * The stamp image: the provider's raster (Peruri) or the local vector SPESIMEN, given as its
   * recipe so the PDF worker thread draws it (QR code and all) instead of the request thread.
   */
  image: Uint8Array | VectorAppearance | SpecimenStampRecipe;
};

/**
 * The e-Meterai issuer (design §2): the local issuer is the embedded default; the Peruri
 * distributor adapter implements the same port.
 */
export type TMeteraiProvider = {
  readonly name: 'local' | 'peruri';
  /** One round trip to the provider; resolves with its duration or rejects when it is down. */
  checkConnection: () => Promise<{ responseTimeMs: number }>;
  documentTypes: () => Promise<TDocType[]>;
  issueSerial: (input: {
    docType: string;
    docValue?: number | null;
    /** The document's own number and date (YYYY-MM-DD), when its owner gave them. */
    docNumber?: string | null;
    docDate?: string | null;
    fileName: string;
    documentId: number;
  }) => Promise<TIssuedSerial>;
  /**
   * The stamp image of a serial issued earlier, when the provider can draw it again (the local
   * vector SPESIMEN). Rasters from a remote provider are kept in the file store instead.
   */
  stampImage?: (serial: string) => Promise<TIssuedSerial['image']>;
  /**
   * How the e-Meterai is signed for one serial: key material the worker pool can use, or a remote
   * hash signer (Peruri signs the digest; the key never leaves the provider). With the TSA that
   * makes it PAdES B-T, when there is one.
   */
  signing: (context: {
    serial: string;
    documentSha256: string;
    /** Stamping again with a serial whose earlier attempt failed (Peruri `retryFlag: "1"`). */
    retry?: boolean;
  }) => Promise<TMeteraiSigning>;
  /** Roots a verifier should trust for this provider's stamps. */
  trustRoots: () => Promise<string[]>;
  /**
   * The certificates that make a signature an e-Meterai of this provider: its e-Meterai signing
   * certificate (or a CA used for nothing else). Never a root shared with e-signatures.
   */
  meteraiIssuers: () => Promise<string[]>;
};

export type TMeteraiSigning =
  | { kind: 'credential'; signer: SignerCredential; tsa?: LocalTsaCredential | HttpTsaOptions }
  | { kind: 'remote'; signer: DigestSigner; tsa?: HttpTsaOptions };

/** Peruri's fallback list of document types (docs/product-rules.md §10). */
export const DEFAULT_DOC_TYPES: TDocType[] = [
  { kode: '2', nama: 'Dokumen Transaksi, Surat Berharga, Akta, Dokumen Lelang, Dokumen lain-lain' },
  { kode: '3', nama: 'Surat Keterangan, Surat Pernyataan, Surat Perjanjian, Surat Lainnya' },
  { kode: '4a', nama: 'Dokumen penerimaan uang (lebih dari Rp5.000.000)' },
  { kode: '4b', nama: 'Dokumen pelunasan utang (lebih dari Rp5.000.000)' },
];
