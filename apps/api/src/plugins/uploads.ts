import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface FastifyInstance {
    /** An upload whose body stops arriving for this long is answered with a 400 (lib/uploads.ts). */
    uploadIdleTimeoutMs: number;
  }
}

export type TUploadOptions = {
  uploadLimitBytes: number;
  idleTimeoutMs: number;
};

/**
 * Multipart parsing for the upload routes. Every route reads its file through `receiveUpload`
 * (lib/uploads.ts), which bounds the time a body may take and always cleans up.
 */
export const registerUploads = async (
  app: FastifyInstance,
  options: TUploadOptions,
): Promise<void> => {
  app.decorate('uploadIdleTimeoutMs', options.idleTimeoutMs);
  await app.register(multipart, {
    limits: { fileSize: options.uploadLimitBytes, files: 1, fields: 30, fieldSize: 64 * 1024 },
  });
};
