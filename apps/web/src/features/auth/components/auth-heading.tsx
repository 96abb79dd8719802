import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** For `<Trans components={STRONG_TEXT}>`: the `<strong>` of a sentence (e.g. the e-mail). */
export const STRONG_TEXT = { strong: <Text span fw={600} c="var(--mantine-color-text)" /> };

/** The title of an auth page and, under it, the dimmed line that says what to do. */
export const AuthHeading = ({
  title,
  children,
  testId,
}: {
  title: string;
  children?: ReactNode;
  testId?: string;
}) => (
  <div>
    <Title order={1} fz={28}>
      {title}
    </Title>
    {children ? (
      <Text c="dimmed" mt={6} data-testid={testId}>
        {children}
      </Text>
    ) : null}
  </div>
);
