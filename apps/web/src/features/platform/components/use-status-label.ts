import { useTranslation } from 'react-i18next';
import type { TMasterStatus } from '../api/master-status';

/** The configuration values the web knows by name (spec §3); others show their raw group. */
const KNOWN_GROUPS = ['threshold_quota_warning', 'max_gauge_personal'] as const;
type TKnownGroup = (typeof KNOWN_GROUPS)[number];

const isKnownGroup = (group: string): group is TKnownGroup =>
  (KNOWN_GROUPS as readonly string[]).includes(group);

/** A translated name and explanation for a master status entry. */
export const useStatusLabel = () => {
  const { t } = useTranslation();
  return (status: TMasterStatus): { name: string; hint: string } =>
    isKnownGroup(status.status_group)
      ? {
          name: t(`platform.status.groups.${status.status_group}`),
          hint: t(`platform.status.hints.${status.status_group}`),
        }
      : { name: status.status_group, hint: status.description ?? '' };
};
