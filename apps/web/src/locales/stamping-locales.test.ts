import { describe, expect, it } from 'vitest';
import { flat, itChecksFeatureLocales } from './locale-test-helpers';
import stampingEn from './stamping.en.json';
import stampingId from './stamping.id.json';

/** The stamping, signing, template and verification texts (merged by src/lib/i18n.ts). */
describe('stamping locales', () => {
  itChecksFeatureLocales({
    en: [stampingEn],
    id: [stampingId],
    topLevelKeys: ['stamping', 'verify'],
    dynamicKeys: [
      ...['nostamp', 'stamp', 'canceled'].map((s) => `stamping.status.${s}`),
      ...['draft', 'signing', 'signed', 'stamping', 'stamped', 'failed', 'stopped'].map(
        (s) => `stamping.signingStatus.${s}`,
      ),
      ...['all', 'stamp', 'nostamp', 'canceled'].map((s) => `stamping.filter.${s}`),
      ...['type', 'size', 'empty'].map((s) => `stamping.upload.problem.${s}`),
      ...['emeterai', 'esign', 'timestamp'].map((s) => `verify.kind.${s}`),
      ...['none', 'allowed', 'disallowed'].map((s) => `verify.modifiedAfter.${s}`),
      'stamping.templateType.dokumen',
      'stamping.templateType.berharga',
      'stamping.placement.summary',
    ],
    sourceKeys: { pattern: /\bt\(\s*'((?:stamping|verify)\.[\w.-]+)'/g, moreThan: 100 },
  });

  it('keep the texts the spec quotes exactly, in both languages', () => {
    for (const T of [flat(stampingEn), flat(stampingId)]) {
      expect(T['stamping.download.failed']).toBe(
        'Terjadi kesalahan, mohon coba beberapa saat lagi',
      );
      expect(T['stamping.toast.templateAdded']).toBe('Berhasil tambah data Template');
      expect(T['stamping.toast.templateUpdated']).toBe('Berhasil update data Template');
      expect(T['stamping.toast.templateDeleted']).toBe('Berhasil hapus data Template');
    }
  });
});
