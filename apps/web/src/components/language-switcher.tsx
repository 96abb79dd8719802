import { lazy, Suspense, useState } from 'react';
import { LanguageButton, type TLanguageSwitcherProps } from '@/components/language-button';

// The menu (Mantine Menu, Popover and floating-ui) is not part of the first load of /login: it
// arrives with the first click and opens at once (`npm run bench:web`, docs/performance.md).
const LanguageMenu = lazy(() => import('./language-menu'));

/** English / Bahasa Indonesia; the choice is stored and sets `<html lang>`. */
export const LanguageSwitcher = ({ variant = 'default' }: TLanguageSwitcherProps) => {
  const [menu, setMenu] = useState(false);
  if (!menu)
    return <LanguageButton variant={variant} onClick={() => setMenu(true)} aria-expanded={false} />;
  return (
    <Suspense fallback={<LanguageButton variant={variant} aria-busy />}>
      <LanguageMenu variant={variant} />
    </Suspense>
  );
};
