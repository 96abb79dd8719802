import { SYSTEM_ENDPOINTS } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TDb } from '../../db/client.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { escapeHtml } from '../../lib/html.ts';
import * as repo from './dev-outbox.repository.ts';

/** Development only (never registered in production): read the mails the app has sent. */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, { db }) => {
  const list = (to?: string) => repo.latest(db, to);

  endpointRoute(app, SYSTEM_ENDPOINTS.devOutboxJson, async ({ query }) => ({
    message: 'OK',
    data: (await list(query.to)).map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      template: m.template,
      createdAt: m.createdAt.toISOString(),
    })),
  }));

  endpointRoute(app, SYSTEM_ENDPOINTS.devOutbox, async ({ query, reply }) => {
    const mails = await list(query.to);
    const rows = mails
      .map(
        (m) => `<article style="border:1px solid #ddd;border-radius:6px;padding:12px;margin:12px 0">
<div><b>${escapeHtml(m.subject)}</b> → ${escapeHtml(m.to)} <small>${m.createdAt.toISOString()} · ${m.transport}</small></div>
<pre style="white-space:pre-wrap">${escapeHtml(m.text)}</pre></article>`,
      )
      .join('');
    return reply
      .type('text/html')
      .send(
        `<!doctype html><meta charset="utf-8"><title>Bubuh dev outbox</title><body style="font-family:sans-serif;max-width:760px;margin:auto"><h1>Dev outbox</h1><p>Mails stored because SMTP_URL is not set (newest first).</p>${rows || '<p>No mail yet.</p>'}</body>`,
      );
  });
};
