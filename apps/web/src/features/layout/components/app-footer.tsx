import { ROUTES } from '@bubuh/contracts';
import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** A slim footer under every authenticated page with the legal links of spec §1. */
export const AppFooter = () => {
  const { t } = useTranslation();
  return (
    <Group
      component="footer"
      justify="space-between"
      gap="xs"
      mt={48}
      pt="md"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text fz="xs" c="dimmed">
        {t('footer.rights', { year: new Date().getFullYear() })}
      </Text>
      <Group gap="md">
        <Anchor component={Link} to={ROUTES.terms.path} fz="xs" c="dimmed">
          {t('footer.terms')}
        </Anchor>
        <Anchor component={Link} to={ROUTES.privacy.path} fz="xs" c="dimmed">
          {t('footer.privacy')}
        </Anchor>
        <Anchor component={Link} to={ROUTES.returnPolicy.path} fz="xs" c="dimmed">
          {t('footer.returnPolicy')}
        </Anchor>
      </Group>
    </Group>
  );
};
