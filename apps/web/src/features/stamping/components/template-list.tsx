import { formatDate, ROUTES, type TTemplate, type TTemplateSortKey } from '@bubuh/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus, IconRubberStamp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type TColumn } from '@/components/data-table';
import { serverMessage, statusMessage } from '@/lib/api-errors';
import { notifySuccess } from '@/lib/notify';
import { useListState } from '@/lib/use-list-state';
import { useDeleteTemplate, useTemplates } from '../api/templates';
import { placementSummary, templateTypeKey } from '../utils/format';
import { editTemplatePath } from '../utils/paths';

type TTemplateListProps = {
  /** Where the editor returns to after saving (this list's path). */
  backTo: string;
};

/** /master/document-template and /stamp/document-template: the document templates. */
export const TemplateList = ({ backTo }: TTemplateListProps) => {
  const { t } = useTranslation();
  const list = useListState<TTemplateSortKey>();
  const query = useTemplates(list.query);
  const remove = useDeleteTemplate();
  const [deleting, setDeleting] = useState<TTemplate | null>(null);
  const editorLink = (id: number | 'new') =>
    `${editTemplatePath(id)}?back=${encodeURIComponent(backTo)}`;

  const columns: TColumn<TTemplate, TTemplateSortKey>[] = [
    {
      key: 'name',
      header: t('stamping.templates.name'),
      sortKey: 'name',
      render: (row) => (
        <div>
          <Text fw={600} fz="sm">
            {row.name}
          </Text>
          <Text fz="xs" c="dimmed">
            {row.owner}
          </Text>
        </div>
      ),
    },
    {
      key: 'type',
      header: t('stamping.templates.type'),
      sortKey: 'type',
      render: (row) => (
        <Badge variant="light" color={row.type === 'Surat Berharga' ? 'grape' : 'brand'}>
          {t(templateTypeKey(row.type))}
        </Badge>
      ),
    },
    {
      key: 'placements',
      header: t('stamping.templates.placements'),
      render: (row) => (
        <Stack gap={2}>
          <Text fz="xs">
            {t('stamping.box.label')}:{' '}
            {row.emeterai ? placementSummary(row.emeterai, t) : t('stamping.templates.none')}
          </Text>
          {row.esign.length > 0 ? (
            <Text fz="xs" c="dimmed">
              {t('stamping.templates.esignCount', { count: row.esign.length })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'date',
      header: t('stamping.templates.date'),
      sortKey: 'date',
      render: (row) => <Text fz="sm">{formatDate(row.created_at)}</Text>,
    },
    {
      key: 'actions',
      header: <VisuallyHidden>{t('stamping.list.actions')}</VisuallyHidden>,
      align: 'right',
      width: 110,
      render: (row) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('stamping.actions.edit')}>
            <ActionIcon
              variant="subtle"
              component={Link}
              to={editorLink(row.id)}
              aria-label={`${t('stamping.actions.edit')} ${row.name}`}
              data-testid="template-edit"
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('stamping.actions.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${t('stamping.actions.delete')} ${row.name}`}
              onClick={() => {
                remove.reset();
                setDeleting(row);
              }}
              data-testid="template-delete"
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="template-page">
      <DataTable
        testId="template-table"
        columns={columns}
        rows={query.data?.data}
        rowKey={(row) => row.id}
        rowTestId={(row) => `template-row-${row.name}`}
        loading={query.isPending || query.isFetching}
        error={query.error ? statusMessage(query.error, t) : null}
        emptyText={t('stamping.templates.empty')}
        page={list.page}
        perPage={list.perPage}
        total={query.data?.meta.total ?? 0}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        search={{
          value: list.search,
          onChange: list.setSearch,
          placeholder: t('stamping.templates.search'),
        }}
        actions={
          <>
            <Button
              variant="default"
              component={Link}
              to={ROUTES.stampSingleTemplate.path}
              leftSection={<IconRubberStamp size={16} />}
            >
              {t('stamping.templates.stampWith')}
            </Button>
            <Button
              component={Link}
              to={editorLink('new')}
              leftSection={<IconPlus size={16} />}
              data-testid="template-add"
            >
              {t('stamping.templates.add')}
            </Button>
          </>
        }
      />
      <ConfirmDialog
        testId="template-delete-dialog"
        opened={deleting !== null}
        title={t('stamping.templates.deleteTitle')}
        body={t('stamping.templates.deleteBody', { name: deleting?.name ?? '' })}
        confirmLabel={t('stamping.actions.delete')}
        loading={remove.isPending}
        error={remove.error ? serverMessage(remove.error, t) : null}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess(t('stamping.toast.templateDeleted'));
              setDeleting(null);
            },
          });
        }}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
};
