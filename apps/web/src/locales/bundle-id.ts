import base from './id.json';

/** Every Indonesian text: `id.json`, then the feature files `*.id.json` (merged by lib/i18n.ts). */
export default [
  base,
  ...Object.values(import.meta.glob('./*.id.json', { eager: true, import: 'default' })),
] as Record<string, unknown>[];
