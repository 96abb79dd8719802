import { Avatar, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera, IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonRow } from '@/components/button-row';
import { PickFileButton } from '@/components/forms/pick-file-button';
import { serverMessage } from '@/lib/api-errors';
import { avatarSrc, initialsOf } from '@/lib/avatar';
import { useObjectUrl } from '@/lib/use-object-url';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  type TProfileProps,
  useUploadAvatar,
} from '../api/profile';

/** The avatar with "change photo": pick, preview, then upload (PNG/JPEG/WebP, at most 2 MB). */
export const AvatarUploader = ({ profile, editable }: TProfileProps) => {
  const { t } = useTranslation();
  const upload = useUploadAvatar(profile.id);
  const [file, setFile] = useState<File | null>(null);
  const preview = useObjectUrl(file);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = (chosen: File | null) => {
    upload.reset();
    setProblem(null);
    if (!chosen) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(chosen.type)) {
      setProblem(t('account.avatar.wrongType'));
      return;
    }
    if (chosen.size > AVATAR_MAX_BYTES) {
      setProblem(t('account.avatar.tooLarge'));
      return;
    }
    setFile(chosen);
  };

  const save = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        notifications.show({ message: t('account.avatar.saved'), color: 'green', autoClose: 3000 });
      },
    });
  };

  const name = profile.fullName || profile.email;
  const error = problem ?? (upload.error ? serverMessage(upload.error, t) : null);

  return (
    <Stack align="center" gap="sm">
      <Avatar
        src={preview ?? avatarSrc(profile.avatar)}
        size={112}
        radius={56}
        color="brand"
        alt={name}
        data-testid="account-avatar"
        data-preview={preview ? true : undefined}
      >
        {initialsOf(name)}
      </Avatar>
      {editable ? (
        file ? (
          <ButtonRow
            gap="xs"
            actions={[
              {
                label: t('account.avatar.save'),
                icon: <IconCheck size={14} />,
                size: 'xs',
                loading: upload.isPending,
                onClick: save,
                testId: 'avatar-save',
              },
              {
                label: t('account.avatar.cancel'),
                icon: <IconX size={14} />,
                size: 'xs',
                variant: 'default',
                disabled: upload.isPending,
                onClick: () => setFile(null),
              },
            ]}
          />
        ) : (
          <PickFileButton
            onPick={pick}
            accept={AVATAR_TYPES.join(',')}
            label={t('account.avatar.change')}
            icon={<IconCamera size={14} />}
            size="xs"
            variant="light"
            testId="avatar-pick"
          />
        )
      ) : null}
      {editable ? (
        <Text fz="xs" c={error ? 'red' : 'dimmed'} ta="center" role={error ? 'alert' : undefined}>
          {error ?? t('account.avatar.hint')}
        </Text>
      ) : null}
    </Stack>
  );
};
