import { ROUTES, type TBulkTemplate, type TBulkTemplateSortKey } from '@bubuh/contracts';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DataTable, pagedTable, type TColumn } from '@/components/data-table';
import { DeleteConfirmDialog } from '@/components/delete-confirm-dialog';
import { createdColumn, nameOwnerColumn } from '@/components/list-columns';
import { actionsColumn, RowActions } from '@/components/row-actions';
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
    actionsColumn(
      t('stamping.list.actions'),
      (row) => (
        <RowActions
          name={row.name}
          actions={[
            {
              label: t('bulk.template.use'),
              icon: <IconPlayerPlay size={18} />,
              to: bulkUseTemplatePath(row.id),
              testId: 'bulk-template-use',
            },
            {
              label: t('stamping.actions.edit'),
              icon: <IconPencil size={18} />,
              to: bulkEditTemplatePath(row.id),
              testId: 'bulk-template-edit',
            },
            {
              label: t('stamping.actions.delete'),
              icon: <IconTrash size={18} />,
              color: 'red',
              onClick: () => deletion.ask(row),
              testId: 'bulk-template-delete',
            },
          ]}
        />
      ),
      140,
    ),
  ];

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="bulk-template-page">
      <DataTable
        testId="bulk-template-table"
        columns={columns}
        {...pagedTable(list, query, t, t('stamping.templates.search'))}
        rowKey={(row) => row.id}
        rowTestId={(row) => `bulk-template-row-${row.name}`}
        emptyText={t('bulk.template.empty')}
        actions={
          <Button
            component={Link}
            to={ROUTES.stampBulkCreateTemplate.path}
            leftSection={<IconPlus size={16} />}
            data-testid="bulk-template-add"
          >
            {t('bulk.template.add')}
          </Button>
        }
      />
      <DeleteConfirmDialog
        deletion={deletion}
        testId="bulk-template-delete-dialog"
        title={t('stamping.templates.deleteTitle')}
        body={(row) => t('stamping.templates.deleteBody', { name: row.name })}
      />
    </Paper>
  );
};
