import fs from 'node:fs';
import { stat } from 'node:fs/promises';
import { type Readable, Transform } from 'node:stream';
import { crc32 } from 'node:zlib';
import { cleanFileName } from '@bubuh/contracts';
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

/**
 * Every read of the ZIP is a stream of its own on the file. yauzl's own file reader shares one
 * descriptor through a queue that reads from a destroyed stream's gone context (a TypeError
 * thrown outside any stream) when an entry is destroyed while another one's read waits: entries
 * read side by side, one refused for a lie about its size, ended the process.
 */
class FileRangeReader extends yauzl.RandomAccessReader {
  constructor(private readonly path: string) {
    super();
  }
  override _readStreamForRange(start: number, end: number) {
    // fs's `end` is inclusive; yauzl's is not. yauzl counts the bytes it gets (a short file fails).
    return fs.createReadStream(this.path, { start, end: end - 1 });
  }
}

const openZip = async (path: string) => {
  const { size } = await stat(path);
  return new Promise<ZipFile>((resolve, reject) => {
    const options = { lazyEntries: true, autoClose: false };
    yauzl.fromRandomAccessReader(new FileRangeReader(path), size, options, (error, zip) => {
      if (error || !zip) reject(badZip(error?.message.slice(0, 200) ?? 'unreadable'));
      else resolve(zip);
    });
  });
};

/** The base name of an entry: its folders are dropped (the batch is flat). */
/** An entry's file name without its folders, cleaned as an uploaded file's name is. */
const baseName = (name: string) => cleanFileName(name.split('/').pop() ?? name, 'document.pdf');

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

const damaged = (reason: string) =>
  new AppError('UNPROCESSABLE', 'The file in the ZIP is damaged', { file: reason.slice(0, 200) });

/**
 * One entry's bytes, checked while they stream: yauzl compares their count with the declared
 * size, this stream their CRC-32 with the directory's (yauzl does not). An entry that lies about
 * its size, ends early or was altered ends with a file problem (`UNPROCESSABLE`) for its reader
 * before its last byte is taken, not a crash. Whoever stops reading (a refusal, the size limit)
 * destroys the entry's stream with it.
 */
export const entryStream = async (zip: ZipFile, entry: Entry): Promise<Readable> => {
  const raw = await new Promise<Readable>((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) reject(badZip(error?.message.slice(0, 200) ?? 'unreadable entry'));
      else resolve(stream);
    });
  });
  let crc = 0;
  const checked = new Transform({
    transform(chunk: Buffer, _enc, done) {
      crc = crc32(chunk, crc);
      done(null, chunk);
    },
    flush(done) {
      done(crc === entry.crc32 ? null : damaged('the checksum does not match the data'));
    },
  });
  // `on`, not `once`: yauzl's inner streams may report a second error after the first.
  raw.on('error', (error: Error) => checked.destroy(damaged(error.message)));
  checked.once('close', () => raw.destroy());
  // The reader's own pipeline hears the error; this keeps one that comes after the reader has
  // gone (it stopped at the size limit) from reaching the process.
  checked.on('error', () => undefined);
  raw.pipe(checked);
  return checked;
};

export { baseName as zipEntryName };
