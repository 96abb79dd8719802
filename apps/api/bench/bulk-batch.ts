/**
 * The batch part of `npm run bench:bulk` (bulk-bench.ts): one batch of distinct PDFs through the
 * HTTP API, from the first upload to the last stamped file, with the CPU each phase cost.
 */
import { ZBatchDetail, ZBatchResponse } from '@bubuh/contracts';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import yazl from 'yazl';
import {
  busyPercent,
  machineTicks,
  postgresCpuSeconds,
  processCpuSeconds,
  sleep,
  type startCountingProxy,
  type TWireCounts,
} from './bench-server.ts';
import { multipartFile, request } from './http-client.ts';

/** Uploads in flight at once (BENCH_UPLOADS_AT_ONCE, default 4; the web app sends 3). */
const UPLOADS_AT_ONCE = Number(process.env.BENCH_UPLOADS_AT_ONCE ?? 4);

export type TProcess = {
  pid: number;
  proxy: Awaited<ReturnType<typeof startCountingProxy>> | null;
};

/** How the files go up: one upload each (then start), one ZIP, or upload-and-start calls. */
export type TUploadMode = 'draft' | 'zip' | 'process';

export type TBatchRun = {
  base: string;
  token: string;
  label: string;
  processes: TProcess[];
  files: Uint8Array[];
  zipped: Uint8Array;
  mode: TUploadMode;
  counting: boolean;
  onPostgres: boolean;
};

/** A distinct PDF of 1–5 pages (`n` decides its text and its number of pages). */
export const makePdf = async (n: number) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 1 + (n % 5); p += 1) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Kontrak nomor ${n} — halaman ${p + 1}`, { x: 72, y: 760, size: 14, font });
  }
  return doc.save();
};

/** The files as one ZIP (`doc-<i>.pdf` entries, deflated), built in memory. */
export const zipOf = async (files: Uint8Array[]) => {
  const zip = new yazl.ZipFile();
  for (const [i, file] of files.entries()) zip.addBuffer(Buffer.from(file), `doc-${i}.pdf`);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** A JSON call of the API at `base`. */
export const call = async (
  base: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
) => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as unknown;
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json as { data: Record<string, unknown> };
};

/**
 * One file uploaded as the web app sends it (multipart field `file`), through the lighter client
 * (bench/http-client.ts): the load generator shares the server's two cores.
 */
const upload = async (base: string, token: string, url: string, file: Uint8Array, name: string) => {
  const type = name.endsWith('.zip') ? 'application/zip' : 'application/pdf';
  const { body, contentType } = multipartFile('file', name, type, file);
  const res = await request(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
  const json = JSON.parse(res.body.toString()) as unknown;
  if (res.status >= 300) throw new Error(`POST ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json as { data: Record<string, unknown> };
};

/** Runs `work(i)` for i in 0..n-1, `width` at a time. */
const pool = async (n: number, width: number, work: (i: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) {
        const i = next;
        next += 1;
        await work(i);
      }
    }),
  );
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** CPU seconds and wire counts of every process of a round, to take differences of. */
export const snapshot = (processes: TProcess[]) =>
  processes.map((p) => ({
    cpu: processCpuSeconds(p.pid),
    wire: p.proxy ? { ...p.proxy.counts, matched: { ...p.proxy.counts.matched } } : null,
  }));

export type TSnapshot = ReturnType<typeof snapshot>;

/** Per document between two snapshots: CPU ms of all processes, statements and round trips. */
export const perDoc = (before: TSnapshot, after: TSnapshot, docs: number) => {
  let cpu = 0;
  let statements = 0;
  let roundTrips = 0;
  const stamped: number[] = [];
  after.forEach((a, i) => {
    const b = before[i];
    cpu += a.cpu - (b?.cpu ?? 0);
    const bw: TWireCounts | null | undefined = b?.wire;
    if (a.wire && bw) {
      statements += a.wire.statements - bw.statements;
      roundTrips += a.wire.roundTrips - bw.roundTrips;
      stamped.push((a.wire.matched.batch ?? 0) - (bw.matched.batch ?? 0));
    }
  });
  return {
    cpuMs: (cpu * 1000) / docs,
    statements: statements / docs,
    roundTrips: roundTrips / docs,
    stamped,
  };
};

/** Rows of one measured batch: create, upload (preflight), start, poll until the last stamp. */
export const measureBatch = async (run: TBatchRun): Promise<Record<string, string>> => {
  const { base, token, label, processes, files, zipped, mode, counting, onPostgres } = run;
  const docs = files.length;
  // The batch: create, upload every file (preflight), start, poll until done.
  // Wall-clock ms (the server stamps `finished_at` with the same clock: one machine).
  const t0 = Date.now();
  const m0 = machineTicks();
  const pg0 = postgresCpuSeconds();
  const u0 = snapshot(processes);
  const created = ZBatchResponse.parse(
    await call(base, token, 'POST', '/api/v1/batch-stamp/create-batch', {
      name: `Bench ${label} ${docs}`,
      doc_type: '3',
      placement: { page_mode: 'last', page: 1, x: 460, y: 60, width: 75, height: 75 },
    }),
  ).data;
  if (mode === 'zip') {
    const added = await upload(
      base,
      token,
      `/api/v1/batch-stamp/batch-zip-upload?batch_id=${created.id}`,
      zipped,
      'documents.zip',
    );
    const count = (added.data.items as unknown[]).length;
    if (count !== docs) throw new Error(`the ZIP added ${count} of ${docs} files`);
  } else {
    const route =
      mode === 'process' ? 'batch-document-upload-one-process' : 'batch-document-upload';
    await pool(docs, UPLOADS_AT_ONCE, async (i) => {
      await upload(
        base,
        token,
        `/api/v1/batch-stamp/${route}?batch_id=${created.id}`,
        files[i] ?? new Uint8Array(),
        `doc-${i}.pdf`,
      );
    });
  }
  const uploaded = Date.now();
  const b0 = snapshot(processes);
  const m1 = machineTicks();
  const pg1 = postgresCpuSeconds();
  const uploadCost = perDoc(u0, b0, docs);
  if (mode !== 'process')
    await call(base, token, 'POST', '/api/v1/batch-stamp/stamp-batch-process', {
      batch_id: created.id,
    });
  const started = mode === 'process' ? t0 : Date.now();
  const detail = (query: string) =>
    call(
      base,
      token,
      'GET',
      `/api/v1/batch-stamp/detail-batch-documents/${created.id}?${query}`,
    ).then((body) => ZBatchDetail.parse(body).data);
  let done = (await detail('perPage=1')).batch;
  while (done.status !== 'done') {
    await sleep(250);
    done = (await detail('perPage=1')).batch;
  }
  // The batch's end is when the server marked it done, not when this poll saw it (up to 250 ms on).
  const finished = Date.parse(done.finished_at ?? new Date().toISOString());
  const batchCost = perDoc(b0, snapshot(processes), docs);
  const m2 = machineTicks();
  const pg2 = postgresCpuSeconds();
  const pgMs = (a: number, b: number) =>
    onPostgres ? (((b - a) * 1000) / docs).toFixed(1) : 'in the server';
  // Time per document: from the batch's start to its stamp (read back from the items).
  const times: number[] = [];
  for (let page = 1; (page - 1) * 100 < docs; page += 1) {
    for (const item of (await detail(`perPage=100&page=${page}`)).data)
      if (item.stamped_at) times.push(Date.parse(item.stamped_at) - started);
  }
  times.sort((a, b) => a - b);
  const { counts } = (await detail('perPage=1')).batch;
  const s = (ms: number) => ms / 1000;
  const wire = (c: ReturnType<typeof perDoc>) =>
    counting ? `${c.statements.toFixed(1)} / ${c.roundTrips.toFixed(1)}` : 'n/a';
  return {
    'stamped / failed (batch)': `${counts.stamped} / ${counts.failed}`,
    'batch documents stamped per process': counting ? batchCost.stamped.join(' + ') : 'n/a',
    [`upload + preflight${mode === 'zip' ? ' (one ZIP)' : mode === 'process' ? ' (stamping meanwhile)' : ''}, docs/s`]:
      (docs / s(uploaded - t0)).toFixed(1),
    'upload: CPU ms per doc (server processes)': uploadCost.cpuMs.toFixed(1),
    'upload: PostgreSQL CPU ms per doc': pgMs(pg0, pg1),
    'upload: statements / round trips per doc': wire(uploadCost),
    'upload: machine busy (both cores), %': busyPercent(m0, m1).toFixed(0),
    'stamping (batch), docs/s': (docs / s(finished - started)).toFixed(1),
    'stamping: machine busy (both cores), %': busyPercent(m1, m2).toFixed(0),
    'stamping: PostgreSQL CPU ms per doc': pgMs(pg1, pg2),
    'end to end (batch), docs/s': (docs / s(finished - t0)).toFixed(1),
    'p50 / p99 from start to stamp, s': `${s(percentile(times, 50)).toFixed(1)} / ${s(percentile(times, 99)).toFixed(1)}`,
    'batch: CPU ms per doc (server processes)': batchCost.cpuMs.toFixed(1),
    'batch: statements / round trips per doc': wire(batchCost),
  };
};
