import { type AnyPgColumn, integer, serial, timestamp } from 'drizzle-orm/pg-core';

/** A `timestamp with time zone` column: every time in the schema is one. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** A time the database sets when the row is written (`not null default now()`). */
export const atNow = (name: string) => at(name).notNull().defaultNow();

/** `id serial primary key`, the key of most tables. */
export const serialId = () => serial('id').primaryKey();

/** created_at / updated_at, on every table that is changed after it is written. */
export const timestamps = {
  createdAt: atNow('created_at'),
  updatedAt: atNow('updated_at'),
};

/** An integer foreign key to `target`; without `onDelete` the database's default (no action). */
export const ref = (
  name: string,
  target: () => AnyPgColumn,
  onDelete?: 'cascade' | 'restrict' | 'set null',
) => integer(name).references(target, onDelete ? { onDelete } : {});

/** A count kept on its row (`integer not null default 0`), moved by the writes that change it. */
export const counter = (name: string) => integer(name).notNull().default(0);
