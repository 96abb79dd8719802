import { useTranslation } from 'react-i18next';
import { LogoMark } from './logo';
import classes from './splash.module.css';

type TSplashProps = {
  /** `inline` fills the content area only (inside a layout) instead of the whole screen. */
  inline?: boolean;
};

/** Loading splash of spec §2: the logo with animated dots. */
export const Splash = ({ inline = false }: TSplashProps) => {
  const { t } = useTranslation();
  return (
    <div
      className={inline ? `${classes.root} ${classes.inline}` : classes.root}
      role="status"
      aria-live="polite"
      aria-label={t('app.loading')}
      data-testid="splash"
    >
      <div className={classes.mark}>
        <LogoMark size={64} />
      </div>
      <div className={classes.dots} aria-hidden="true">
        <span className={classes.dot} />
        <span className={classes.dot} />
        <span className={classes.dot} />
      </div>
    </div>
  );
};
