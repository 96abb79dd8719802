import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type TDetailRowProps = {
  label: string;
  /** A text (shown on the right, truncated) or an element shown as it is (e.g. a badge). */
  value: ReactNode;
  testId?: string;
  /** The smaller label and narrower value of a menu. */
  dense?: boolean | undefined;
};

/** One "label … value" line of a details list. */
export const DetailRow = ({ label, value, testId, dense = false }: TDetailRowProps) => (
  <Group justify="space-between" gap="xs" wrap="nowrap">
    <Text fz={dense ? 'xs' : 'sm'} c="dimmed">
      {label}
    </Text>
    {typeof value === 'string' ? (
      <Text fz="sm" fw={500} ta="right" truncate="end" maw={dense ? 180 : 200} data-testid={testId}>
        {value}
      </Text>
    ) : (
      value
    )}
  </Group>
);

type TOrganisationRowsProps = {
  who: { company_name: string | null; departement_name: string | null; role: string };
  /** The test ids of the company, department and role values. */
  testIds: [company: string, department: string, role: string];
  dense?: boolean | undefined;
};

/** Where a user belongs: company, department and role ("Not set" where there is none). */
export const OrganisationRows = ({ who, testIds, dense }: TOrganisationRowsProps) => {
  const { t } = useTranslation();
  const [company, department, role] = testIds;
  return (
    <>
      <DetailRow
        label={t('profile.company')}
        value={who.company_name ?? t('profile.notSet')}
        testId={company}
        dense={dense}
      />
      <DetailRow
        label={t('profile.department')}
        value={who.departement_name ?? t('profile.notSet')}
        testId={department}
        dense={dense}
      />
      <DetailRow
        label={t('profile.role')}
        value={t(`profile.roles.${who.role}`)}
        testId={role}
        dense={dense}
      />
    </>
  );
};
