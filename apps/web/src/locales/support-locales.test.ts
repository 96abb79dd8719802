import { TICKET_CATEGORIES, TICKET_LEVELS, TICKET_STATUSES } from '@bubuh/contracts';
import { describe } from 'vitest';
import { itChecksFeatureLocales } from './locale-test-helpers';
import supportEn from './support.en.json';
import supportId from './support.id.json';

/** Support (tickets, FAQ, knowledge base) and notifications, merged by src/lib/i18n.ts. */
describe('support locales', () => {
  itChecksFeatureLocales({
    en: [supportEn],
    id: [supportId],
    topLevelKeys: ['support'],
    dynamicKeys: [
      ...TICKET_STATUSES.map((s) => `support.status.${s.replace(' ', '')}`),
      ...TICKET_LEVELS.map((l) => `support.level.${l}`),
      ...TICKET_CATEGORIES.map((c) => `support.category.${c}`),
    ],
    sourceKeys: { pattern: /'(support\.[\w.-]+)'/g, moreThan: 40 },
  });
});
