import { LANGUAGES } from '@bubuh/contracts';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_LABELS, setLanguage } from '@/lib/i18n';

type TLanguageSwitcherProps = {
  /** `light` for dark backgrounds. */
  variant?: 'default' | 'light';
};

/** English / Bahasa Indonesia; the choice is stored and sets `<html lang>`. */
export const LanguageSwitcher = ({ variant = 'default' }: TLanguageSwitcherProps) => {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <Menu position="bottom-end" shadow="md" width={200}>
      <Menu.Target>
        <Button
          variant={variant === 'light' ? 'white' : 'subtle'}
          color={variant === 'light' ? 'brand' : 'secondary'}
          size="compact-md"
          px={8}
          leftSection={<IconLanguage size={18} stroke={1.6} />}
          rightSection={<IconChevronDown size={14} />}
          aria-label={t('language.change')}
          data-testid="language-switcher"
          data-language={current}
        >
          {current.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {LANGUAGES.map((lng) => (
          <Menu.Item
            key={lng}
            lang={lng}
            data-testid={`language-option-${lng}`}
            onClick={() => void setLanguage(lng)}
            rightSection={lng === current ? <IconCheck size={16} /> : null}
            fw={lng === current ? 600 : undefined}
          >
            {LANGUAGE_LABELS[lng]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};
