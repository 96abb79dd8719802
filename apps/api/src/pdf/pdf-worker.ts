/**
 * The PDF worker thread's entry in the compiled server (`dist/pdf-worker.js`, see build.mjs):
 * piscina calls the default export. From TypeScript source the package's own
 * `worker-bootstrap.mjs` (which registers tsx) is used instead.
 */
import { runPdfTask } from '@bubuh/pdf/worker';

export default runPdfTask;
