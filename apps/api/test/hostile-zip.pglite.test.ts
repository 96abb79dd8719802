/**
 * Issue 45.1: a ZIP that lies (about its sizes, its directory, its entries' bounds) uploaded to a
 * batch must end in an answer (its bad entries refused as damaged, or the ZIP refused), and the
 * real server process must stay up and answer every request after it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './documents-helpers.ts';
import { type TServerProcess, useServerProcesses } from './server-process.ts';
import { craftZip, crc32, zeroPdf } from './zip-craft.ts';

const servers = useServerProcesses('bubuh-hostile-zip-');
let server: TServerProcess;
let auth = '';

const json = { 'content-type': 'application/json' };
const newBatch = async () => {
  const res = await server.call('/api/v1/batch-stamp/create-batch', {
    method: 'POST',
    headers: { ...json, authorization: auth },
    body: JSON.stringify({
      name: `ZIP ${Math.random().toString(36).slice(2)}`,
      doc_type: '3',
      doc_value: 10_000,
      placement: { page_mode: 'last', page: 1, x: 400, y: 100, width: 75, height: 75 },
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
};

type TZipAnswer = {
  status: number;
  body: {
    data?: { items: { file_name: string; status: string; reason?: string | null }[] };
    errors?: unknown;
  };
};
const uploadZip = async (zip: Buffer): Promise<TZipAnswer> => {
  const batchId = await newBatch();
  const form = new FormData();
  form.append('file', new Blob([zip], { type: 'application/zip' }), 'batch.zip');
  const res = await server.call(`/api/v1/batch-stamp/batch-zip-upload?batch_id=${batchId}`, {
    method: 'POST',
    headers: { authorization: auth },
    body: form,
    timeoutMs: 60_000,
  });
  return { status: res.status, body: (await res.json()) as TZipAnswer['body'] };
};

const MB = 1_048_576;
let pdf = Buffer.alloc(0);

/** Six 20 MB PDFs of zeros, each saying (in both headers) it holds 1000 bytes. */
const lyingSix = () =>
  Array.from({ length: 6 }, (_, i) => ({
    name: `b${i}.pdf`,
    data: zeroPdf(20 * MB),
    localSizes: { uncompressed: 1000 },
    centralSizes: { uncompressed: 1000 },
  }));

describe('hostile ZIP uploads to a running server', () => {
  beforeAll(async () => {
    server = await servers.start();
    auth = await server.login('company@demo.local');
    pdf = Buffer.from(await makePdf(1));
  }, 200_000);

  it('refuses each entry whose sizes lie as damaged, keeps the honest ones, and stays up', async () => {
    const answer = await uploadZip(craftZip([...lyingSix(), { name: 'honest.pdf', data: pdf }]));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const items = answer.body.data?.items ?? [];
    const lying = items.filter((item) => /^b\d\.pdf$/.test(item.file_name));
    expect(lying).toHaveLength(6);
    for (const item of lying) {
      expect(item.status).toBe('rejected');
      expect(item.reason).toMatch(/damaged/i);
    }
    expect(items.find((item) => item.file_name === 'honest.pdf')?.status).toBe('ready');
    await server.expectHealthy();
  }, 120_000);

  /** What a case must answer: the ZIP refused whole, or each named entry refused or kept. */
  type TOutcome = 'zip refused' | { ready: string[]; rejected: string[] };
  const family: [string, () => Buffer, TOutcome][] = [
    [
      'the local header alone understating the size',
      () =>
        craftZip([
          { name: 'a.pdf', data: zeroPdf(8 * MB), localSizes: { uncompressed: 1000 } },
          { name: 'ok.pdf', data: pdf },
        ]),
      // yauzl reads the directory's sizes, which are true: the entry is read, then is no PDF.
      { ready: ['ok.pdf'], rejected: ['a.pdf'] },
    ],
    [
      'the central directory alone understating the size',
      () =>
        craftZip([{ name: 'a.pdf', data: zeroPdf(8 * MB), centralSizes: { uncompressed: 10 } }]),
      { ready: [], rejected: ['a.pdf'] },
    ],
    [
      'a size overstated (the entry ends before it)',
      () =>
        craftZip([{ name: 'a.pdf', data: pdf, centralSizes: { uncompressed: pdf.length * 3 } }]),
      { ready: [], rejected: ['a.pdf'] },
    ],
    [
      'a compressed size past the end of the file',
      () => craftZip([{ name: 'a.pdf', data: pdf, centralSizes: { compressed: 50 * MB } }]),
      'zip refused',
    ],
    [
      'a truncated central directory',
      () =>
        craftZip(
          [
            { name: 'a.pdf', data: pdf },
            { name: 'b.pdf', data: pdf },
          ],
          { cutDirectoryBy: 30 },
        ),
      'zip refused',
    ],
    [
      'overlapping entries (three names, one set of bytes)',
      () =>
        craftZip([
          { name: 'a.pdf', data: zeroPdf(4 * MB), centralSizes: { uncompressed: 100 } },
          {
            name: 'b.pdf',
            data: zeroPdf(4 * MB),
            sameDataAs: 0,
            centralSizes: { uncompressed: 100 },
          },
          { name: 'c.pdf', data: zeroPdf(4 * MB), sameDataAs: 0 },
        ]),
      { ready: [], rejected: ['a.pdf', 'b.pdf', 'c.pdf'] },
    ],
    [
      'a data descriptor that disagrees with the directory',
      () =>
        craftZip([
          { name: 'a.pdf', data: pdf, descriptor: { crc: 1, compressed: 7, uncompressed: 9 } },
          { name: 'ok.pdf', data: pdf },
        ]),
      // The directory's sizes and checksum are true and are the ones read: the data is whole.
      { ready: ['a.pdf', 'ok.pdf'], rejected: [] },
    ],
    [
      'an entry whose compressed data ends early',
      () =>
        craftZip([
          { name: 'a.pdf', data: pdf, cutCompressedTo: 40, centralSizes: { compressed: 40 } },
          { name: 'b.pdf', data: zeroPdf(2 * MB), cutCompressedTo: 100 },
        ]),
      { ready: [], rejected: ['a.pdf', 'b.pdf'] },
    ],
    [
      'a checksum that does not match the data',
      () => {
        const zip = craftZip([{ name: 'a.pdf', data: pdf }]);
        // Flip the central directory's CRC of the one entry.
        const at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
        zip.writeUInt32LE((crc32(pdf) ^ 0xffff) >>> 0, at + 16);
        return zip;
      },
      { ready: [], rejected: ['a.pdf'] },
    ],
    [
      'a file that is not a ZIP at all',
      () => Buffer.concat([Buffer.from('PK\x03\x04'), pdf]),
      'zip refused',
    ],
    ['an empty file', () => Buffer.alloc(0), 'zip refused'],
  ];

  it.each(family)(
    'answers %s as it should and stays up',
    async (_what, make, outcome) => {
      const answer = await uploadZip(make());
      const shown = JSON.stringify(answer.body);
      if (outcome === 'zip refused') {
        expect(answer.status, shown).toBe(422);
      } else {
        expect(answer.status, shown).toBe(201);
        const items = answer.body.data?.items ?? [];
        const named = (status: string) =>
          items.filter((item) => item.status === status).map((item) => item.file_name);
        expect(named('ready').sort()).toEqual(outcome.ready);
        expect(named('rejected').sort()).toEqual(outcome.rejected);
      }
      await server.expectHealthy();
    },
    120_000,
  );

  it('survives the same lying ZIP sent four times at once', async () => {
    const zip = craftZip(lyingSix());
    const answers = await Promise.all([1, 2, 3, 4].map(() => uploadZip(zip)));
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
    await server.expectHealthy();
  }, 180_000);
});
