import { ROUTES, type TBulkTemplate, type TBulkTemplateSortKey } from '@bubuh/contracts';
import { Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { pagedTable, type TColumn } from '@/components/data-table';
import { ListPage } from '@/components/lists/list-page';
import { templateColumns, useTemplateDeletion } from '@/components/lists/template-list-kit';
import { rowAction } from '@/components/row-actions';
import { bulkEditTemplatePath, bulkUseTemplatePath } from '@/lib/document-paths';
import { useListState } from '@/lib/use-list-state';
import { useBulkTemplates, useDeleteBulkTemplate } from '../api/bulk-templates';
import { anchorLabel } from './bulk-box-anchor';

/** /stamp/bulk/template: the bulk templates; each starts a batch, is changed or deleted. */
export const BulkTemplateList = () => {
  const { t } = useTranslation();
  const list = useListState<TBulkTemplateSortKey>();
  const query = useBulkTemplates(list.query);
  const deletion = useTemplateDeletion<TBulkTemplate, unknown>(useDeleteBulkTemplate());

  const boxes: TColumn<TBulkTemplate>[] = [
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
  ];
  const columns: TColumn<TBulkTemplate, TBulkTemplateSortKey>[] = templateColumns(t, boxes, {
    testIdPrefix: 'bulk-template',
    more: (row) => [
      rowAction(
        t('bulk.template.use'),
        <IconPlayerPlay size={18} />,
        bulkUseTemplatePath(row.id),
        'bulk-template-use',
      ),
    ],
    edit: (row) => bulkEditTemplatePath(row.id),
    onDelete: deletion.ask,
    width: 140,
  });

  return (
    <ListPage
      prefix="bulk-template"
      source={pagedTable(list, query, t, t('stamping.templates.search'))}
      columns={columns}
      emptyText={t('bulk.template.empty')}
      add={{ label: t('bulk.template.add'), to: ROUTES.stampBulkCreateTemplate.path }}
      deletion={deletion}
    />
  );
};
