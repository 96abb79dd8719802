import { ROUTES, type TTemplate, type TTemplateSortKey } from '@bubuh/contracts';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconRubberStamp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TColumn } from '@/components/data-table';
import { TemplateListPage } from '@/components/lists/template-list-page';
import { placementSummary, templateTypeKey } from '@/lib/document-format';
import { editTemplatePath } from '@/lib/document-paths';
import { useListState } from '@/lib/use-list-state';
import { useDeleteTemplate, useTemplates } from '../api/templates';

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
  const editorLink = (id: number | 'new') =>
    `${editTemplatePath(id)}?back=${encodeURIComponent(backTo)}`;

  const own: TColumn<TTemplate, TTemplateSortKey>[] = [
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
  ];
  return (
    <TemplateListPage
      prefix="template"
      list={list}
      query={query}
      remove={remove}
      own={own}
      edit={(row) => editorLink(row.id)}
      width={110}
      emptyText={t('stamping.templates.empty')}
      actions={
        <Button
          variant="default"
          component={Link}
          to={ROUTES.stampSingleTemplate.path}
          leftSection={<IconRubberStamp size={16} />}
        >
          {t('stamping.templates.stampWith')}
        </Button>
      }
      add={{ label: t('stamping.templates.add'), to: editorLink('new') }}
    />
  );
};
