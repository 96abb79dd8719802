import path from 'node:path';
import type { TEnv } from '../config/env.ts';
import type { TFileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

/** The FileStore STORAGE_DRIVER names: local disk under DATA_DIR/files, or an S3 bucket. */
export const fileStoreFor = (env: TEnv): TFileStore =>
  env.STORAGE_DRIVER === 's3'
    ? createS3FileStore({
        bucket: env.S3_BUCKET ?? '',
        region: env.S3_REGION,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
        ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
        ...(env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID } : {}),
        ...(env.S3_SECRET_ACCESS_KEY ? { secretAccessKey: env.S3_SECRET_ACCESS_KEY } : {}),
      })
    : createLocalFileStore(path.join(env.DATA_DIR, 'files'));
