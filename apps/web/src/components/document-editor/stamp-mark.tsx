import { useTranslation } from 'react-i18next';
import classes from './editor.module.css';

/**
 * What the draggable e-Meterai box shows: a marked preview, not the Garuda-bearing design (the
 * real image comes from the provider only when stamping; research §1.3).
 */
export const StampMark = () => {
  const { t } = useTranslation();
  return (
    <div className={classes.stampMark}>
      {/* Spaces between the marks: the text reads as the box's name (stampBoxName). */}
      <strong>e-Meterai</strong> <small>10000</small> <small>{t('stamping.box.preview')}</small>
    </div>
  );
};
