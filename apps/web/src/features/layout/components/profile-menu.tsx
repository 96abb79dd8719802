import { ROUTES, type TUserData, toPath } from '@bubuh/contracts';
import { Avatar, Badge, Box, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DigiFriendCode } from '@/components/copy-code-button';
import { OrganisationRows } from '@/components/ui/detail-rows';
import { avatarSrc, initialsOf } from '@/lib/avatar';
import classes from './profile-menu.module.css';

type TProfileMenuProps = {
  user: TUserData;
  onLogout: () => void;
  /** Quota cards (eMeterai, eSign, PSrE, User) supplied by the quota feature when it exists. */
  quotaSlot?: ReactNode;
};

/** The menu's links to the user's own pages (`profile-<key>` test ids, `profile.<key>` texts). */
const ACCOUNT_LINKS = [
  { key: 'account', path: ROUTES.account.path, Icon: IconUserCircle },
  { key: 'setting', path: ROUTES.setting.path, Icon: IconSettings },
] as const;

export const ProfileMenu = ({ user, onLogout, quotaSlot }: TProfileMenuProps) => {
  const { t } = useTranslation();
  const name = user.fullName || user.email || `#${user.id}`;
  const role = t(`profile.roles.${user.role}`);

  return (
    <Menu position="bottom-end" shadow="lg" width={320} closeOnItemClick>
      <Menu.Target>
        <UnstyledButton
          className={classes.target}
          // Named by what it shows (avatar, name, role), as seen; the hint is the tooltip.
          title={t('profile.open')}
          data-testid="profile-menu"
        >
          <Group gap={10} wrap="nowrap">
            <Avatar src={avatarSrc(user.avatar)} color="brand" radius="xl" size={38} alt={name}>
              {initialsOf(name)}
            </Avatar>
            <Box visibleFrom="sm" maw={180}>
              <Text fz="sm" fw={600} lh={1.2} truncate="end">
                {name}
              </Text>
              <Text fz="xs" c="dimmed" lh={1.3} truncate="end">
                {role}
              </Text>
            </Box>
            <IconChevronDown size={14} className={classes.chevron} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="profile-dropdown">
        <Box px="sm" pt="sm" pb="xs">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={avatarSrc(user.avatar)} color="brand" radius="xl" size={48} alt={name}>
              {initialsOf(name)}
            </Avatar>
            <Box miw={0}>
              <Text fw={700} truncate="end" data-testid="profile-name">
                {name}
              </Text>
              <Badge variant="light" size="sm" mt={4}>
                {role}
              </Badge>
            </Box>
          </Group>
          <Stack gap={6} mt="md">
            <OrganisationRows
              who={user}
              testIds={['profile-company', 'profile-department', 'profile-role']}
              dense
            />
          </Stack>
          {user.emet_id ? (
            <DigiFriendCode code={user.emet_id} className={classes.code} place="menu" />
          ) : null}
          {quotaSlot ? <Box mt="md">{quotaSlot}</Box> : null}
        </Box>
        <Menu.Divider />
        {ACCOUNT_LINKS.map(({ key, path, Icon }) => (
          <Menu.Item
            key={key}
            component={Link}
            to={toPath(path, { id: user.id })}
            leftSection={<Icon size={18} stroke={1.6} />}
            data-testid={`profile-${key}`}
          >
            {t(`profile.${key}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={18} stroke={1.6} />}
          onClick={onLogout}
          data-testid="logout"
        >
          {t('profile.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
