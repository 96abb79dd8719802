import {
  HOME_PATH,
  LOGIN_PATH,
  menuFor,
  SUPPORT_CONTACT,
  type TMenuSubject,
} from '@bubuh/contracts';
import {
  Anchor,
  AppShell,
  Box,
  Burger,
  Button,
  Divider,
  Group,
  Paper,
  ScrollArea,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBrandWhatsapp,
  IconLayoutNavbar,
  IconLayoutSidebar,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Logo } from '@/components/logo';
import { ScrollToTop } from '@/components/scroll-to-top';
import { env } from '@/config/env';
import { filterMenu, useAppAbility } from '@/lib/ability';
import { revokeServerSession } from '@/lib/logout';
import { useRouteHandle } from '@/lib/route-handle';
import { clearSession, useSession } from '@/lib/session';
import { useLayout, useNavCollapsed } from '../hooks/use-layout';
import { activeMenuKey } from '../utils/active-menu';
import { isEditorStacked } from '../utils/layout-mode';
import { AppFooter } from './app-footer';
import { HeaderIconButton } from './header-icon-button';
import classes from './main-layout.module.css';
import { ProfileMenu } from './profile-menu';
import { SideNav } from './side-nav';
import { TopNav } from './top-nav';

/**
 * Off unless VITE_THEME_CUSTOMIZER=true: its drawer (Drawer, SegmentedControl, scroll lock) is a
 * chunk of its own, fetched only where it is on, not part of the signed-in shell.
 */
const ThemeCustomizer = lazy(() =>
  import('./theme-customizer').then(({ ThemeCustomizer: Customizer }) => ({
    default: Customizer,
  })),
);

type TMainLayoutProps = {
  children: ReactNode;
  /** The navbar's connection-status dot (composed in by the app). */
  connectionSlot?: ReactNode;
  /** The navbar's notification bell (composed in by the app). */
  notificationSlot?: ReactNode;
  /** Quota cards for the profile dropdown (composed in by the app when available). */
  quotaSlot?: ReactNode;
  /** The flags of the user's active plan: some plans add Master Data eSign (spec §2). */
  plan?: TMenuSubject['plan'];
};

const HEADER_HEIGHT = 68;
const TOP_NAV_HEIGHT = 56;
const NAVBAR_WIDTH = 264;

/** The authenticated layout of spec §2: vertical or horizontal, vertical forced below 1200px. */
export const MainLayout = ({ children, plan, ...slots }: TMainLayoutProps) => {
  const { t } = useTranslation();
  const session = useSession();
  const { layout, setPreference, forcedVertical, width } = useLayout();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const [navCollapsed, setNavCollapsed] = useNavCollapsed();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handle = useRouteHandle();

  const ability = useAppAbility();
  const user = session?.userData;
  // Spec §2 menus by role and plan; CASL (spec §4) hides what the stored abilities deny.
  const menu = useMemo(
    () =>
      user
        ? filterMenu(menuFor({ role: user.role, user_type: user.user_type, plan }), ability)
        : [],
    [user, plan, ability],
  );
  const activeKey = activeMenuKey(menu, location.pathname);
  // A template being created is not "edited": its page says so.
  const creating =
    handle?.routeKey === 'masterEditDocumentTemplate' && location.pathname.endsWith('/new');
  const title = handle ? t(creating ? 'page.masterNewDocumentTemplate' : handle.titleKey) : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu on navigation.
  useEffect(() => {
    closeNav();
  }, [location.pathname, closeNav]);

  if (!user) return null;

  // Spec §4: revoke on the server, then clear the session and both tokens whatever the answer.
  const logout = async () => {
    await revokeServerSession();
    navigate(LOGIN_PATH, { replace: true });
    clearSession();
    queryClient.clear();
  };

  const actions = (
    <Group gap={6} wrap="nowrap">
      {!forcedVertical ? (
        <HeaderIconButton
          label={layout === 'vertical' ? t('nav.switchToHorizontal') : t('nav.switchToVertical')}
          onClick={() => setPreference(layout === 'vertical' ? 'horizontal' : 'vertical')}
          testId="layout-toggle"
        >
          {layout === 'vertical' ? (
            <IconLayoutNavbar size={20} stroke={1.6} />
          ) : (
            <IconLayoutSidebar size={20} stroke={1.6} />
          )}
        </HeaderIconButton>
      ) : null}
      <LanguageSwitcher />
      {slots.connectionSlot}
      {slots.notificationSlot}
      <Divider orientation="vertical" mx={4} visibleFrom="xs" />
      <ProfileMenu user={user} onLogout={() => void logout()} quotaSlot={slots.quotaSlot} />
    </Group>
  );

  const homeLink = (
    <Anchor component={Link} to={HOME_PATH} underline="never" aria-label={t('app.homeLink')}>
      <Logo size={30} />
    </Anchor>
  );

  const pageTitle = (
    <Title order={1} fz={{ base: 17, sm: 20 }} fw={700} lineClamp={1} data-testid="page-title">
      {title}
    </Title>
  );

  const content = (
    <Box className={classes.content}>
      <Box style={{ flex: 1 }}>{children}</Box>
      <AppFooter />
    </Box>
  );

  const customizer = env.themeCustomizer ? (
    <Suspense fallback={null}>
      <ThemeCustomizer
        layout={layout}
        forcedVertical={forcedVertical}
        onLayoutChange={setPreference}
      />
    </Suspense>
  ) : null;

  if (layout === 'horizontal') {
    return (
      <AppShell
        header={{ height: HEADER_HEIGHT + TOP_NAV_HEIGHT }}
        padding={0}
        data-layout="horizontal"
        data-testid="app-layout"
        className={classes.shell}
      >
        <AppShell.Header className={classes.header}>
          <Group h={HEADER_HEIGHT} px="xl" justify="space-between" wrap="nowrap">
            <Group gap="lg" wrap="nowrap" miw={0}>
              {homeLink}
              <Divider orientation="vertical" />
              {pageTitle}
            </Group>
            {actions}
          </Group>
          <Box className={classes.topNavBar} h={TOP_NAV_HEIGHT} px="xl">
            <ScrollArea type="never" h="100%">
              <Box h={TOP_NAV_HEIGHT} style={{ display: 'flex', alignItems: 'center' }}>
                <TopNav menu={menu} activeKey={activeKey} />
              </Box>
            </ScrollArea>
          </Box>
        </AppShell.Header>
        <AppShell.Main className={classes.main}>{content}</AppShell.Main>
        <ScrollToTop />
        {customizer}
      </AppShell>
    );
  }

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: NAVBAR_WIDTH,
        breakpoint: 'md',
        collapsed: { mobile: !navOpened, desktop: navCollapsed },
      }}
      padding={0}
      data-layout="vertical"
      // Editors read it (editor.module.css, sticky-action-bar.module.css): one column, bar pinned.
      data-editor-stacked={isEditorStacked(width, navCollapsed) || undefined}
      data-testid="app-layout"
      className={classes.shell}
    >
      <AppShell.Header className={`${classes.header} ${classes.altHeader}`}>
        <Group h="100%" px={{ base: 'md', sm: 'xl' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={navOpened}
              onClick={toggleNav}
              hiddenFrom="md"
              size="sm"
              aria-label={navOpened ? t('nav.closeNavigation') : t('nav.openNavigation')}
              data-testid="nav-burger"
            />
            <HeaderIconButton
              label={navCollapsed ? t('nav.showMenu') : t('nav.hideMenu')}
              visibleFrom="md"
              onClick={() => setNavCollapsed(!navCollapsed)}
              expanded={!navCollapsed}
              testId="nav-collapse"
            >
              {navCollapsed ? (
                <IconLayoutSidebarLeftExpand size={20} stroke={1.6} />
              ) : (
                <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} />
              )}
            </HeaderIconButton>
            {pageTitle}
          </Group>
          {actions}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        className={`${classes.navbar} ${classes.altNavbar}`}
        aria-label={t('nav.mainMenu')}
        data-testid="app-navbar"
      >
        <AppShell.Section px="lg" h={HEADER_HEIGHT} className={classes.navbarBrand}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            {homeLink}
            <Burger
              opened={navOpened}
              onClick={toggleNav}
              hiddenFrom="md"
              size="sm"
              aria-label={t('nav.closeNavigation')}
            />
          </Group>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea} px="md" py="md">
          <SideNav menu={menu} activeKey={activeKey} onNavigate={closeNav} />
        </AppShell.Section>
        <AppShell.Section p="md">
          <Paper className={classes.help} p="md" radius="lg">
            <Text fw={700} fz="sm" c="white">
              {t('nav.needHelp')}
            </Text>
            <Text fz="xs" c="rgba(255,255,255,0.78)" mt={4}>
              {t('nav.needHelpBody')}
            </Text>
            <Button
              component="a"
              href={`https://wa.me/${SUPPORT_CONTACT.whatsapp}`}
              target="_blank"
              rel="noopener noreferrer"
              variant="white"
              size="xs"
              mt="sm"
              fullWidth
              // Long labels ("Chat dengan tim bantuan") wrap inside the card instead of overflowing.
              h="auto"
              mih={30}
              py={6}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
              leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
            >
              {t('nav.chat')}
            </Button>
          </Paper>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>{content}</AppShell.Main>
      <ScrollToTop />
      {customizer}
    </AppShell>
  );
};
