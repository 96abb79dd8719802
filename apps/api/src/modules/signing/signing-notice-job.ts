import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TSigningNotices } from './signing-notices.ts';

export const SIGNING_NOTICE_QUEUE = 'signing-notice';

/**
 * The signing e-mails as the pg-boss job `signing-notice` ({documentId}): sent after the signer
 * list is set and after each signature. The handler is idempotent (`signing_notices` claims), so
 * retries and repeated sends e-mail nobody twice. Returns the sender for the signing service.
 */
export const defineSigningNoticeJob = (app: FastifyInstance, notices: TSigningNotices) => {
  const queue = app.jobs.define({
    name: SIGNING_NOTICE_QUEUE,
    schema: z.object({ documentId: z.number().int() }),
    handler: (data) => notices.notify(data.documentId),
    options: { retryLimit: 5 },
  });
  return async (documentId: number) => {
    try {
      await queue.send({ documentId });
    } catch (err) {
      // The signature is stored; a lost e-mail must not turn it into an error.
      app.log.error({ err, documentId }, 'could not queue the signing e-mail');
    }
  };
};
