import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const S3_TEST_BUCKET = 'bubuh-test';

/**
 * A real S3-compatible server (s3rver) on loopback, with the test bucket, its objects in a
 * temporary folder. `close` stops it and removes the folder.
 */
export const startS3Server = async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bubuh-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: S3_TEST_BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
};
