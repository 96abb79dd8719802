import { ROUTES } from '@bubuh/contracts';
import { Box, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '@/components/button-row';
import { LogoMark } from '@/components/logo';
import classes from './landing.module.css';
import { RegisterLoginButtons } from './register-login-buttons';

/** "Received a stamped document? Verify it" and the closing register/login call to action. */
export const LandingCta = () => {
  const { t } = useTranslation();
  return (
    <Box component="section" py={{ base: 64, md: 96 }}>
      <Container size={1200}>
        <Stack gap={40}>
          <Paper withBorder p={{ base: 'lg', md: 40 }} className={classes.verify}>
            <Group justify="space-between" gap="xl">
              <Group gap="lg" wrap="nowrap" align="flex-start" style={{ flex: 1, minWidth: 260 }}>
                <ThemeIcon size={56} radius="md" variant="light" color="teal">
                  <IconShieldCheck size={30} stroke={1.6} />
                </ThemeIcon>
                <div>
                  <Title order={2} fz={{ base: 22, md: 26 }}>
                    {t('landing.verify.title')}
                  </Title>
                  <Text c="dimmed" mt={6} maw={560}>
                    {t('landing.verify.body')}
                  </Text>
                </div>
              </Group>
              <ActionButton
                label={t('landing.verify.cta')}
                to={ROUTES.verifyStamp.path}
                size="md"
                variant="light"
                color="teal"
                rightIcon={<IconArrowRight size={18} />}
                testId="verify-cta"
              />
            </Group>
          </Paper>

          <Paper className={classes.cta} p={{ base: 'xl', md: 56 }}>
            <Box className={classes.ctaMark} aria-hidden="true">
              <LogoMark
                size={220}
                color="rgba(255,255,255,0.08)"
                inkColor="rgba(255,255,255,0.18)"
              />
            </Box>
            <Stack gap="md" maw={620} pos="relative">
              <Title
                order={2}
                c="white"
                fz={{ base: 28, md: 36 }}
                style={{ letterSpacing: '-0.02em' }}
              >
                {t('landing.cta.title')}
              </Title>
              <Text c="rgba(255,255,255,0.8)" fz="lg">
                {t('landing.cta.body')}
              </Text>
              <RegisterLoginButtons
                registerLabel={t('landing.cta.register')}
                loginLabel={t('landing.cta.login')}
                mt="sm"
              />
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
};
