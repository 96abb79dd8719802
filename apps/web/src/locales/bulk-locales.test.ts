import {
  BATCH_ITEM_STATUSES,
  BATCH_PAGE_MODES,
  BATCH_STATUSES,
  LOCKER_FILING_PROBLEMS,
} from '@bubuh/contracts';
import { describe } from 'vitest';
import bulkEn from './bulk.en.json';
import bulkId from './bulk.id.json';
import { itChecksFeatureLocales } from './locale-test-helpers';

/** Bulk stamping texts (merged by src/lib/i18n.ts). */
describe('bulk stamping locales', () => {
  itChecksFeatureLocales({
    en: [bulkEn],
    id: [bulkId],
    topLevelKeys: ['bulk'],
    dynamicKeys: [
      ...BATCH_STATUSES.map((s) => `bulk.status.${s}`),
      ...BATCH_ITEM_STATUSES.map((s) => `bulk.itemStatus.${s}`),
      ...BATCH_PAGE_MODES.map((m) => `bulk.pageMode.${m}`),
      ...LOCKER_FILING_PROBLEMS.map((p) => `bulk.lockerProblem.${p}`),
    ],
    sourceKeys: { pattern: /\bt\(\s*'(bulk\.[\w.-]+)'/g, moreThan: 20 },
  });
});
