import { describe, expect, it } from 'vitest';
import { SETTING_LIST_KEYS } from '../features/platform/components/setting-list-page';
import {
  PLAN_FLAG_FIELDS,
  PLAN_NUMBER_FIELDS,
  PLAN_STATUSES,
} from '../features/platform/utils/platform-rules';
import { flat, itChecksFeatureLocales, render } from './locale-test-helpers';
import masterEn from './master.en.json';
import masterId from './master.id.json';
import platformEn from './platform.en.json';
import platformId from './platform.id.json';

/** The super's masters (plans catalogue, master status), merged by src/lib/i18n.ts. */
describe('platform locales', () => {
  itChecksFeatureLocales({
    en: [platformEn],
    id: [platformId],
    topLevelKeys: ['platform'],
    dynamicKeys: [
      ...PLAN_NUMBER_FIELDS.map((field) => `platform.plan.fields.${field}`),
      ...PLAN_FLAG_FIELDS.map((flag) => `platform.plan.flags.${flag}`),
      ...PLAN_STATUSES.map((status) => `platform.plan.statuses.${status}`),
      ...['threshold_quota_warning', 'max_gauge_personal'].flatMap((group) => [
        `platform.status.groups.${group}`,
        `platform.status.hints.${group}`,
      ]),
      ...['plan', 'status'].flatMap((list) =>
        SETTING_LIST_KEYS.map((key) => `platform.${list}.${key}`),
      ),
      ...['required', 'wholeNumber', 'percent', 'tooSmall', 'tooLarge', 'tooLong'].map(
        (problem) => `platform.validation.${problem}`,
      ),
    ],
    sourceKeys: { pattern: /'(platform\.[\w.-]+)'/g, moreThan: 20 },
  });

  it("toast like the API's messages, in both languages", () => {
    for (const [T, M] of [
      [flat(platformEn), flat(masterEn)],
      [flat(platformId), flat(masterId)],
    ] as const) {
      expect(render(M['master.toast.update'], { entity: T['platform.entity.plan'] ?? '' })).toBe(
        'Berhasil update data Plan',
      );
      expect(render(M['master.toast.update'], { entity: T['platform.entity.status'] ?? '' })).toBe(
        'Berhasil update data Status',
      );
    }
  });
});
