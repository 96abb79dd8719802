import { TICKET_CATEGORIES, TICKET_LEVELS, TICKET_STATUSES } from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import id from './id.json';
import { flatten, keysUsedInSource, placeholders, type TTree } from './locale-test-helpers';
import supportEn from './support.en.json';
import supportId from './support.id.json';

/** Support (tickets, FAQ, knowledge base) and notifications, merged by src/lib/i18n.ts. */
const EN = flatten(supportEn as TTree);
const ID = flatten(supportId as TTree);

describe('support locales', () => {
  it('have exactly the same keys in en and id, under their own top-level key', () => {
    expect(Object.keys(ID).sort()).toEqual(Object.keys(EN).sort());
    expect(Object.keys(supportEn)).toEqual(['support']);
    expect(Object.keys(en)).not.toContain('support');
    expect(Object.keys(id)).not.toContain('support');
  });

  it('have no empty texts and the same placeholders in both languages', () => {
    for (const key of Object.keys(EN)) {
      expect(ID[key]?.trim(), `id ${key}`).not.toBe('');
      expect(placeholders(ID[key] ?? ''), key).toEqual(placeholders(EN[key] ?? ''));
    }
  });

  it('translate every status, level and category of the contracts', () => {
    const dynamic = [
      ...TICKET_STATUSES.map((s) => `support.status.${s.replace(' ', '')}`),
      ...TICKET_LEVELS.map((l) => `support.level.${l}`),
      ...TICKET_CATEGORIES.map((c) => `support.category.${c}`),
    ];
    for (const key of dynamic) expect(EN[key], key).toBeTypeOf('string');
  });

  it('translate every support.* key the source uses', () => {
    const used = keysUsedInSource(/'(support\.[\w.-]+)'/g);
    expect(used.size).toBeGreaterThan(40);
    for (const key of used) expect(EN[key], key).toBeTypeOf('string');
  });
});
