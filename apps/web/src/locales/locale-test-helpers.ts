import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import en from './en.json';
import id from './id.json';

/** Shared by the locale tests: flattening, placeholders and the keys the source uses. */
export type TTree = { [key: string]: string | TTree };

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`. */
export const flatten = (tree: TTree, prefix = ''): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>((acc, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') acc[path] = value;
    else Object.assign(acc, flatten(value, path));
    return acc;
  }, {});

/** The flat texts of one locale file (or several merged), e.g. `flat(masterEn, quotaEn)`. */
export const flat = (...trees: object[]): Record<string, string> =>
  flatten(Object.assign({}, ...trees) as TTree);

/** The `{{name}}` placeholders of a text, sorted. */
export const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

/** A text with its placeholders filled, as i18next renders it. */
export const render = (text: string | undefined, values: Record<string, string>) =>
  (text ?? '').replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? '');

const SRC = fileURLToPath(new URL('..', import.meta.url));
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });

/** Every key the web's source names in a `pattern` whose first group is the key. */
export const keysUsedInSource = (pattern: RegExp): Set<string> => {
  const used = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      if (match[1]) used.add(match[1]);
    }
  }
  return used;
};

/** en and id have the same keys, no empty text, and the same placeholders in both languages. */
const expectMatchingLanguages = (EN: Record<string, string>, ID: Record<string, string>) => {
  expect(Object.keys(ID).sort()).toEqual(Object.keys(EN).sort());
  for (const key of Object.keys(EN)) {
    expect(EN[key]?.trim(), `en ${key}`).not.toBe('');
    expect(ID[key]?.trim(), `id ${key}`).not.toBe('');
    expect(placeholders(ID[key] ?? ''), key).toEqual(placeholders(EN[key] ?? ''));
  }
};

/** A feature file's top-level keys stay out of the main en/id files (src/lib/i18n.ts merges them). */
const expectNotInMainFiles = (keys: readonly string[]) => {
  for (const key of keys) {
    expect(Object.keys(en)).not.toContain(key);
    expect(Object.keys(id)).not.toContain(key);
  }
};

/**
 * A feature's locale files: the same keys, no empty text and the same placeholders in en and id,
 * and their top-level keys kept out of the main files.
 */
export const expectWellFormed = (
  EN: Record<string, string>,
  ID: Record<string, string>,
  topLevelKeys: readonly string[],
) => {
  expectMatchingLanguages(EN, ID);
  expectNotInMainFiles(topLevelKeys);
};
