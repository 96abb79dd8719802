import type { TTicketDetail } from '@bubuh/contracts';
import { expect } from 'vitest';
import { bearer } from './auth-helpers.ts';
import type { TTestContext } from './helpers.ts';

export type TFilePart = { name: string; content: Buffer; type: string };

/** multipart/form-data with text fields first, then any number of `attachments` files. */
export const formWithFiles = (fields: Record<string, string>, files: TFilePart[] = []) => {
  const boundary = `----bubuh${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

export const postForm = (
  ctx: TTestContext,
  session: { accessToken: string } | null,
  url: string,
  fields: Record<string, string>,
  files: TFilePart[] = [],
) => {
  const form = formWithFiles(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...(session ? bearer(session) : {}) },
  });
};

export const openTicket = async (
  ctx: TTestContext,
  session: { accessToken: string },
  subject: string,
  files: TFilePart[] = [],
): Promise<TTicketDetail> => {
  const res = await postForm(
    ctx,
    session,
    '/api/tickets',
    {
      subject,
      category: 'stamping',
      level: 'High',
      description: `The stamp on my contract failed: ${subject}`,
    },
    files,
  );
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: TTicketDetail }).data;
};
