import { ActionIcon } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type TOrderControlsProps = {
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  removeLabel: string;
  removeTestId?: string;
};

/** Up, down and remove for one entry of an ordered list (signers, e-signature boxes). */
export const OrderControls = ({
  index,
  count,
  onMove,
  onRemove,
  removeLabel,
  removeTestId,
}: TOrderControlsProps) => {
  const { t } = useTranslation();
  return (
    <>
      <ActionIcon
        variant="subtle"
        aria-label={t('stamping.sign.moveUp')}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={t('stamping.sign.moveDown')}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={removeLabel}
        onClick={onRemove}
        {...(removeTestId ? { 'data-testid': removeTestId } : {})}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </>
  );
};
