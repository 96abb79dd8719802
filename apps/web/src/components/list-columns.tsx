import { formatDate } from '@bubuh/contracts';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { TColumn } from './data-table';

/**
 * A list's first column: the record's name in bold (a link to the record's page when `linkTo` is
 * given), its owner small beneath (sorted as `name`).
 */
export const nameOwnerColumn = <T extends { name: string; owner: string }, K extends string>(
  header: string,
  sortKey: K,
  linkTo?: (row: T) => string,
): TColumn<T, K> => ({
  key: 'name',
  header,
  sortKey,
  render: (row) => (
    <div>
      {linkTo ? (
        <Anchor component={Link} to={linkTo(row)} fw={600} fz="sm" c="inherit">
          {row.name}
        </Anchor>
      ) : (
        <Text fw={600} fz="sm">
          {row.name}
        </Text>
      )}
      <Text fz="xs" c="dimmed">
        {row.owner}
      </Text>
    </div>
  ),
});

/** When the record was created (YYYY-MM-DD, spec §9), sorted as `sortKey`. */
export const createdColumn = <T extends { created_at: string }, K extends string>(
  header: string,
  sortKey: K,
): TColumn<T, K> => ({
  key: sortKey,
  header,
  sortKey,
  render: (row) => <Text fz="sm">{formatDate(row.created_at)}</Text>,
});

/**
 * A column of an optional text: the value, or `fallback` dimmed when there is none (no
 * department, the system as the actor), sorted as `sortKey`.
 */
export const optionalTextColumn = <T, K extends string>({
  key,
  header,
  sortKey,
  value,
  fallback,
  testId,
}: {
  key: string;
  header: string;
  sortKey: K;
  value: (row: T) => string | null;
  fallback: (row: T) => string;
  testId?: string;
}): TColumn<T, K> => ({
  key,
  header,
  sortKey,
  render: (row) => {
    const text = value(row);
    return (
      <Text fz="sm" c={text ? undefined : 'dimmed'} data-testid={testId}>
        {text ?? fallback(row)}
      </Text>
    );
  },
});
