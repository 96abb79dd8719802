import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
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

/** Every key of `keys` has an English text. */
export const expectKeysDefined = (EN: Record<string, string>, keys: Iterable<string>) => {
  for (const key of keys) expect(EN[key], key).toBeTypeOf('string');
};

/** The keys the source names (`pattern`, see keysUsedInSource) are more than `atLeast`, all with a text. */
export const expectSourceKeysDefined = (
  EN: Record<string, string>,
  pattern: RegExp,
  atLeast: number,
) => {
  const used = keysUsedInSource(pattern);
  expect(used.size).toBeGreaterThan(atLeast);
  expectKeysDefined(EN, used);
};

/** What a feature's locale files must hold (see itChecksFeatureLocales). */
export type TFeatureLocales = {
  /** The feature's en and id files, each possibly several merged. */
  en: readonly object[];
  id: readonly object[];
  /** Their top-level keys, e.g. `['stamping', 'verify']`. */
  topLevelKeys: readonly string[];
  /** The keys the screens build from values (statuses, kinds...). */
  dynamicKeys: readonly string[];
  /** The keys the source names: a pattern whose first group is the key, and how many at least. */
  sourceKeys: { pattern: RegExp; moreThan: number };
};

/**
 * The checks every feature's locale files share, as `it` blocks of the caller's `describe`:
 * their own top-level keys, well formed in both languages, and every key the screens use defined.
 */
export const itChecksFeatureLocales = (spec: TFeatureLocales) => {
  const EN = flat(...spec.en);
  const ID = flat(...spec.id);
  const top = [...spec.topLevelKeys].sort();

  it('keep their texts under their own top-level keys', () => {
    expect(Object.keys(Object.assign({}, ...spec.en)).sort()).toEqual(top);
    expect(Object.keys(Object.assign({}, ...spec.id)).sort()).toEqual(top);
  });

  it('have the same keys and placeholders in en and id, none empty, none in the main files', () => {
    expectWellFormed(EN, ID, spec.topLevelKeys);
  });

  it('translate every value the screens build keys from', () => {
    expectKeysDefined(EN, spec.dynamicKeys);
  });

  it(`translate every ${top.join('.*, ')}.* key the source uses`, () => {
    expectSourceKeysDefined(EN, spec.sourceKeys.pattern, spec.sourceKeys.moreThan);
  });
};
