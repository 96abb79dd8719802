import { Loader } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuthorizedImage } from '../api/esign';
import classes from './esign.module.css';

/** The specimen PNG on a checkerboard (its background is transparent), fetched with the token. */
export const SpecimenPreview = ({ url, name }: { url: string; name: string }) => {
  const { t } = useTranslation();
  const image = useAuthorizedImage(url);
  return (
    <div className={classes.specimenImage}>
      {image.src ? (
        <img src={image.src} alt={name} data-testid="specimen-image" />
      ) : image.failed ? (
        <IconPhotoOff
          size={24}
          color="var(--mantine-color-dimmed)"
          aria-label={t('master.esign.imageFailed')}
        />
      ) : (
        <Loader size="xs" />
      )}
    </div>
  );
};
