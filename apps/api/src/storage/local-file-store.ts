import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  bufferOf,
  FileTooLargeError,
  probeStore,
  sizeCounted,
  type TFileStore,
} from './file-store.ts';

/** Local-disk FileStore under `root` (default ./data/files). Writes are atomic (temp + rename). */
export const createLocalFileStore = (root: string): TFileStore => {
  fs.mkdirSync(root, { recursive: true });
  const resolve = (key: string) => {
    assertValidKey(key);
    return path.join(root, key);
  };

  /**
   * Removes the folder of a per-item key (`documents/<uuid>/original.pdf` → `documents/<uuid>`)
   * once it is empty, so a refused upload leaves no empty folder. Shared folders of one-level
   * keys (`avatars/x.png`) stay: a concurrent put may be about to write into them.
   */
  const removeEmptyItemFolder = async (key: string) => {
    if (key.split('/').length < 3) return;
    await fsp.rmdir(path.dirname(resolve(key))).catch(() => {});
  };

  const store: TFileStore = {
    driver: 'local',
    put: async (key, body, options = {}) => {
      const target = resolve(key);
      // Bytes in memory (a stamped file) past the limit: refused before anything is made.
      const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
      if (body instanceof Uint8Array && body.byteLength > maxBytes)
        throw new FileTooLargeError(maxBytes);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.part`;
      if (body instanceof Uint8Array) {
        // One write, no stream.
        try {
          await fsp.writeFile(temp, body, { flag: 'wx' });
          await fsp.rename(temp, target);
        } catch (error) {
          await fsp.rm(temp, { force: true });
          await removeEmptyItemFolder(key);
          throw error;
        }
        const size = body.byteLength;
        return options.keepBytes ? { size, bytes: bufferOf(body) } : { size };
      }
      const { source, counter, result } = sizeCounted(body, options);
      const sink = fs.createWriteStream(temp, { flags: 'wx' });
      try {
        await pipeline(source, counter, sink);
        await fsp.rename(temp, target);
      } catch (error) {
        // A source that fails at once can reject the pipeline before the file is even open:
        // wait until the sink has closed its handle, or the removal would run before the create.
        if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
        await fsp.rm(temp, { force: true });
        await removeEmptyItemFolder(key);
        throw error;
      }
      return result();
    },
    copy: async (from, to) => {
      const target = resolve(to);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      try {
        await fsp.link(resolve(from), target);
      } catch (error) {
        await removeEmptyItemFolder(to);
        throw error;
      }
    },
    get: async (key) => new Uint8Array(await fsp.readFile(resolve(key))),
    stream: async (key) => {
      const file = resolve(key);
      await fsp.access(file);
      return fs.createReadStream(file);
    },
    exists: async (key) => {
      try {
        await fsp.access(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
    delete: async (key) => {
      await fsp.rm(resolve(key), { force: true });
      await removeEmptyItemFolder(key);
    },
    check: () => probeStore(store),
  };
  return store;
};
