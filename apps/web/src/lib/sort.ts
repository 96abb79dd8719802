import type { TSortOrder } from '@bubuh/contracts';

/** The sort of a server-sorted list: one of its sort keys and a direction. */
export type TSort<K extends string = string> = { key: K; dir: TSortOrder };

/** A click on a sortable header: another key sorts ascending, then descending, then not at all. */
export const nextSort = <K extends string>(current: TSort<K> | null, key: K): TSort<K> | null => {
  if (current?.key !== key) return { key, dir: 'asc' };
  return current.dir === 'asc' ? { key, dir: 'desc' } : null;
};

/** The `sort` and `order` query parameters of a sort; none keeps the server's default order. */
export const sortParams = <K extends string>(
  sort: TSort<K> | null,
): { sort?: K | undefined; order?: TSortOrder | undefined } =>
  sort ? { sort: sort.key, order: sort.dir } : {};
