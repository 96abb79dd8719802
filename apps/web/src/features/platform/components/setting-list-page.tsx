import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type TColumn, wholeTable } from '@/components/data-table';
import { ListPage } from '@/components/lists/list-page';
import { editColumn } from '@/components/row-actions';

/** The locale keys under `platform.<prefix>` a settings list reads. */
export const SETTING_LIST_KEYS = ['intro', 'empty', 'edit', 'editNamed'] as const;

/**
 * A super's settings catalogue loaded whole (plans, master status): its `platform.<prefix>.intro`
 * and `.empty` texts, the list's `columns`, then one pencil button a row (`<prefix>-edit`, named
 * "`platform.<prefix>.editNamed`" after `editName(row)`) that calls `onEdit(row)`.
 */
export const SettingListPage = <T,>({
  prefix,
  query,
  columns,
  rowKey,
  rowName,
  editName,
  onEdit,
  children,
}: {
  prefix: 'plan' | 'status';
  query: { data?: T[] | undefined; isPending: boolean; isFetching: boolean; error: unknown };
  columns: TColumn<T>[];
  rowKey?: (row: T) => string | number;
  rowName: (row: T) => string | number;
  editName: (row: T) => string;
  onEdit: (row: T) => void;
  /** The edit dialog. */
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  const edit = editColumn<T>(t, {
    label: t(`platform.${prefix}.edit`),
    ariaLabel: (row) => t(`platform.${prefix}.editNamed`, { name: editName(row) }),
    onEdit,
    testId: `${prefix}-edit`,
  });
  return (
    <ListPage
      prefix={prefix}
      intro={t(`platform.${prefix}.intro`)}
      source={wholeTable(query, t)}
      columns={[...columns, edit]}
      rowKey={rowKey}
      rowName={rowName}
      emptyText={t(`platform.${prefix}.empty`)}
    >
      {children}
    </ListPage>
  );
};
