import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one session per process and two processes on one folder corrupt it (see
 * docs/design-decisions.md). This lock file makes a second process on the same data folder stop with a clear message.
 */
export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by another Bubuh process (pid ${pid}). ` +
        'Stop that process first, or set DATABASE_URL to use a PostgreSQL server.',
    );
    this.name = 'DataDirLockedError';
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * When a process started (Linux: field 22 of /proc/PID/stat, in clock ticks since boot), or null
 * where that is unknown. With the pid it names one process, even after the pid is reused (a
 * container restarting gives its new server the old pid).
 */
export const processStart = (pid: number): string | null => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
};

/** The lock file's text: `pid` or `pid:start`. */
const ownerOf = (text: string) => {
  const [pid = '', start] = text.trim().split(':');
  return { pid: Number.parseInt(pid, 10), start: start ?? null };
};

/** Whether the process named in a lock file still runs (the same process, not a reused pid). */
const holds = ({ pid, start }: { pid: number; start: string | null }) => {
  if (!Number.isInteger(pid) || pid === process.pid || !isAlive(pid)) return false;
  const now = processStart(pid);
  return start === null || now === null || now === start;
};

export type TDirLock = { release: () => void };

export const acquireDirLock = (dir: string): TDirLock => {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'bubuh.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const start = processStart(process.pid);
      const token = start ? `${process.pid}:${start}` : String(process.pid);
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, token);
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === token) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerOf(fs.readFileSync(file, 'utf8'));
      if (holds(owner)) throw new DataDirLockedError(dir, owner.pid);
      // Stale lock from a process that died (or whose pid now belongs to another): take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
};
