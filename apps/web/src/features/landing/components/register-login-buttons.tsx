import { ROUTES } from '@bubuh/contracts';
import { IconArrowRight } from '@tabler/icons-react';
import { ButtonRow } from '@/components/button-row';
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
  <ButtonRow
    gap="sm"
    mt={mt}
    actions={[
      {
        label: registerLabel,
        to: ROUTES.register.path,
        size: 'lg',
        variant: 'white',
        color: 'brand',
        rightIcon: arrow ? <IconArrowRight size={18} /> : undefined,
        testId: testIdPrefix ? `${testIdPrefix}-register` : undefined,
      },
      {
        label: loginLabel,
        to: ROUTES.login.path,
        size: 'lg',
        variant: 'outline',
        color: 'white',
        className: classes.outlineLight,
        testId: testIdPrefix ? `${testIdPrefix}-login` : undefined,
      },
    ]}
  />
);
