import { ERROR_CODES, ROLES } from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import { expectWellFormed, flat, keysUsedInSource, render } from './locale-test-helpers';
import masterEn from './master.en.json';
import masterId from './master.id.json';
import quotaEn from './quota.en.json';
import quotaId from './quota.id.json';

/** The organisation and quota texts, kept in their own files and merged by src/lib/i18n.ts. */
const EN = flat(masterEn, quotaEn);
const ID = flat(masterId, quotaId);

describe('master and quota locales', () => {
  it('keep their texts under their own top-level keys', () => {
    expect(Object.keys(masterEn)).toEqual(['master']);
    expect(Object.keys(quotaEn)).toEqual(['quota']);
  });

  it('have the same keys and placeholders in en and id, none empty, none in the main files', () => {
    expectWellFormed(EN, ID, ['master', 'quota']);
  });

  it('keep the success messages of spec §4 exactly, in both languages', () => {
    for (const T of [EN, ID]) {
      const entity = (name: string) => T[`master.entity.${name}`] ?? '';
      expect(render(T['master.toast.add'], { entity: entity('esign') })).toBe(
        'Berhasil tambah data Esign',
      );
      expect(render(T['master.toast.add'], { entity: entity('department') })).toBe(
        'Berhasil tambah data Depertemen',
      );
      expect(render(T['master.toast.update'], { entity: entity('user') })).toBe(
        'Berhasil update data User',
      );
      expect(render(T['master.toast.delete'], { entity: entity('department') })).toBe(
        'Berhasil hapus data Depertemen',
      );
      expect([entity('template'), entity('folder')]).toEqual(['Template', 'Folder']);
      expect(T['quota.toast.transfer']).toBe('Berhasil transfer kuota');
      expect(T['quota.toast.return']).toBe('Berhasil return kuota');
    }
  });

  it('translate every value the screens build keys from', () => {
    const dynamic = [
      ...Object.keys(ERROR_CODES).map((code) => `master.apiStatus.${code}`),
      ...ROLES.map((role) => `master.roles.${role}`),
      ...['seed', 'purchase', 'transfer', 'return', 'spend', 'refund', 'adjust'].map(
        (type) => `quota.history.types.${type}`,
      ),
      ...['emeterai', 'esign', 'psre'].map((kind) => `quota.kind.${kind}`),
      ...['emeterai', 'esign', 'psre', 'user'].map((card) => `quota.cards.${card}`),
      ...['company', 'departement', 'user'].map((scope) => `quota.dashboard.scope.${scope}`),
      'master.esign.fileProblem.type',
      'master.esign.fileProblem.size',
      'master.esign.source.drawn',
      'master.esign.source.upload',
    ];
    for (const key of dynamic) expect(EN[key], key).toBeTypeOf('string');
  });

  it('translate every master.* and quota.* key the source uses', () => {
    const used = keysUsedInSource(/\bt\(\s*'((?:master|quota)\.[\w.-]+)'/g);
    expect(used.size).toBeGreaterThan(50);
    for (const key of used) expect(EN[key], key).toBeTypeOf('string');
  });
});
