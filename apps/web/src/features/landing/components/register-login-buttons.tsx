import { ROUTES } from '@bubuh/contracts';
import { Button, Group } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import classes from './landing.module.css';

/** The white "register" and outlined "log in" buttons on the landing page's blue panels. */
export const RegisterLoginButtons = ({
  registerLabel,
  loginLabel,
  mt,
  testIdPrefix,
  arrow = false,
}: {
  registerLabel: string;
  loginLabel: string;
  mt: string;
  /** Test ids `<prefix>-register` and `<prefix>-login`. */
  testIdPrefix?: string;
  /** An arrow after the register label. */
  arrow?: boolean;
}) => (
  <Group gap="sm" mt={mt}>
    <Button
      component={Link}
      to={ROUTES.register.path}
      size="lg"
      variant="white"
      color="brand"
      rightSection={arrow ? <IconArrowRight size={18} /> : undefined}
      data-testid={testIdPrefix ? `${testIdPrefix}-register` : undefined}
    >
      {registerLabel}
    </Button>
    <Button
      component={Link}
      to={ROUTES.login.path}
      size="lg"
      variant="outline"
      color="white"
      className={classes.outlineLight}
      data-testid={testIdPrefix ? `${testIdPrefix}-login` : undefined}
    >
      {loginLabel}
    </Button>
  </Group>
);
