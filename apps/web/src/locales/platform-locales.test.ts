import { describe, expect, it } from 'vitest';
import {
  PLAN_FLAG_FIELDS,
  PLAN_NUMBER_FIELDS,
  PLAN_STATUSES,
} from '../features/platform/utils/platform-rules';
import { expectWellFormed, flat, keysUsedInSource, render } from './locale-test-helpers';
import masterEn from './master.en.json';
import masterId from './master.id.json';
import platformEn from './platform.en.json';
import platformId from './platform.id.json';

/** The super's masters (plans catalogue, master status), merged by src/lib/i18n.ts. */
const EN = flat(platformEn);
const ID = flat(platformId);
const MASTER_EN = flat(masterEn);
const MASTER_ID = flat(masterId);

describe('platform locales', () => {
  it('keep their texts under their own top-level key', () => {
    expect(Object.keys(platformEn)).toEqual(['platform']);
    expect(Object.keys(platformId)).toEqual(['platform']);
  });

  it('have the same keys and placeholders in en and id, none empty, none in the main files', () => {
    expectWellFormed(EN, ID, ['platform']);
  });

  it("toast like the API's messages, in both languages", () => {
    for (const [T, M] of [
      [EN, MASTER_EN],
      [ID, MASTER_ID],
    ] as const) {
      expect(render(M['master.toast.update'], { entity: T['platform.entity.plan'] ?? '' })).toBe(
        'Berhasil update data Plan',
      );
      expect(render(M['master.toast.update'], { entity: T['platform.entity.status'] ?? '' })).toBe(
        'Berhasil update data Status',
      );
    }
  });

  it('translate every value the screens build keys from', () => {
    const dynamic = [
      ...PLAN_NUMBER_FIELDS.map((field) => `platform.plan.fields.${field}`),
      ...PLAN_FLAG_FIELDS.map((flag) => `platform.plan.flags.${flag}`),
      ...PLAN_STATUSES.map((status) => `platform.plan.statuses.${status}`),
      ...['threshold_quota_warning', 'max_gauge_personal'].flatMap((group) => [
        `platform.status.groups.${group}`,
        `platform.status.hints.${group}`,
      ]),
      ...['required', 'wholeNumber', 'tooSmall', 'tooLarge', 'tooLong'].map(
        (problem) => `platform.validation.${problem}`,
      ),
    ];
    for (const key of dynamic) expect(EN[key], key).toBeTypeOf('string');
  });

  it('translate every platform.* key the source uses', () => {
    const used = keysUsedInSource(/'(platform\.[\w.-]+)'/g);
    expect(used.size).toBeGreaterThan(20);
    for (const key of used) expect(EN[key], key).toBeTypeOf('string');
  });
});
