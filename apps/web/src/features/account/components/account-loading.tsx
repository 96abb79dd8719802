import { Grid, Skeleton } from '@mantine/core';

type TColumn = { span: number; height: number };

/** Placeholder of a two-column account page while its profile loads. */
export const AccountLoading = ({ testId, columns }: { testId: string; columns: TColumn[] }) => (
  <Grid gap="lg" data-testid={testId}>
    {columns.map((column) => (
      <Grid.Col key={`${column.span}-${column.height}`} span={{ base: 12, lg: column.span }}>
        <Skeleton h={column.height} radius="lg" />
      </Grid.Col>
    ))}
  </Grid>
);
