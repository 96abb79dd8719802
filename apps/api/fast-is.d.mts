/** fast-is.mjs: drizzle-orm's `is` as `instanceof` (bundled in its place by build.mjs). */
export declare function fastIs(
  value: unknown,
  type: abstract new (...args: never[]) => unknown,
): boolean;
