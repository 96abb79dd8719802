import { bearer } from './auth-helpers.ts';
import type { TTestContext } from './helpers.ts';

/** A multipart/form-data body for app.inject: plain fields and one file. */
export const multipartBody = (
  fields: Record<string, string>,
  file: { field: string; name: string; content: Buffer; type: string },
) => {
  const boundary = `----bubuh${Math.random().toString(36).slice(2)}`;
  const parts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  return {
    payload: Buffer.concat([
      ...parts,
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** One file of a form: the field `file` unless another is named. */
export type TFilePart = { name: string; content: Buffer; type: string; field?: string };

/** POSTs a multipart form (`fields` and one file) to `url`, signed in as `session`. */
export const postFile = (
  ctx: TTestContext,
  session: { accessToken: string },
  url: string,
  file: TFilePart,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) => {
  const form = multipartBody(fields, { ...file, field: file.field ?? 'file' });
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(session), ...form.headers, ...headers },
    payload: form.payload,
  });
};

/** A PDF part named `name` (for `postFile`). */
export const pdfPart = (name: string, content: Buffer): TFilePart => ({
  name,
  content,
  type: 'application/pdf',
});

/** Adds a signature specimen (a PNG) to `session`'s list; the raw answer. */
export const postSpecimen = (
  ctx: TTestContext,
  session: { accessToken: string },
  content: Buffer,
  fields: { source: 'drawn' | 'upload'; name: string },
) =>
  postFile(ctx, session, '/api/v1/esign', { name: 'sig.png', content, type: 'image/png' }, fields);
