import { INTEGER_STATUS_GROUPS, PLAN_MAX_NUMBER, type TMasterStatus } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createMasterStatusRepository, type TMasterStatusRow } from './master-status.repository.ts';

const toWire = (row: TMasterStatusRow): TMasterStatus => ({
  id: row.id,
  status_group: row.statusGroup,
  status_name: row.statusName,
  description: row.description,
});

/** Configuration values (spec §3): everyone signed in reads them, super edits them. */
export const createMasterStatusService = (deps: { db: TDb }) => {
  const repo = createMasterStatusRepository(deps.db);
  return {
    list: async () => (await repo.list()).map(toWire),

    /** The integer settings (spec §3) must stay readable as whole numbers. */
    update: async (id: number, value: string) => {
      const current = await repo.find(id);
      if (!current) throw AppError.notFound('Status');
      const least = INTEGER_STATUS_GROUPS[current.statusGroup];
      if (least !== undefined) {
        const number = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
        if (!(number >= least && number <= PLAN_MAX_NUMBER)) {
          throw new AppError('VALIDATION_FAILED', `Enter a whole number of at least ${least}`, {
            status_name: 'whole number',
          });
        }
      }
      const row = await repo.setValue(id, least !== undefined ? String(Number(value)) : value);
      if (!row) throw AppError.notFound('Status');
      return toWire(row);
    },
  };
};
