import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import id from './id.json';
import stampingEn from './stamping.en.json';
import stampingId from './stamping.id.json';

/** The stamping, signing, template and verification texts (merged by src/lib/i18n.ts). */
type TTree = { [key: string]: string | TTree };

const flatten = (tree: TTree, prefix = ''): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>((acc, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') acc[path] = value;
    else Object.assign(acc, flatten(value, path));
    return acc;
  }, {});

const EN = flatten(stampingEn as TTree);
const ID = flatten(stampingId as TTree);
const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const srcDir = fileURLToPath(new URL('..', import.meta.url));
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });

describe('stamping locales', () => {
  it('have exactly the same keys in en and id, under their own top-level keys', () => {
    expect(Object.keys(ID).sort()).toEqual(Object.keys(EN).sort());
    expect(Object.keys(stampingEn).sort()).toEqual(['stamping', 'verify']);
    for (const key of ['stamping', 'verify']) {
      expect(Object.keys(en)).not.toContain(key);
      expect(Object.keys(id)).not.toContain(key);
    }
  });

  it('have no empty texts and the same placeholders in both languages', () => {
    for (const key of Object.keys(EN)) {
      expect(EN[key]?.trim(), `en ${key}`).not.toBe('');
      expect(ID[key]?.trim(), `id ${key}`).not.toBe('');
      expect(placeholders(ID[key] ?? ''), key).toEqual(placeholders(EN[key] ?? ''));
    }
  });

  it('keep the texts the spec quotes exactly, in both languages', () => {
    for (const T of [EN, ID]) {
      expect(T['stamping.download.failed']).toBe(
        'Terjadi kesalahan, mohon coba beberapa saat lagi',
      );
      expect(T['stamping.toast.templateAdded']).toBe('Berhasil tambah data Template');
      expect(T['stamping.toast.templateUpdated']).toBe('Berhasil update data Template');
      expect(T['stamping.toast.templateDeleted']).toBe('Berhasil hapus data Template');
    }
  });

  it('translate every value the screens build keys from', () => {
    const dynamic = [
      ...['nostamp', 'stamp', 'canceled'].map((s) => `stamping.status.${s}`),
      ...['draft', 'signing', 'signed', 'stamping', 'stamped', 'failed'].map(
        (s) => `stamping.signingStatus.${s}`,
      ),
      ...['all', 'stamp', 'nostamp', 'canceled'].map((s) => `stamping.filter.${s}`),
      ...['type', 'size', 'empty'].map((s) => `stamping.upload.problem.${s}`),
      ...['emeterai', 'esign', 'timestamp'].map((s) => `verify.kind.${s}`),
      ...['none', 'allowed', 'disallowed'].map((s) => `verify.modifiedAfter.${s}`),
      'stamping.templateType.dokumen',
      'stamping.templateType.berharga',
      'stamping.placement.summary',
    ];
    for (const key of dynamic) expect(EN[key], key).toBeTypeOf('string');
  });

  it('translate every stamping.* and verify.* key the source uses', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'((?:stamping|verify)\.[\w.-]+)'/g)) {
        if (match[1]) used.add(match[1]);
      }
    }
    expect(used.size).toBeGreaterThan(100);
    for (const key of used) expect(EN[key], key).toBeTypeOf('string');
  });
});
