import { List, type ListProps, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

type TCheckListProps = Omit<ListProps, 'icon' | 'children'> & {
  /** The points, one list item each. */
  items: readonly string[];
  /** The round bullet's size and colour, and the size of the check inside it. */
  bullet: { size: number; checkSize: number; color: string };
};

/** A list of selling points, each behind a round check bullet (the auth brand panel, the hero). */
export const CheckList = ({ items, bullet, ...listProps }: TCheckListProps) => (
  <List
    {...listProps}
    icon={
      <ThemeIcon size={bullet.size} radius="xl" color={bullet.color}>
        <IconCheck size={bullet.checkSize} />
      </ThemeIcon>
    }
  >
    {items.map((item) => (
      <List.Item key={item}>{item}</List.Item>
    ))}
  </List>
);
