import { ActionIcon, Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderControls } from '@/components/document-editor/order-controls';
import { serverMessage } from '@/lib/api-errors';
import type { TDisplayBox } from '@/lib/placement';

export type TPlannedSigner = { key: string; userId: number; name: string; box: TDisplayBox };

type TSignerPlannerProps = {
  options: { value: string; label: string }[];
  optionsPending: boolean;
  canAdd: boolean;
  planned: TPlannedSigner[];
  onAdd: (userId: number, name: string) => void;
  onMove: (index: number, delta: number) => void;
  onRemove: (key: string) => void;
  error: Error | null;
  saving: boolean;
  onSave: () => void;
};

/** A company admin's list of who signs, in order (each gets a box on the viewer). */
export const SignerPlanner = ({
  options,
  optionsPending,
  canAdd,
  planned,
  onAdd,
  onMove,
  onRemove,
  error,
  saving,
  onSave,
}: TSignerPlannerProps) => {
  const { t } = useTranslation();
  const [candidate, setCandidate] = useState<string | null>(null);
  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          style={{ flex: 1 }}
          label={t('stamping.sign.addSigner')}
          placeholder={t('stamping.sign.pickUser')}
          data={options}
          value={candidate}
          onChange={setCandidate}
          searchable
          disabled={optionsPending}
        />
        <ActionIcon
          size="lg"
          variant="light"
          aria-label={t('stamping.sign.addSigner')}
          disabled={!candidate || !canAdd}
          onClick={() => {
            const option = options.find((o) => o.value === candidate);
            if (option) onAdd(Number(option.value), option.label);
            setCandidate(null);
          }}
        >
          <IconUserPlus size={18} />
        </ActionIcon>
      </Group>
      {planned.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('stamping.sign.noSigners')}
        </Text>
      ) : (
        planned.map((signer, index) => (
          <Group key={signer.key} gap="xs" wrap="nowrap" justify="space-between">
            <Text fz="sm" truncate="end" style={{ minWidth: 0 }}>
              {index + 1}. {signer.name}
            </Text>
            <Group gap={2} wrap="nowrap">
              <OrderControls
                index={index}
                count={planned.length}
                onMove={(delta) => onMove(index, delta)}
                onRemove={() => onRemove(signer.key)}
                removeLabel={t('stamping.actions.delete')}
              />
            </Group>
          </Group>
        ))
      )}
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {serverMessage(error, t)}
        </Alert>
      ) : null}
      <Button
        onClick={onSave}
        loading={saving}
        disabled={planned.length === 0}
        data-testid="save-signers"
      >
        {t('stamping.sign.saveSigners')}
      </Button>
    </Stack>
  );
};
