import { HOME_PATH, ROUTES } from '@bubuh/contracts';
import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Logo } from '@/components/logo';
import { useSession } from '@/lib/session';

export type TPublicNavLink = { id: string; label: string };

type TPublicHeaderProps = {
  /** In-page sections to offer as header links (landing). */
  sections?: TPublicNavLink[];
};

const scrollToSection = (id: string) => {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
};

export const PublicHeader = ({ sections = [] }: TPublicHeaderProps) => {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      bg="var(--mantine-color-body)"
      style={{
        zIndex: 50,
        borderBottom: '1px solid var(--mantine-color-default-border)',
        backdropFilter: 'saturate(180%) blur(8px)',
      }}
    >
      <Container size={1200} h={68}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor
            component={Link}
            to={ROUTES.landing.path}
            underline="never"
            aria-label={t('app.homeLink')}
          >
            <Logo size={32} />
          </Anchor>
          <Group gap="lg" visibleFrom="md" wrap="nowrap">
            {sections.map((section) => (
              <Anchor
                key={section.id}
                component="button"
                type="button"
                c="dimmed"
                fw={500}
                fz="sm"
                onClick={() => scrollToSection(section.id)}
              >
                {section.label}
              </Anchor>
            ))}
            <Anchor component={Link} to={ROUTES.verifyStamp.path} c="dimmed" fw={500} fz="sm">
              {t('landing.nav.verify')}
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher />
            {session ? (
              <Button
                component={Link}
                to={HOME_PATH}
                leftSection={<IconLayoutDashboard size={16} />}
                data-testid="go-to-dashboard"
              >
                {t('menu.dashboard')}
              </Button>
            ) : (
              <>
                <Button
                  component={Link}
                  to={ROUTES.login.path}
                  variant="subtle"
                  visibleFrom="xs"
                  data-testid="header-login"
                >
                  {t('landing.nav.login')}
                </Button>
                <Button component={Link} to={ROUTES.register.path} data-testid="header-register">
                  {t('landing.nav.register')}
                </Button>
              </>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
};
