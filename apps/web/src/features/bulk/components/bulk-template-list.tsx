import { ROUTES, type TBulkTemplate, type TBulkTemplateSortKey } from '@bubuh/contracts';
import { Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TColumn } from '@/components/data-table';
import { TemplateListPage } from '@/components/lists/template-list-page';
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
  const remove = useDeleteBulkTemplate();

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
  return (
    <TemplateListPage
      prefix="bulk-template"
      list={list}
      query={query}
      remove={remove}
      own={boxes}
      more={(row) => [
        rowAction(
          t('bulk.template.use'),
          <IconPlayerPlay size={18} />,
          bulkUseTemplatePath(row.id),
          'bulk-template-use',
        ),
      ]}
      edit={(row) => bulkEditTemplatePath(row.id)}
      width={140}
      emptyText={t('bulk.template.empty')}
      add={{ label: t('bulk.template.add'), to: ROUTES.stampBulkCreateTemplate.path }}
    />
  );
};
