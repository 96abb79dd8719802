import { describe, expect, it } from 'vitest';
import { expectWellFormed, flat, keysUsedInSource } from './locale-test-helpers';
import stampingEn from './stamping.en.json';
import stampingId from './stamping.id.json';

/** The stamping, signing, template and verification texts (merged by src/lib/i18n.ts). */
const EN = flat(stampingEn);
const ID = flat(stampingId);

describe('stamping locales', () => {
  it('have exactly the same keys in en and id, under their own top-level keys', () => {
    expect(Object.keys(stampingEn).sort()).toEqual(['stamping', 'verify']);
  });

  it('have the same keys and placeholders in en and id, none empty, none in the main files', () => {
    expectWellFormed(EN, ID, ['stamping', 'verify']);
  });

  it('keep the texts the spec quotes exactly, in both languages', () => {
    for (const T of [EN, ID]) {
      expect(T['stamping.download.failed']).toBe(
        'Terjadi kesalahan, mohon coba beberapa saat lagi',
      );
      expect(T['stamping.toast.templateAdded']).toBe('Berhasil tambah data Template');
      expect(T['stamping.toast.templateUpdated']).toBe('Berhasil update data Template');
      expect(T['stamping.toast.templateDeleted']).toBe('Berhasil hapus data Template');
    }
  });

  it('translate every value the screens build keys from', () => {
    const dynamic = [
      ...['nostamp', 'stamp', 'canceled'].map((s) => `stamping.status.${s}`),
      ...['draft', 'signing', 'signed', 'stamping', 'stamped', 'failed'].map(
        (s) => `stamping.signingStatus.${s}`,
      ),
      ...['all', 'stamp', 'nostamp', 'canceled'].map((s) => `stamping.filter.${s}`),
      ...['type', 'size', 'empty'].map((s) => `stamping.upload.problem.${s}`),
      ...['emeterai', 'esign', 'timestamp'].map((s) => `verify.kind.${s}`),
      ...['none', 'allowed', 'disallowed'].map((s) => `verify.modifiedAfter.${s}`),
      'stamping.templateType.dokumen',
      'stamping.templateType.berharga',
      'stamping.placement.summary',
    ];
    for (const key of dynamic) expect(EN[key], key).toBeTypeOf('string');
  });

  it('translate every stamping.* and verify.* key the source uses', () => {
    const used = keysUsedInSource(/\bt\(\s*'((?:stamping|verify)\.[\w.-]+)'/g);
    expect(used.size).toBeGreaterThan(100);
    for (const key of used) expect(EN[key], key).toBeTypeOf('string');
  });
});
