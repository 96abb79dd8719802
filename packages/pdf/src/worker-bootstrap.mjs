// Worker-thread bootstrap: this package is TypeScript source, so register tsx in the worker
// before loading the task module. Used by `runIsolated` and usable as a piscina `filename`.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runPdfTask } = await import('./worker.ts');

const oneShot = workerData && typeof workerData === 'object' ? workerData.bubuhPdfTask : undefined;
if (parentPort && oneShot) {
  // one-shot mode (runIsolated): run the task given in workerData and post the result
  parentPort.postMessage(await runPdfTask(oneShot));
}

export default runPdfTask;
