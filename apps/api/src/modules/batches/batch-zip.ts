import { type Readable, Transform } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../../lib/app-error.ts';

export type TZipLimits = {
  /** PDF entries the batch can still take (BATCH_MAX_FILES minus its files). */
  maxEntries: number;
  /** Largest single PDF (as for an upload of one file). */
  maxEntryBytes: number;
  /** Largest uncompressed total of the PDFs (the ZIP limit, or what the batch can still take). */
  maxTotalBytes: number;
  /** The reason given when the total is above maxTotalBytes. */
  totalProblem: string;
};

export type TZipPlan = {
  zip: ZipFile;
  pdfs: Entry[];
  refused: { file_name: string; reason: string }[];
};

const badZip = (reason: string) =>
  new AppError('UNPROCESSABLE', 'The ZIP file cannot be used', { file: reason });

const openZip = (path: string) =>
  new Promise<ZipFile>((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error || !zip) reject(badZip(error?.message.slice(0, 200) ?? 'unreadable'));
      else resolve(zip);
    });
  });

/** The base name of an entry: its folders are dropped (the batch is flat). */
const baseName = (name: string) => name.split('/').pop() ?? name;

/**
 * Reads a ZIP's directory (nothing is expanded yet) and checks it whole before any file is added:
 * an entry with an absolute path or `..` (yauzl refuses it), more PDFs than the batch can take, a
 * PDF above the one-file limit or a total above `maxTotalBytes` (a ZIP bomb) refuse the ZIP with a
 * 4xx. Entries that are not PDFs are listed as refused; folders are skipped.
 */
export const planZip = async (path: string, limits: TZipLimits): Promise<TZipPlan> => {
  const zip = await openZip(path);
  const pdfs: Entry[] = [];
  const refused: TZipPlan['refused'] = [];
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (error: Error) => reject(badZip(error.message.slice(0, 200))));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: Entry) => {
        const name = entry.fileName;
        if (name.endsWith('/')) return zip.readEntry();
        if (!/\.pdf$/i.test(name)) {
          refused.push({ file_name: baseName(name), reason: 'Only PDF files can be stamped' });
          return zip.readEntry();
        }
        if (entry.uncompressedSize > limits.maxEntryBytes)
          return reject(badZip(`${baseName(name)} is larger than the upload limit`));
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes) return reject(badZip(limits.totalProblem));
        pdfs.push(entry);
        if (pdfs.length > limits.maxEntries)
          return reject(badZip(`the batch can take ${limits.maxEntries} more files`));
        zip.readEntry();
      });
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error;
  }
  return { zip, pdfs, refused };
};

/**
 * One entry's bytes, checked while they stream (yauzl compares them with the declared size): an
 * entry that lies about its size ends with a file problem (`UNPROCESSABLE`), not a crash.
 */
export const entryStream = async (zip: ZipFile, entry: Entry): Promise<Readable> => {
  const raw = await new Promise<Readable>((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) reject(badZip(error?.message.slice(0, 200) ?? 'unreadable entry'));
      else resolve(stream);
    });
  });
  const checked = new Transform({
    transform(chunk, _enc, done) {
      done(null, chunk);
    },
  });
  raw.on('error', (error: Error) =>
    checked.destroy(
      new AppError('UNPROCESSABLE', 'The file in the ZIP is damaged', {
        file: error.message.slice(0, 200),
      }),
    ),
  );
  return raw.pipe(checked);
};

export { baseName as zipEntryName };
