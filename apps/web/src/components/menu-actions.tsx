import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One entry of a row's "more" menu, or a divider between groups of entries. */
export type TMenuEntry =
  | {
      label: ReactNode;
      icon: ReactNode;
      onClick: () => void;
      testId?: string;
      color?: string;
      /** Leaves the entry out (e.g. not allowed in this state). */
      hidden?: boolean;
    }
  | { divider: true; hidden?: boolean };

/** The items of a `Menu.Dropdown` from their descriptions; hidden ones are left out. */
export const MenuActions = ({ entries }: { entries: TMenuEntry[] }) =>
  entries
    .filter((entry) => !entry.hidden)
    .map((entry, index) =>
      'divider' in entry ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: the entries are a fixed list
        <Menu.Divider key={`divider-${index}`} />
      ) : (
        <Menu.Item
          key={entry.testId ?? index}
          color={entry.color}
          leftSection={entry.icon}
          onClick={entry.onClick}
          data-testid={entry.testId}
        >
          {entry.label}
        </Menu.Item>
      ),
    );

/**
 * A row's "more" menu: an icon button (`label` is its accessible name) that opens the entries.
 * `isolated` keeps its clicks from reaching the row (rows that open on click).
 */
export const RowMenu = ({
  label,
  testId,
  entries,
  color = 'secondary',
  icon = <IconDotsVertical size={18} />,
  loading = false,
  isolated = false,
}: {
  label: string;
  testId: string;
  entries: TMenuEntry[];
  color?: string;
  icon?: ReactNode;
  loading?: boolean;
  isolated?: boolean;
}) => {
  const stop = isolated
    ? (event: { stopPropagation: () => void }) => event.stopPropagation()
    : undefined;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color={color}
          aria-label={label}
          loading={loading}
          data-testid={testId}
          onClick={stop}
        >
          {icon}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={stop}>
        <MenuActions entries={entries} />
      </Menu.Dropdown>
    </Menu>
  );
};
