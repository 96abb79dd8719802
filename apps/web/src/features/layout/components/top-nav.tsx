import { isMenuGroup, ROUTES, type TMenuItem } from '@bubuh/contracts';
import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { activeGroupKey } from '../utils/active-menu';
import { MenuIcon } from './menu-icon';
import classes from './top-nav.module.css';

type TTopNavProps = {
  menu: TMenuItem[];
  activeKey: string | undefined;
};

/** The horizontal (top) menu: leaves as buttons, groups as hover dropdowns. */
export const TopNav = ({ menu, activeKey }: TTopNavProps) => {
  const { t } = useTranslation();
  const openGroup = activeGroupKey(menu, activeKey);
  return (
    <Group
      gap={4}
      wrap="nowrap"
      component="nav"
      aria-label={t('nav.mainMenu')}
      data-testid="top-nav"
    >
      {menu.map((item) => {
        if (isMenuGroup(item)) {
          const active = item.key === openGroup;
          return (
            <Menu
              key={item.key}
              trigger="click-hover"
              openDelay={60}
              closeDelay={120}
              position="bottom-start"
              shadow="md"
              width={230}
            >
              <Menu.Target>
                <Button
                  variant="subtle"
                  className={classes.item}
                  data-active={active || undefined}
                  leftSection={<MenuIcon name={item.icon} size={18} />}
                  rightSection={<IconChevronDown size={14} />}
                  data-menu-key={item.key}
                >
                  {t(item.title)}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {item.children.map((child) => (
                  <Menu.Item
                    key={child.key}
                    component={Link}
                    to={ROUTES[child.route].path}
                    leftSection={<MenuIcon name={child.icon} size={18} />}
                    className={classes.dropdownItem}
                    data-active={child.key === activeKey || undefined}
                    aria-current={child.key === activeKey ? 'page' : undefined}
                    data-menu-key={child.key}
                  >
                    {t(child.title)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          );
        }
        const active = item.key === activeKey;
        return (
          <Button
            key={item.key}
            component={Link}
            to={ROUTES[item.route].path}
            variant="subtle"
            className={classes.item}
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
            leftSection={<MenuIcon name={item.icon} size={18} />}
            data-menu-key={item.key}
          >
            {t(item.title)}
          </Button>
        );
      })}
    </Group>
  );
};
