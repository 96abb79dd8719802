import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type TDepartementSelectProps = Omit<SelectProps, 'data'> & {
  departements: readonly { departement_id: number; name: string }[];
  /** Where the texts are: `<textKey>.department`, `.departmentPlaceholder`, `.noDepartments`. */
  textKey: 'master.user' | 'quota.transfer';
  testId: string;
};

/** The required, searchable pick of one of the company's departments (takes `form.getInputProps`). */
export const DepartementSelect = ({
  departements,
  textKey,
  testId,
  ...props
}: TDepartementSelectProps) => {
  const { t } = useTranslation();
  return (
    <Select
      label={t(`${textKey}.department`)}
      placeholder={t(`${textKey}.departmentPlaceholder`)}
      data={departements.map((d) => ({ value: String(d.departement_id), label: d.name }))}
      searchable
      withAsterisk
      nothingFoundMessage={t(`${textKey}.noDepartments`)}
      data-testid={testId}
      {...props}
    />
  );
};
