import { checkConfigValue, configRuleOf, type TMasterStatus } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './master-status.repository.ts';

const toWire = (row: repo.TMasterStatusRow): TMasterStatus => ({
  id: row.id,
  status_group: row.statusGroup,
  status_name: row.statusName,
  description: row.description,
});

/** Configuration values (spec §3): everyone signed in reads them, super edits them. */
export const createMasterStatusService = (deps: { db: TDb }) => {
  const { db } = deps;
  return {
    list: async () => (await repo.list(db)).map(toWire),

    /**
     * A known group's value must follow its rule (`CONFIG_VALUE_RULES` of the contracts): a 400
     * names the range, and the value is stored in its plain form ("007" → "7"). Other groups
     * take any short text.
     */
    update: async (id: number, value: string) => {
      const current = await repo.find(db, id);
      if (!current) throw AppError.notFound('Status');
      const rule = configRuleOf(current.statusGroup);
      let stored = value;
      if (rule) {
        const checked = checkConfigValue(rule, value);
        if (!checked.ok) {
          const isWhole = rule.kind === 'integer';
          const message = isWhole
            ? `Enter a whole number from ${rule.min} to ${rule.max}`
            : `Enter a percentage from ${rule.min} to ${rule.max}, with at most 2 decimals`;
          throw new AppError('VALIDATION_FAILED', message, {
            status_name: isWhole
              ? `whole number ${rule.min}..${rule.max}`
              : `percentage ${rule.min}..${rule.max}, at most 2 decimals`,
          });
        }
        stored = checked.text;
      }
      const row = await repo.setValue(db, id, stored);
      if (!row) throw AppError.notFound('Status');
      return toWire(row);
    },
  };
};
