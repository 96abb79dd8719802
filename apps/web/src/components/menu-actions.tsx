import { Menu } from '@mantine/core';
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
