import { ERROR_CODES, ROLES } from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import { flat, itChecksFeatureLocales, render } from './locale-test-helpers';
import masterEn from './master.en.json';
import masterId from './master.id.json';
import quotaEn from './quota.en.json';
import quotaId from './quota.id.json';

/** The organisation and quota texts, kept in their own files and merged by src/lib/i18n.ts. */
describe('master and quota locales', () => {
  itChecksFeatureLocales({
    en: [masterEn, quotaEn],
    id: [masterId, quotaId],
    topLevelKeys: ['master', 'quota'],
    dynamicKeys: [
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
    ],
    sourceKeys: { pattern: /\bt\(\s*'((?:master|quota)\.[\w.-]+)'/g, moreThan: 50 },
  });

  it('keep the success messages of spec §4 exactly, in both languages', () => {
    for (const T of [flat(masterEn, quotaEn), flat(masterId, quotaId)]) {
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
});
