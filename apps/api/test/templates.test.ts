import {
  ZApiError,
  ZDocumentResponse,
  ZTemplateApplyResponse,
  ZTemplateResponse,
  ZTemplateSignersResponse,
  ZUploadDocumentResponse,
} from '@bubuh/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { balanceOf, type TAccountRef } from '../src/modules/quota/ledger.ts';
import { callAs, createVerifiedUser, login, type TMethod } from './auth-helpers.ts';
import {
  makePdf,
  newDepartmentMember,
  newDepartmentUser,
  pdfsig,
  purchase,
  type TSession,
  uploadPdf,
} from './documents-helpers.ts';
import { TEST_ENV, type TTestContext, testContextPerFile, unique } from './helpers.ts';

let ctx: TTestContext;
testContextPerFile({ env: TEST_ENV }, (built) => {
  ctx = built;
});

type TCompany = { owner: TSession; colleague: TSession; ref: TAccountRef };

/** A company department with `units` e-Meterai and e-sign units, its user and a colleague. */
const newCompany = async (units = 0): Promise<TCompany> => {
  const { session: owner, ref } = await newDepartmentUser(ctx, units);
  if (units > 0) {
    await purchase(ctx, ref, 'esign', units);
  }
  const colleague = await newDepartmentMember(ctx, ref.companyId, ref.ownerId);
  return { owner, colleague, ref };
};

const call = (session: TSession, method: TMethod, url: string, payload?: unknown) =>
  callAs(ctx, session, method, url, payload);

const signBox = (userId: number, x: number, page = 1) => ({
  user_id: userId,
  page,
  x,
  y: 150,
  width: 140,
  height: 56,
});
const STAMP = { page: 1, x: 440, y: 60, width: 75, height: 75 };

const templateBody = (company: TCompany, overrides: Record<string, unknown> = {}) => ({
  name: `Kontrak ${unique()}`,
  type: 'Surat Dokumen',
  emeterai: STAMP,
  esign: [signBox(company.owner.userData.id, 60), signBox(company.colleague.userData.id, 240)],
  ...overrides,
});

/** The owner's create-template call with `templateBody(company, overrides)`: the raw answer. */
const postTemplate = (company: TCompany, overrides: Record<string, unknown> = {}) =>
  call(company.owner, 'POST', '/api/v1/template/create-template', templateBody(company, overrides));

/** The user ids of the owner and the colleague, the signers of `templateBody` in order. */
const bothSigners = (company: TCompany) => [
  company.owner.userData.id,
  company.colleague.userData.id,
];

const createTemplate = async (company: TCompany, overrides: Record<string, unknown> = {}) => {
  const res = await postTemplate(company, overrides);
  expect(res.statusCode, res.body).toBe(201);
  return ZTemplateResponse.parse(res.json()).data;
};

/** Uploads a PDF as a draft of `session`; returns its id. */
const uploaded = async (session: TSession, content: Buffer) => {
  const res = await uploadPdf(ctx, session, content);
  expect(res.statusCode, res.body).toBe(201);
  return ZUploadDocumentResponse.parse(res.json()).data.document_id;
};

const details = async (session: TSession, documentId: number) => {
  const res = await call(session, 'GET', `/api/v1/single-stamp/get-document-details/${documentId}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZDocumentResponse.parse(res.json()).data;
};

describe('templates with e-signature boxes', () => {
  it('creates a template with e-sign and e-Meterai placements and reads them back in order', async () => {
    const company = await newCompany();
    const create = await postTemplate(company, { name: 'Perjanjian kerja' });
    expect(create.statusCode, create.body).toBe(201);
    expect(create.json().message).toBe('Berhasil tambah data Template');
    const created = ZTemplateResponse.parse(create.json()).data;
    expect(created.emeterai).toEqual(STAMP);
    expect(created.esign).toEqual([
      signBox(company.owner.userData.id, 60),
      signBox(company.colleague.userData.id, 240),
    ]);

    // The colleague sees the company's template (shared in the company).
    const read = await call(company.colleague, 'GET', `/api/v1/template/${created.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(ZTemplateResponse.parse(read.json()).data.esign.map((e) => e.user_id)).toEqual(
      bothSigners(company),
    );

    // Only e-signatures, no e-Meterai, is a valid template too.
    const esignOnly = await postTemplate(company, { emeterai: null });
    expect(esignOnly.statusCode, esignOnly.body).toBe(201);
  });

  it('refuses a template without placements or with an e-sign box without a signer', async () => {
    const company = await newCompany();
    const empty = await postTemplate(company, { emeterai: null, esign: [] });
    expect(empty.statusCode).toBe(400);
    const { user_id: _, ...noSigner } = signBox(company.owner.userData.id, 60);
    const unassigned = await postTemplate(company, { esign: [noSigner] });
    expect(unassigned.statusCode).toBe(400);
  });

  it('lists the company users as possible signers, the caller first; a personal account only itself', async () => {
    const company = await newCompany();
    const other = await newCompany();
    const res = await call(company.colleague, 'GET', '/api/v1/template/signers');
    expect(res.statusCode, res.body).toBe(200);
    const ids = ZTemplateSignersResponse.parse(res.json()).data.map((s) => s.id);
    expect(ids[0]).toBe(company.colleague.userData.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(
      [company.owner.userData.id, company.colleague.userData.id].sort((a, b) => a - b),
    );
    expect(ids).not.toContain(other.owner.userData.id);

    const personal = (await login(ctx, await createVerifiedUser(ctx))) as TSession;
    const own = await call(personal, 'GET', '/api/v1/template/signers');
    expect(ZTemplateSignersResponse.parse(own.json()).data.map((s) => s.id)).toEqual([
      personal.userData.id,
    ]);
  });

  it('updates through both update paths', async () => {
    const company = await newCompany();
    const template = await createTemplate(company);

    const viaV1 = await call(
      company.owner,
      'PATCH',
      `/api/v1/template/update-template/${template.id}`,
      templateBody(company, {
        name: 'Kontrak diperbarui',
        type: 'Surat Berharga',
        // Order swapped, the colleague's box on page 2.
        esign: [
          signBox(company.colleague.userData.id, 100, 2),
          signBox(company.owner.userData.id, 300),
        ],
      }),
    );
    expect(viaV1.statusCode, viaV1.body).toBe(200);
    expect(viaV1.json().message).toBe('Berhasil update data Template');
    expect(ZTemplateResponse.parse(viaV1.json()).data).toMatchObject({
      name: 'Kontrak diperbarui',
      type: 'Surat Berharga',
      emeterai: STAMP,
      esign: [
        signBox(company.colleague.userData.id, 100, 2),
        signBox(company.owner.userData.id, 300),
      ],
    });

    const viaAlias = await call(
      company.owner,
      'PATCH',
      `/api/template-esign/update/${template.id}`,
      templateBody(company, {
        name: 'Kontrak alias',
        emeterai: { ...STAMP, page: 2 },
        esign: [signBox(company.owner.userData.id, 80)],
      }),
    );
    expect(viaAlias.statusCode, viaAlias.body).toBe(200);
    expect(viaAlias.json().message).toBe('Berhasil update data Template');
    const stored = ZTemplateResponse.parse(
      (await call(company.owner, 'GET', `/api/v1/template/${template.id}`)).json(),
    ).data;
    expect(stored).toMatchObject({
      name: 'Kontrak alias',
      type: 'Surat Dokumen',
      emeterai: { ...STAMP, page: 2 },
      esign: [signBox(company.owner.userData.id, 80)],
    });

    // A colleague who is neither the owner nor an admin cannot change it.
    const colleague = await call(
      company.colleague,
      'PATCH',
      `/api/template-esign/update/${template.id}`,
      templateBody(company),
    );
    expect(colleague.statusCode).toBe(403);
  });

  it('refuses a signer of another company on create, on both updates and on apply', async () => {
    const company = await newCompany(1);
    const other = await newCompany();
    const stranger = other.owner.userData.id;
    const refused = (res: { statusCode: number; json: () => unknown }) => {
      expect(res.statusCode).toBe(400);
      const error = ZApiError.parse(res.json());
      expect(error.message).toBe('Signers must be users of the same company');
      expect(error.errors.esign).toBe(`user ${stranger}`);
    };

    refused(await postTemplate(company, { esign: [signBox(stranger, 60)] }));
    const template = await createTemplate(company);
    for (const url of [
      `/api/v1/template/update-template/${template.id}`,
      `/api/template-esign/update/${template.id}`,
    ]) {
      refused(
        await call(
          company.owner,
          'PATCH',
          url,
          templateBody(company, {
            esign: [signBox(company.owner.userData.id, 60), signBox(stranger, 240)],
          }),
        ),
      );
    }
    const unchanged = ZTemplateResponse.parse(
      (await call(company.owner, 'GET', `/api/v1/template/${template.id}`)).json(),
    ).data;
    expect(unchanged.esign.map((e) => e.user_id)).toEqual(bothSigners(company));

    // A specimen must be the signer's own.
    const specimen = await postTemplate(company, {
      esign: [{ ...signBox(company.owner.userData.id, 60), specimen_id: 999_999 }],
    });
    expect(specimen.statusCode).toBe(400);

    // The colleague leaves for another company: applying the template is refused, nothing stored.
    await ctx.database.db
      .update(users)
      .set({ companyId: other.ref.companyId, departementId: other.ref.ownerId })
      .where(eq(users.id, company.colleague.userData.id));
    const documentId = await uploaded(company.owner, await makePdf(1));
    const apply = await call(company.owner, 'POST', `/api/v1/template/apply/${template.id}`, {
      document_id: documentId,
    });
    expect(apply.statusCode).toBe(400);
    expect(apply.json().message).toBe('Signers must be users of the same company');
    const doc = await details(company.owner, documentId);
    expect(doc.signers).toEqual([]);
    expect(doc.placements).toEqual({ emeterai: null, esign: [] });
  });

  it('applies a template: signers in order, they sign, the e-Meterai comes last; pdfsig validates all three', async () => {
    const company = await newCompany(2);
    const template = await createTemplate(company, {
      // The e-Meterai on page 3 of a two-page document lands on its last page.
      emeterai: { ...STAMP, page: 3 },
    });
    const documentId = await uploaded(company.owner, await makePdf(2));

    const stampWithTemplate = (extra: Record<string, string> = {}) =>
      call(
        company.owner,
        'POST',
        `/api/v1/single-stamp/stamp-template-process-company/${template.id}`,
        { document_id: documentId, doc_type: '3', ...extra },
      );
    // Before the template is applied its e-Meterai cannot be stamped: signatures come first.
    const early = await stampWithTemplate();
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'Apply the template first: its e-signatures come before the e-Meterai',
    );

    const apply = await call(company.owner, 'POST', `/api/v1/template/apply/${template.id}`, {
      document_id: documentId,
      doc_type: '3',
      doc_value: 10_000_000,
    });
    expect(apply.statusCode, apply.body).toBe(200);
    const applied = ZTemplateApplyResponse.parse(apply.json()).data;
    expect(applied.next).toBe('sign');
    expect(applied.document.signing_status).toBe('signing');
    expect(applied.document.signing_method).toBe('esign-emeterai');
    expect(applied.document.doc_type).toBe('3');
    expect(applied.document.doc_value).toBe(10_000_000);
    expect(applied.document.placements.emeterai).toEqual({ ...STAMP, page: 2 });
    expect(
      applied.document.signers.map((s) => ({
        user_id: s.user_id,
        position: s.position,
        status: s.status,
        placement: s.placement,
      })),
    ).toEqual([
      {
        user_id: company.owner.userData.id,
        position: 1,
        status: 'pending',
        placement: { page: 1, x: 60, y: 150, width: 140, height: 56 },
      },
      {
        user_id: company.colleague.userData.id,
        position: 2,
        status: 'pending',
        placement: { page: 1, x: 240, y: 150, width: 140, height: 56 },
      },
    ]);

    // Still waiting for signatures: the stamp is refused.
    const waiting = await stampWithTemplate();
    expect(waiting.statusCode).toBe(409);

    // The colleague is second: not their turn yet.
    const sign = async (who: TSession) => {
      const doc = await details(who, documentId);
      const next = doc.signers.find((s) => s.status === 'pending');
      return call(who, 'POST', '/api/v1/esign-only/signer-process', {
        document_id: documentId,
        ...(next?.placement ?? {}),
        identity_confirmed: true,
      });
    };
    const outOfTurn = await sign(company.colleague);
    expect(outOfTurn.statusCode).toBe(409);
    expect(outOfTurn.json().message).toBe('It is not your turn to sign yet');
    for (const who of [company.owner, company.colleague]) {
      const res = await sign(who);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await details(company.owner, documentId)).signing_status).toBe('signed');

    const stamped = await stampWithTemplate({ location: 'Jakarta' });
    expect(stamped.statusCode, stamped.body).toBe(200);
    const serial = stamped.json().data.serial_number as string;
    expect(await balanceOf(ctx.database.db, company.ref, 'esign')).toBe(0);
    expect(await balanceOf(ctx.database.db, company.ref, 'emeterai')).toBe(1);

    const doc = await details(company.owner, documentId);
    expect(doc).toMatchObject({ status: 'stamp', signing_method: 'esign-emeterai' });
    expect(doc.placements.emeterai).toEqual({ ...STAMP, page: 2 });
    expect(doc.signers.map((s) => s.status)).toEqual(['signed', 'signed']);

    const download = await call(
      company.owner,
      'GET',
      `/api/v1/single-stamp/download-file/${documentId}`,
    );
    expect(download.statusCode).toBe(200);
    const out = pdfsig(download.rawPayload);
    expect(out.match(/Signature Validation: Signature is Valid\./g)).toHaveLength(3);
    expect(out.match(/Total document signed/g)).toHaveLength(1);
    expect(out).toContain(`Emet${serial}`);
  });

  it('applies an e-Meterai-only template as the draft placement (next: stamp)', async () => {
    const company = await newCompany();
    const template = await createTemplate(company, { esign: [] });
    const documentId = await uploaded(company.owner, await makePdf(1));
    const apply = await call(company.owner, 'POST', `/api/v1/template/apply/${template.id}`, {
      document_id: documentId,
    });
    expect(apply.statusCode, apply.body).toBe(200);
    const applied = ZTemplateApplyResponse.parse(apply.json()).data;
    expect(applied.next).toBe('stamp');
    expect(applied.document).toMatchObject({
      signing_status: 'draft',
      signing_method: 'emeterai',
      placements: { emeterai: STAMP, esign: [] },
      signers: [],
    });
  });

  it("answers 404 for another company's template or document", async () => {
    const company = await newCompany(1);
    const other = await newCompany(1);
    const template = await createTemplate(company);
    const theirTemplate = await createTemplate(other);
    const documentId = await uploaded(company.owner, await makePdf(1));
    const theirDocument = await uploaded(other.owner, await makePdf(1));

    for (const [method, url, payload] of [
      ['GET', `/api/v1/template/${theirTemplate.id}`, undefined],
      ['PATCH', `/api/v1/template/update-template/${theirTemplate.id}`, templateBody(company)],
      ['PATCH', `/api/template-esign/update/${theirTemplate.id}`, templateBody(company)],
      ['DELETE', `/api/v1/template/deleted/${theirTemplate.id}`, undefined],
      ['POST', `/api/v1/template/apply/${theirTemplate.id}`, { document_id: documentId }],
      [
        'POST',
        `/api/v1/single-stamp/stamp-template-process-company/${theirTemplate.id}`,
        { document_id: documentId, doc_type: '3' },
      ],
      ['POST', `/api/v1/template/apply/${template.id}`, { document_id: theirDocument }],
    ] as const) {
      const res = await call(company.owner, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Nothing changed on either side.
    expect((await details(company.owner, documentId)).signers).toEqual([]);
    expect((await details(other.owner, theirDocument)).signers).toEqual([]);
    const still = await call(other.owner, 'GET', `/api/v1/template/${theirTemplate.id}`);
    expect(ZTemplateResponse.parse(still.json()).data.name).toBe(theirTemplate.name);
  });

  it("keeps a personal account's templates to itself as the only signer", async () => {
    const personal = (await login(ctx, await createVerifiedUser(ctx))) as TSession;
    const someone = (await login(ctx, await createVerifiedUser(ctx))) as TSession;
    const [row] = await ctx.database.db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.id, personal.userData.id));
    expect(row?.companyId).toBeNull();
    const body = {
      name: `Pribadi ${unique()}`,
      type: 'Surat Dokumen',
      emeterai: null,
      esign: [signBox(personal.userData.id, 60)],
    };
    const own = await call(personal, 'POST', '/api/v1/template/create-template', body);
    expect(own.statusCode, own.body).toBe(201);
    const foreign = await call(personal, 'POST', '/api/v1/template/create-template', {
      ...body,
      esign: [signBox(someone.userData.id, 60)],
    });
    expect(foreign.statusCode).toBe(400);
    // Another personal account does not see it.
    const id = ZTemplateResponse.parse(own.json()).data.id;
    expect((await call(someone, 'GET', `/api/v1/template/${id}`)).statusCode).toBe(404);
  });
});
