import { ROUTES, type TBulkTemplate, type TBulkTemplateSortKey } from '@bubuh/contracts';
import { Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { pagedTable, type TColumn } from '@/components/data-table';
import { createdColumn, nameOwnerColumn } from '@/components/list-columns';
import { ListPage } from '@/components/lists/list-page';
import { editDeleteActions, rowAction, rowActionsColumn } from '@/components/row-actions';
import { serverMessage } from '@/lib/api-errors';
import { bulkEditTemplatePath, bulkUseTemplatePath } from '@/lib/document-paths';
import { notifySuccess } from '@/lib/notify';
import { useListState } from '@/lib/use-list-state';
import { useDeleteConfirm } from '@/lib/use-row-dialogs';
import { useBulkTemplates, useDeleteBulkTemplate } from '../api/bulk-templates';
import { anchorLabel } from './bulk-box-anchor';

/** /stamp/bulk/template: the bulk templates; each starts a batch, is changed or deleted. */
export const BulkTemplateList = () => {
  const { t } = useTranslation();
  const list = useListState<TBulkTemplateSortKey>();
  const query = useBulkTemplates(list.query);
  const deletion = useDeleteConfirm({
    remove: useDeleteBulkTemplate(),
    idOf: (row: TBulkTemplate) => ({ params: { id: row.id } }),
    onDeleted: () => notifySuccess(t('stamping.toast.templateDeleted')),
    errorText: (error) => serverMessage(error, t),
  });

  const columns: TColumn<TBulkTemplate, TBulkTemplateSortKey>[] = [
    nameOwnerColumn(t('stamping.templates.name'), 'name'),
    {
      key: 'boxes',
      header: t('stamping.templates.placements'),
      render: (row) => (
        <Stack gap={2}>
          <Text fz="xs">
            {t('stamping.box.label')}: {anchorLabel(row.emeterai, t)}
          </Text>
          {row.esign ? (
            <Text fz="xs" c="dimmed">
              {t('bulk.template.esignBox')}: {anchorLabel(row.esign, t)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    createdColumn(t('stamping.templates.date'), 'date'),
    rowActionsColumn(
      t('stamping.list.actions'),
      (row) => row.name,
      (row) => [
        rowAction(
          t('bulk.template.use'),
          <IconPlayerPlay size={18} />,
          bulkUseTemplatePath(row.id),
          'bulk-template-use',
        ),
        ...editDeleteActions(t, 'bulk-template', bulkEditTemplatePath(row.id), () =>
          deletion.ask(row),
        ),
      ],
      140,
    ),
  ];

  return (
    <ListPage
      prefix="bulk-template"
      source={pagedTable(list, query, t, t('stamping.templates.search'))}
      columns={columns}
      rowKey={(row) => row.id}
      rowName={(row) => row.name}
      emptyText={t('bulk.template.empty')}
      add={{
        label: t('bulk.template.add'),
        to: ROUTES.stampBulkCreateTemplate.path,
        testId: 'bulk-template-add',
      }}
      deletion={{
        state: deletion,
        title: t('stamping.templates.deleteTitle'),
        body: (row) => t('stamping.templates.deleteBody', { name: row.name }),
      }}
    />
  );
};
