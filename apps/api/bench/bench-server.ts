import { type ChildProcess, spawn } from 'node:child_process';
import { REPO_ROOT } from '../src/config/env.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the server (`args` after node, from the repository root) with `env` over this process's
 * environment, and waits until `${base}/api/health` answers (5 minutes at most).
 */
export const startBenchServer = async (
  args: string[],
  base: string,
  env: Record<string, string>,
): Promise<ChildProcess> => {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {}
    if (child.exitCode !== null) break;
    await sleep(500);
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
};

export const stopBenchServer = async (child: ChildProcess) => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};
