/**
 * Node flags of every process that runs the compiled API: `npm start` (scripts/start.mjs), the
 * API's own `start` and `worker` scripts (package.json, written out there) and the benchmarks.
 *
 * `--max-semi-space-size=64`: V8's young generation may grow to semi-spaces of 64 MB (16 MB by
 * default). The API allocates a lot that lives briefly (requests, rows, SQL text, PDF bytes in
 * the worker threads); with larger semi-spaces V8 collects it less often and the GC threads
 * spend less CPU. The young generation grows only under load: an idle server's RSS is the same.
 * Its effect is measured by `npm run bench:api` and `npm run bench:bulk` (docs/performance.md).
 * @type {string[]}
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
