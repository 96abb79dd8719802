import { z } from 'zod';

/** Every error the API returns has this shape (design §3). */
export const ZApiError = z.object({
  message: z.string(),
  errors: z
    .object({
      status: z.string(),
      requestId: z.string().optional(),
    })
    .catchall(z.unknown()),
});
export type TApiError = z.infer<typeof ZApiError>;

/** Machine-readable error codes carried in `errors.status`. */
export const ERROR_CODES = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type TErrorCode = keyof typeof ERROR_CODES;

/** Success envelope: `{ message, data }`. */
export const ZEnvelope = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });

export const ZPageMeta = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  /** A search counted `total` matches and stopped there: there are more (`total` + 1 at least). */
  capped: z.boolean().optional(),
});
export type TPageMeta = z.infer<typeof ZPageMeta>;

/** Lists that the spec reads as `data.data`. */
export const ZPaged = <T extends z.ZodType>(item: T) =>
  ZEnvelope(z.object({ data: z.array(item), meta: ZPageMeta }));

/** The largest value of a PostgreSQL `integer` (int4) column: no id can be above it. */
export const PG_INT_MAX = 2_147_483_647;

/**
 * A record id in a path, a query or a multipart text field, which all arrive as text: a whole
 * number from 1 to `PG_INT_MAX`. Every id the API takes uses it or `ZBodyId`, so an id out of
 * range is a 400 and never reaches the database.
 */
export const ZDbId = z.coerce.number().int().positive().max(PG_INT_MAX);

/**
 * A record id in a JSON body: a JSON number (`"5"` and `true` are a 400, not id 5 or 1), a
 * whole number from 1 to `PG_INT_MAX`.
 */
export const ZBodyId = z.number().int().positive().max(PG_INT_MAX);

/** `{ id }` path parameters. */
export const ZDbIdParams = z.object({ id: ZDbId });

/** `{ userId }` path parameters (lists of one user's records). */
export const ZUserIdParams = z.object({ userId: ZDbId });

/** A calendar date YYYY-MM-DD that exists (2026-13-45 and 2026-02-29 are refused). */
export const ZIsoDate = z.iso.date();

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(PG_INT_MAX).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().max(200).optional(),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const ZSortOrder = z.enum(['asc', 'desc']);
export type TSortOrder = z.infer<typeof ZSortOrder>;

/**
 * Server-side sorting of a paged list: `sort` is one of the list's keys (anything else is a 400);
 * without it the list keeps its default order. `order` only applies together with `sort`.
 */
export const ZSortQuery = <const K extends string>(keys: readonly [K, ...K[]]) =>
  z.object({ sort: z.enum(keys).optional(), order: ZSortOrder.default('asc') });

/** `ZPageQuery` plus `ZSortQuery(keys)`. */
export const ZPageSortQuery = <const K extends string>(keys: readonly [K, ...K[]]) =>
  ZPageQuery.extend(ZSortQuery(keys).shape);
