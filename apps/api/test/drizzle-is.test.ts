/**
 * The bundle's drizzle `is` (fast-is.mjs, put in place by build.mjs) must answer as drizzle's own:
 * `instanceof` alone is the same answer when one copy of drizzle is installed and no two of its
 * classes share an `entityKind` name. Both conditions are checked here, then the two functions are
 * compared over the app's real tables, columns and statements against every drizzle class.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as orm from 'drizzle-orm';
import { and, type DrizzleEntityClass, entityKind, eq, is, Param, sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/node-postgres';
import * as pgCore from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import * as pglite from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { fastIs } from '../fast-is.mjs';
import { REPO_ROOT } from '../src/config/env.ts';
import * as schema from '../src/db/schema.ts';

type TClass = DrizzleEntityClass<unknown>;

const hasKind = (value: unknown): value is TClass =>
  typeof value === 'function' && Object.hasOwn(value, entityKind);

/** Every drizzle class the API can meet, with the classes kept as statics (`SQL.Aliased`). */
const drizzleClasses = (): TClass[] => {
  const found = new Set<TClass>();
  const visit = (value: unknown) => {
    if (!hasKind(value) || found.has(value)) return;
    found.add(value);
    for (const key of Object.getOwnPropertyNames(value)) {
      if (key === 'prototype') continue;
      const member: unknown = Reflect.get(value, key);
      visit(member);
    }
  };
  for (const module of [orm, pgCore, pg, pglite])
    for (const value of Object.values(module)) visit(value);
  return [...found];
};

/** Folders under node_modules that hold a drizzle-orm package. */
const drizzleCopies = (dir: string, depth = 0): string[] => {
  if (depth > 6 || !fs.existsSync(dir)) return [];
  const copies: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const full = path.join(dir, entry.name);
    if (entry.name === 'drizzle-orm' && fs.existsSync(path.join(full, 'entity.js')))
      copies.push(full);
    else if (entry.name.startsWith('@') || entry.name === 'node_modules')
      copies.push(...drizzleCopies(full, depth + 1));
    else if (fs.existsSync(path.join(full, 'node_modules')))
      copies.push(...drizzleCopies(path.join(full, 'node_modules'), depth + 1));
  }
  return copies;
};

describe("the bundle's drizzle is()", () => {
  it('is bundled from the one installed copy of drizzle-orm', () => {
    const roots = ['node_modules', 'apps/api/node_modules', 'packages/pdf/node_modules'];
    const copies = roots.flatMap((root) => drizzleCopies(path.join(REPO_ROOT, root)));
    expect(copies.map((copy) => path.relative(REPO_ROOT, copy))).toEqual([
      'node_modules/drizzle-orm',
    ]);
  });

  it('sees no two drizzle classes with the same entityKind', () => {
    const classes = drizzleClasses();
    expect(classes.length).toBeGreaterThan(100);
    const byKind = new Map<string, TClass[]>();
    for (const type of classes) {
      const kind = Reflect.get(type, entityKind) as string;
      byKind.set(kind, [...(byKind.get(kind) ?? []), type]);
    }
    const shared = [...byKind].filter(([, types]) => types.length > 1).map(([kind]) => kind);
    expect(shared).toEqual([]);
  });

  it("answers as drizzle's own over the app's tables, columns and statements", () => {
    const { documents, users } = schema;
    const owner = alias(users, 'owner');
    const tables = Object.values(schema).filter((value) => is(value, orm.Table));
    expect(tables.length).toBeGreaterThan(20);
    const values: unknown[] = [
      ...tables,
      ...tables.flatMap((table) => Object.values(orm.getTableColumns(table as orm.Table))),
      owner,
      owner.email,
      sql`select 1`,
      sql.raw('1'),
      sql.placeholder('id'),
      sql`${documents.id}`.as('id'),
      new Param(1),
      and(eq(documents.id, 1), eq(documents.ownerUserId, sql.placeholder('user'))),
      new pgCore.PgDialect().sqlToQuery(sql`select ${1}`),
      { [entityKind]: 'Table' },
      [],
      'documents',
      1,
      null,
      undefined,
    ];
    const classes = drizzleClasses();
    let agreeing = 0;
    let yes = 0;
    for (const value of values)
      for (const type of classes) {
        const expected = is(value, type);
        expect(fastIs(value, type), `${String(Reflect.get(type, entityKind))}`).toBe(expected);
        agreeing += 1;
        if (expected) yes += 1;
      }
    expect(agreeing).toBe(values.length * classes.length);
    expect(yes).toBeGreaterThan(values.length);
  });
});
