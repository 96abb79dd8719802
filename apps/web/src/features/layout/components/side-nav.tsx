import { isMenuGroup, ROUTES, type TMenuItem, type TMenuLeaf } from '@bubuh/contracts';
import { NavLink, Stack } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
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

type TLeafLinkProps = {
  leaf: TMenuLeaf;
  icon: ReactNode;
  className: string | undefined;
  active: boolean;
  onNavigate: (() => void) | undefined;
};

/** A menu entry that opens a page (`aria-current` on the page shown). */
const LeafLink = ({ leaf, icon, className, active, onNavigate }: TLeafLinkProps) => {
  const { t } = useTranslation();
  return (
    <NavLink
      component={Link}
      to={ROUTES[leaf.route].path}
      label={t(leaf.title)}
      leftSection={icon}
      active={active}
      variant="filled"
      className={className}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      data-menu-key={leaf.key}
    />
  );
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
                      <LeafLink
                        leaf={child}
                        icon={<span className={classes.bullet} />}
                        className={`${classes.link} ${classes.child}`}
                        active={child.key === activeKey}
                        onNavigate={onNavigate}
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
            <LeafLink
              leaf={item}
              icon={<MenuIcon name={item.icon} />}
              className={classes.link}
              active={item.key === activeKey}
              onNavigate={onNavigate}
            />
          </li>
        );
      })}
    </Stack>
  );
};
