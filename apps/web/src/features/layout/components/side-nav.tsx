import { isMenuGroup, ROUTES, type TMenuItem } from '@bubuh/contracts';
import { NavLink, Stack } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { activeGroupKey } from '../utils/active-menu';
import { MenuIcon } from './menu-icon';
import classes from './side-nav.module.css';

type TSideNavProps = {
  menu: TMenuItem[];
  activeKey: string | undefined;
  onNavigate?: () => void;
};

/** The vertical (side) menu: leaves and collapsible groups, the active route highlighted. */
export const SideNav = ({ menu, activeKey, onNavigate }: TSideNavProps) => {
  const { t } = useTranslation();
  const openGroup = activeGroupKey(menu, activeKey);
  const [opened, setOpened] = useState<ReadonlySet<string>>(
    () => new Set(openGroup ? [openGroup] : []),
  );
  // Navigating into a group (from a link elsewhere) opens it; groups the user opened stay open.
  useEffect(() => {
    if (openGroup) setOpened((prev) => (prev.has(openGroup) ? prev : new Set(prev).add(openGroup)));
  }, [openGroup]);
  const toggleGroup = (key: string, isOpen: boolean) =>
    setOpened((prev) => {
      const next = new Set(prev);
      if (isOpen) next.add(key);
      else next.delete(key);
      return next;
    });
  return (
    <Stack gap={4} component="ul" className={classes.list} data-testid="side-nav">
      {menu.map((item) => {
        if (isMenuGroup(item)) {
          const hasActive = item.key === openGroup;
          return (
            <li key={item.key}>
              <NavLink
                label={t(item.title)}
                leftSection={<MenuIcon name={item.icon} />}
                rightSection={<IconChevronRight size={16} className={classes.chevron} />}
                opened={opened.has(item.key)}
                onChange={(isOpen) => toggleGroup(item.key, isOpen)}
                childrenOffset={0}
                className={classes.link}
                data-group-active={hasActive || undefined}
                data-menu-key={item.key}
              >
                <ul className={classes.list}>
                  {item.children.map((child) => (
                    <li key={child.key}>
                      <NavLink
                        component={Link}
                        to={ROUTES[child.route].path}
                        label={t(child.title)}
                        leftSection={<span className={classes.bullet} />}
                        active={child.key === activeKey}
                        variant="filled"
                        className={`${classes.link} ${classes.child}`}
                        onClick={onNavigate}
                        aria-current={child.key === activeKey ? 'page' : undefined}
                        data-menu-key={child.key}
                      />
                    </li>
                  ))}
                </ul>
              </NavLink>
            </li>
          );
        }
        return (
          <li key={item.key}>
            <NavLink
              component={Link}
              to={ROUTES[item.route].path}
              label={t(item.title)}
              leftSection={<MenuIcon name={item.icon} />}
              active={item.key === activeKey}
              variant="filled"
              className={classes.link}
              onClick={onNavigate}
              aria-current={item.key === activeKey ? 'page' : undefined}
              data-menu-key={item.key}
            />
          </li>
        );
      })}
    </Stack>
  );
};
