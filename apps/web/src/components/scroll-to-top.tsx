import { SCROLL_TOP_THRESHOLD_PX } from '@bubuh/contracts';
import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './scroll-to-top.module.css';

/**
 * Spec §2: a scroll-to-top button appears after 300px of scrolling; it rises above an editor's
 * action bar pinned to the window's bottom.
 */
export const ScrollToTop = () => {
  const { t } = useTranslation();
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={{ right: 24 }} className={classes.affix}>
      <Transition transition="slide-up" mounted={scroll.y > SCROLL_TOP_THRESHOLD_PX}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size={44}
            radius="xl"
            variant="filled"
            aria-label={t('scrollTop')}
            title={t('scrollTop')}
            data-testid="scroll-to-top"
            onClick={() => scrollTo({ y: 0 })}
          >
            <IconArrowUp size={20} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
};
