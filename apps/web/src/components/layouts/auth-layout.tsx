import { Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '@/components/logo';
import { CheckList } from '@/components/ui/check-list';
import classes from './auth-layout.module.css';
import { PublicLayout } from './public-layout';

type TAuthLayoutProps = {
  children: ReactNode;
  /** `wide` gives the form more room (the register steps). */
  size?: 'default' | 'wide';
  testId?: string;
};

/** The frame of the sign-in screens: brand panel on the left, the form on the right. */
export const AuthLayout = ({ children, size = 'default', testId }: TAuthLayoutProps) => {
  const { t } = useTranslation();
  const wide = size === 'wide';
  return (
    <PublicLayout>
      <Box className={classes.page} py={{ base: 32, md: 72 }} data-testid={testId}>
        <Container size={wide ? 1180 : 1040} px={{ base: 'sm', sm: 'md' }}>
          <Paper shadow="xl" radius="xl" className={classes.card}>
            <div className={classes.grid} data-wide={wide || undefined}>
              <Box className={classes.brand} p={wide ? 40 : 48} visibleFrom="md">
                <Stack gap="xl" justify="space-between" h="100%">
                  <LogoMark size={56} color="#ffffff" inkColor="#00176a" />
                  <div>
                    <Title order={2} c="white" fz={wide ? 26 : 30} lh={1.2}>
                      {t('auth.login.brandTitle')}
                    </Title>
                    <CheckList
                      mt="xl"
                      spacing="sm"
                      c="rgba(255,255,255,0.85)"
                      bullet={{ size: 22, checkSize: 14, color: 'rgba(255,255,255,0.18)' }}
                      items={[
                        t('auth.login.brandPoints.stamp'),
                        t('auth.login.brandPoints.bulk'),
                        t('auth.login.brandPoints.valid'),
                      ]}
                    />
                  </div>
                  <Text fz="sm" c="rgba(255,255,255,0.6)">
                    {t('app.tagline')}
                  </Text>
                </Stack>
              </Box>
              <Box p={{ base: 'lg', sm: 48 }} miw={0}>
                {children}
              </Box>
            </div>
          </Paper>
        </Container>
      </Box>
    </PublicLayout>
  );
};
