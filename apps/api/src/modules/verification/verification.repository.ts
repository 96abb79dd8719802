import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { serialNumbers } from '../../db/schema.ts';

/** Which of `serials` were stamped here. */
export const knownSerials = async (db: TDb, serials: string[]) =>
  serials.length
    ? db
        .select({ serial: serialNumbers.serial })
        .from(serialNumbers)
        .where(and(inArray(serialNumbers.serial, serials), eq(serialNumbers.status, 'stamped')))
    : [];
