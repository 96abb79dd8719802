import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

type THeaderIconButtonProps = Pick<ActionIconProps, 'visibleFrom'> & {
  /** The tooltip and the accessible name. */
  label: string;
  onClick: () => void;
  testId: string;
  expanded?: boolean;
  children: ReactNode;
};

/** A round icon button of the app header, named by its tooltip. */
export const HeaderIconButton = ({
  label,
  onClick,
  testId,
  expanded,
  children,
  ...props
}: THeaderIconButtonProps) => (
  <Tooltip label={label}>
    <ActionIcon
      variant="subtle"
      color="secondary"
      size={36}
      {...props}
      onClick={onClick}
      aria-label={label}
      aria-expanded={expanded}
      data-testid={testId}
    >
      {children}
    </ActionIcon>
  </Tooltip>
);
