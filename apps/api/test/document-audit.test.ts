import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ZDocumentTimelineResponse } from '@bubuh/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { documentAuditEvents, users } from '../src/db/schema.ts';
import { move, SYSTEM_ISSUED } from '../src/modules/quota/ledger.ts';
import { callAs } from './auth-helpers.ts';
import {
  makePdf,
  newDepartmentMember,
  newDepartmentUser,
  pdfsig,
  signerBox,
  signInBox,
  stampDocument,
  type TSession,
  uploadedId,
} from './documents-helpers.ts';
import { RELAXED_LIMITS, type TTestContext, testContextPerFile } from './helpers.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The text of a PDF as poppler reads it. */
const pdfText = (bytes: Buffer) => {
  const file = path.join(os.tmpdir(), `bubuh-audit-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
};

describe('the audit trail: every step recorded, kept unchangeable, sealed in a certificate', () => {
  let ctx: TTestContext;
  testContextPerFile({ env: { LOG_LEVEL: 'error', ...RELAXED_LIMITS } }, (built) => {
    ctx = built;
  });

  const agent = { 'user-agent': 'AuditTest/1.0 (Chromium)' };
  const timeline = async (who: TSession, id: number) => {
    const res = await callAs(
      ctx,
      who,
      'GET',
      `/api/v1/single-stamp/document-history/${id}`,
      undefined,
    );
    expect(res.statusCode, res.body).toBe(200);
    return ZDocumentTimelineResponse.parse(res.json()).data.events;
  };

  /** An owner with e-Meterai and e-sign units, a colleague to ask, and a one-page upload. */
  const ownerAndSigner = async () => {
    const { session: owner, ref } = await newDepartmentUser(ctx, 2);
    await move(ctx.database.db, {
      kind: 'esign',
      quantity: 2,
      from: SYSTEM_ISSUED,
      to: ref,
      reason: 'purchase',
      companyId: ref.companyId,
    });
    const dewi = await newDepartmentMember(ctx, ref.companyId, ref.ownerId);
    const [row] = await ctx.database.db
      .select({ fullName: users.fullName })
      .from(users)
      .where(eq(users.id, dewi.userData.id));
    const id = await uploadedId(ctx, owner, await makePdf(2), 'kontrak-audit.pdf');
    return { owner, dewi, dewiName: row?.fullName ?? '-', id };
  };

  it('records who did what, when, from where, and the file after each step', async () => {
    const { owner, dewi, dewiName, id } = await ownerAndSigner();
    const set = await callAs(
      ctx,
      owner,
      'POST',
      '/api/v1/esign-only/update-signer-data',
      { document_id: id, signers: [signerBox(dewi.userData.id, 60)] },
      agent,
    );
    expect(set.statusCode, set.body).toBe(200);
    // Dewi is told (the signing-notice job): the trail says when she was asked.
    await vi.waitFor(
      async () => expect((await timeline(owner, id)).map((e) => e.type)).toContain('sent'),
      { timeout: 20_000, interval: 100 },
    );
    // Dewi opens it twice: her first look is recorded once.
    for (let i = 0; i < 2; i++) {
      const seen = await callAs(
        ctx,
        dewi,
        'GET',
        `/api/v1/single-stamp/get-document-details/${id}`,
      );
      expect(seen.statusCode).toBe(200);
    }
    expect((await signInBox(ctx, dewi, id, 60)).statusCode).toBe(200);
    const stamped = await stampDocument(ctx, owner, id, 2);
    expect(stamped.statusCode, stamped.body).toBe(200);
    const download = await callAs(
      ctx,
      owner,
      'GET',
      `/api/v1/single-stamp/download-file/${id}`,
      undefined,
      agent,
    );
    expect(download.statusCode).toBe(200);

    const events = await timeline(owner, id);
    expect(events.map((e) => e.type)).toEqual([
      'uploaded',
      'parties-set',
      'sent',
      'opened',
      'signed',
      'stamped',
      'downloaded',
    ]);
    const byType = Object.fromEntries(events.map((e) => [e.type, e]));
    const ownerName = byType.uploaded?.actor_name;
    expect(ownerName).toBeTruthy();
    expect(byType['parties-set']).toMatchObject({
      actor_name: ownerName,
      actor_kind: 'user',
      user_agent: 'AuditTest/1.0 (Chromium)',
      ip_address: '127.0.0.1',
    });
    expect(byType['parties-set']?.details.signers).toContain(dewiName);
    expect(byType.sent).toMatchObject({ actor_kind: 'system', actor_name: null });
    expect(byType.sent?.details.to).toBe(dewiName);
    expect(byType.opened?.actor_name).toBe(dewiName);
    expect(byType.signed?.actor_name).toBe(dewiName);
    expect(byType.stamped?.details.serial).toMatch(/^[A-Z0-9]{22}$/);
    // The file changes with the signature and the stamp, and with nothing else.
    const final = sha256(download.rawPayload);
    expect(byType.stamped?.sha256).toBe(final);
    expect(byType.downloaded?.sha256).toBe(final);
    expect(byType.signed?.sha256).not.toBe(final);
    expect(byType.opened?.sha256).toBe(byType.uploaded?.sha256);
    expect(byType.signed?.sha256).not.toBe(byType.uploaded?.sha256);

    // The certificate: a separate PDF, sealed by the platform, listing the steps and the hash.
    const cert = await callAs(
      ctx,
      owner,
      'GET',
      `/api/v1/single-stamp/completion-certificate/${id}`,
    );
    expect(cert.statusCode, cert.body).toBe(200);
    expect(cert.headers['content-type']).toContain('application/pdf');
    expect(cert.headers['content-disposition']).toContain('kontrak-audit_certificate.pdf');
    const report = pdfsig(cert.rawPayload);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Bubuh Platform Seal');
    const text = pdfText(cert.rawPayload);
    for (const step of [
      'Uploaded',
      'Parties set',
      'Sent for signing',
      'Opened',
      'Signed',
      'e-Meterai stamped',
      'Downloaded',
    ])
      expect(text).toContain(step);
    expect(text).toContain(final);
    expect(text).toContain(dewiName);
    expect(text).toContain(byType.stamped?.details.serial ?? '-');
    // The document itself is untouched by it.
    const again = await callAs(ctx, owner, 'GET', `/api/v1/single-stamp/download-file/${id}`);
    expect(sha256(again.rawPayload)).toBe(final);
  });

  it('refuses to change or remove a recorded event, whoever asks', async () => {
    const { owner, id } = await ownerAndSigner();
    expect(await timeline(owner, id)).toHaveLength(1);
    const { db } = ctx.database;
    for (const statement of [
      sql`update document_audit_events set actor_name = 'someone else' where document_id = ${id}`,
      sql`delete from document_audit_events where document_id = ${id}`,
      sql`truncate document_audit_events`,
    ]) {
      await expect(db.execute(statement)).rejects.toThrow();
    }
    const [event] = await timeline(owner, id);
    expect(event?.actor_name).not.toBe('someone else');
  });

  it('keeps the trail of a deleted draft, ending with who deleted it', async () => {
    const { owner, id } = await ownerAndSigner();
    const cancel = await callAs(ctx, owner, 'POST', '/api/v1/single-stamp/canceled-stamp', {
      document_id: id,
    });
    expect(cancel.statusCode).toBe(200);
    const removed = await callAs(
      ctx,
      owner,
      'DELETE',
      `/api/v1/single-stamp/delete-document/${id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const rows = await ctx.database.db
      .select({ type: documentAuditEvents.type })
      .from(documentAuditEvents)
      .where(eq(documentAuditEvents.documentId, id))
      .orderBy(asc(documentAuditEvents.id));
    expect(rows.map((r) => r.type)).toEqual(['uploaded', 'cancelled', 'deleted']);
  });

  it("answers 404 for another company's trail and certificate", async () => {
    const { id } = await ownerAndSigner();
    const { session: stranger } = await newDepartmentUser(ctx, 0);
    for (const url of [
      `/api/v1/single-stamp/document-history/${id}`,
      `/api/v1/single-stamp/completion-certificate/${id}`,
    ]) {
      expect((await callAs(ctx, stranger, 'GET', url)).statusCode).toBe(404);
    }
  });
});
