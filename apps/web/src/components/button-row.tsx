import { Button, type ButtonProps, Group, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { TColumn } from './data-table';

/** One button of a `ButtonRow`: a click handler, a link (`to`) or a form's submit. */
export type TButtonAction = {
  label: ReactNode;
  /** Before the label. */
  icon?: ReactNode;
  /** After the label (e.g. "next" arrows). */
  rightIcon?: ReactNode;
  onClick?: () => void;
  to?: string;
  type?: 'submit';
  testId?: string;
  variant?: ButtonProps['variant'];
  color?: ButtonProps['color'];
  size?: ButtonProps['size'];
  className?: string;
  loading?: boolean;
  disabled?: boolean;
  /** Leaves the button out (e.g. not in this state). */
  hidden?: boolean;
};

/** A button from its description: a router link when it has `to`. */
export const ActionButton = ({
  label,
  icon,
  rightIcon,
  onClick,
  to,
  type,
  testId,
  ...rest
}: TButtonAction) => {
  const props = { leftSection: icon, rightSection: rightIcon, 'data-testid': testId, ...rest };
  return to === undefined ? (
    <Button type={type ?? 'button'} onClick={onClick} {...props}>
      {label}
    </Button>
  ) : (
    <Button component={Link} to={to} {...props}>
      {label}
    </Button>
  );
};

type TActions = { actions: TButtonAction[] };

/** Buttons from their descriptions, side by side in the parent's layout; hidden ones left out. */
export const ActionButtons = ({ actions }: TActions) =>
  actions
    .filter((action) => !action.hidden)
    .map(({ hidden: _, ...action }, index) => (
      <ActionButton key={action.testId ?? index} {...action} />
    ));

/** A row of buttons (page or card actions) from their descriptions. */
export const ButtonRow = ({ actions, ...group }: TActions & GroupProps) => (
  <Group {...group}>
    <ActionButtons actions={actions} />
  </Group>
);

/** The last column of a list whose row actions are small text buttons (`size` "xs" by default). */
export const buttonsColumn = <T, K extends string = never>(
  actions: (row: T) => TButtonAction[],
): TColumn<T, K> => ({
  key: 'actions',
  header: '',
  render: (row) => (
    <ButtonRow
      gap="xs"
      justify="flex-end"
      actions={actions(row).map((action) => ({ size: 'xs', ...action }))}
    />
  ),
});
