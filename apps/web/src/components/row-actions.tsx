import { ActionIcon, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { TColumn } from './data-table';

export type TRowAction = {
  /** Tooltip text; the button's accessible name is this label followed by the row's name. */
  label: string;
  icon: ReactNode;
  /** A click handler, or `to` for a link. */
  onClick?: () => void;
  to?: string;
  testId: string;
  color?: string;
  loading?: boolean;
  disabled?: boolean;
  /** Leaves the action out (e.g. the user may not do it). */
  hidden?: boolean;
  /** The button's whole accessible name, when "label + row name" does not read well. */
  ariaLabel?: string;
};

/**
 * A row action from its label, icon, what it does (a click handler, or a path for a link) and
 * test id; `more` adds the rest (colour, hidden, loading…).
 */
export const rowAction = (
  label: string,
  icon: ReactNode,
  run: (() => void) | string,
  testId: string,
  more: Partial<TRowAction> = {},
): TRowAction => ({
  label,
  icon,
  ...(typeof run === 'string' ? { to: run } : { onClick: run }),
  testId,
  ...more,
});

/** A row's `name` (the default name of its buttons). */
const nameOf = (row: unknown): string => {
  if (typeof row !== 'object' || row === null || !('name' in row)) return '';
  return typeof row.name === 'string' ? row.name : '';
};

const actionButton = (action: TRowAction, name: string | undefined) => {
  const props = {
    variant: 'subtle',
    color: action.color,
    'aria-label':
      action.ariaLabel ?? (name === undefined ? action.label : `${action.label} ${name}`),
    loading: action.loading,
    disabled: action.disabled,
    'data-testid': action.testId,
  } as const;
  return action.to === undefined ? (
    <ActionIcon {...props} onClick={action.onClick}>
      {action.icon}
    </ActionIcon>
  ) : (
    <ActionIcon {...props} component={Link} to={action.to}>
      {action.icon}
    </ActionIcon>
  );
};

/** The icon buttons at the end of a list row (edit, delete, download…), each with a tooltip. */
export const RowActions = ({
  actions,
  name,
  children,
}: {
  actions: TRowAction[];
  /** The row's name, appended to each button's accessible name. */
  name?: string;
  /** Anything else at the end (e.g. a "more" menu). */
  children?: ReactNode;
}) => (
  <Group gap={4} justify="flex-end" wrap="nowrap">
    {actions
      .filter((action) => !action.hidden)
      .map((action) => (
        <Tooltip key={action.testId} label={action.label}>
          {actionButton(action, name)}
        </Tooltip>
      ))}
    {children}
  </Group>
);

/** The last column of a list: row actions under a header only screen readers read. */
export const actionsColumn = <T, K extends string = never>(
  label: string,
  render: (row: T) => ReactNode,
  width: number = 100,
): TColumn<T, K> => ({
  key: 'actions',
  header: <VisuallyHidden>{label}</VisuallyHidden>,
  align: 'right',
  width,
  render,
});

/**
 * The last column of a list: the row's icon buttons (`actions(row)`), each named after the row
 * (`name(row)`); `null` from `actions` leaves the cell empty.
 */
export const rowActionsColumn = <T, K extends string = never>(
  label: string,
  name: (row: T) => string,
  actions: (row: T) => TRowAction[] | null,
  width?: number,
): TColumn<T, K> =>
  actionsColumn(
    label,
    (row) => {
      const list = actions(row);
      return list === null ? null : <RowActions name={name(row)} actions={list} />;
    },
    width,
  );

/**
 * The last column of a list with one icon button a row (open, download…): `action(row)`, or
 * `null` for none; it is named after `name(row)` (the row's `name` when left out).
 */
export const oneActionColumn = <T, K extends string = never>(
  label: string,
  action: (row: T) => TRowAction | null,
  { name, width = 80 }: { name?: (row: T) => string; width?: number } = {},
): TColumn<T, K> =>
  rowActionsColumn(
    label,
    (row) => name?.(row) ?? nameOf(row),
    (row) => {
      const one = action(row);
      return one === null ? null : [one];
    },
    width,
  );

/**
 * The edit and delete buttons of a list row; test ids `<prefix>-edit` and `<prefix>-delete`.
 * `edit` is a click handler, or the editor's path for a link.
 */
export const editDeleteActions = (
  t: TFunction,
  testIdPrefix: string,
  edit: (() => void) | string,
  onDelete: () => void,
): TRowAction[] => [
  rowAction(t('master.actions.edit'), <IconPencil size={18} />, edit, `${testIdPrefix}-edit`),
  rowAction(
    t('master.actions.delete'),
    <IconTrash size={18} />,
    onDelete,
    `${testIdPrefix}-delete`,
    {
      color: 'red',
    },
  ),
];

/**
 * The last column of a list whose rows are edited and deleted (`editDeleteActions` with test ids
 * `<testIdPrefix>-edit` and `-delete`), after the row's `more` actions; rows `manageable` says no
 * to get none. The buttons are named after `name(row)` (the row's `name` when left out).
 */
export const editDeleteColumn = <T, K extends string = never>(
  t: TFunction,
  {
    label = t('master.actions.label'),
    testIdPrefix,
    name,
    edit,
    onDelete,
    more = () => [],
    manageable = () => true,
    width,
  }: {
    label?: string;
    testIdPrefix: string;
    /** `edit` is a click handler, or the editor's path for a link. */
    edit: (row: T) => (() => void) | string;
    onDelete: (row: T) => void;
    more?: (row: T) => TRowAction[];
    manageable?: (row: T) => boolean;
    /** Rows without a string `name` must give it. */
    name?: (row: T) => string;
    width?: number;
  },
): TColumn<T, K> =>
  rowActionsColumn(
    label,
    (row) => name?.(row) ?? nameOf(row),
    (row) =>
      manageable(row)
        ? [...more(row), ...editDeleteActions(t, testIdPrefix, edit(row), () => onDelete(row))]
        : null,
    width,
  );

/** The last column of a list whose rows can only be edited: one pencil button per row. */
export const editColumn = <T, K extends string = never>(
  t: TFunction,
  edit: {
    label: string;
    /** The button's whole accessible name for the row (e.g. "Edit plan Basic"). */
    ariaLabel: (row: T) => string;
    onEdit: (row: T) => void;
    testId: string;
  },
): TColumn<T, K> =>
  actionsColumn(
    t('master.actions.label'),
    (row) => (
      <RowActions
        actions={[
          {
            label: edit.label,
            ariaLabel: edit.ariaLabel(row),
            icon: <IconPencil size={18} />,
            onClick: () => edit.onEdit(row),
            testId: edit.testId,
          },
        ]}
      />
    ),
    64,
  );
