import {
  documentActionsFor,
  ROUTES,
  signingProgressOf,
  type TDocument,
  type TUserData,
} from '@bubuh/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconRubberStamp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { draftPath } from '@/lib/document-paths';

/**
 * After a signature (or when everyone has signed): the truthful state ("1 of 2 signed — waiting
 * for Dewi") and only the next steps this person may take. The e-Meterai is offered only to
 * whoever manages the document once no signature is pending.
 */
export const SignProgress = ({
  doc,
  user,
  signedNow,
}: {
  doc: TDocument;
  user: TUserData;
  signedNow: boolean;
}) => {
  const { t } = useTranslation();
  const progress = signingProgressOf(doc);
  const can = documentActionsFor(doc, user);
  const everyone = progress.total > 0 && progress.waitingFor === null;
  // A stamped document is finished: the page says so once, above.
  if (doc.status === 'stamp' || (!signedNow && !everyone)) return null;
  const text = progress.waitingFor
    ? t('stamping.sign.progress', {
        signed: progress.signed,
        total: progress.total,
        name: progress.waitingFor,
      })
    : progress.total <= 1
      ? t('stamping.sign.success')
      : can.stamp
        ? t('stamping.sign.allSigned')
        : progress.total > 0
          ? t('stamping.sign.allSignedSigner', { owner: doc.owner })
          : t('stamping.sign.success');
  return (
    <Alert
      color={progress.waitingFor ? 'blue' : 'green'}
      variant="light"
      icon={<IconCircleCheck size={18} />}
      data-testid="sign-done"
    >
      <Stack gap="xs">
        {signedNow ? (
          <Text fz="sm" fw={600}>
            {t('stamping.sign.yoursStored')}
          </Text>
        ) : null}
        <Text fz="sm" data-testid="sign-progress">
          {text}
        </Text>
        <Group gap="xs">
          {can.stamp ? (
            <Button
              size="xs"
              component={Link}
              to={draftPath(doc.document_id)}
              leftSection={<IconRubberStamp size={14} />}
            >
              {t('stamping.sign.toStamp')}
            </Button>
          ) : null}
          <Button size="xs" variant="default" component={Link} to={ROUTES.stamp.path}>
            {t('page.stamp')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
};
