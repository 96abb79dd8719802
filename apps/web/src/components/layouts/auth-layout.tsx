import { Box, Container, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '@/components/logo';
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
                    <List
                      mt="xl"
                      spacing="sm"
                      c="rgba(255,255,255,0.85)"
                      icon={
                        <ThemeIcon size={22} radius="xl" color="rgba(255,255,255,0.18)">
                          <IconCheck size={14} />
                        </ThemeIcon>
                      }
                    >
                      <List.Item>{t('auth.login.brandPoints.stamp')}</List.Item>
                      <List.Item>{t('auth.login.brandPoints.bulk')}</List.Item>
                      <List.Item>{t('auth.login.brandPoints.valid')}</List.Item>
                    </List>
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
