import type PgBoss from 'pg-boss';

/**
 * pg-boss 10 creates a queue (a partition of its job table) without a lock: processes starting
 * together can deadlock on it (seen on PostgreSQL). The loser retries; usually it then finds
 * the queue made by the winner.
 */
export const createQueueRetrying = async (boss: PgBoss, name: string, queue: PgBoss.Queue) => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await boss.createQueue(name, queue);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      if (await boss.getQueue(name)) return;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
};
