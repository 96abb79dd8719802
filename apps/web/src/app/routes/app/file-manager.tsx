import { ROUTES } from '@bubuh/contracts';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FileManager } from '@/features/locker/components/file-manager';

/** /document/file-manager: the digital locker (without it in the plan: the way to the plans). */
const FileManagerRoute = () => {
  const { t } = useTranslation();
  return (
    <FileManager
      planLink={
        <Button component={Link} to={ROUTES.plan.path} data-testid="locker-plan-link">
          {t('locker.unavailable.cta')}
        </Button>
      }
    />
  );
};

export default FileManagerRoute;
