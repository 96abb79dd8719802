import yauzl from 'yauzl';
import yazl from 'yazl';

/**
 * A ZIP of `entries` ([name, content] in order). Shared by the API tests and the browser tests
 * (apps/web/e2e imports it), so both build their archives the same way.
 */
export const zipOf = async (entries: readonly (readonly [string, Buffer])[]): Promise<Buffer> => {
  const zip = new yazl.ZipFile();
  for (const [name, content] of entries) zip.addBuffer(content, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** The entries of a ZIP: name → bytes. */
export const unzip = (body: Buffer) =>
  new Promise<Map<string, Buffer>>((resolve, reject) => {
    const out = new Map<string, Buffer>();
    yauzl.fromBuffer(body, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
