import { Grid, Skeleton } from '@mantine/core';

/** The columns of each account page (their span of 12 and height) while its profile loads. */
const PAGE_COLUMNS = {
  account: [
    { span: 4, height: 460 },
    { span: 8, height: 360 },
  ],
  setting: [
    { span: 7, height: 420 },
    { span: 5, height: 200 },
  ],
};

/** Placeholder of a two-column account page while its profile loads (`<page>-loading`). */
export const AccountLoading = ({ page }: { page: keyof typeof PAGE_COLUMNS }) => (
  <Grid gap="lg" data-testid={`${page}-loading`}>
    {PAGE_COLUMNS[page].map((column) => (
      <Grid.Col key={`${column.span}-${column.height}`} span={{ base: 12, lg: column.span }}>
        <Skeleton h={column.height} radius="lg" />
      </Grid.Col>
    ))}
  </Grid>
);
