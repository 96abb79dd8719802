import { Badge, type BadgeProps } from '@mantine/core';
import type { TColumn } from './data-table';

/**
 * A list column of a yes/no state drawn as a badge (active / inactive, verified / unverified):
 * the first label and colour when `on(row)`, the second otherwise.
 */
export const flagColumn = <T, K extends string = never>({
  key,
  header,
  on,
  labels,
  colors,
  variant = 'dot',
}: {
  key: string;
  header: string;
  on: (row: T) => boolean;
  labels: [string, string];
  colors: [string, string];
  variant?: BadgeProps['variant'];
}): TColumn<T, K> => ({
  key,
  header,
  render: (row) => (
    <Badge variant={variant} color={on(row) ? colors[0] : colors[1]}>
      {on(row) ? labels[0] : labels[1]}
    </Badge>
  ),
});
