import { formatIDR, METERAI_FACE_VALUE_IDR, ROUTES } from '@bubuh/contracts';
import { Anchor, Badge, Box, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { KeepHyphenated } from '@/components/keep-hyphenated';
import { CheckList } from '@/components/ui/check-list';
import { HeroIllustration } from './hero-illustration';
import classes from './landing.module.css';
import { RegisterLoginButtons } from './register-login-buttons';

export const LandingHero = () => {
  const { t } = useTranslation();
  return (
    <Box className={classes.hero} component="section" aria-labelledby="landing-title">
      <Container size={1200} py={{ base: 56, md: 96 }} pos="relative">
        <Grid gap={56} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Badge
                variant="white"
                color="brand"
                size="lg"
                radius="xl"
                leftSection={<IconShieldCheck size={14} />}
                w="fit-content"
                className={classes.eyebrow}
              >
                {t('landing.hero.eyebrow')}
              </Badge>
              <Title
                order={1}
                id="landing-title"
                c="white"
                fz={{ base: 36, sm: 46, lg: 54 }}
                lh={1.08}
                style={{ letterSpacing: '-0.025em', textWrap: 'balance' }}
              >
                <KeepHyphenated text={t('landing.hero.title')} />
              </Title>
              <Text c="rgba(255,255,255,0.82)" fz={{ base: 'md', sm: 'lg' }} maw={560}>
                {t('landing.hero.subtitle')}
              </Text>
              <RegisterLoginButtons
                registerLabel={t('landing.hero.register')}
                loginLabel={t('landing.hero.login')}
                mt="xs"
                testIdPrefix="hero"
                arrow
              />
              <Anchor
                component={Link}
                to={ROUTES.verifyStamp.path}
                c="white"
                fw={600}
                w="fit-content"
                data-testid="hero-verify"
              >
                <Group gap={6} wrap="nowrap">
                  <IconShieldCheck size={18} />
                  {t('landing.hero.verify')}
                  <IconArrowRight size={16} />
                </Group>
              </Anchor>
              <CheckList
                spacing={6}
                mt="sm"
                c="rgba(255,255,255,0.78)"
                fz="sm"
                bullet={{ size: 18, checkSize: 12, color: 'rgba(255,255,255,0.16)' }}
                items={[
                  t('landing.hero.points.stampDuty', {
                    amount: formatIDR(METERAI_FACE_VALUE_IDR),
                  }),
                  t('landing.hero.points.languages'),
                  t('landing.hero.points.noInstall'),
                ]}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <HeroIllustration />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
};
