import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TColumn } from '@/components/data-table';
import { createdColumn, nameOwnerColumn } from '@/components/list-columns';
import { editDeleteColumn, type TRowAction } from '@/components/row-actions';
import { useListDeletion } from './use-list-deletion';

/** What a row of either template list (document templates, bulk templates) has. */
type TTemplateRow = { id: number; name: string; owner: string; created_at: string };

type TRemoveTemplate<T extends TTemplateRow, A> = Parameters<
  typeof useListDeletion<T, { params: { id: number } }, A>
>[0]['remove'];

/** A template row's delete confirmation, with the texts both template lists show. */
export const useTemplateDeletion = <T extends TTemplateRow, A>(remove: TRemoveTemplate<T, A>) => {
  const { t } = useTranslation();
  return useListDeletion({
    remove,
    idOf: (row: T) => ({ params: { id: row.id } }),
    deleted: t('stamping.toast.templateDeleted'),
    title: t('stamping.templates.deleteTitle'),
    body: (row) => t('stamping.templates.deleteBody', { name: row.name }),
  });
};

/**
 * The columns of a template list: the name and owner first (sorted as `name`), the list's `own`
 * columns, the creation date (sorted as `date`) and the row actions: `more`, then edit (a link
 * to the editor) and delete, with test ids `<testIdPrefix>-edit` and `-delete`.
 */
export const templateColumns = <T extends TTemplateRow, K extends string>(
  t: TFunction,
  own: TColumn<T, K>[],
  actions: {
    testIdPrefix: string;
    edit: (row: T) => string;
    onDelete: (row: T) => void;
    more?: (row: T) => TRowAction[];
    width: number;
  },
): TColumn<T, K | 'name' | 'date'>[] => [
  nameOwnerColumn(t('stamping.templates.name'), 'name'),
  ...own,
  createdColumn(t('stamping.templates.date'), 'date'),
  editDeleteColumn(t, { label: t('stamping.list.actions'), ...actions }),
];
