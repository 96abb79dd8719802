import { type TEsignSortKey, type TEsignSpecimen, ZEsignUpdateRequest } from '@bubuh/contracts';
import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconPlus, IconSignature } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirmDialog } from '@/components/delete-confirm-dialog';
import { statusMessage } from '@/lib/api-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useListState } from '@/lib/use-list-state';
import { useDeleteConfirm } from '@/lib/use-row-dialogs';
import { useDeleteSpecimen, useSpecimens, useUpdateSpecimen } from '../api/esign';
import { AddSpecimenModal } from './add-specimen-modal';
import { SPECIMENS_PER_PAGE, SpecimenTable } from './specimen-table';

const RenameModal = ({
  specimen,
  onClose,
}: {
  specimen: TEsignSpecimen | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const update = useUpdateSpecimen();
  const form = useForm({
    initialValues: { name: '' },
    validate: {
      name: (value) =>
        value.trim() && ZEsignUpdateRequest.shape.name.safeParse(value).success
          ? null
          : t('master.esign.nameInvalid'),
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens.
  useEffect(() => {
    if (!specimen) return;
    form.setValues({ name: specimen.name });
    form.clearErrors();
    update.reset();
  }, [specimen]);

  return (
    <Modal
      opened={specimen !== null}
      onClose={onClose}
      title={t('master.esign.rename')}
      centered
      radius="lg"
    >
      <form
        noValidate
        data-testid="specimen-rename-form"
        onSubmit={form.onSubmit((values) => {
          if (!specimen) return;
          update.mutate(
            { id: specimen.id, name: values.name.trim() },
            {
              onSuccess: () => {
                notifySuccess(t('master.toast.update', { entity: t('master.entity.esign') }));
                onClose();
              },
            },
          );
        })}
      >
        <Stack gap="md">
          <TextInput
            label={t('master.esign.name')}
            withAsterisk
            data-autofocus
            data-testid="specimen-rename-input"
            {...form.getInputProps('name')}
          />
          {update.error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {statusMessage(update.error, t)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              {t('master.actions.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="specimen-rename-save">
              {t('master.actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

/**
 * /master/esign: the caller's signature specimens in a server-paged table (search by name, sort
 * by name, source, default or date) with a preview of each, and the add, rename, make-default and
 * delete actions.
 */
export const SpecimenList = ({ userId }: { userId: number }) => {
  const { t } = useTranslation();
  const list = useListState<TEsignSortKey>(SPECIMENS_PER_PAGE);
  const query = useSpecimens(userId, list.query);
  const update = useUpdateSpecimen();
  const remove = useDeleteSpecimen();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<TEsignSpecimen | null>(null);
  const deletion = useDeleteConfirm({
    remove,
    idOf: (row: TEsignSpecimen) => row.id,
    onDeleted: () => notifySuccess(t('master.toast.delete', { entity: t('master.entity.esign') })),
    errorText: (error) => statusMessage(error, t),
  });

  const total = query.data?.meta.total ?? 0;
  const rows = query.data?.data;
  // The last row of the last page was deleted: show the page before it.
  const { page, setPage } = list;
  useEffect(() => {
    if (rows && rows.length === 0 && total > 0 && page > 1)
      setPage(Math.ceil(total / SPECIMENS_PER_PAGE));
  }, [rows, total, page, setPage]);

  const makeDefault = (specimen: TEsignSpecimen) =>
    update.mutate(
      { id: specimen.id, is_default: true },
      {
        onSuccess: () =>
          notifySuccess(t('master.toast.update', { entity: t('master.entity.esign') })),
        onError: (error) => notifyError(statusMessage(error, t)),
      },
    );

  const none = !query.isPending && !query.error && total === 0 && !list.query.search;

  return (
    <Stack gap="lg" data-testid="esign-page">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Group justify="space-between" align="center" gap="md">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={48} radius="md" variant="light">
              <IconSignature size={26} stroke={1.6} />
            </ThemeIcon>
            <div>
              <Title order={3} fz="lg">
                {t('master.esign.title')}
              </Title>
              <Text c="dimmed" fz="sm" maw={560}>
                {t('master.esign.body')}
              </Text>
            </div>
          </Group>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setAdding(true)}
            data-testid="specimen-add"
          >
            {t('master.esign.add')}
          </Button>
        </Group>
      </Paper>

      {none && !list.search ? (
        <Paper withBorder p="xl" data-testid="specimen-empty">
          <Stack align="center" gap="xs" py="lg" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" color="secondary">
              <IconSignature size={28} stroke={1.5} />
            </ThemeIcon>
            <Text fw={600}>{t('master.esign.emptyTitle')}</Text>
            <Text c="dimmed" fz="sm" maw={380}>
              {t('master.esign.emptyBody')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <SpecimenTable
            rows={rows}
            total={total}
            list={list}
            loading={query.isPending || query.isFetching}
            error={query.error ? statusMessage(query.error, t) : null}
            busyId={update.isPending ? (update.variables?.id ?? null) : null}
            onRename={setRenaming}
            onMakeDefault={makeDefault}
            onDelete={deletion.ask}
          />
        </Paper>
      )}

      <AddSpecimenModal opened={adding} onClose={() => setAdding(false)} />
      <RenameModal specimen={renaming} onClose={() => setRenaming(null)} />
      <DeleteConfirmDialog
        deletion={deletion}
        testId="specimen-delete-dialog"
        title={t('master.esign.deleteTitle')}
        body={(row) => t('master.esign.deleteBody', { name: row.name })}
      />
    </Stack>
  );
};
