import base from './en.json';

/** Every English text: `en.json`, then the feature files `*.en.json` (merged by lib/i18n.ts). */
export default [
  base,
  ...Object.values(import.meta.glob('./*.en.json', { eager: true, import: 'default' })),
] as Record<string, unknown>[];
