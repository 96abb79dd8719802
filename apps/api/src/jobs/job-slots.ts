/**
 * One pg-boss worker of a queue in this process (it runs one job at a time); `lent` while a job
 * this process inserted active runs in it instead (`job-active.ts`), `waiting` while the worker
 * holds a job it fetched meanwhile.
 */
export type TSlot = {
  id: string;
  running: boolean;
  lent?: Promise<void> | undefined;
  waiting?: boolean;
};

/** A queue's workers in this process and what is owed to them. */
export type TSlots = {
  slots: TSlot[];
  /** Local sends no idle worker was woken for: the next workers to finish fetch again at once. */
  backlog: number;
  /** Where the search for an idle worker starts (round robin). */
  next: number;
};

/** Ids of jobs sent by this process not yet taken here (bounded: others may take them). */
const MAX_LOCAL_IDS = 10_000;

/** Workers after a queue's first poll this many times less often: sends wake them. */
export const SPARE_POLL_FACTOR = 5;

/**
 * Who fetches when, for every queue of one process. pg-boss pauses a worker for its polling
 * interval after each job unless it is notified, and a notification that comes while the
 * worker fetches or works is kept (it then fetches again at once), so:
 * - a send here wakes one idle worker of the queue (round robin), not all of them (the others
 *   would fetch nothing); with none idle, the next worker to finish fetches again (`backlog`);
 * - a job found by polling (sent by another process, or a retry come due) wakes one more idle
 *   worker, and its own worker fetches again when done: more may wait;
 * - only a queue's first worker polls at the queue's interval, the spare ones a few times less.
 */
export const createJobSlots = (notify: (workerId: string) => void) => {
  const localIds = new Set<string>();

  const wakeOne = (queue: TSlots) => {
    const n = queue.slots.length;
    for (let k = 0; k < n; k += 1) {
      const index = (queue.next + k) % n;
      const slot = queue.slots[index];
      if (slot && !slot.running) {
        queue.next = index + 1;
        notify(slot.id);
        return;
      }
    }
    if (n > 0) queue.backlog = Math.min(queue.backlog + 1, MAX_LOCAL_IDS);
  };

  return {
    /** A job about to be sent from this process (before the send: a worker may take it at once). */
    sending: (queue: TSlots, jobId: string) => {
      if (queue.slots.length === 0) return;
      if (localIds.size >= MAX_LOCAL_IDS) localIds.clear();
      localIds.add(jobId);
    },
    /** The job was sent: wake one worker for it. */
    sent: (queue: TSlots) => {
      if (queue.slots.length > 0) wakeOne(queue);
    },
    /** A worker starts a job; returns what `finished` needs. */
    started: (queue: TSlots, slot: TSlot, jobId: string) => {
      slot.running = true;
      const polled = !localIds.delete(jobId);
      if (polled) wakeOne(queue);
      return polled;
    },
    finished: (queue: TSlots, slot: TSlot, polled: boolean) => {
      slot.running = false;
      if (queue.backlog > 0 || polled) {
        if (!polled) queue.backlog -= 1;
        notify(slot.id);
      }
    },
  };
};
