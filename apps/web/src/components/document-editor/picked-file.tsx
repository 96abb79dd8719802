import { Button, Group, Text } from '@mantine/core';
import { IconFileTypePdf, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The PDF picked for a template screen: its name and a button to pick another. */
export const PickedFile = ({ name, onRemove }: { name: string; onRemove: () => void }) => {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <IconFileTypePdf size={18} />
        <Text fz="sm" truncate="end">
          {name}
        </Text>
      </Group>
      <Button variant="subtle" size="xs" leftSection={<IconX size={14} />} onClick={onRemove}>
        {t('stamping.templates.removeSample')}
      </Button>
    </Group>
  );
};
