/**
 * The single-stamp part of `npm run bench:api`: `count` one-page uploads of the department user,
 * then 4 clients stamping them through the API one after another (each waits for its answer),
 * and the engine's own rate in this process (one thread, the same PDF, local PKI) beside it.
 */
import {
  createLocalPki,
  createSpecimenStampAppearance,
  localTsaCredential,
  stampMeterai,
} from '@bubuh/pdf';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { TDatabase } from '../src/db/client.ts';
import { move, SYSTEM_ISSUED } from '../src/modules/quota/ledger.ts';
import { request } from './http-client.ts';
import type { TBenchIds } from './seed-documents.ts';

export const STAMP_CLIENTS = 4;

export const onePagePdf = async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('Surat Perjanjian', { x: 72, y: 760, size: 14, font });
  return new Uint8Array(await doc.save());
};

/** Units for the stamps (bought by the department), written while the server is stopped. */
export const buyUnits = async (database: TDatabase, ids: TBenchIds, count: number) =>
  move(database.db, {
    kind: 'emeterai',
    quantity: count,
    from: SYSTEM_ISSUED,
    to: { ownerType: 'departement', ownerId: ids.departementId, companyId: ids.companyId },
    reason: 'purchase',
    companyId: ids.companyId,
  });

/** Stamps per second of the engine alone on this thread (same PDF, 2 s). */
export const engineRate = async (pdf: Uint8Array): Promise<number> => {
  const pki = await createLocalPki({ organization: 'Bench' });
  const signer = {
    privateKeyPem: pki.emeterai.privateKeyPem,
    certificatePem: pki.emeterai.certificatePem,
    chainPem: pki.emeterai.chainPem,
  };
  const tsa = localTsaCredential(pki.tsa);
  const once = (i: number) => {
    const serial = `BENCH${String(i).padStart(17, '0')}`;
    return stampMeterai(pdf, {
      serial,
      image: createSpecimenStampAppearance(serial, `http://localhost/services/stamp?sn=${serial}`),
      page: 1,
      rect: { x: 400, y: 100, width: 75, height: 75 },
      reason: 'Dokumen lain-lain',
      location: 'Indonesia',
      signer,
      tsa,
    });
  };
  for (let i = 0; i < 5; i += 1) await once(i);
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < 2_000) {
    n += 1;
    await once(n);
  }
  return n / ((performance.now() - start) / 1000);
};

type TCall = (path: string, init: RequestInit) => Promise<Response>;

/**
 * Uploads `count` copies of `pdf` (4 at a time); their document ids. The names are new in every
 * run: the stamped files are filed in the locker under them, and a name the locker holds from an
 * earlier run on the same database would be named apart (a slower path than a user meets).
 */
export const uploadMany = async (call: TCall, pdf: Uint8Array, count: number) => {
  const ids: number[] = [];
  const run = Date.now().toString(36);
  const uploadOne = async (i: number) => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([pdf], { type: 'application/pdf' }),
      `stamp-bench-${run}-${i}.pdf`,
    );
    const res = await call('/api/v1/single-stamp/upload-document', { method: 'POST', body: form });
    const body = (await res.json()) as { data?: { document_id?: number } };
    if (!body.data?.document_id) throw new Error(`upload failed: ${res.status}`);
    ids.push(body.data.document_id);
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: STAMP_CLIENTS }, async () => {
      while (next < count) {
        next += 1;
        await uploadOne(next);
      }
    }),
  );
  return ids;
};

/**
 * 4 clients stamping `ids` through the API at `base` as the bearer of `token` (bench/http-client.ts,
 * the lighter client: it shares the machine with the server): documents per second and errors.
 */
export const stampMany = async (base: string, token: string, ids: number[]) => {
  const queue = [...ids];
  let errors = 0;
  let done = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: STAMP_CLIENTS }, async () => {
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        const res = await request(`${base}/api/v1/single-stamp/stamp-single-process-company`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            document_id: id,
            page: 1,
            x: 400,
            y: 100,
            width: 75,
            height: 75,
            doc_type: '3',
          }),
        });
        if (res.status === 200) done += 1;
        else errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return { done, errors, perSecond: done / seconds, seconds };
};
