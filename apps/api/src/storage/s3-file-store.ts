import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertValidKey, probeStore, sizeCounted, type TFileStore } from './file-store.ts';

export type TS3Options = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Objects go under this prefix (tests share one bucket). */
  prefix?: string;
};

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound'));

/**
 * FileStore on an S3-compatible bucket. Writes stream through `@aws-sdk/lib-storage` `Upload`
 * (multipart above 5 MB, parts of 5 MB in flight, never the whole file in memory); a write over
 * `maxBytes` is aborted (the multipart upload is cancelled, nothing is left). Reads stream.
 */
export const createS3FileStore = (options: TS3Options): TFileStore => {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
  });
  const Bucket = options.bucket;
  const objectKey = (key: string) => {
    assertValidKey(key);
    return `${options.prefix ?? ''}${key}`;
  };

  const getBody = async (key: string): Promise<Readable> => {
    const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
    const body = answer.Body;
    if (!(body instanceof Readable)) throw new Error('S3 answered without a body stream');
    return body;
  };

  const store: TFileStore = {
    driver: 's3',
    put: async (key, body, putOptions = {}) => {
      const { source, counter, result } = sizeCounted(body, putOptions);
      let sourceError: unknown;
      source.once('error', (error) => {
        sourceError = error;
        counter.destroy(error);
      });
      source.pipe(counter);
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: counter },
        queueSize: 2,
        partSize: 5 * 1024 * 1024,
        leavePartsOnError: false,
      });
      let failure: unknown;
      counter.once('error', (error) => {
        failure = error;
        void upload.abort().catch(() => {});
      });
      try {
        await upload.done();
      } catch (error) {
        throw failure ?? sourceError ?? error;
      }
      if (failure ?? sourceError) {
        await store.delete(key).catch(() => {});
        throw failure ?? sourceError;
      }
      return result();
    },
    copy: async (from, to) => {
      // Keys are [a-z0-9/_.-] only (assertValidKey): the copy source needs no escaping.
      const CopySource = `${Bucket}/${objectKey(from)}`;
      await client.send(new CopyObjectCommand({ Bucket, Key: objectKey(to), CopySource }));
    },
    get: async (key) => {
      const chunks: Buffer[] = [];
      for await (const chunk of await getBody(key)) chunks.push(chunk as Buffer);
      return new Uint8Array(Buffer.concat(chunks));
    },
    stream: async (key) => {
      try {
        return await getBody(key);
      } catch (error) {
        if (isMissing(error)) {
          throw Object.assign(new Error(`ENOENT: no such object ${key}`), { code: 'ENOENT' });
        }
        throw error;
      }
    },
    exists: async (key) => {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    delete: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    check: () => probeStore(store),
  };
  return store;
};
