import { DOCUMENT_ENDPOINTS as E, type TDocument } from '@bubuh/contracts';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { fastSerializerCompiler } from '../src/lib/fast-serializer.ts';

/** A document with every optional part filled in, and one with every nullable part null. */
const full: TDocument = {
  document_id: 7,
  document_file: 'Kontrak "sewa" \u2013 ruko\n.pdf',
  status: 'nostamp',
  signing_method: 'esign-emeterai',
  signing_status: 'signing',
  serial_number_id: 3,
  serial_number: 'ABCD0000000000000001',
  psre_id: 'p-1',
  psre_path: '/x',
  file_path: '/UNSIGNED/7.pdf?token=a.b.c',
  page_count: 2,
  pages: [{ width: 595.28, height: 841.89 }],
  size: 120_000,
  doc_type: '4b',
  doc_value: 5_000_000,
  doc_number: 'INV/2026/\u201c07\u201d',
  doc_date: '2026-11-20',
  owner: 'Budi </script>',
  owner_id: 4,
  departement_name: 'Finance',
  placements: {
    emeterai: { page: 1, x: 10.5, y: 20, width: 75, height: 75 },
    esign: [
      { page: 2, x: 1, y: 2, width: 100, height: 40, user_id: 4, specimen_id: 9 },
      { page: 2, x: 1, y: 2, width: 100, height: 40, user_id: 5, specimen_id: null },
      { page: 2, x: 1, y: 2, width: 100, height: 40, user_id: 6 },
    ],
  },
  last_error: 'Pembubuhan gagal',
  created_at: '2026-11-24T03:00:00.000Z',
  stamped_at: '2026-11-24T03:01:00.000Z',
  signers: [
    {
      user_id: 5,
      fullName: 'Sari',
      position: 1,
      status: 'signed',
      signed_at: '2026-11-24T03:00:30.000Z',
      placement: { page: 2, x: 1, y: 2, width: 100, height: 40 },
      party: null,
    },
    {
      user_id: null,
      fullName: 'Budi Vendor',
      position: 2,
      status: 'pending',
      signed_at: null,
      placement: { page: 2, x: 200, y: 2, width: 100, height: 40 },
      party: {
        email: 'budi@vendor.test',
        phone: null,
        link: { expires_at: '2026-12-24T03:00:00.000Z', revoked: false, verified_at: null },
      },
    },
  ],
  deadline_at: '2026-12-01T10:00:00.000Z',
  remind_every_days: 3,
  reminded_at: '2026-11-25T03:00:00.000Z',
  remind_again_at: '2026-11-25T04:00:00.000Z',
  stopped: {
    reason: 'declined',
    by_name: 'Sari "S" </b>',
    note: 'Nilai kontrak salah – mohon dicek',
    at: '2026-11-25T05:00:00.000Z',
  },
  repaired: true,
  repair_warnings: ['xref rebuilt'],
  javascript: {
    count: 1,
    items: [
      { location: 'open-action', page: null, trigger: null, name: null, excerpt: 'app.alert(1)' },
    ],
    acknowledged_by: 4,
    acknowledged_by_name: 'Budi',
    acknowledged_at: '2026-11-24T03:00:10.000Z',
  },
  details: [{ document_id: 7, document_file: 'x.pdf', psre_path: null }],
};
const bare: TDocument = {
  ...full,
  signing_method: null,
  serial_number_id: null,
  serial_number: null,
  psre_id: null,
  psre_path: null,
  doc_type: null,
  doc_value: null,
  doc_number: null,
  doc_date: null,
  departement_name: null,
  placements: { emeterai: null, esign: [] },
  last_error: null,
  stamped_at: null,
  signers: [],
  deadline_at: null,
  remind_every_days: null,
  reminded_at: null,
  remind_again_at: null,
  stopped: null,
  javascript: {
    count: 0,
    items: [],
    acknowledged_by: null,
    acknowledged_by_name: null,
    acknowledged_at: null,
  },
};

const serializers = (response: Record<number, unknown>) => {
  const route = { schema: response[200], method: 'GET', url: '/x', httpStatus: '200' } as never;
  return {
    zod: serializerCompiler(route) as (data: unknown) => string,
    fast: fastSerializerCompiler(route) as (data: unknown) => string,
  };
};

describe('fast response serializer of the document reads', () => {
  const answers: [string, Record<number, unknown>, unknown][] = [
    [
      'history',
      E.history.response,
      {
        message: 'OK',
        data: {
          data: [full, bare],
          stamp: [full],
          nostamp: [],
          meta: { page: 1, perPage: 10, total: 2 },
        },
      },
    ],
    [
      'dashboard',
      E.dashboard.response,
      {
        message: 'OK',
        data: {
          recent: [bare],
          totals: { stamp: 1, nostamp: 2, canceled: 0 },
          waiting_for_me: { total: 1, recent: [full] },
        },
      },
    ],
    ['details', E.details.response, { message: 'OK', data: full }],
  ];
  for (const [name, response, answer] of answers) {
    it(`writes the same bytes as the zod serializer: ${name}`, () => {
      const { zod, fast } = serializers(response);
      expect(fast(answer)).toBe(zod(answer));
    });
  }

  it('writes no field the schema does not name', () => {
    const { fast } = serializers(E.details.response);
    const leaky = {
      message: 'OK',
      secret: 1,
      data: { ...full, password_hash: 'x', original_key: 'k' },
    };
    const text = fast(leaky);
    expect(text).not.toContain('password_hash');
    expect(text).not.toContain('original_key');
    expect(text).not.toContain('secret');
  });
});
