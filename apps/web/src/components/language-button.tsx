import { Button } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@/lib/i18n';

export type TLanguageSwitcherProps = {
  /** `light` for dark backgrounds. */
  variant?: 'default' | 'light';
};

const useCurrent = () => {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
};

type TProps = TLanguageSwitcherProps & Omit<ComponentPropsWithoutRef<'button'>, 'color'>;

/** The switcher's button ("EN" / "ID"); its name says what it does and keeps the visible code. */
const Base = forwardRef<HTMLButtonElement, TProps>(({ variant = 'default', ...rest }, ref) => {
  const { t } = useTranslation();
  const current = useCurrent();
  return (
    <Button
      ref={ref}
      variant={variant === 'light' ? 'white' : 'subtle'}
      color={variant === 'light' ? 'brand' : 'secondary'}
      size="compact-md"
      px={8}
      leftSection={<IconLanguage size={18} stroke={1.6} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      aria-label={`${current.toUpperCase()}: ${t('language.change')}`}
      aria-haspopup="menu"
      data-testid="language-switcher"
      data-language={current}
      {...rest}
    >
      {current.toUpperCase()}
    </Button>
  );
});
Base.displayName = 'LanguageButton';

export const LanguageButton = Object.assign(Base, { useCurrent });
