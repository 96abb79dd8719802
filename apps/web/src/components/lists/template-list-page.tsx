import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pagedTable, type TColumn, type TPagedQuery } from '@/components/data-table';
import type { TRowAction } from '@/components/row-actions';
import type { TListState } from '@/lib/use-list-state';
import { ListPage } from './list-page';
import { templateColumns, useTemplateDeletion } from './template-list-kit';

type TTemplateListPageProps<
  T extends { id: number; name: string; owner: string; created_at: string },
  K extends string,
  A,
> = {
  /** Test ids `<prefix>-page`, `-table`, `-row-<name>`, `-add`, `-edit`, `-delete`. */
  prefix: string;
  list: TListState<K | 'name' | 'date'>;
  query: TPagedQuery<T>;
  remove: Parameters<typeof useTemplateDeletion<T, A>>[0];
  /** The list's own columns, between the name and the creation date. */
  own: TColumn<T, K | 'name' | 'date'>[];
  /** The editor's path of a row, and the row actions before edit and delete. */
  edit: (row: T) => string;
  more?: (row: T) => TRowAction[];
  width: number;
  emptyText: string;
  add: { label: string; to: string };
  actions?: ReactNode;
};

/**
 * A template list (document or bulk templates): searchable and server-paged, the template
 * columns (`templateColumns`), "Add" and the delete confirmation both lists show.
 */
export const TemplateListPage = <
  T extends { id: number; name: string; owner: string; created_at: string },
  K extends string,
  A,
>({
  prefix,
  list,
  query,
  remove,
  own,
  edit,
  more,
  width,
  emptyText,
  add,
  actions,
}: TTemplateListPageProps<T, K, A>) => {
  const { t } = useTranslation();
  const deletion = useTemplateDeletion<T, A>(remove);
  const columns = templateColumns(t, own, {
    testIdPrefix: prefix,
    more,
    edit,
    onDelete: deletion.ask,
    width,
  });
  return (
    <ListPage
      prefix={prefix}
      source={pagedTable(list, query, t, t('stamping.templates.search'))}
      columns={columns}
      emptyText={emptyText}
      actions={actions}
      add={add}
      deletion={deletion}
    />
  );
};
