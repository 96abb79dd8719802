import { BATCH_ITEM_STATUSES, BATCH_PAGE_MODES, BATCH_STATUSES } from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import bulkEn from './bulk.en.json';
import bulkId from './bulk.id.json';
import en from './en.json';
import id from './id.json';
import { flatten, keysUsedInSource, placeholders, type TTree } from './locale-test-helpers';

/** Bulk stamping texts (merged by src/lib/i18n.ts). */
const EN = flatten(bulkEn as TTree);
const ID = flatten(bulkId as TTree);

describe('bulk stamping locales', () => {
  it('have the same keys in en and id, under their own top-level key', () => {
    expect(Object.keys(ID).sort()).toEqual(Object.keys(EN).sort());
    expect(Object.keys(bulkEn)).toEqual(['bulk']);
    expect(Object.keys(en)).not.toContain('bulk');
    expect(Object.keys(id)).not.toContain('bulk');
  });

  it('have no empty texts and the same placeholders in both languages', () => {
    for (const key of Object.keys(EN)) {
      expect(EN[key]?.trim(), `en ${key}`).not.toBe('');
      expect(ID[key]?.trim(), `id ${key}`).not.toBe('');
      expect(placeholders(ID[key] ?? ''), key).toEqual(placeholders(EN[key] ?? ''));
    }
  });

  it('name every status and page mode of the contracts, and every key the source uses', () => {
    for (const s of BATCH_STATUSES) expect(EN[`bulk.status.${s}`], s).toBeTypeOf('string');
    for (const s of BATCH_ITEM_STATUSES) expect(EN[`bulk.itemStatus.${s}`], s).toBeTypeOf('string');
    for (const m of BATCH_PAGE_MODES) expect(EN[`bulk.pageMode.${m}`], m).toBeTypeOf('string');
    const used = keysUsedInSource(/\bt\(\s*'(bulk\.[\w.-]+)'/g);
    expect(used.size).toBeGreaterThan(20);
    for (const key of used) expect(EN[key], key).toBeTypeOf('string');
  });
});
