import { LANGUAGES } from '@bubuh/contracts';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LanguageButton, type TLanguageSwitcherProps } from '@/components/language-button';
import { LANGUAGE_LABELS, setLanguage } from '@/lib/i18n';

/** The language menu, loaded on the first click of the switcher (it opens at once). */
const LanguageMenu = ({ variant }: TLanguageSwitcherProps) => {
  const { t } = useTranslation();
  const current = LanguageButton.useCurrent();
  return (
    <Menu position="bottom-end" shadow="md" width={200} defaultOpened>
      <Menu.Target>
        <LanguageButton variant={variant} />
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

export default LanguageMenu;
