import { isMenuGroup, menuFor, ROLES, ROUTE_LIST, USER_TYPES } from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import id from './id.json';

type TTree = { [key: string]: string | TTree };

const flatten = (tree: TTree, prefix = ''): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>((acc, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') acc[path] = value;
    else Object.assign(acc, flatten(value, path));
    return acc;
  }, {});

const EN = flatten(en as TTree);
const ID = flatten(id as TTree);
const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const allMenuTitles = () => {
  const titles = new Set<string>();
  const plans = [
    undefined,
    { is_esign: true, is_childUser: true },
    { is_esign: true, is_parent: true },
  ];
  for (const role of ROLES) {
    for (const user_type of USER_TYPES) {
      for (const plan of plans) {
        for (const item of menuFor({ role, user_type, plan })) {
          titles.add(item.title);
          if (isMenuGroup(item)) for (const child of item.children) titles.add(child.title);
        }
      }
    }
  }
  return [...titles];
};

describe('locales', () => {
  it('en and id have exactly the same keys', () => {
    const enKeys = Object.keys(EN).sort();
    const idKeys = Object.keys(ID).sort();
    expect(idKeys.filter((k) => !(k in EN))).toEqual([]);
    expect(enKeys.filter((k) => !(k in ID))).toEqual([]);
    expect(idKeys).toEqual(enKeys);
  });

  it('has no empty texts and the same placeholders in both languages', () => {
    for (const key of Object.keys(EN)) {
      expect(EN[key]?.trim(), `en ${key}`).not.toBe('');
      expect(ID[key]?.trim(), `id ${key}`).not.toBe('');
      expect(placeholders(ID[key] ?? ''), key).toEqual(placeholders(EN[key] ?? ''));
    }
  });

  it('translates every page title of ROUTES', () => {
    for (const route of ROUTE_LIST) {
      expect(EN[route.title], route.title).toBeTypeOf('string');
      expect(ID[route.title], route.title).toBeTypeOf('string');
    }
  });

  it('translates every menu title of every role menu', () => {
    const titles = allMenuTitles();
    expect(titles.length).toBeGreaterThan(10);
    for (const title of titles) {
      expect(EN[title], title).toBeTypeOf('string');
      expect(ID[title], title).toBeTypeOf('string');
    }
  });

  it('keeps the texts the spec quotes exactly, in both languages', () => {
    const exact: Record<string, string> = {
      'connection.checking': 'Checking Status Connection..',
      'connection.good': 'All Good',
      'connection.poor': 'Poor',
      'connection.heavy': 'Heavy Traffic',
      'profile.copySuccess': 'Kode DigiFriend berhasil disalin!',
      'profile.copyFailed': 'Copy to clipboard failed.',
    };
    for (const [key, text] of Object.entries(exact)) {
      expect(EN[key], `en ${key}`).toBe(text);
      expect(ID[key], `id ${key}`).toBe(text);
    }
  });

  it('greets by time of day in both languages', () => {
    expect(EN['dashboard.greeting.morning']).toBe('Good morning, {{name}}');
    expect(ID['dashboard.greeting.morning']).toBe('Selamat pagi, {{name}}');
    expect(ID['dashboard.greeting.afternoon']).toBe('Selamat siang, {{name}}');
    expect(ID['dashboard.greeting.evening']).toBe('Selamat malam, {{name}}');
  });
});
