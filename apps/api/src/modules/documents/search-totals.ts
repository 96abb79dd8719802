import { documentValues, filterShape, type TDocumentFilter } from './documents.repository.ts';

/**
 * A search's capped total (`countListed`) kept per process for the version of the documents its
 * caller sees: the next page of the same search, or the same search asked again, is answered
 * without counting its matches a second time. Exact, not a time-based cache: the key holds the
 * read's ETag (`readState`: caller, session and the version of every document they see, read
 * before the count), so any change to those documents makes a new key. The oldest keys go first
 * past `MAX_KEPT`.
 */
export type TSearchTotal = { total: number; capped: boolean };

const MAX_KEPT = 2_000;

/** The key of a search's total: the read's ETag, the filter's shape and its values. */
export const searchTotalKey = (etag: string, filter: TDocumentFilter) =>
  `${etag}|${filterShape(filter)}|${JSON.stringify(documentValues(filter))}`;

export const createSearchTotals = () => {
  const kept = new Map<string, TSearchTotal>();
  return {
    get: (key: string) => kept.get(key),
    set: (key: string, total: TSearchTotal) => {
      if (kept.size >= MAX_KEPT) {
        const oldest = kept.keys().next();
        if (!oldest.done) kept.delete(oldest.value);
      }
      kept.set(key, total);
    },
  };
};
