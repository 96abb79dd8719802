import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileTooLargeError, type TFileStore } from '../src/storage/file-store.ts';
import { createLocalFileStore } from '../src/storage/local-file-store.ts';
import { createS3FileStore } from '../src/storage/s3-file-store.ts';
import { S3_TEST_BUCKET, startS3Server } from './s3-server.ts';

let server: Awaited<ReturnType<typeof startS3Server>>;
let store: TFileStore;

beforeAll(async () => {
  server = await startS3Server();
  store = createS3FileStore({
    bucket: S3_TEST_BUCKET,
    region: 'us-east-1',
    endpoint: server.endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'adapter/',
  });
});
afterAll(() => server.close());

/** A stream of `total` bytes in 1 MB chunks (never the whole file in one buffer). */
const chunks = (total: number, fill: number) =>
  Readable.from(
    (function* () {
      for (let sent = 0; sent < total; sent += 1_000_000) {
        yield Buffer.alloc(Math.min(1_000_000, total - sent), fill);
      }
    })(),
  );

describe('S3-compatible file store (s3rver on loopback)', () => {
  it('writes, reads back, streams, checks and deletes objects', async () => {
    await store.check();
    const key = 'locker/one/file';
    expect(await store.put(key, new TextEncoder().encode('halo'))).toEqual({ size: 4 });
    expect(await store.exists(key)).toBe(true);
    expect(Buffer.from(await store.get(key)).toString()).toBe('halo');
    const streamed: Buffer[] = [];
    for await (const chunk of await store.stream(key)) streamed.push(chunk as Buffer);
    expect(Buffer.concat(streamed).toString()).toBe('halo');
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await expect(store.stream(key)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('streams a 12 MB file up as a multipart upload and back byte for byte', async () => {
    const key = 'locker/big/file';
    expect(await store.put(key, chunks(12_000_000, 7))).toEqual({ size: 12_000_000 });
    let size = 0;
    let wrong = 0;
    for await (const chunk of await store.stream(key)) {
      size += (chunk as Buffer).length;
      for (const byte of chunk as Buffer) if (byte !== 7) wrong += 1;
    }
    expect([size, wrong]).toEqual([12_000_000, 0]);
    await store.delete(key);
  });

  it('answers the bytes it wrote when asked, as they are stored (S3 and local disk)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-keep-'));
    try {
      for (const target of [store, createLocalFileStore(dir)]) {
        const key = 'documents/keep/original.pdf';
        const put = await target.put(key, chunks(2_500_000, 9), { keepBytes: true });
        expect(put.size).toBe(2_500_000);
        expect(put.bytes?.equals(Buffer.from(await target.get(key)))).toBe(true);
        // Without the option nothing is kept.
        expect(await target.put(key, new TextEncoder().encode('halo'))).toEqual({ size: 4 });
        await target.delete(key);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file over maxBytes and leaves no object behind', async () => {
    const key = 'locker/over/file';
    await expect(
      store.put(key, chunks(6_000_000, 1), { maxBytes: 5_500_000 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await store.exists(key)).toBe(false);
  });

  it('refuses bytes in memory over maxBytes on both stores, leaving no file or folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-over-'));
    try {
      for (const target of [store, createLocalFileStore(dir)]) {
        const key = 'locker/over-bytes/file';
        await expect(
          target.put(key, new Uint8Array(2_000).fill(3), { maxBytes: 1_999 }),
        ).rejects.toBeInstanceOf(FileTooLargeError);
        expect(await target.exists(key)).toBe(false);
        if (target.driver === 'local')
          expect(fs.existsSync(path.join(dir, 'locker', 'over-bytes'))).toBe(false);
        // At the limit it is stored whole.
        expect(await target.put(key, new Uint8Array(1_999).fill(3), { maxBytes: 1_999 })).toEqual({
          size: 1_999,
        });
        expect((await target.get(key)).byteLength).toBe(1_999);
        await target.delete(key);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('copies a stored file in storage, independent of the original afterwards (both stores)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-copy-'));
    try {
      for (const target of [store, createLocalFileStore(dir)]) {
        const from = 'documents/copy-src/stamped.pdf';
        const to = 'locker/copy-dst/file';
        await target.put(from, new TextEncoder().encode('stamped v1'));
        await target.copy(from, to);
        expect(Buffer.from(await target.get(to)).toString()).toBe('stamped v1');
        if (target.driver === 'local')
          // A hard link: the copy takes no second share of the disk.
          expect(fs.statSync(path.join(dir, to)).nlink).toBe(2);
        // The original replaced, then removed: the copy keeps what it was given.
        await target.put(from, new TextEncoder().encode('replaced'));
        expect(Buffer.from(await target.get(to)).toString()).toBe('stamped v1');
        await target.delete(from);
        expect(Buffer.from(await target.get(to)).toString()).toBe('stamped v1');
        // Nothing to copy from: refused, nothing left behind.
        await expect(target.copy(from, 'locker/copy-none/file')).rejects.toThrow();
        expect(await target.exists('locker/copy-none/file')).toBe(false);
        if (target.driver === 'local')
          expect(fs.existsSync(path.join(dir, 'locker', 'copy-none'))).toBe(false);
        await target.delete(to);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses keys that could escape their folder', async () => {
    await expect(store.put('../etc/passwd', new Uint8Array([1]))).rejects.toThrow(
      'Invalid storage key',
    );
  });
});
